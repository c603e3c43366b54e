package org.fparity.compare;

import java.util.EnumMap;
import java.util.Map;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.ir.Precision;

/**
 * What one pair's comparison found over the programs of one precision (the paper keeps FP64 and FP32 apart: Tables
 * V/VI and IX/X): how many runs both sides finished, counts per class, the adjacency matrix.
 */
public final class PairSummary {
    private final Pair pair;
    private final Precision precision;
    private int compared;
    private int statusMismatches;
    private int notCompared;
    private int unstable;
    private final EnumMap<DiscrepancyClass, Integer> counts = new EnumMap<>(DiscrepancyClass.class);
    private final AdjacencyMatrix matrix = new AdjacencyMatrix();
    // programs by their number in the comparison's pass: a bit each (a set of names per pair held every program's
    // name once per pair, 10^6 tree entries at 10^7 runs)
    private final java.util.BitSet programs = new java.util.BitSet();
    private final java.util.BitSet comparedPrograms = new java.util.BitSet();

    PairSummary(Pair pair, Precision precision) {
        this.pair = pair;
        this.precision = precision;
        for (DiscrepancyClass c : DiscrepancyClass.values()) counts.put(c, 0);
    }

    /** {@code program}: the program's number in the comparison (the same program, the same number in every pair). */
    void seen(int program) {
        programs.set(program);
    }

    void countCompared(int program) {
        compared++;
        comparedPrograms.set(program);
    }

    void add(Discrepancy d) {
        counts.merge(d.cls(), 1, Integer::sum);
        matrix.add(d.classA(), d.classB());
    }

    void countStatusMismatch() {
        statusMismatches++;
    }

    void countUnstable() {
        unstable++;
    }

    void countNotCompared() {
        notCompared++;
    }

    /** Sums summaries (for a series' Total row); the pair and precision are the first one's. */
    static PairSummary total(Pair label, Iterable<PairSummary> rows) {
        PairSummary t = new PairSummary(label, rows.iterator().next().precision);
        for (PairSummary r : rows) {
            t.compared += r.compared;
            t.programs.or(r.programs);
            t.comparedPrograms.or(r.comparedPrograms);
            t.statusMismatches += r.statusMismatches;
            t.notCompared += r.notCompared;
            t.unstable += r.unstable;
            r.counts.forEach((c, n) -> t.counts.merge(c, n, Integer::sum));
            t.matrix.addAll(r.matrix);
        }
        return t;
    }

    public Pair pair() {
        return pair;
    }

    public Precision precision() {
        return precision;
    }

    /** The table this summary is a row of: the pair's series, per precision ({@code gcc vs clang-19, FP64}). */
    public String series() {
        return pair.series() + ", " + precision.name();
    }

    /** Runs where both sides printed a result. */
    public int compared() {
        return compared;
    }

    /** Runs that ended with different statuses on the two sides (one crashed, timed out, failed to compile …). */
    public int statusMismatches() {
        return statusMismatches;
    }

    /** Runs without results on both sides that are not a status difference: CANNOT_RUN here, no outcome yet, or both failed alike. */
    public int notCompared() {
        return notCompared;
    }

    /** Runs not compared because a side's result changed between reruns of the same binary on the same input. */
    public int unstable() {
        return unstable;
    }

    public int count(DiscrepancyClass c) {
        return counts.get(c);
    }

    public Map<DiscrepancyClass, Integer> counts() {
        return java.util.Collections.unmodifiableMap(counts);
    }

    /** All discrepancies, sign discrepancies included. */
    public int discrepancies() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** How many programs have an outcome on either side. */
    public int programs() {
        return programs.cardinality();
    }

    /** How many programs have at least one run that both sides finished (the rest could not be compared at all). */
    public int comparedPrograms() {
        return comparedPrograms.cardinality();
    }

    public AdjacencyMatrix matrix() {
        return matrix;
    }
}
