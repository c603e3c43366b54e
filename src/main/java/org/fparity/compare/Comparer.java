package org.fparity.compare;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
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
        if (outcomes instanceof CaseSpill.Outcomes sorted) return sorted.platforms();
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
        return compare(view, pairs, true);
    }

    /**
     * As {@link #compare(CampaignView, List)}; {@code judgeAcrossSites}: whether each discrepancy across sites is judged
     * by the correctly rounded reference in the same pass ({@link CrossSite}; not for a baseline, whose judgement no
     * report shows).
     */
    public static Findings compare(CampaignView view, List<Pair> pairs, boolean judgeAcrossSites) {
        // case by case (CaseSource: in memory, or sorted by case on disk), every pair looked at within the case:
        // nothing
        // kept per run, the discrepancies written to a list per pair that goes to disk when it grows (Spill)
        CaseSource src = CaseSource.of(view);
        Platform[] platforms = src.platforms();
        int np = platforms.length;
        int[] pa = new int[pairs.size()];
        int[] pb = new int[pairs.size()];
        for (int i = 0; i < pairs.size(); i++) {
            pa[i] = number(platforms, pairs.get(i).a());
            pb[i] = number(platforms, pairs.get(i).b());
        }
        int[][] byStatus = new int[np][Status.values().length];
        List<Map<Precision, PairSummary>> byPrecision = new ArrayList<>();
        List<Spill<Discrepancy>> found = new ArrayList<>();
        List<Spill<StatusMismatch>> mismatched = new ArrayList<>();
        // a list per pair of each, kept in memory together up to Spill#held, the rest on disk
        Spill.Codec<Discrepancy> dc = Codecs.discrepancy(platforms, pairs);
        Spill.Codec<StatusMismatch> mc = Codecs.mismatch(pairs);
        for (int i = 0; i < pairs.size(); i++) {
            byPrecision.add(new EnumMap<>(Precision.class));
            found.add(new Spill<>(dc, 2 * pairs.size()));
            mismatched.add(new Spill<>(mc, 2 * pairs.size()));
        }
        // per platform number: this case's first outcome, its value, whether it is unstable
        Outcome[] at = new Outcome[np];
        double[] value = new double[np];
        boolean[] unstable = new boolean[np];
        int[] cases = {0};
        // this case's discrepancies (all pairs), for the worst runs per class
        List<Discrepancy> ofCase = new ArrayList<>();
        Findings.WorstRuns worst = new Findings.WorstRuns(Findings.WORST);
        Precision[] precision = {null};
        String[] lastProgram = {null};
        // the program's number in this pass (a program's cases come together): what a summary counts programs by
        int[] programNumber = {-1};
        boolean anyAcross = pairs.stream().anyMatch(Pair::acrossSites);
        CrossSite.Judging judging = judgeAcrossSites && anyAcross ? new CrossSite.Judging(view, pairs.size()) : null;
        // this case's discrepancies across sites and their pairs' numbers
        List<Discrepancy> across = new ArrayList<>();
        int[] acrossPair = new int[pairs.size()];
        src.forEach(c -> {
            cases[0]++;
            if (!c.program.equals(lastProgram[0])) {
                lastProgram[0] = c.program;
                precision[0] = view.precision(c.program);
                programNumber[0]++;
            }
            for (int k = 0; k < c.n; k++) {
                Outcome o = c.first[k];
                check(o);
                int i = c.platform[k];
                at[i] = o;
                byStatus[i][o.status().ordinal()]++;
                if (o.status() == Status.OK) value[i] = value(o);
                // A platform whose result changed between reruns of a case is not compared on it: its own category,
                // never a discrepancy.
                unstable[i] =
                        !c.reruns[k].isEmpty() && Cases.distinct(o, c.reruns[k]).size() > 1;
            }
            Run r = new Run(c.program, c.input);
            Precision pr = precision[0];
            for (int i = 0; i < pa.length; i++) {
                Outcome a = pa[i] < 0 ? null : at[pa[i]];
                Outcome b = pb[i] < 0 ? null : at[pb[i]];
                if (a == null && b == null) continue;
                Pair pair = pairs.get(i);
                PairSummary sum = byPrecision.get(i).computeIfAbsent(pr, x -> new PairSummary(pair, x));
                sum.seen(programNumber[0]);
                if (a != null && unstable[pa[i]] || b != null && unstable[pb[i]]) {
                    sum.countUnstable();
                } else if (a != null && b != null && a.status() == Status.OK && b.status() == Status.OK) {
                    sum.countCompared(programNumber[0]);
                    Discrepancy d = classify(pair, r, a, value[pa[i]], b, value[pb[i]], pr);
                    if (d != null) {
                        sum.add(d);
                        found.get(i).add(d);
                        ofCase.add(d);
                        if (judging != null && pair.acrossSites()) {
                            acrossPair[across.size()] = i;
                            across.add(d);
                        }
                    }
                } else if (a != null
                        && b != null
                        && a.status() != b.status()
                        && a.status() != Status.CANNOT_RUN
                        && b.status() != Status.CANNOT_RUN) {
                    sum.countStatusMismatch();
                    mismatched
                            .get(i)
                            .add(new StatusMismatch(
                                    r.program(), r.input(), pair, a.status(), b.status(), a.detail(), b.detail()));
                } else {
                    // Not a finding: a GPU toolchain cannot run here, the campaign has not got to this run yet, or both
                    // sides failed the same way.
                    sum.countNotCompared();
                }
            }
            for (int k = 0; k < c.n; k++) {
                at[c.platform[k]] = null;
                unstable[c.platform[k]] = false;
            }
            if (!across.isEmpty()) {
                judging.judge(c.program, c.input, pr, across, acrossPair);
                across.clear();
            }
            if (!ofCase.isEmpty()) {
                Findings.worstOf(ofCase, Findings.WORST).values().forEach(ws -> ws.forEach(worst::offer));
                ofCase.clear();
            }
        });
        Map<Platform, Map<Status, Integer>> runs = new TreeMap<>();
        for (int i = 0; i < np; i++) {
            Map<Status, Integer> m = new EnumMap<>(Status.class);
            for (Status st : Status.values()) if (byStatus[i][st.ordinal()] > 0) m.put(st, byStatus[i][st.ordinal()]);
            if (!m.isEmpty()) runs.put(platforms[i], m);
        }
        List<PairSummary> summaries = new ArrayList<>();
        List<List<StatusMismatch>> mismatches = new ArrayList<>();
        List<List<Discrepancy>> parts = new ArrayList<>();
        for (int i = 0; i < pairs.size(); i++) {
            // FP64 first, as the paper presents it
            Map<Precision, PairSummary> m = byPrecision.get(i);
            if (m.containsKey(Precision.FP64)) summaries.add(m.get(Precision.FP64));
            if (m.containsKey(Precision.FP32)) summaries.add(m.get(Precision.FP32));
            parts.add(found.get(i).done());
            mismatches.add(mismatched.get(i).done());
        }
        return new Findings(
                summaries,
                Spill.chain(parts),
                Spill.chain(mismatches),
                runs,
                cases[0],
                worst.result(),
                judging == null ? CrossSite.Judged.NONE : judging.result());
    }

    private static int number(Platform[] platforms, Platform p) {
        int i = java.util.Arrays.binarySearch(platforms, p);
        return i < 0 ? -1 : i;
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
