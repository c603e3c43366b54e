package org.fparity.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.fparity.FparityError;

/** Which pairs of platforms to compare, chosen from the platforms a campaign actually ran on. */
public final class PairSelection {
    private PairSelection() {}

    /**
     * Every two toolchains at each opt level both ran (names in alphabetical order, so a is the smaller name), then each
     * toolchain's lowest level (O0, unless the campaign left it out) against each of its other levels, as the paper's
     * Table I sets O3 fast-math against O0.
     */
    public static List<Pair> all(Set<Platform> present) {
        SortedSet<String> toolchains = present.stream().map(Platform::toolchain).collect(Collectors.toCollection(TreeSet::new));
        SortedSet<String> opts = new TreeSet<>(Platform.OPT_ORDER);
        present.forEach(p -> opts.add(p.opt()));
        List<Pair> pairs = new ArrayList<>();
        List<String> tcs = List.copyOf(toolchains);
        for (int i = 0; i < tcs.size(); i++) {
            for (int j = i + 1; j < tcs.size(); j++) {
                pairs.addAll(acrossToolchains(tcs.get(i), tcs.get(j), present));
            }
        }
        for (String tc : tcs) {
            List<String> levels = opts.stream().filter(o -> present.contains(new Platform(tc, o))).toList();
            if (levels.size() < 2) continue;
            Platform ref = new Platform(tc, levels.getFirst());
            for (String opt : levels.subList(1, levels.size())) pairs.add(new Pair(ref, new Platform(tc, opt)));
        }
        return pairs;
    }

    /**
     * Parses {@code --pair A:B}. A side is a toolchain ({@code gcc:clang-19}: every opt level both ran) or a platform
     * ({@code gcc@O0:gcc@O3_FM}: exactly that pair). Unknown names are a user error listing what the campaign has.
     */
    public static List<Pair> parse(String spec, Set<Platform> present) {
        String[] sides = spec.split(":", -1);
        if (sides.length != 2 || sides[0].isBlank() || sides[1].isBlank()) {
            throw new FparityError("--pair '" + spec + "': expected A:B, e.g. gcc:clang-19 or gcc@O0:gcc@O3_FM");
        }
        boolean aPlatform = sides[0].contains("@");
        boolean bPlatform = sides[1].contains("@");
        if (aPlatform != bPlatform) {
            throw new FparityError("--pair '" + spec + "': give both sides as toolchains or both as toolchain@opt");
        }
        if (aPlatform) {
            Pair p = new Pair(platform(sides[0], present, spec), platform(sides[1], present, spec));
            if (p.a().equals(p.b())) throw new FparityError("--pair '" + spec + "': both sides are the same platform");
            return List.of(p);
        }
        String a = toolchain(sides[0], present, spec);
        String b = toolchain(sides[1], present, spec);
        if (a.equals(b)) throw new FparityError("--pair '" + spec + "': both sides are the same toolchain (use gcc@O0:gcc@O3 for opt levels)");
        List<Pair> pairs = acrossToolchains(a, b, present);
        if (pairs.isEmpty()) throw new FparityError("--pair '" + spec + "': " + a + " and " + b + " share no opt level in this campaign");
        return pairs;
    }

    private static List<Pair> acrossToolchains(String a, String b, Set<Platform> present) {
        SortedSet<String> opts = new TreeSet<>(Platform.OPT_ORDER);
        for (Platform p : present) {
            if (p.toolchain().equals(a) && present.contains(new Platform(b, p.opt()))) opts.add(p.opt());
        }
        return opts.stream().map(o -> new Pair(new Platform(a, o), new Platform(b, o))).toList();
    }

    private static String toolchain(String name, Set<Platform> present, String spec) {
        String n = name.strip();
        if (present.stream().noneMatch(p -> p.toolchain().equals(n))) {
            String known = present.stream().map(Platform::toolchain).distinct().sorted().collect(Collectors.joining(", "));
            throw new FparityError("--pair '" + spec + "': unknown toolchain '" + n + "' (this campaign has: " + known + ")");
        }
        return n;
    }

    private static Platform platform(String side, Set<Platform> present, String spec) {
        String[] parts = side.strip().split("@", -1);
        if (parts.length != 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw new FparityError("--pair '" + spec + "': '" + side + "' is not toolchain@opt");
        }
        Platform p = new Platform(toolchain(parts[0], present, spec), parts[1]);
        if (!present.contains(p)) {
            String opts = present.stream().filter(q -> q.toolchain().equals(p.toolchain())).map(Platform::opt)
                    .sorted(Platform.OPT_ORDER).collect(Collectors.joining(", "));
            throw new FparityError("--pair '" + spec + "': " + p.toolchain() + " has no opt level '" + p.opt() + "' (it has: " + opts + ")");
        }
        return p;
    }
}
