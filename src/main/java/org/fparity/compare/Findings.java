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
 */
public record Findings(
        List<PairSummary> pairs,
        List<Discrepancy> discrepancies,
        List<StatusMismatch> mismatches,
        Map<Platform, Map<Status, Integer>> runs,
        int cases) {
    public Findings {
        pairs = List.copyOf(pairs);
        discrepancies = List.copyOf(discrepancies);
        mismatches = List.copyOf(mismatches);
        runs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(runs));
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
        return (int) discrepancies.stream().filter(d -> d.cls() == c).count();
    }
}
