package org.fparity.compare;

import org.fparity.exec.Platform;

/**
 * Two platforms whose results are compared run by run: two toolchains (or one toolchain at two sites) at one opt
 * level, or two opt levels of one toolchain (the paper's Table I: O3 fast-math against O0). Rows of the adjacency matrix are a's class, columns b's.
 */
public record Pair(Platform a, Platform b) {
    /** What varies between the two sides. */
    public enum Kind {
        TOOLCHAINS,
        OPT_LEVELS
    }

    public Kind kind() {
        return a.lane().equals(b.lane()) ? Kind.OPT_LEVELS : Kind.TOOLCHAINS;
    }

    /**
     * The same toolchain at the same opt level at two sites: what "across sites" means (compare's cross-site view, the
     * reports' Across sites). Two different toolchains at two sites differ as toolchains do, not as sites.
     */
    public boolean acrossSites() {
        return !a.site().equals(b.site())
                && a.toolchain().equals(b.toolchain())
                && a.opt().equals(b.opt());
    }

    /** The table this pair is one row of: {@code gcc vs clang-19}, or {@code gcc@O0 vs other opt levels}. */
    public String series() {
        return kind() == Kind.TOOLCHAINS ? a.lane() + " vs " + b.lane() : a + " vs other opt levels";
    }

    /** The row within the series: the opt level (b's, which for toolchain pairs is also a's). */
    public String row() {
        return b.opt();
    }

    /** {@code gcc@O2:clang-19@O2}: a stable key for baselines and JUnit. */
    public String id() {
        return a.label() + ":" + b.label();
    }

    @Override
    public String toString() {
        return a + " vs " + b;
    }
}
