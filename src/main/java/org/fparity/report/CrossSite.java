package org.fparity.report;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Discrepancy;
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

    /**
     * Judges each discrepancy; the reference is evaluated once per program and input, unless {@code known} (keyed
     * {@code program/input}) already has it.
     */
    public static List<Judgement> judge(CampaignView view, List<Discrepancy> ds, Map<String, Double> known) {
        Map<String, Object> refs = new HashMap<>(known); // program/input → Double, or the String reason it is undecided
        List<Judgement> out = new ArrayList<>();
        for (Discrepancy d : ds) {
            Object r =
                    refs.computeIfAbsent(d.program() + "/" + d.input(), k -> reference(view, d.program(), d.input()));
            Precision p = view.precision(d.program());
            if (r instanceof String why) {
                out.add(new Judgement(d, null, Agreement.UNDECIDED, why));
                continue;
            }
            double ref = (Double) r;
            out.add(judgement(d, ref, p));
        }
        return out;
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

    /** The ideal platform's result for one run, or the reason there is none. */
    private static Object reference(CampaignView view, String programId, int input) {
        String src = view.source(programId);
        Input in = view.input(programId, input);
        if (src == null || in == null) return "the campaign lacks the program's text or input";
        try {
            return ReferenceEvaluator.ideal(Program.parse(src), in).comp();
        } catch (RuntimeException | LinkageError e) {
            // MPFR missing (LinkageError) or a math call it cannot decide: said, not guessed.
            String m = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().lines().findFirst().orElse("");
            return "no reference: " + m;
        }
    }

    /** What "across sites" compares, said in every headline about it. */
    public static final String MEANING = "same toolchain and opt level at two sites";

    /**
     * The counts in one line, cases first: {@code Across sites (same toolchain and opt level at two sites): 3 cases
     * differ, in 6 platform pairs; the correctly rounded reference … agrees with side a in 2 pairs, …}.
     */
    public static String summary(List<Judgement> vs) {
        Map<Agreement, Integer> n = new EnumMap<>(Agreement.class);
        java.util.Set<String> cases = new java.util.HashSet<>();
        for (Judgement v : vs) {
            n.merge(v.agrees(), 1, Integer::sum);
            cases.add(v.discrepancy().program() + "/" + v.discrepancy().input());
        }
        String head = "Across sites (" + MEANING + "): " + cases.size()
                + (cases.size() == 1 ? " case differs" : " cases differ");
        if (vs.isEmpty()) return head;
        return String.format(
                java.util.Locale.ROOT,
                "%s, in %d platform %s; the correctly rounded reference (ideal IEEE platform) agrees with side a in %d, "
                        + "side b in %d, neither in %d, undecided %d",
                head,
                vs.size(),
                vs.size() == 1 ? "pair" : "pairs",
                n.getOrDefault(Agreement.A, 0),
                n.getOrDefault(Agreement.B, 0),
                n.getOrDefault(Agreement.NEITHER, 0),
                n.getOrDefault(Agreement.UNDECIDED, 0));
    }

    /** Counts per verdict, and one line per discrepancy up to {@code limit}: what {@code fparity compare} prints. */
    public static String render(List<Judgement> vs, int limit) {
        StringWriter s = new StringWriter();
        PrintWriter o = new PrintWriter(s);
        o.printf("%s%n", summary(vs));
        if (!vs.isEmpty())
            o.printf(
                    "  %-16s %5s  %-44s %-14s %-24s %-24s %-24s %s%n",
                    "program", "input", "a : b", "class", "a", "b", "reference", "agrees with");
        for (Judgement v : vs.subList(0, Math.min(limit, vs.size()))) {
            Discrepancy d = v.discrepancy();
            o.printf(
                    "  %-16s %5d  %-44s %-14s %-24s %-24s %-24s %s%n",
                    d.program(),
                    d.input(),
                    d.pair().id(),
                    d.cls().label(),
                    d.hexA(),
                    d.hexB(),
                    v.reference() == null ? "-" : v.reference(),
                    v.agreesWith());
        }
        if (vs.size() > limit) o.printf("  … %d more (fparity report writes them all)%n", vs.size() - limit);
        o.flush();
        return s.toString();
    }
}
