package org.fparity.compare;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fparity.FparityError;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.fparity.ir.Ulps;

/** Compares a campaign's outcomes run by run across pairs of platforms. */
public final class Comparer {
    private Comparer() {}

    /** The platforms a campaign has outcomes for. */
    public static Set<Platform> platforms(List<Outcome> outcomes) {
        Set<Platform> s = new TreeSet<>();
        for (Outcome o : outcomes) s.add(Platform.of(o));
        return s;
    }

    /** Compares every pair {@link PairSelection#all} picks. */
    public static Findings compare(CampaignView view) {
        return compare(view, PairSelection.all(platforms(view.outcomes())));
    }

    /**
     * Compares the given pairs. A run is (program, input); for each pair and run: both results OK → classified; statuses
     * differ (crash, timeout, compile error on one side) → a status mismatch; otherwise (CANNOT_RUN on a side, no outcome
     * yet, both failed the same way) → not compared. The three counts add up to the runs either side has.
     */
    public static Findings compare(CampaignView view, List<Pair> pairs) {
        for (Outcome o : view.outcomes()) check(o);
        // grouped by case and platform once (CaseIndex), the first outcome of each run: no map per platform, no key per
        // run
        CaseIndex x = CaseIndex.of(view.outcomes());
        int cases = x.cases();
        Map<Platform, Map<Status, Integer>> runs = new TreeMap<>();
        int[][] byStatus = new int[x.platforms.length][Status.values().length];
        // each platform's outcomes and values as arrays in case order, made only for platforms a pair looks at: a pair
        // walks two arrays; hex parsed once per outcome, not once per pair it takes part in
        Map<Platform, Outcome[]> outcomesOf = new HashMap<>();
        Map<Platform, double[]> valuesOf = new HashMap<>();
        Outcome[][] os = new Outcome[x.platforms.length][];
        double[][] vs = new double[x.platforms.length][];
        for (Pair pair : pairs) {
            for (Platform p : List.of(pair.a(), pair.b())) {
                int i = x.platformNumber(p);
                if (i >= 0 && os[i] == null) {
                    os[i] = new Outcome[cases];
                    vs[i] = new double[cases];
                    outcomesOf.put(p, os[i]);
                    valuesOf.put(p, vs[i]);
                }
            }
        }
        for (int c = 0; c < cases; c++) {
            for (int e = x.first[c]; e < x.first[c + 1]; e++) {
                Outcome o = x.outcome(e);
                int i = x.platformAt[e];
                byStatus[i][o.status().ordinal()]++;
                if (os[i] == null) continue;
                os[i][c] = o;
                if (o.status() == Status.OK) vs[i][c] = value(o);
            }
        }
        for (int i = 0; i < x.platforms.length; i++) {
            Map<Status, Integer> m = new EnumMap<>(Status.class);
            for (Status st : Status.values()) if (byStatus[i][st.ordinal()] > 0) m.put(st, byStatus[i][st.ordinal()]);
            if (!m.isEmpty()) runs.put(x.platforms[i], m);
        }
        // every run in (program, input) order, with its program's precision looked up once per program
        Run[] allRuns = new Run[cases];
        Precision[] precisions = new Precision[cases];
        for (int c = 0; c < cases; c++) {
            allRuns[c] = new Run(x.programOf[c], x.inputOf[c]);
            precisions[c] =
                    c > 0 && x.programOf[c] == x.programOf[c - 1] ? precisions[c - 1] : view.precision(x.programOf[c]);
        }
        // A platform whose result changed between reruns of a case is not compared on it: its own category, never a
        // discrepancy.
        Set<Cases.RunOn> unstable = Cases.unstable(view);
        Map<Platform, boolean[]> unstableOf = new HashMap<>();
        for (Cases.RunOn u : unstable) {
            int k = x.caseOf(u.program(), u.input());
            if (k >= 0) unstableOf.computeIfAbsent(u.platform(), y -> new boolean[allRuns.length])[k] = true;
        }
        Outcome[] none = new Outcome[allRuns.length];
        boolean[] stable = new boolean[allRuns.length];
        List<PairSummary> summaries = new ArrayList<>();
        List<Discrepancy> discrepancies = new ArrayList<>();
        List<StatusMismatch> mismatches = new ArrayList<>();
        for (Pair pair : pairs) {
            Outcome[] as = outcomesOf.getOrDefault(pair.a(), none);
            Outcome[] bs = outcomesOf.getOrDefault(pair.b(), none);
            double[] vas = valuesOf.get(pair.a());
            double[] vbs = valuesOf.get(pair.b());
            boolean[] ua = unstableOf.getOrDefault(pair.a(), stable);
            boolean[] ub = unstableOf.getOrDefault(pair.b(), stable);
            Map<Precision, PairSummary> byPrecision = new EnumMap<>(Precision.class);
            for (int k = 0; k < allRuns.length; k++) {
                Outcome a = as[k];
                Outcome b = bs[k];
                if (a == null && b == null) continue;
                Run r = allRuns[k];
                PairSummary sum = byPrecision.computeIfAbsent(precisions[k], pr -> new PairSummary(pair, pr));
                sum.seen(r.program());
                if (ua[k] || ub[k]) {
                    sum.countUnstable();
                } else if (a != null && b != null && a.status() == Status.OK && b.status() == Status.OK) {
                    sum.countCompared(r.program());
                    Discrepancy d = classify(pair, r, a, vas[k], b, vbs[k], precisions[k]);
                    if (d != null) {
                        sum.add(d);
                        discrepancies.add(d);
                    }
                } else if (a != null
                        && b != null
                        && a.status() != b.status()
                        && a.status() != Status.CANNOT_RUN
                        && b.status() != Status.CANNOT_RUN) {
                    sum.countStatusMismatch();
                    mismatches.add(new StatusMismatch(
                            r.program(), r.input(), pair, a.status(), b.status(), a.detail(), b.detail()));
                } else {
                    // Not a finding: a GPU toolchain cannot run here, the campaign has not got to this run yet, or both
                    // sides failed the same way.
                    sum.countNotCompared();
                }
            }
            // FP64 first, as the paper presents it
            if (byPrecision.containsKey(Precision.FP64)) summaries.add(byPrecision.get(Precision.FP64));
            if (byPrecision.containsKey(Precision.FP32)) summaries.add(byPrecision.get(Precision.FP32));
        }
        return new Findings(summaries, discrepancies, mismatches, runs, allRuns.length);
    }

