package org.fparity.compare;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fparity.ExitCode;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.fparity.ir.Ulps;

/**
 * What a report opens with, in cases (a case is one program on one input): is the campaign healthy, how many cases
 * disagree, which are new against the baseline, which platforms are the odd one out and which agree with the ideal
 * IEEE platform, which platforms were unstable, and the cases worth a person's eyes first.
 *
 * @param cases      every case with an outcome
 * @param count      cases, discrepant cases, cases with an unstable platform
 * @param health     per toolchain (lane): how its runs ended
 * @param broken     why the campaign looks broken (planned runs without an outcome, most toolchains produced no value), or null
 * @param against    new / persisting / gone cases against the baseline, or null without one
 * @param truths     per discrepant case key, the ideal IEEE platform's answer where the oracle could evaluate it
 * @param ranking    per platform, how often it was the odd one out, most first
 * @param top        the cases shown first, most telling first
 * @param unstableBy per platform, in how many cases it was unstable ({@link Cases#unstableByPlatform} of the cases,
 *                   counted as they were made)
 */
public record Verdict(
        List<Cases.Case> cases,
        Cases.Count count,
        List<ToolchainHealth> health,
        String broken,
        CaseDiff against,
        Map<String, Truth> truths,
        List<Rank> ranking,
        List<TopCase> top,
        Map<Platform, Integer> unstableBy) {
    /** Cases shown first in every report. */
    public static final int TOP = 10;
    /** At most this many discrepant cases are evaluated on the ideal platform (each is one interpretation with MPFR calls). */
    static final int ORACLE_CASES = 2000;
    /** At most this many cases are kept in {@link #top} (a report shows {@link #TOP}): its length does not grow with the campaign. */
    public static final int TOP_KEPT = 1000;

    /** How one toolchain's runs ended, over all its opt levels. */
    public record ToolchainHealth(String toolchain, int runs, Map<Status, Integer> byStatus) {
        public int ok() {
            return byStatus.getOrDefault(Status.OK, 0);
        }

        /** Every run was CANNOT_RUN: it compiles here but needs a device (a GPU toolchain on a CPU node). */
        public boolean compileOnly() {
            return runs > 0 && byStatus.getOrDefault(Status.CANNOT_RUN, 0) == runs;
        }

        /** Runs that should have printed a value and did not (compile error, crash, timeout, harness error). */
        public int failed() {
            return runs - ok() - byStatus.getOrDefault(Status.CANNOT_RUN, 0);
        }
    }

    /** Cases against the baseline: discrepant tonight and not then, discrepant both times, discrepant then and agreeing now. */
    public record CaseDiff(
            String baseline, Set<String> added, Set<String> persisting, Set<String> gone, Set<String> unchecked) {}

    /** The ideal IEEE platform's answer for a case, and which platforms gave it. */
    public record Truth(String hex, double value, List<Platform> agreeing) {}

    /** One row of the odd-one-out ranking. */
    public record Rank(Platform platform, int oddOneOut, int offIdeal, int decided, int unstable) {}

    /**
     * A case shown first: its answers, the worst distance between two of them, and a command that reproduces it.
     *
     * @param cls    the class between the majority (or first) answer and the farthest other one
     * @param ulps   that distance in ULPs (null unless Number–Number)
     * @param pair   two platforms that disagree on it (a majority one first), as in report.json's discrepancies
     */
    public record TopCase(
            Cases.Case c, DiscrepancyClass cls, BigInteger ulps, Pair pair, String discrepancyId, boolean isNew) {}

    public static Verdict of(CampaignView view, Findings f, BaselineDiff baseline) {
        // one pass over the cases as they are made: counts, the ideal platform's answers, the ranking, the unstable
        // platforms and the top cases' candidates, instead of reading the case list back once for each of them
        // a case whose platforms give one stable answer is counted, never made (most cases of a campaign); the case
        // list is made only when a report reads it
        Pass pass = new Pass(view, baseline);
        CaseSource src = CaseSource.of(view);
        Platform[] platforms = src.platforms();
        String[] lastProgram = {null};
        org.fparity.ir.Precision[] precision = {null};
        src.forEach(x -> {
            if (Cases.agree(x)) {
                pass.cases++;
                return;
            }
            if (!x.program.equals(lastProgram[0])) {
                lastProgram[0] = x.program;
                precision[0] = view.precision(x.program);
            }
            pass.accept(Cases.of(x, platforms, precision[0]));
        });
        List<Cases.Case> cases = Cases.later(view);
        Cases.Count count = new Cases.Count(pass.cases, pass.discrepant, pass.unstable);
        List<ToolchainHealth> health = health(f);
        String broken = broken(health);
        // planned runs without an outcome: never a clean result (nothing lost reads as clean)
        if (view.incomplete() != null) broken = broken == null ? view.incomplete() : view.incomplete() + "; " + broken;
        CaseDiff against = pass.against(baseline);
        List<Rank> ranking = pass.ranking();
        List<TopCase> top = pass.top.result(f);
        return new Verdict(
                cases,
                count,
                health,
                broken,
                against,
                pass.truths,
                ranking,
                top,
                java.util.Collections.unmodifiableMap(pass.unstableBy));
    }

    /** What {@link #of} gathers from each case as it is made. */
    private static final class Pass {
        private final CampaignView view;
        int cases, discrepant, unstable;
        final Map<String, Truth> truths = new HashMap<>();
        final Map<Platform, int[]> rank = new TreeMap<>();
        final Map<Platform, Integer> unstableBy = new TreeMap<>();
        private final Map<String, org.fparity.ir.Program> parsed = new HashMap<>();
        private int evaluated;
        private boolean noOracle;
        // the baseline's discrepant cases and those of them checked tonight; tonight's discrepant cases
        private final Set<String> then, checked, now;
        final Top top = new Top();

        Pass(CampaignView view, BaselineDiff b) {
            this.view = view;
            if (b == null) {
                then = checked = now = null;
                return;
            }
            then = new TreeSet<>();
            for (List<Discrepancy> ds : List.of(b.persisting(), b.disappeared(), b.unchecked()))
                for (Discrepancy d : ds) then.add(d.program() + "/" + d.input());
            checked = new java.util.HashSet<>();
            for (Discrepancy d : b.disappeared()) checked.add(d.program() + "/" + d.input());
            now = new TreeSet<>();
        }

        void accept(Cases.Case c) {
            cases++;
            if (c.hasUnstable()) {
                unstable++;
                for (Platform p : c.unstable().keySet()) unstableBy.merge(p, 1, Integer::sum);
            }
            for (Platform p : c.oddOnesOut()) rank.computeIfAbsent(p, k -> new int[4])[0]++;
            if (c.discrepant()) {
                discrepant++;
                if (now != null) now.add(c.key());
                Truth t = truth(c);
                if (t != null) {
                    for (Platform p : c.results().keySet()) {
                        int[] a = rank.computeIfAbsent(p, k -> new int[4]);
                        a[2]++;
                        if (!t.agreeing().contains(p)) a[1]++;
                    }
                }
                top.offer(c, then != null && !then.contains(c.key()));
            }
            for (Platform p : c.unstable().keySet()) rank.computeIfAbsent(p, k -> new int[4])[3]++;
        }

        /** The ideal platform's answer for a discrepant case: the first {@link #ORACLE_CASES} that have a source and input. */
        private Truth truth(Cases.Case c) {
            if (noOracle || evaluated >= ORACLE_CASES) return null;
            String src = view.source(c.program());
            org.fparity.ir.Input in = view.input(c.program(), c.input());
            if (src == null || in == null) return null;
            evaluated++;
            try {
                org.fparity.ir.Program p = parsed.computeIfAbsent(c.program(), k -> org.fparity.ir.Program.parse(src));
                double v = org.fparity.oracle.ReferenceEvaluator.ideal(p, in).comp();
                List<Platform> agree = new ArrayList<>();
                c.results().forEach((pl, hex) -> {
                    if (DiscrepancyClass.classify(org.fparity.ir.HexFloat.parse(hex), v) == null) agree.add(pl);
                });
                Truth t = new Truth(org.fparity.ir.HexFloat.format(v), v, List.copyOf(agree));
                truths.put(c.key(), t);
                return t;
            } catch (RuntimeException | LinkageError e) {
                // not an IR program (a fixture, a Varity kernel the IR cannot hold), or no MPFR here: no truth for it
                if (e instanceof LinkageError) noOracle = true;
                return null;
            }
        }

        CaseDiff against(BaselineDiff b) {
            if (b == null) return null;
            Set<String> added = new TreeSet<>(),
                    persisting = new TreeSet<>(),
                    gone = new TreeSet<>(),
                    unchecked = new TreeSet<>();
            for (String k : now) (then.contains(k) ? persisting : added).add(k);
            for (String k : then) {
                if (now.contains(k)) continue;
                (checked.contains(k) ? gone : unchecked).add(k);
            }
            return new CaseDiff(b.baselineName(), added, persisting, gone, unchecked);
        }

        List<Rank> ranking() {
            List<Rank> out = new ArrayList<>();
            rank.forEach((p, a) -> out.add(new Rank(p, a[0], a[1], a[2], a[3])));
            out.sort(RANK_ORDER);
            return out;
        }
    }

    /** The exit code the campaign's health alone calls for: a broken campaign is never a clean one. */
    public ExitCode healthExitCode() {
        return broken == null ? ExitCode.OK : ExitCode.FINDINGS;
    }

    static List<ToolchainHealth> health(Findings f) {
        Map<String, Map<Status, Integer>> by = new TreeMap<>();
        f.runs().forEach((p, m) -> {
            Map<Status, Integer> acc = by.computeIfAbsent(p.lane(), k -> new EnumMap<>(Status.class));
            m.forEach((s, n) -> acc.merge(s, n, Integer::sum));
        });
        List<ToolchainHealth> out = new ArrayList<>();
        by.forEach((lane, m) -> out.add(new ToolchainHealth(
                lane, m.values().stream().mapToInt(Integer::intValue).sum(), Map.copyOf(m))));
        return out;
    }

    /**
     * A campaign is broken when most of the toolchains that were to run here produced no value at all (compile-only
     * toolchains, such as nvcc without a GPU, are not counted: they were never meant to run here).
     */
    static String broken(List<ToolchainHealth> health) {
        List<ToolchainHealth> meant =
                health.stream().filter(h -> !h.compileOnly()).toList();
        List<String> dead = meant.stream()
                .filter(h -> h.ok() == 0)
                .map(ToolchainHealth::toolchain)
                .toList();
        if (meant.isEmpty() || dead.isEmpty() || dead.size() * 2 <= meant.size()) return null;
        return dead.size() + " of " + meant.size() + " toolchains produced no value (" + String.join(", ", dead)
                + "): this campaign compared almost nothing";
    }

    private static final Comparator<Rank> RANK_ORDER = Comparator.comparingInt((Rank r) -> -r.oddOneOut())
            .thenComparingInt(r -> -r.offIdeal())
            .thenComparingInt(r -> -r.unstable())
            .thenComparing(Rank::platform);

    /** The order of the top cases within a group and across groups. */
    private static final Comparator<TopCase> TOP_ORDER = Comparator.comparing((TopCase t) -> !t.isNew())
            .thenComparingInt(t -> -rank(t.cls()))
            .thenComparing(TopCase::ulps, Comparator.nullsLast(Comparator.<BigInteger>reverseOrder()))
            .thenComparingInt(t -> -t.c().oddOnesOut().size())
            .thenComparing((a, b) -> compareKeys(a.c(), b.c()));

    /** {@code a.key().compareTo(b.key())} without making the keys (the heaps of top cases compare them often). */
    static int compareKeys(Cases.Case a, Cases.Case b) {
        String pa = a.program(), pb = b.program();
        if (pa.equals(pb)) return Integer.toString(a.input()).compareTo(Integer.toString(b.input()));
        int n = Math.min(pa.length(), pb.length());
        for (int i = 0; i < n; i++) {
            char x = pa.charAt(i), y = pb.charAt(i);
            if (x != y) return x - y;
        }
        // one program's id begins the other's: the shorter key has '/' where the longer goes on
        int d = pa.length() < pb.length() ? '/' - pb.charAt(n) : pa.charAt(n) - '/';
        return d != 0 ? d : a.key().compareTo(b.key());
    }

    /**
     * The cases shown first: new ones before persisting ones; then one per class in turn (a thousand Number–Number
     * cases do not hide the one NaN–Number), the largest ULP distance first within a class. Offered each discrepant
     * case in order; keeps the best {@link #TOP_KEPT} of each group (new or not, class) in bounded heaps: the first
     * TOP_KEPT of the turn-taking below are the same as from every case sorted.
     */
    static final class Top {
        private final Map<List<Object>, java.util.PriorityQueue<TopCase>> best = new HashMap<>();
        private final boolean pruned;

        Top() {
            this(true);
        }

        /** {@code pruned}: whether cases that can no longer be among the first are dropped ({@link #prune}; tests). */
        Top(boolean pruned) {
            this.pruned = pruned;
        }

        /** How many cases the groups hold. */
        int held() {
            int n = 0;
            for (var h : best.values()) n += h.size();
            return n;
        }

        void offer(Cases.Case c, boolean isNew) {
            Cases.Answer base =
                    c.majority() != null ? c.majority() : c.answers().getFirst();
            DiscrepancyClass worst = null;
            BigInteger ulps = null;
            Cases.Answer far = null;
            for (Cases.Answer a : c.answers()) {
                if (a == base) continue;
                DiscrepancyClass cls = DiscrepancyClass.classify(base.value(), a.value());
                BigInteger u = cls == DiscrepancyClass.NUMBER_NUMBER
                        ? Ulps.distance(base.value(), a.value(), representable(c, base.value(), a.value()))
                        : null;
                if (far == null
                        || rank(cls) > rank(worst)
                        || rank(cls) == rank(worst) && u != null && (ulps == null || u.compareTo(ulps) > 0)) {
                    far = a;
                    worst = cls;
                    ulps = u;
                }
            }
            // the pair is found below, for the kept cases only: which answers it joins is remembered in it for now
            TopCase t = new TopCase(
                    c,
                    worst,
                    ulps,
                    new Pair(base.platforms().getFirst(), far.platforms().getFirst()),
                    null,
                    isNew);
            java.util.PriorityQueue<TopCase> h = best.computeIfAbsent(
                    List.of(t.isNew(), t.cls()), k -> new java.util.PriorityQueue<>(TOP_ORDER.reversed()));
            h.add(t);
            if (h.size() > TOP_KEPT) h.poll();
            if (pruned && ++added[isNew ? 1 : 0] >= 2 * TOP_KEPT) prune(isNew);
        }

        // cases added to the new and the other groups since their last pruning
        private final int[] added = new int[2];

        /**
         * Drops from the groups of one kind (new, or not) the cases that can no longer be among the first
         * {@link #TOP_KEPT} taken in turn: with the groups' sizes s_h, the case at place i of a group comes after
         * sum_h min(s_h, i) cases of its kind (and, not new, after every new one kept); once that is TOP_KEPT or more, no
         * later case can bring it forward (groups only grow, a case only moves down in its group). Keeps the heaps at
         * about 2 x TOP_KEPT cases of each kind instead of TOP_KEPT per class.
         */
        private void prune(boolean isNew) {
            added[isNew ? 1 : 0] = 0;
            List<java.util.PriorityQueue<TopCase>> mine = new ArrayList<>();
            int before = 0;
            for (var e : best.entrySet()) {
                if (e.getKey().getFirst().equals(isNew)) mine.add(e.getValue());
                else if (!isNew) before += e.getValue().size();
            }
            // the smallest place i that TOP_KEPT cases come before
            int lo = 0, hi = TOP_KEPT;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                long ahead = before;
                for (var h : mine) ahead += Math.min(h.size(), mid);
                if (ahead >= TOP_KEPT) hi = mid;
                else lo = mid + 1;
            }
            for (var h : mine) while (h.size() > lo) h.poll();
        }

        List<TopCase> result(Findings f) {
            return top(best, f);
        }
    }

    private static List<TopCase> top(Map<List<Object>, java.util.PriorityQueue<TopCase>> best, Findings f) {
        Comparator<TopCase> order = TOP_ORDER;
        // the recorded discrepancies of the kept cases only: one pass over all of them, keeping a few
        Map<String, TopCase> kept = new HashMap<>();
        for (var h : best.values()) for (TopCase t : h) kept.put(t.c().key(), t);
        Map<String, List<Discrepancy>> byCase = new HashMap<>();
        for (Discrepancy d : f.discrepancies()) {
            String k = d.program() + "/" + d.input();
            if (kept.containsKey(k))
                byCase.computeIfAbsent(k, x -> new ArrayList<>()).add(d);
        }
        List<TopCase> all = new ArrayList<>();
        for (TopCase t : kept.values()) {
            Cases.Case c = t.c();
            Cases.Answer base =
                    c.majority() != null ? c.majority() : c.answers().getFirst();
            Cases.Answer far = null;
            for (Cases.Answer a : c.answers())
                if (a.platforms().getFirst().equals(t.pair().b())) far = a;
            Discrepancy d = pick(byCase.getOrDefault(c.key(), List.of()), base.platforms(), far.platforms());
            Pair pair = d != null ? d.pair() : t.pair();
            String id = d == null
                    ? null
                    : org.fparity.confirm.DiscrepancyId.of(
                            c.program(),
                            c.input(),
                            d.pair().a().label(),
                            d.pair().b().label(),
                            d.cls());
            all.add(new TopCase(c, t.cls(), t.ulps(), pair, id, t.isNew()));
        }
        Map<Object, List<TopCase>> perGroup = new LinkedHashMap<>();
        all.sort(order);
        for (TopCase t : all)
            perGroup.computeIfAbsent(List.of(t.isNew(), t.cls()), k -> new ArrayList<>())
                    .add(t);
        List<TopCase> out = new ArrayList<>();
        // new cases first, in turn per class; then the rest in turn per class
        for (boolean fresh : List.of(true, false)) {
            List<List<TopCase>> groups = perGroup.entrySet().stream()
                    .filter(e -> ((List<?>) e.getKey()).getFirst().equals(fresh))
                    .map(Map.Entry::getValue)
                    .toList();
            for (int i = 0; ; i++) {
                boolean any = false;
                for (List<TopCase> g : groups) {
                    if (i < g.size()) {
                        out.add(g.get(i));
                        any = true;
                    }
                }
                if (!any) break;
            }
        }
        return out.size() > TOP_KEPT ? List.copyOf(out.subList(0, TOP_KEPT)) : out;
    }

    // results of an FP32 program printed in double are measured in FP64 ULPs (as compare does)
    private static org.fparity.ir.Precision representable(Cases.Case c, double a, double b) {
        org.fparity.ir.Precision p = c.precision();
        return p.round(a) == a && p.round(b) == b ? p : org.fparity.ir.Precision.FP64;
    }

    /** Kinds of disagreement first (NaN, Inf or zero against a number), then Inf signs, then Number–Number. */
    private static int rank(DiscrepancyClass c) {
        if (c == null) return -1;
        return switch (c) {
            case NUMBER_NUMBER -> 0;
            case INF_SIGN -> 1;
            default -> 2;
        };
    }

    /** A recorded discrepancy between a platform of {@code base} and one of {@code far}, toolchain pairs first. */
    private static Discrepancy pick(List<Discrepancy> ds, List<Platform> baseList, List<Platform> farList) {
        // sets: a case of a campaign from s sites has about s^2 discrepancies and answers of s platforms, and list
        // look-ups made each case cost s^3 (the part of a many-site report that grew fastest)
        java.util.Set<Platform> base = ds.size() > 4 ? new java.util.HashSet<>(baseList) : null;
        java.util.Set<Platform> far = base != null ? new java.util.HashSet<>(farList) : null;
        java.util.function.Predicate<Platform> inBase = base != null ? base::contains : baseList::contains;
        java.util.function.Predicate<Platform> inFar = far != null ? far::contains : farList::contains;
        Discrepancy best = null;
        for (Discrepancy d : ds) {
            boolean across = inBase.test(d.pair().a()) && inFar.test(d.pair().b())
                    || inFar.test(d.pair().a()) && inBase.test(d.pair().b());
            if (!across) continue;
            if (best == null
                    || best.pair().kind() != Pair.Kind.TOOLCHAINS && d.pair().kind() == Pair.Kind.TOOLCHAINS) best = d;
        }
        return best != null ? best : ds.isEmpty() ? null : ds.getFirst();
    }
}
