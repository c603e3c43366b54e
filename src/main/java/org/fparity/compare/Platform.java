package org.fparity.compare;

import java.util.Comparator;
import java.util.List;

/** Where one result came from, as far as comparison cares: a toolchain at an opt level. */
public record Platform(String toolchain, String opt) implements Comparable<Platform> {
    private static final List<String> STANDARD_OPTS = List.of("O0", "O1", "O2", "O3", "O3_FM");

    /** Standard levels in the paper's order, then a toolchain's extra levels (nofma …) by name. */
    public static final Comparator<String> OPT_ORDER = Comparator.<String>comparingInt(o -> {
                int i = STANDARD_OPTS.indexOf(o);
                return i < 0 ? STANDARD_OPTS.size() : i;
            })
            .thenComparing(Comparator.naturalOrder());

    /** {@code gcc@O2}: the spelling {@code --pair} accepts and JUnit/JSON keys use. */
    public String id() {
        return toolchain + "@" + opt;
    }

    @Override
    public String toString() {
        return toolchain + " " + opt;
    }

    @Override
    public int compareTo(Platform o) {
        int c = toolchain.compareTo(o.toolchain);
        return c != 0 ? c : OPT_ORDER.compare(opt, o.opt);
    }
}
