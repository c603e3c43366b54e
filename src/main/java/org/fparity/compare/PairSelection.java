package org.fparity.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.fparity.FparityError;
import org.fparity.exec.Platform;

/**
 * Which pairs of platforms to compare, chosen from the platforms a campaign actually ran on. A lane is a toolchain
 * where it ran ({@link Platform#lane()}: {@code gcc} here, {@code gcc@lumi} on a cluster), so two sites' {@code gcc}
 * are compared like two toolchains.
 */
public final class PairSelection {
    private PairSelection() {}

    /**
     * Every two lanes at each opt level both ran (names in alphabetical order, so a is the smaller name), then each
     * lane's lowest level (O0, unless the campaign left it out) against each of its other levels, as the paper's
     * Table I sets O3 fast-math against O0.
     */
    public static List<Pair> all(Set<Platform> present) {
        Map<String, Map<String, Platform>> lanes = lanes(present);
        List<Pair> pairs = new ArrayList<>();
        List<String> names = List.copyOf(lanes.keySet());
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                pairs.addAll(acrossLanes(lanes.get(names.get(i)), lanes.get(names.get(j))));
            }
        }
        for (Map<String, Platform> lane : lanes.values()) {
            if (lane.size() < 2) continue;
            List<Platform> levels = List.copyOf(lane.values());
            Platform ref = levels.getFirst();
            for (Platform p : levels.subList(1, levels.size())) pairs.add(new Pair(ref, p));
        }
        return pairs;
    }

    /**
     * The cross-site view of a campaign that ran at several sites (a merge of two clusters' exports): each toolchain at
     * each opt level against itself at every other site ({@link Pair#acrossSites}), nothing within one site and no two
     * different toolchains. Empty when no toolchain ran at two sites.
     */
    public static List<Pair> crossSite(Set<Platform> present) {
        return all(present).stream().filter(Pair::acrossSites).toList();
    }

    /** The sites a campaign's platforms ran at, sorted. */
    public static SortedSet<String> sites(Set<Platform> present) {
        return present.stream().map(Platform::site).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * Parses {@code --pair A:B}. A side is a lane ({@code gcc:clang-19}, {@code gcc:gcc@lumi}: every opt level both
     * ran) or a platform ({@code gcc@O0:gcc@O3_FM}, {@code gcc@O2:gcc@O2@lumi}: exactly that pair). Unknown names are a
     * user error listing what the campaign has.
     */
    public static List<Pair> parse(String spec, Set<Platform> present) {
        String[] sides = spec.split(":", -1);
        if (sides.length != 2 || sides[0].isBlank() || sides[1].isBlank()) {
            throw new FparityError("--pair '" + spec + "': expected A:B, e.g. gcc:clang-19 or gcc@O0:gcc@O3_FM");
        }
        Map<String, Map<String, Platform>> lanes = lanes(present);
        Platform pa = platform(sides[0].strip(), lanes, spec);
        Platform pb = platform(sides[1].strip(), lanes, spec);
        if ((pa == null) != (pb == null)) {
            throw new FparityError("--pair '" + spec + "': give both sides as toolchains or both as toolchain@opt");
        }
        if (pa != null) {
            if (pa.equals(pb)) throw new FparityError("--pair '" + spec + "': both sides are the same platform");
            return List.of(new Pair(pa, pb));
        }
        String a = lane(sides[0], lanes, spec);
        String b = lane(sides[1], lanes, spec);
        if (a.equals(b))
            throw new FparityError(
                    "--pair '" + spec + "': both sides are the same toolchain (use gcc@O0:gcc@O3 for opt levels)");
        List<Pair> pairs = acrossLanes(lanes.get(a), lanes.get(b));
        if (pairs.isEmpty())
            throw new FparityError(
                    "--pair '" + spec + "': " + a + " and " + b + " share no opt level in this campaign");
        return pairs;
    }

    /** Lanes by name (sorted), each with its platforms by opt level (in the paper's order). */
    private static Map<String, Map<String, Platform>> lanes(Set<Platform> present) {
        Map<String, Map<String, Platform>> m = new TreeMap<>();
        for (Platform p : present)
            m.computeIfAbsent(p.lane(), k -> new TreeMap<>(Platform.OPT_ORDER)).put(p.opt(), p);
        return m;
    }

    private static List<Pair> acrossLanes(Map<String, Platform> a, Map<String, Platform> b) {
        List<Pair> pairs = new ArrayList<>();
        for (var e : a.entrySet()) {
            Platform other = b.get(e.getKey());
            if (other != null) pairs.add(new Pair(e.getValue(), other));
        }
        return pairs;
    }

    private static String lane(String name, Map<String, Map<String, Platform>> lanes, String spec) {
        String n = resolve(name.strip(), lanes, spec);
        if (n == null) {
            throw new FparityError("--pair '" + spec + "': unknown toolchain '" + name.strip()
                    + "' (this campaign has: " + String.join(", ", lanes.keySet()) + ")");
        }
        return n;
    }

    /**
     * The lane a user's name stands for: the lane of that name, else the one lane that is that name with what the
     * node added ({@code nvcc-sm90} for {@code nvcc-sm90@local#NVIDIA_H100…}, since a GPU platform carries its node's
     * facts); null when none, an error naming them when several.
     */
    private static String resolve(String n, Map<String, Map<String, Platform>> lanes, String spec) {
        if (lanes.containsKey(n)) return n;
        List<String> longer = lanes.keySet().stream()
                .filter(l -> l.startsWith(n + "@") || l.startsWith(n + "#"))
                .toList();
        if (longer.size() > 1) {
            throw new FparityError("--pair '" + spec + "': '" + n + "' is ambiguous (this campaign has: "
                    + String.join(", ", longer) + ")");
        }
        return longer.isEmpty() ? null : longer.getFirst();
    }

    /**
     * The platform a side names ({@code gcc@O2}, {@code gcc@O2@local}, {@code gcc@O2@lumi#…}), null when the side is a
     * lane. A side shaped like a platform whose lane exists but lacks that opt level is an error naming the levels.
     */
    private static Platform platform(String side, Map<String, Map<String, Platform>> lanes, String spec) {
        if (lanes.containsKey(side) || (!side.contains("@") && resolve(side, lanes, spec) != null)) return null;
        Platform k = Platform.parse(side);
        if (k == null) {
            if (side.contains("@"))
                throw new FparityError("--pair '" + spec + "': '" + side + "' is not toolchain@opt");
            return null;
        }
        Platform p = k;
        String resolved = resolve(p.lane(), lanes, spec);
        Map<String, Platform> lane = resolved == null ? null : lanes.get(resolved);
        if (lane == null) {
            throw new FparityError("--pair '" + spec + "': unknown toolchain '" + p.lane() + "' (this campaign has: "
                    + String.join(", ", lanes.keySet()) + ")");
        }
        if (lane.containsKey(p.opt())) return lane.get(p.opt());
        String opts = lane.keySet().stream().collect(Collectors.joining(", "));
        throw new FparityError(
                "--pair '" + spec + "': " + p.lane() + " has no opt level '" + p.opt() + "' (it has: " + opts + ")");
    }
}
