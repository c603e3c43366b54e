package org.fparity.reduce;

import org.fparity.FparityError;

/**
 * One side of a discrepancy: a toolchain at an opt level, spelled {@code gcc@O3_FM} (the comparison's platform id;
 * the site is this machine).
 */
public record Side(String toolchain, String opt) {
    public static Side parse(String s) {
        int at = s.indexOf('@');
        if (at <= 0 || at == s.length() - 1) throw new FparityError("platform '" + s + "' is not toolchain@opt (e.g. gcc@O3_FM)");
        String opt = s.substring(at + 1);
        int site = opt.indexOf('@');
        return new Side(s.substring(0, at), site < 0 ? opt : opt.substring(0, site));
    }

    public String id() {
        return toolchain + "@" + opt;
    }

    @Override
    public String toString() {
        return id();
    }
}