    /** Classifies two OK results of one run; null when they agree. */
    static Discrepancy classify(Pair pair, Run r, Outcome a, double va, Outcome b, double vb, Precision precision) {
        DiscrepancyClass cls = DiscrepancyClass.classify(va, vb);
        if (cls == null) return null;
        BigInteger ulps = null;
        double rel = Double.NaN;
        if (cls == DiscrepancyClass.NUMBER_NUMBER) {
            ulps = Ulps.distance(va, vb, representable(precision, va, vb) ? precision : Precision.FP64);
            rel = Ulps.relativeError(va, vb);
        }
        return new Discrepancy(
                r.program(),
                r.input(),
                pair,
                cls,
                OutcomeClass.of(va),
                OutcomeClass.of(vb),
                a.hex(),
                b.hex(),
                ulps,
                rel);
    }

    // A result of an FP32 program that is not a float (a harness printing in double) is measured in FP64 ULPs rather
    // than refused: the class is still right and the distance is still a true distance, only in finer units.
    private static boolean representable(Precision p, double a, double b) {
        return p.round(a) == a && p.round(b) == b;
    }

    private static double value(Outcome o) {
        try {
            return HexFloat.parse(o.hex());
        } catch (RuntimeException e) {
            throw new FparityError("outcome " + o.key() + ": result '" + o.hex() + "' is not a hex float");
        }
    }

    private static void check(Outcome o) {
        if (o.program() == null || o.toolchain() == null || o.opt() == null || o.status() == null) {
            throw new FparityError("outcome " + o.key() + " lacks program, toolchain, opt or status");
        }
        if (o.status() == Status.OK && o.hex() == null)
            throw new FparityError("outcome " + o.key() + " is OK but has no result");
    }

    /** One (program, input): the unit both sides of a pair are matched on. */
    record Run(String program, int input) implements Comparable<Run> {
        @Override
        public int compareTo(Run o) {
            int c = program.compareTo(o.program);
            return c != 0 ? c : Integer.compare(input, o.input);
        }
    }
}
