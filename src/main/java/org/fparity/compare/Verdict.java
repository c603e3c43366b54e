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
        // one pass over the cases: counts, the ideal platform's answers, the ranking, the unstable platforms and the
        // top
        // cases' candidates, instead of reading the case list back once for each of them. A case whose platforms give
        // one
        // stable answer is counted, never made (most cases of a campaign); a disagreeing one is worked out into reused
        // arrays (CaseShape) and made whole only when kept; the case list is made only when a report reads it
        CaseSource src = CaseSource.of(view);
        Pass pass = new Pass(view, baseline, src.platforms());
        src.forEach(pass::accept);
        return pass.verdict(f, baseline);
    }

    /**
     * What {@link #of} gathers from each case in one walk, case by case ({@link #accept}); {@link #verdict} makes the
     * verdict once the findings are known. {@link Comparer} runs one in its own walk, so that compare reads its cases once.
     */
    static final class Pass {
        private final CampaignView view;
        private final Platform[] platforms;
        int cases, discrepant, unstable;
        final Map<String, Truth> truths = new HashMap<>();
        // per platform number: odd one out, off the ideal, decided, unstable; whether it has a row; cases unstable in
        private final int[][] rank;
        private final boolean[] ranked;
        private final int[] unstableIn;
        private final Map<String, org.fparity.ir.Program> parsed = new HashMap<>();
        private int evaluated;
        private boolean noOracle;
        // the baseline's discrepant cases and those of them checked tonight; tonight's discrepant cases
        private final Set<String> then, checked, now;
        final Top top = new Top();
        private final CaseShape shape = new CaseShape();
        private String lastProgram;
        private org.fparity.ir.Precision precision;

        Pass(CampaignView view, BaselineDiff b, Platform[] platforms) {
            this.view = view;
            this.platforms = platforms;
            rank = new int[platforms.length][4];
            ranked = new boolean[platforms.length];
            unstableIn = new int[platforms.length];
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

        /** The verdict of the cases accepted, with the comparison's findings. */
        Verdict verdict(Findings f, BaselineDiff baseline) {
            List<Cases.Case> list = Cases.later(view);
            Cases.Count count = new Cases.Count(cases, discrepant, unstable);
            List<ToolchainHealth> health = health(f);
            String broken = broken(health);
            // planned runs without an outcome: never a clean result (nothing lost reads as clean)
            if (view.incomplete() != null)
                broken = broken == null ? view.incomplete() : view.incomplete() + "; " + broken;
            Map<Platform, Integer> unstableBy = new TreeMap<>();
            for (int p = 0; p < platforms.length; p++)
                if (unstableIn[p] > 0) unstableBy.put(platforms[p], unstableIn[p]);
            return new Verdict(
                    list,
                    count,
                    health,
                    broken,
                    against(baseline),
                    truths,
                    ranking(),
                    top.result(f),
                    java.util.Collections.unmodifiableMap(unstableBy));
        }

        /** How many cases were made whole: those the oracle evaluated and those the top cases kept when offered. */
        int made;

        private Cases.Case make(CaseSource.Runs x) {
            made++;
            return Cases.of(x, platforms, precision);
        }

        /** One case, in (program, input) order. */
        void accept(CaseSource.Runs x) {
            accept(x, null);
        }

        /**
         * As {@link #accept(CaseSource.Runs)}, with the case's discrepancies the comparison recorded (every pair's, in
         * pair order; null: not known): a case the top cases keep keeps them, and the verdict need not read every
         * discrepancy back to find those of its top cases.
         */
        void accept(CaseSource.Runs x, List<Discrepancy> recorded) {
            cases++;
            if (Cases.agree(x)) return;
            if (!x.program.equals(lastProgram)) {
                lastProgram = x.program;
                precision = view.precision(x.program);
            }
            CaseShape s = shape;
            s.of(x);
            if (s.unstable > 0) {
                unstable++;
                for (int i = 0; i < s.unstable; i++) unstableIn[s.unstablePlatform[i]]++;
            }
            if (s.majority >= 0) {
                for (int k = 0; k < s.results; k++) {
                    if (s.answerOf[k] == s.majority) continue;
                    rank[s.platform[k]][0]++;
                    ranked[s.platform[k]] = true;
                }
            }
            if (s.discrepant()) {
                discrepant++;
                boolean isNew = then != null && !then.contains(x.program + "/" + x.input);
                if (now != null) now.add(x.program + "/" + x.input);
                Cases.Case judged = null;
                if (!noOracle
                        && evaluated < ORACLE_CASES
                        && view.source(x.program) != null
                        && view.input(x.program, x.input) != null) {
                    judged = make(x);
                    Truth t = truth(judged);
                    if (t != null) {
                        for (int k = 0; k < s.results; k++) {
                            int p = s.platform[k];
                            rank[p][2]++;
                            ranked[p] = true;
                            if (!t.agreeing().contains(platforms[p])) rank[p][1]++;
                        }
                    }
                }
                Cases.Case m = judged;
                top.offer(s, x, platforms, precision, () -> m != null ? m : make(x), isNew, recorded);
            }
            for (int i = 0; i < s.unstable; i++) {
                rank[s.unstablePlatform[i]][3]++;
                ranked[s.unstablePlatform[i]] = true;
            }
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
            for (int p = 0; p < platforms.length; p++) {
                int[] a = rank[p];
                if (ranked[p]) out.add(new Rank(platforms[p], a[0], a[1], a[2], a[3]));
            }
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
        return compareKeys(a.program(), a.input(), b.program(), b.input());
    }

    /** As {@link #compareKeys(Cases.Case, Cases.Case)}, of two cases' programs and inputs. */
    static int compareKeys(String pa, int ia, String pb, int ib) {
        if (pa.equals(pb)) return Integer.toString(ia).compareTo(Integer.toString(ib));
        int n = Math.min(pa.length(), pb.length());
        for (int i = 0; i < n; i++) {
            char x = pa.charAt(i), y = pb.charAt(i);
            if (x != y) return x - y;
        }
        // one program's id begins the other's: the shorter key has '/' where the longer goes on
        int d = pa.length() < pb.length() ? '/' - pb.charAt(n) : pa.charAt(n) - '/';
        return d != 0 ? d : (pa + "/" + ia).compareTo(pb + "/" + ib);
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
                        ? Ulps.distance(base.value(), a.value(), representable(c.precision(), base.value(), a.value()))
                        : null;
                if (far == null
                        || rank(cls) > rank(worst)
                        || rank(cls) == rank(worst) && u != null && (ulps == null || u.compareTo(ulps) > 0)) {
                    far = a;
                    worst = cls;
                    ulps = u;
                }
            }
            Pair pair = new Pair(base.platforms().getFirst(), far.platforms().getFirst());
            add(isNew, worst, ulps, c.oddOnesOut().size(), c.program(), c.input(), () -> c, pair, null);
        }

        /**
         * As {@link #offer(Cases.Case, boolean)}, a case worked out into {@code s} from its runs {@code x}: made whole
         * ({@code whole}) only when a group keeps it.
         */
        void offer(
                CaseShape s,
                CaseSource.Runs x,
                Platform[] platforms,
                org.fparity.ir.Precision precision,
                java.util.function.Supplier<Cases.Case> whole,
                boolean isNew,
                List<Discrepancy> recorded) {
            int base = s.majority >= 0 ? s.majority : s.order[0];
            DiscrepancyClass worst = null;
            BigInteger ulps = null;
            int far = -1;
            double bv = s.value[base];
            for (int i = 0; i < s.answers; i++) {
                int a = s.order[i];
                if (a == base) continue;
                double av = s.value[a];
                DiscrepancyClass cls = DiscrepancyClass.classify(bv, av);
                BigInteger u = cls == DiscrepancyClass.NUMBER_NUMBER
                        ? Ulps.distance(bv, av, representable(precision, bv, av))
                        : null;
                if (far < 0
                        || rank(cls) > rank(worst)
                        || rank(cls) == rank(worst) && u != null && (ulps == null || u.compareTo(ulps) > 0)) {
                    far = a;
                    worst = cls;
                    ulps = u;
                }
            }
            int odd = s.majority < 0 ? 0 : s.results - s.size[s.majority];
            Pair pair = new Pair(platforms[s.firstPlatform(base)], platforms[s.firstPlatform(far)]);
            add(isNew, worst, ulps, odd, x.program, x.input, whole, pair, recorded);
        }

        // per group: how many cases it may hold (TOP_KEPT, fewer once pruned: a case at or past that place can never
        // be among the first)
        private final Map<List<Object>, int[]> room = new HashMap<>();

        /**
         * Offers a case to its group: a group that holds as many cases as it may and whose last is before this one
         * takes nothing (the case would be the one taken out again, now or at the next pruning), and nothing is made for
         * it; else the case is made and put in, the group's last taken out when it is full.
         */
        private void add(
                boolean isNew,
                DiscrepancyClass cls,
                BigInteger ulps,
                int odd,
                String program,
                int input,
                java.util.function.Supplier<Cases.Case> c,
                Pair pair,
                List<Discrepancy> recorded) {
            List<Object> key = List.of(isNew, cls);
            java.util.PriorityQueue<TopCase> h = best.get(key);
            if (h == null) {
                h = new java.util.PriorityQueue<>(TOP_ORDER.reversed());
                best.put(key, h);
                room.put(key, new int[] {TOP_KEPT});
            }
            int may = room.get(key)[0];
            boolean full = h.size() >= may;
            if (full && (may == 0 || before(h.peek(), ulps, odd, program, input))) {
                count(isNew);
                return;
            }
            Cases.Case whole = c.get();
            // the pair is found later, for the kept cases only: which answers it joins is remembered in it for now
            TopCase t = new TopCase(whole, cls, ulps, pair, null, isNew);
            if (full) discrepanciesOf.remove(h.poll());
            h.add(t);
            if (recorded != null) discrepanciesOf.put(t, List.copyOf(recorded));
            else allRecorded = false;
            count(isNew);
        }

        // each kept case's recorded discrepancies, while every case offered came with them
        private final Map<TopCase, List<Discrepancy>> discrepanciesOf = new java.util.IdentityHashMap<>();
        private boolean allRecorded = true;

        /** Whether kept case {@code t} comes before a case of its group with these fields ({@link #TOP_ORDER}). */
        private static boolean before(TopCase t, BigInteger ulps, int odd, String program, int input) {
            if (t.ulps() != ulps) {
                if (t.ulps() == null) return false;
                if (ulps == null) return true;
                int u = t.ulps().compareTo(ulps);
                if (u != 0) return u > 0;
            }
            int o = t.c().oddOnesOut().size();
            if (o != odd) return o > odd;
            return compareKeys(t.c().program(), t.c().input(), program, input) < 0;
        }

        private void count(boolean isNew) {
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
            for (var e : best.entrySet()) {
                if (!e.getKey().getFirst().equals(isNew)) continue;
                var h = e.getValue();
                while (h.size() > lo) discrepanciesOf.remove(h.poll());
                room.get(e.getKey())[0] = lo;
            }
        }

        List<TopCase> result(Findings f) {
            return top(best, f, allRecorded ? discrepanciesOf : null);
        }
    }

    /** {@code recorded}: each kept case's discrepancies as the comparison recorded them, or null (read them from f). */
    private static List<TopCase> top(
            Map<List<Object>, java.util.PriorityQueue<TopCase>> best,
            Findings f,
            Map<TopCase, List<Discrepancy>> recorded) {
        Comparator<TopCase> order = TOP_ORDER;
        Map<String, TopCase> kept = new HashMap<>();
        for (var h : best.values()) for (TopCase t : h) kept.put(t.c().key(), t);
        Map<String, List<Discrepancy>> byCase = new HashMap<>();
        if (recorded != null) {
            for (TopCase t : kept.values()) byCase.put(t.c().key(), recorded.get(t));
        } else {
            // the recorded discrepancies of the kept cases only: one pass over all of them, keeping a few
            for (Discrepancy d : f.discrepancies()) {
                String k = d.program() + "/" + d.input();
                if (kept.containsKey(k))
                    byCase.computeIfAbsent(k, x -> new ArrayList<>()).add(d);
            }
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
    private static org.fparity.ir.Precision representable(org.fparity.ir.Precision p, double a, double b) {
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
