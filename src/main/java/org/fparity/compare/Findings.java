package org.fparity.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;

/**
 * Everything a comparison found: one summary per pair and precision (in selection order), every discrepancy, every run that ended
 * differently on the two sides, and how every platform's runs ended.
 *
 * @param runs     per platform, how many runs ended with each status
 * @param cases    how many cases (program × input) have an outcome on some platform: the unit reports count in
 * @param acrossSites every discrepancy between sites judged by the correctly rounded reference, in the same pass
 *                    ({@link CrossSite}; none when nothing ran at two sites or the comparison was not asked to judge)
 */
public record Findings(
        List<PairSummary> pairs,
        List<Discrepancy> discrepancies,
        List<StatusMismatch> mismatches,
        Map<Platform, Map<Status, Integer>> runs,
        int cases,
        Map<DiscrepancyClass, List<Worst>> worst,
        CrossSite.Judged acrossSites) {
    /** Runs kept per class in {@link #worst}: a report shows fewer. */
    public static final int WORST = 100;

    /**
     * Worst first: kinds of disagreement (NaN, Inf or zero against a number) before Inf signs before Number–Number, the
     * most ULPs first, then by class, program, input and pair: a total order.
     */
    public static final java.util.Comparator<Discrepancy> SEVERITY = ((java.util.Comparator<Discrepancy>)
                    Findings::severityButPair)
            .thenComparing(d -> d.pair().id());

    /** {@link #SEVERITY} but for its last tie-break, the pair's id (what decides between two pairs of one run). */
    static int severityButPair(Discrepancy x, Discrepancy y) {
        int c = Integer.compare(severityRank(x.cls()), severityRank(y.cls()));
        if (c != 0) return c;
        java.math.BigInteger ux = x.ulps(), uy = y.ulps();
        if (ux != uy) {
            if (ux == null) return 1;
            if (uy == null) return -1;
            c = uy.compareTo(ux);
            if (c != 0) return c;
        }
        c = Integer.compare(x.cls().ordinal(), y.cls().ordinal());
        if (c != 0) return c;
        c = x.program().compareTo(y.program());
        return c != 0 ? c : Integer.compare(x.input(), y.input());
    }

    private static int severityRank(DiscrepancyClass c) {
        return switch (c) {
            case NUMBER_NUMBER -> 2;
            case INF_SIGN -> 1;
            default -> 0;
        };
    }

    /**
     * One run (program, input) among the worst of its class: its worst discrepancy of that class ({@link #SEVERITY})
     * and in how many pairs the run differs in that class.
     */
    public record Worst(Discrepancy discrepancy, int pairs) {}

    /** Findings whose worst runs per class are worked out from the discrepancies (in memory: tests, small campaigns). */
    public Findings(
            List<PairSummary> pairs,
            List<Discrepancy> discrepancies,
            List<StatusMismatch> mismatches,
            Map<Platform, Map<Status, Integer>> runs,
            int cases) {
        this(pairs, discrepancies, mismatches, runs, cases, worstOf(discrepancies, WORST), CrossSite.Judged.NONE);
    }

    /** Per class, the {@code limit} worst runs, worst first, each run once with its number of pairs. */
    public static Map<DiscrepancyClass, List<Worst>> worstOf(Iterable<Discrepancy> ds, int limit) {
        WorstRuns w = new WorstRuns(limit);
        Map<String, Integer> pairsPerRun = new java.util.HashMap<>();
        Map<String, Discrepancy> worstPerRun = new java.util.HashMap<>();
        for (Discrepancy d : ds) {
            String k = d.program() + "/" + d.input() + "/" + d.cls();
            pairsPerRun.merge(k, 1, Integer::sum);
            worstPerRun.merge(k, d, (a, b) -> SEVERITY.compare(a, b) <= 0 ? a : b);
        }
        worstPerRun.forEach((k, d) -> w.offer(new Worst(d, pairsPerRun.get(k))));
        return w.result();
    }

    /** The worst {@link #WORST} runs per class, offered one run at a time (bounded heaps). */
    static final class WorstRuns {
        private final int limit;

        WorstRuns(int limit) {
            this.limit = limit;
        }

        private final Map<DiscrepancyClass, java.util.PriorityQueue<Worst>> heaps =
                new java.util.EnumMap<>(DiscrepancyClass.class);

        void offer(Worst x) {
            java.util.PriorityQueue<Worst> h = heaps.computeIfAbsent(
                    x.discrepancy().cls(),
                    c -> new java.util.PriorityQueue<>(java.util.Comparator.comparing(Worst::discrepancy, SEVERITY)
                            .reversed()));
            // less severe than the least severe of a full heap: it would be the one taken out again
            if (h.size() >= limit
                    && !h.isEmpty()
                    && SEVERITY.compare(x.discrepancy(), h.peek().discrepancy()) > 0) return;
            h.add(x);
            if (h.size() > limit) h.poll();
        }

        Map<DiscrepancyClass, List<Worst>> result() {
            Map<DiscrepancyClass, List<Worst>> out = new java.util.EnumMap<>(DiscrepancyClass.class);
            heaps.forEach((c, h) -> out.put(
                    c,
                    h.stream()
                            .sorted(java.util.Comparator.comparing(Worst::discrepancy, SEVERITY))
                            .toList()));
            return out;
        }
    }

    public Findings {
        pairs = List.copyOf(pairs);
        discrepancies = discrepancies instanceof Sequential ? discrepancies : List.copyOf(discrepancies);
        mismatches = mismatches instanceof Sequential ? mismatches : List.copyOf(mismatches);
        runs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(runs));
        worst = java.util.Collections.unmodifiableMap(new java.util.EnumMap<>(worst));
        if (acrossSites == null) acrossSites = CrossSite.Judged.NONE;
    }

    /**
     * Summaries grouped into the paper's tables: one series (e.g. {@code gcc vs clang-19, FP64}) per key, one row per
     * opt level; FP64 series before FP32 ones, as in the paper.
     */
    public Map<String, List<PairSummary>> series() {
        Map<String, List<PairSummary>> out = new LinkedHashMap<>();
        for (org.fparity.ir.Precision p : List.of(org.fparity.ir.Precision.FP64, org.fparity.ir.Precision.FP32)) {
            for (PairSummary s : pairs)
                if (s.precision() == p)
                    out.computeIfAbsent(s.series(), k -> new ArrayList<>()).add(s);
        }
        return out;
    }

    /** The Total row of a series. */
    public static PairSummary total(List<PairSummary> rows) {
        Pair first = rows.getFirst().pair();
        return PairSummary.total(first, rows);
    }

    public int totalRuns() {
        return runs.values().stream()
                .flatMap(m -> m.values().stream())
                .mapToInt(Integer::intValue)
                .sum();
    }

    public int discrepancyCount(DiscrepancyClass c) {
        int n = 0;
        for (Discrepancy d : discrepancies) if (d.cls() == c) n++;
        return n;
    }
}
