package org.fparity.reduce;

import java.util.List;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.HexFloat;

/**
 * Which side of a discrepancy is off the correctly rounded truth, judged on the final results the two platforms
 * printed against the ideal IEEE platform's (every operation and call rounded once, MPFR). Only what was measured:
 * with no reference, or when both results agree with it, the answer is undecided and says why.
 *
 * @param who    {@code A}, {@code B}, {@code BOTH} or {@code UNDECIDED}
 * @param pa     platform A as recorded ({@code toolchain@opt})
 * @param pb     platform B as recorded
 * @param reason for {@code UNDECIDED}: why; otherwise empty
 */
public record OffTruth(Who who, String pa, String pb, String a, String b, String reference, String reason) {
    public enum Who {
        A,
        B,
        BOTH,
        UNDECIDED
    }

    /** Judges the two printed results against the reference (null: none could be computed here). */
    public static OffTruth of(String pa, Outcome outA, String pb, Outcome outB, Double reference) {
        String ha = describe(outA);
        String hb = describe(outB);
        String ref = reference == null ? null : HexFloat.format(reference);
        if (reference == null)
            return new OffTruth(
                    Who.UNDECIDED, pa, pb, ha, hb, null, "no correctly rounded reference could be computed here");
        if (!ok(outA) || !ok(outB)) return new OffTruth(Who.UNDECIDED, pa, pb, ha, hb, ref, "a side printed no result");
        boolean offA = DiscrepancyClass.classify(outA.value(), reference) != null;
        boolean offB = DiscrepancyClass.classify(outB.value(), reference) != null;
        if (offA && offB) return new OffTruth(Who.BOTH, pa, pb, ha, hb, ref, "");
        if (offA) return new OffTruth(Who.A, pa, pb, ha, hb, ref, "");
        if (offB) return new OffTruth(Who.B, pa, pb, ha, hb, ref, "");
        return new OffTruth(Who.UNDECIDED, pa, pb, ha, hb, ref, "both results fall in the reference's class");
    }

    private static boolean ok(Outcome o) {
        return o != null && o.status() == Outcome.Status.OK;
    }

    private static String describe(Outcome o) {
        return o == null ? "no outcome" : Reducer.describe(o);
    }

    /** The platforms off the truth, in A, B order (empty when undecided). */
    public List<String> off() {
        return switch (who) {
            case A -> List.of(pa);
            case B -> List.of(pb);
            case BOTH -> List.of(pa, pb);
            case UNDECIDED -> List.of();
        };
    }

    /** The machine word: the off platform, "both", or "undecided". */
    public String key() {
        return switch (who) {
            case A -> pa;
            case B -> pb;
            case BOTH -> "both";
            case UNDECIDED -> "undecided";
        };
    }

    /** One sentence on the final results, nothing beyond them. */
    public String sentence() {
        return switch (who) {
            case A ->
                pa + " is off the correctly rounded result (it prints `" + a + "`, MPFR gives `" + reference + "`); "
                        + pb + " prints the correctly rounded result.";
            case B ->
                pb + " is off the correctly rounded result (it prints `" + b + "`, MPFR gives `" + reference + "`); "
                        + pa + " prints the correctly rounded result.";
            case BOTH ->
                "Both are off the correctly rounded result `" + reference + "`: " + pa + " prints `" + a + "`, " + pb
                        + " prints `" + b + "`.";
            case UNDECIDED ->
                "Which side is off the correctly rounded result is undecided: " + reason
                        + (reference == null ? "" : " (MPFR gives `" + reference + "`)") + ".";
        };
    }
}
