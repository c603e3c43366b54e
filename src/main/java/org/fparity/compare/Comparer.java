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
        return compare(view, CaseSource.of(view), pairs, judgeAcrossSites, null);
    }

    /** The findings of {@link #compare(CampaignView, List)} and the verdict ({@link Verdict#of}, no baseline) of its cases. */
    public record Compared(Findings findings, Verdict verdict) {}

    /**
     * As {@link #compare(CampaignView, List)}, gathering the verdict without a baseline ({@link Verdict#of}) in the same
     * walk of the cases: a campaign sorted on disk is read once for both, not once for each.
     */
    public static Compared withVerdict(CampaignView view, List<Pair> pairs) {
        CaseSource src = CaseSource.of(view);
        Verdict.Pass pass = new Verdict.Pass(view, null, src.platforms());
        Findings f = compare(view, src, pairs, true, pass);
        return new Compared(f, pass.verdict(f, null));
    }

    private static Findings compare(
            CampaignView view, CaseSource src, List<Pair> pairs, boolean judgeAcrossSites, Verdict.Pass verdict) {
        // case by case (CaseSource: in memory, or sorted by case on disk), every pair looked at within the case:
        // nothing kept per run, the discrepancies written to a list per pair that goes to disk when it grows (Spill);
        // the verdict's pass (or null) is handed each case after
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
        // per platform number: this case's first record (-1: none), its value, whether it is unstable
        int[] at = new int[np];
        java.util.Arrays.fill(at, -1);
        double[] value = new double[np];
        boolean[] unstable = new boolean[np];
        int[] cases = {0};
        // this case's discrepancies (all pairs) and their pairs' numbers, for the worst runs per class
        List<Discrepancy> ofCase = new ArrayList<>();
        int[] ofCasePair = new int[pairs.size()];
        // each pair's place among the pairs by id: Findings.SEVERITY's last tie-break within a run, without the ids
        int[] idOrder = idOrder(pairs);
        Discrepancy[] worstOf = new Discrepancy[DiscrepancyClass.values().length];
        int[] worstPair = new int[worstOf.length];
        int[] worstPairs = new int[worstOf.length];
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
        PairSummary[] summaryOf = new PairSummary[pairs.size()];
        int ok = Status.OK.ordinal();
        int cannotRun = Status.CANNOT_RUN.ordinal();
        src.forEach(c -> {
            cases[0]++;
            if (!c.program.equals(lastProgram[0])) {
                lastProgram[0] = c.program;
                precision[0] = view.precision(c.program);
                programNumber[0]++;
            }
            for (int k = 0; k < c.n; k++) {
                int r = c.first[k];
                int i = c.platform[k];
                check(c, r, platforms[i]);
                at[i] = r;
                byStatus[i][c.status[r]]++;
                if (c.status[r] == ok) value[i] = value(c, r, platforms[i]);
                // A platform whose result changed between reruns of a case is not compared on it: its own category,
                // never a discrepancy.
                unstable[i] = c.rerun(k)
                        && !Cases.stable(c, k)
                        && Cases.distinct(c, k).size() > 1;
            }
            Run r = new Run(c.program, c.input);
            Precision pr = precision[0];
            for (int i = 0; i < pa.length; i++) {
                int a = pa[i] < 0 ? -1 : at[pa[i]];
                int b = pb[i] < 0 ? -1 : at[pb[i]];
                if (a < 0 && b < 0) continue;
                Pair pair = pairs.get(i);
                // the summary of the pair at this precision: the last one, unless the precision changed
                PairSummary sum = summaryOf[i];
                if (sum == null || sum.precision() != pr) {
                    sum = byPrecision.get(i).computeIfAbsent(pr, x -> new PairSummary(pair, x));
                    summaryOf[i] = sum;
                }
                sum.seen(programNumber[0]);
                if (a >= 0 && unstable[pa[i]] || b >= 0 && unstable[pb[i]]) {
                    sum.countUnstable();
                } else if (a >= 0 && b >= 0 && c.status[a] == ok && c.status[b] == ok) {
                    sum.countCompared(programNumber[0]);
                    double va = value[pa[i]], vb = value[pb[i]];
                    // the same bits agree: no class to look up
                    if (Double.doubleToRawLongBits(va) == Double.doubleToRawLongBits(vb)) continue;
                    Discrepancy d = classify(pair, r, c.hex(a), va, c.hex(b), vb, pr);
                    if (d != null) {
                        sum.add(d);
                        found.get(i).add(d);
                        ofCasePair[ofCase.size()] = i;
                        ofCase.add(d);
                        if (judging != null && pair.acrossSites()) {
                            acrossPair[across.size()] = i;
                            across.add(d);
                        }
                    }
                } else if (a >= 0
                        && b >= 0
                        && c.status[a] != c.status[b]
                        && c.status[a] != cannotRun
                        && c.status[b] != cannotRun) {
                    sum.countStatusMismatch();
                    mismatched
                            .get(i)
                            .add(new StatusMismatch(
                                    r.program(), r.input(), pair, c.status(a), c.status(b), c.detail(a), c.detail(b)));
                } else {
                    // Not a finding: a GPU toolchain cannot run here, the campaign has not got to this run yet, or both
                    // sides failed the same way.
                    sum.countNotCompared();
                }
            }
            for (int k = 0; k < c.n; k++) {
                at[c.platform[k]] = -1;
                unstable[c.platform[k]] = false;
            }
            if (!across.isEmpty()) {
                judging.judge(c.program, c.input, pr, across, acrossPair);
                across.clear();
            }
            // the verdict's pass, handed the case's discrepancies (a case its top cases keep keeps them)
            if (verdict != null) verdict.accept(c, ofCase);
            if (!ofCase.isEmpty()) {
                // Findings.worstOf of this case's discrepancies, without a map per case: one run, so per class the
                // worst discrepancy (the first of equals) and how many pairs have that class, offered in class order
                for (int j = 0; j < ofCase.size(); j++) {
                    Discrepancy d = ofCase.get(j);
                    int k = d.cls().ordinal();
                    worstPairs[k]++;
                    if (worstOf[k] == null) {
                        worstOf[k] = d;
                        worstPair[k] = ofCasePair[j];
                        continue;
                    }
                    int s = Findings.severityButPair(worstOf[k], d);
                    if (s > 0 || s == 0 && idOrder[worstPair[k]] > idOrder[ofCasePair[j]]) {
                        worstOf[k] = d;
                        worstPair[k] = ofCasePair[j];
                    }
                }
                for (int k = 0; k < worstOf.length; k++) {
                    if (worstOf[k] == null) continue;
                    worst.offer(new Findings.Worst(worstOf[k], worstPairs[k]));
                    worstOf[k] = null;
                    worstPairs[k] = 0;
                }
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

    /** Each pair's place when the pairs are sorted by {@link Pair#id}: equal ids, equal places. */
    private static int[] idOrder(List<Pair> pairs) {
        Integer[] byId = new Integer[pairs.size()];
        String[] ids = new String[pairs.size()];
        for (int i = 0; i < byId.length; i++) {
            byId[i] = i;
            ids[i] = pairs.get(i).id();
        }
        java.util.Arrays.sort(byId, java.util.Comparator.comparing(i -> ids[i]));
        // equal ids (equal as SEVERITY sees them) share a place
        int[] out = new int[byId.length];
        for (int k = 0, place = 0; k < byId.length; k++) {
            if (k > 0 && !ids[byId[k]].equals(ids[byId[k - 1]])) place = k;
            out[byId[k]] = place;
        }
        return out;
    }

    private static int number(Platform[] platforms, Platform p) {
        int i = java.util.Arrays.binarySearch(platforms, p);
        return i < 0 ? -1 : i;
    }

    /** Classifies two OK results of one run; null when they agree. */
    static Discrepancy classify(Pair pair, Run r, Outcome a, double va, Outcome b, double vb, Precision precision) {
        return classify(pair, r, a.hex(), va, b.hex(), vb, precision);
    }

    /** As {@link #classify(Pair, Run, Outcome, double, Outcome, double, Precision)}, of the results' texts. */
    static Discrepancy classify(Pair pair, Run r, String hexA, double va, String hexB, double vb, Precision precision) {
        DiscrepancyClass cls = DiscrepancyClass.classify(va, vb);
        if (cls == null) return null;
        BigInteger ulps = null;
        double rel = Double.NaN;
        if (cls == DiscrepancyClass.NUMBER_NUMBER) {
            ulps = Ulps.distance(va, vb, representable(precision, va, vb) ? precision : Precision.FP64);
            rel = Ulps.relativeError(va, vb);
        }
        return new Discrepancy(
                r.program(), r.input(), pair, cls, OutcomeClass.of(va), OutcomeClass.of(vb), hexA, hexB, ulps, rel);
    }

    // A result of an FP32 program that is not a float (a harness printing in double) is measured in FP64 ULPs rather
    // than refused: the class is still right and the distance is still a true distance, only in finer units.
    private static boolean representable(Precision p, double a, double b) {
        return p.round(a) == a && p.round(b) == b;
    }

    private static double value(CaseSource.Runs c, int r, Platform p) {
        if ((c.flags[r] & CaseSource.Runs.BAD_HEX) == 0) return c.value(r);
        throw new FparityError("outcome " + key(c, p) + ": result '" + c.hex(r) + "' is not a hex float");
    }

    private static void check(CaseSource.Runs c, int r, Platform p) {
        if (c.program == null || p.toolchain() == null || p.opt() == null || c.status[r] < 0) {
            throw new FparityError("outcome " + key(c, p) + " lacks program, toolchain, opt or status");
        }
        if (c.status[r] == Status.OK.ordinal() && (c.flags[r] & CaseSource.Runs.HEX) == 0)
            throw new FparityError("outcome " + key(c, p) + " is OK but has no result");
    }

    /** {@link Outcome#key} of a record. */
    private static String key(CaseSource.Runs c, Platform p) {
        return c.program + "/" + c.input + "/" + Platform.key(p.toolchain(), p.opt(), p.site());
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
