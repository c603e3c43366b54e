package org.fparity.compare;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
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
        Map<Platform, Map<Run, Outcome>> byPlatform = new HashMap<>();
        // Parsed once per outcome, not once per pair it takes part in: hex parsing dominates otherwise.
        Map<Outcome, Double> values = new java.util.IdentityHashMap<>();
        Map<Platform, Map<Status, Integer>> runs = new TreeMap<>();
        Set<Run> seenRuns = new HashSet<>();
        for (Outcome o : view.outcomes()) {
            check(o);
            Platform p = Platform.of(o);
            Run r = new Run(o.program(), o.input());
            // A resumed campaign may hold a run twice; the first line counts, as in the campaign's own outcome log.
            Map<Run, Outcome> runsHere = byPlatform.computeIfAbsent(p, k -> new HashMap<>());
            if (runsHere.putIfAbsent(r, o) != null) continue;
            if (o.status() == Status.OK) values.put(o, value(o));
            runs.computeIfAbsent(p, k -> new EnumMap<>(Status.class)).merge(o.status(), 1, Integer::sum);
            seenRuns.add(r);
        }
        // every run in (program, input) order, sorted once, with its program's precision looked up once
        Run[] allRuns = seenRuns.toArray(new Run[0]);
        java.util.Arrays.sort(allRuns);
        Precision[] precisions = new Precision[allRuns.length];
        for (int k = 0; k < allRuns.length; k++) precisions[k] = view.precision(allRuns[k].program());
        // each platform's outcomes and values as arrays in that order: a pair walks two arrays instead of two hash maps
        Map<Run, Integer> indexOf = new HashMap<>(allRuns.length * 2);
        for (int k = 0; k < allRuns.length; k++) indexOf.put(allRuns[k], k);
        Map<Platform, Outcome[]> outcomesOf = new HashMap<>();
        Map<Platform, double[]> valuesOf = new HashMap<>();
        byPlatform.forEach((p, m) -> {
            Outcome[] os = new Outcome[allRuns.length];
            double[] vs = new double[allRuns.length];
            m.forEach((r, o) -> {
                int k = indexOf.get(r);
                os[k] = o;
                if (o.status() == Status.OK) vs[k] = values.get(o);
            });
            outcomesOf.put(p, os);
            valuesOf.put(p, vs);
        });
        // A platform whose result changed between reruns of a case is not compared on it: its own category, never a discrepancy.
        Set<Cases.RunOn> unstable = Cases.unstable(view);
        Map<Platform, boolean[]> unstableOf = new HashMap<>();
        for (Cases.RunOn u : unstable) {
            Integer k = indexOf.get(new Run(u.program(), u.input()));
            if (k != null) unstableOf.computeIfAbsent(u.platform(), x -> new boolean[allRuns.length])[k] = true;
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
                } else if (a != null && b != null && a.status() != b.status()
                        && a.status() != Status.CANNOT_RUN && b.status() != Status.CANNOT_RUN) {
                    sum.countStatusMismatch();
                    mismatches.add(new StatusMismatch(r.program(), r.input(), pair, a.status(), b.status(), a.detail(), b.detail()));
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
        return new Discrepancy(r.program(), r.input(), pair, cls, OutcomeClass.of(va), OutcomeClass.of(vb), a.hex(), b.hex(), ulps, rel);
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
        if (o.status() == Status.OK && o.hex() == null) throw new FparityError("outcome " + o.key() + " is OK but has no result");
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
