package org.fparity.fprev;

import java.util.Random;

/**
 * Replays a revealed tree in the target's precision on random inputs and compares bit for bit. The probes only see the
 * order; this catches what they cannot: an accumulator wider than the inputs, FMA contraction, other roundings.
 */
public final class ReplayCheck {
    /** The outcome: whether it matched, and a sentence for people. */
    public record Report(boolean matches, boolean widerAccumulator, int trials, int mismatches, String verdict) {}

    private ReplayCheck() {}

    public static Report run(SumTarget.Session session, SumTree tree, Precision p, FusedSum fused, int trials, long seed) {
        double[][] inputs = RandomInputs.summands(new Random(seed), trials, tree.n(), p);
        double[] want = session.evaluate(inputs);
        int bad = mismatches(tree, p, p, fused, inputs, want);
        if (bad == 0) {
            return new Report(true, false, trials, 0, "replay matches bit for bit on " + trials + " random inputs");
        }
        for (Precision acc : new Precision[] {Precision.FP32, Precision.FP64}) {
            if (acc.digits() <= p.digits()) continue;
            if (mismatches(tree, acc, p, fused, inputs, want) == 0) {
                return new Report(false, true, trials, bad, "the order is right but it accumulates in higher precision than its "
                        + p.dtype() + " inputs: a " + acc.dtype() + " replay of the same tree matches all " + trials
                        + " random inputs, a " + p.dtype() + " replay differs on " + bad);
            }
        }
        return new Report(false, false, trials, bad, "replay in " + p.dtype() + " differs on " + bad + " of " + trials
                + " random inputs: the probes fit this order, but the arithmetic is not plain " + p.dtype()
                + " addition (FMA contraction, another rounding, or an order that depends on the values)");
    }

    private static int mismatches(SumTree tree, Precision acc, Precision out, FusedSum fused, double[][] inputs, double[] want) {
        TreeEvaluator ev = new TreeEvaluator(tree, acc, out, fused);
        int bad = 0;
        for (int t = 0; t < inputs.length; t++) {
            double got = ev.evaluate(inputs[t]);
            if (Double.doubleToLongBits(got) != Double.doubleToLongBits(want[t]) && !(got == 0 && want[t] == 0)) bad++;
        }
        return bad;
    }
}
