package org.fparity.reduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.attribution.FlagModel;
import org.fparity.attribution.RootCause;
import org.fparity.confirm.Side;

/**
 * A finding's verdict from the experiment {@code fparity triage} already made: when the campaign's {@code causes.json}
 * attributes the discrepancy to a minimal set of the culprit's flags, and every flag of it is a knob its knob file
 * describes, the verdict follows from what those knobs are: flags that promise something about the values (flush to
 * zero, finite math, signed zeros) make it outside the flags' contract, documented relaxations (contraction,
 * reassociation, reciprocals, approximate division, square root or functions) make it allowed by the flags. Used where
 * the bundle's own builds left the verdict undecided, so that reduce and triage do not contradict each other.
 */
final class TriageVerdict {
    private TriageVerdict() {}

    /** The verdict the cause gives for the pair {@code a}, {@code b}, or null when it gives none. */
    static FindingVerdict of(RootCause c, Side a, Side b, Path knobs) {
        if (c == null || c.flags().isEmpty()) return null;
        if (c.kind() != RootCause.Kind.FLAGS && c.kind() != RootCause.Kind.PASS) return null;
        Side culprit = culprit(c.family(), a, b);
        if (culprit == null) return null;
        FlagModel model = FlagModel.forToolchain(knobs, culprit.toolchain());
        List<String> names = new ArrayList<>();
        boolean contract = true;
        for (String f : c.flags()) {
            FlagModel.Knob k = model.knobOf(f);
            if (k == null || "vectorisation".equals(k.operation())) return null;
            names.add(k.name());
            contract &= TopPicks.CONTRACT_KNOBS.contains(k.name());
        }
        String set = "`" + String.join(" ", c.flags()) + "` (" + String.join(", ", names) + ")";
        String found = "Triage (causes.json, cause `" + c.key() + "`) found " + set + " the minimal set of "
                + culprit.label() + "'s flags that makes this difference on the original program";
        return contract
                ? new FindingVerdict(
                        FindingVerdict.Kind.OUTSIDE_CONTRACT,
                        culprit.label(),
                        found + ": flags that promise the program's values stay normal and finite, which it breaks."
                                + " Report it to whoever chose the flags, not to the vendor.")
                : new FindingVerdict(
                        FindingVerdict.Kind.ALLOWED_BY_FLAGS,
                        culprit.label(),
                        found + ": documented relaxations the flags turn on, so it is not a vendor bug.");
    }

    /**
     * The verdict an {@link RootCause.Kind#OPERATION operation} cause gives — triage found the culprit's math library
     * off the correctly rounded result in {@code function} — where the bundle could not trace the culprit (a Java side):
     * when the reduced program is that one call and nothing else, its printed result is the call's, so its distance
     * from the correctly rounded result ({@code reference}) is the call's, judged against the library's documented
     * maximum ({@code accuracy}); null when any of that does not hold.
     */
    static FindingVerdict ofCall(
            RootCause c,
            Side a,
            org.fparity.exec.Outcome oa,
            Side b,
            org.fparity.exec.Outcome ob,
            org.fparity.ir.Program reduced,
            Double reference,
            java.util.function.Function<Side, String> language,
            Accuracy accuracy) {
        if (c == null || c.kind() != RootCause.Kind.OPERATION || c.function() == null || reference == null) return null;
        boolean inA = a.toolchain().equals(c.family()) || a.toolchain().startsWith(c.family() + "-");
        boolean inB = b.toolchain().equals(c.family()) || b.toolchain().startsWith(c.family() + "-");
        if (inA == inB) return null;
        Side culprit = inA ? a : b;
        org.fparity.exec.Outcome mine = inA ? oa : ob;
        if (mine == null || mine.status() != org.fparity.exec.Outcome.Status.OK) return null;
        List<org.fparity.ir.Expr.Call> calls = new ArrayList<>();
        org.fparity.ir.Walker.each(reduced, (path, n) -> {
            if (n instanceof org.fparity.ir.Expr.Call call) calls.add(call);
        });
        if (org.fparity.ir.Size.of(reduced).operations() != 1
                || calls.size() != 1
                || !calls.getFirst().fn().canonicalName().equals(c.function())) return null;
        String precision = reduced.precision().id();
        double v = mine.value();
        if (org.fparity.exec.DiscrepancyClass.classify(v, reference) != org.fparity.exec.DiscrepancyClass.NUMBER_NUMBER)
            return null;
        Accuracy.Bound bound = accuracy.bound(language.apply(culprit), precision, c.function());
        if (bound == null) return null;
        java.math.BigInteger ulps =
                org.fparity.ir.Ulps.distance(v, reference, org.fparity.ir.Precision.parse(precision));
        String said = "The reduced program is one call, `" + c.function() + "`, and " + culprit.label() + " prints `"
                + mine.hex() + "`, " + ulps + " ULP from the correctly rounded `"
                + org.fparity.ir.HexFloat.format(reference) + "` (triage: cause `" + c.key() + "`); "
                + bound.library() + " documents at most " + bound.maxUlps() + " ULP for `" + c.function() + "` ("
                + bound.source() + ")";
        return ulps.compareTo(java.math.BigInteger.valueOf(bound.maxUlps())) <= 0
                ? new FindingVerdict(FindingVerdict.Kind.WITHIN_ACCURACY, culprit.label(), said + ".")
                : new FindingVerdict(FindingVerdict.Kind.VENDOR_BUG, culprit.label(), said + ": beyond it.");
    }

    /**
     * The side the cause's family ({@code toolchain opt}) names: the one at that level, else the one of that toolchain
     * (of a pair within it, the higher level: triage's step may lie between two levels of the pair), else null.
     */
    static Side culprit(String family, Side a, Side b) {
        if (family(a).equals(family)) return a;
        if (family(b).equals(family)) return b;
        String tc = family.split(" ")[0];
        boolean inA = a.toolchain().equals(tc);
        boolean inB = b.toolchain().equals(tc);
        if (inA && inB) return org.fparity.exec.Toolchain.OPT_ORDER.compare(a.opt(), b.opt()) >= 0 ? a : b;
        return inA ? a : inB ? b : null;
    }

    /** A side as a cause's family names it: toolchain and opt level. */
    static String family(Side s) {
        return s.toolchain() + " " + s.opt();
    }
}
