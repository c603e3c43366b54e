package org.fparity.compare;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Ulps;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * Discrepancies between two sites, each judged by the correctly rounded reference (the oracle's ideal IEEE platform:
 * every operation and math call correctly rounded, in the order written): which side gives the reference's bits.
 */
public final class CrossSite {
    private CrossSite() {}

    /** Whom the reference agrees with. */
    public enum Agreement {
        A,
        B,
        NEITHER,
        UNDECIDED
    }

    /**
     * @param reference the ideal platform's result ({@code %a}), or null when it could not be had
     * @param note      for NEITHER: which side is closer and by how much; for UNDECIDED: why
     */
    public record Judgement(Discrepancy discrepancy, String reference, Agreement agrees, String note) {
        /** The site (or platform) the reference sides with, for people. */
        public String agreesWith() {
            return switch (agrees) {
                case A -> discrepancy.pair().a().label();
                case B -> discrepancy.pair().b().label();
                case NEITHER -> "neither" + (note.isEmpty() ? "" : " (" + note + ")");
                case UNDECIDED -> "undecided (" + note + ")";
            };
        }
    }

    /** True when the two sides of a discrepancy are one toolchain at one opt level at two sites ({@link org.fparity.compare.Pair#acrossSites}). */
    public static boolean acrossSites(Discrepancy d) {
        return d.pair().acrossSites();
    }

    /** Judgements kept for reports to list, the first ones pair by pair; the counts cover every one. */
    public static final int KEPT = 1000;

    /**
     * Every discrepancy across sites judged: how many cases and platform pairs differ, how many judgements went each
     * way, and the first {@link #KEPT} judgements (pair by pair in the comparison's pair order, cases in order within a
     * pair: the order of {@link Findings#discrepancies}).
     *
     * @param cases  cases with a discrepancy across sites
     * @param judged discrepancies across sites (platform pair × case), every one judged
     */
    public record Judged(int cases, int judged, Map<Agreement, Integer> counts, List<Judgement> first) {
        /** Nothing across sites (one site, or a comparison that did not judge). */
        public static final Judged NONE = new Judged(0, 0, Map.of(), List.of());

        public Judged {
            Map<Agreement, Integer> c = new EnumMap<>(Agreement.class);
            c.putAll(counts);
            counts = java.util.Collections.unmodifiableMap(c);
            first = List.copyOf(first);
        }

        public int count(Agreement a) {
            return counts.getOrDefault(a, 0);
        }
    }

    /**
     * Judges the discrepancies across sites of each case as the comparison's one pass hands them over, in case order:
     * the reference is evaluated once per case, each program parsed once. Memory: the judgements kept and the counts.
     */
    static final class Judging {
        private final CampaignView view;
        private final List<List<Judgement>> firstPerPair = new ArrayList<>();
        private final Map<Agreement, Integer> counts = new EnumMap<>(Agreement.class);
        private int cases;
        private int judged;
        private String program;
        // the program of the cases being judged: parsed, or why it did not parse
        private Program parsed;
        private RuntimeException unparsed;

        Judging(CampaignView view, int pairs) {
            this.view = view;
            for (int i = 0; i < pairs; i++) firstPerPair.add(new ArrayList<>());
        }

        /** One case's discrepancies across sites, {@code pair[k]} the comparison's number of {@code ds.get(k)}'s pair. */
        void judge(String programId, int input, Precision p, List<Discrepancy> ds, int[] pair) {
            if (ds.isEmpty()) return;
            cases++;
            Object r = reference(programId, input);
            for (int k = 0; k < ds.size(); k++) {
                Discrepancy d = ds.get(k);
                Judgement j = r instanceof String why
                        ? new Judgement(d, null, Agreement.UNDECIDED, why)
                        : judgement(d, (Double) r, p);
                judged++;
                counts.merge(j.agrees(), 1, Integer::sum);
                List<Judgement> mine = firstPerPair.get(pair[k]);
                if (mine.size() < KEPT) mine.add(j);
            }
        }

        Judged result() {
            List<Judgement> first = new ArrayList<>();
            for (List<Judgement> js : firstPerPair) {
                for (Judgement j : js) {
                    if (first.size() == KEPT) break;
                    first.add(j);
                }
            }
            return new Judged(cases, judged, counts, first);
        }

        /** The ideal platform's result for one run, or the reason there is none. */
        private Object reference(String programId, int input) {
            String src = view.source(programId);
            Input in = view.input(programId, input);
            if (src == null || in == null) return "the campaign lacks the program's text or input";
            try {
                if (!programId.equals(program)) {
                    program = programId;
                    parsed = null;
                    unparsed = null;
                    try {
                        parsed = Program.parse(src);
                    } catch (RuntimeException e) {
                        unparsed = e;
                    }
                }
                if (unparsed != null) return noReference(unparsed);
                return ReferenceEvaluator.ideal(parsed, in).comp();
            } catch (RuntimeException | LinkageError e) {
                return noReference(e);
            }
        }

        // MPFR missing (LinkageError) or a math call it cannot decide: said, not guessed.
        private static String noReference(Throwable e) {
            String m = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().lines().findFirst().orElse("");
            return "no reference: " + m;
        }
    }

    static Judgement judgement(Discrepancy d, double ref, Precision p) {
        Double a = value(d.hexA());
        Double b = value(d.hexB());
        String refHex = HexFloat.format(ref);
        boolean sameA = a != null && same(a, ref);
        boolean sameB = b != null && same(b, ref);
        if (sameA && !sameB) return new Judgement(d, refHex, Agreement.A, "");
        if (sameB && !sameA) return new Judgement(d, refHex, Agreement.B, "");
        if (a == null || b == null) return new Judgement(d, refHex, Agreement.UNDECIDED, "a side has no value");
        if (sameA)
            return new Judgement(
                    d, refHex, Agreement.UNDECIDED, "both sides equal the reference"); // only ±0 or NaN payloads differ
        if (Double.isNaN(ref) || Double.isNaN(a) || Double.isNaN(b) || Double.isInfinite(ref))
            return new Judgement(d, refHex, Agreement.NEITHER, "");
        BigInteger ua = Ulps.between(ref, a, p);
        BigInteger ub = Ulps.between(ref, b, p);
        int c = ua.compareTo(ub);
        String closer = c == 0
                ? "both " + ua + " ulps away"
                : (c < 0 ? "a" : "b") + " is closer: " + ua.min(ub) + " vs " + ua.max(ub) + " ulps";
        return new Judgement(d, refHex, Agreement.NEITHER, closer);
    }

    /** The same value: the same bits, or both NaN (a NaN's payload and sign are not results). */
    private static boolean same(double x, double ref) {
        return Double.isNaN(x) ? Double.isNaN(ref) : Double.doubleToRawLongBits(x) == Double.doubleToRawLongBits(ref);
    }

    private static Double value(String hex) {
        if (hex == null) return null;
        try {
            return HexFloat.parse(hex);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** What "across sites" compares, said in every headline about it. */
    public static final String MEANING = "same toolchain and opt level at two sites";
}
