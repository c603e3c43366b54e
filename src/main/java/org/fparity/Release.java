package org.fparity;

/** fparity's version: what campaign.json, exports and node bundles record, and what {@code fparity --version} says. */
public final class Release {
    private Release() {}

    public static final String VERSION = "0.1.0";
}
