package org.fparity.compare;

import java.util.Comparator;
import org.fparity.exec.Outcome;
import org.fparity.exec.PlatformKey;
import org.fparity.exec.Toolchain;

/**
 * Where one result came from, as far as comparison cares: a toolchain at an opt level at a site on a kind of node
 * ({@link PlatformKey}, the one platform identity). Two clusters' {@code gcc@O2} are two platforms.
 */
public record Platform(String toolchain, String opt, String site, String node) implements Comparable<Platform> {
    /** Standard levels in the paper's order, then a toolchain's extra levels (nofma …) by name: {@link Toolchain#OPT_ORDER}. */
    public static final Comparator<String> OPT_ORDER = Toolchain.OPT_ORDER;

    public Platform {
        PlatformKey.requireNames(toolchain, opt);
        site = PlatformKey.site(site);
        node = PlatformKey.node(node);
    }

    /** A platform on the local site without node facts. */
    public Platform(String toolchain, String opt) {
        this(toolchain, opt, PlatformKey.LOCAL, null);
    }

    /** The platform an outcome ran on. */
    public static Platform of(Outcome o) {
        return new Platform(o.toolchain(), o.opt(), o.site(), o.node());
    }

    public static Platform of(PlatformKey k) {
        return new Platform(k.toolchain(), k.opt(), k.site(), k.node());
    }

    public PlatformKey key() {
        return new PlatformKey(toolchain, opt, site, node);
    }

    /**
     * {@code gcc@O2} (local, no node facts) or {@code gcc@O2@lumi}: the spelling {@code --pair} accepts and JUnit/JSON
     * keys use ({@link PlatformKey#label()}).
     */
    public String id() {
        return key().label();
    }

    /**
     * The toolchain where it ran: {@code gcc} on the local site, {@code gcc@lumi} or {@code nvcc@jureca#A100…}
     * elsewhere. Comparison pairs lanes at each opt level, and each lane's opt levels against its lowest.
     */
    public String lane() {
        PlatformKey k = key();
        return k.isPlain() ? toolchain : toolchain + "@" + site + (node == null ? "" : "#" + node);
    }

    /** The same lane at another opt level. */
    public Platform at(String otherOpt) {
        return new Platform(toolchain, otherOpt, site, node);
    }

    @Override
    public String toString() {
        return key().isPlain() ? toolchain + " " + opt : lane() + " " + opt;
    }

    @Override
    public int compareTo(Platform o) {
        return PlatformKey.compare(toolchain, opt, site, node, o.toolchain, o.opt, o.site, o.node);
    }
}
