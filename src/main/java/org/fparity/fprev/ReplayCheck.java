package org.fparity.fprev;

import java.util.Random;
import org.fparity.ir.Precision;

/**
 * Replays a revealed tree in the target's precision on random inputs and compares bit for bit. The probes only see the
 * order; this catches what they cannot: an accumulator wider than the inputs, FMA contraction, other roundings.
 */
public final class ReplayCheck {
    /** The outcome: whether it matched, and a sentence for people. */
    public record Report(boolean matches, boolean widerAccumulator, int trials, int mismatches, String verdict) {}

    private ReplayCheck() {}

    public static Report run(
            SumTarget.Session session, SumTree tree, Precision p, FusedSum fused, int trials, long seed) {
        return run(session, tree, p, p, fused, false, trials, seed);
    }

    /** @param out the result's format; @param fuseAll every node adds through {@code fused} (tensor-core steps) */
    public static Report run(
            SumTarget.Session session,
            SumTree tree,
            Precision p,
            Precision out,
            FusedSum fused,
            boolean fuseAll,
            int trials,
            long seed) {
        return run(session, tree, p, out, fused, fuseAll, RandomInputs.summands(new Random(seed), trials, tree.n(), p));
    }

    /** The random inputs a reveal's replay uses for n summands in precision p: the same for every reveal of that n. */
    public static double[][] inputs(int n, Precision p, int trials) {
        return RandomInputs.summands(new Random(0xC0FFEE + n), trials, n, p);
    }

    /** The replay on given inputs (each row n summands, representable in p). */
    public static Report run(
            SumTarget.Session session,
            SumTree tree,
            Precision p,
            Precision out,
            FusedSum fused,
            boolean fuseAll,
            double[][] inputs) {
        int trials = inputs.length;
        double[] want = session.evaluate(inputs);
        if (fuseAll) {
            TreeEvaluator ev = new TreeEvaluator(tree, out, out, fused).fuseAll();
            int bad = 0;
            for (int t = 0; t < trials; t++)
                if (Double.doubleToLongBits(ev.evaluate(inputs[t])) != Double.doubleToLongBits(want[t])) bad++;
            return bad == 0
                    ? new Report(
                            true,
                            false,
                            trials,
                            0,
                            "replay through the fused-sum model matches bit for bit on " + trials + " random inputs")
                    : new Report(
                            false,
                            false,
                            trials,
                            bad,
                            "replay through the fused-sum model differs on " + bad + " of " + trials
                                    + " random inputs");
        }
        int bad = mismatches(tree, p, p, fused, inputs, want);
        if (bad == 0) {
            return new Report(true, false, trials, 0, "replay matches bit for bit on " + trials + " random inputs");
        }
        for (Precision acc : new Precision[] {Precision.FP32, Precision.FP64}) {
            if (acc.significandBits() <= p.significandBits()) continue;
            if (mismatches(tree, acc, p, fused, inputs, want) == 0) {
                return new Report(
                        false,
                        true,
                        trials,
                        bad,
                        "the order is right but it accumulates in higher precision than its "
                                + p.dtype() + " inputs: a " + acc.dtype() + " replay of the same tree matches all "
                                + trials
                                + " random inputs, a " + p.dtype() + " replay differs on " + bad);
            }
        }
        Report mixed = mixed(tree, p, fused, inputs, want, bad);
        if (mixed != null) return mixed;
        return new Report(
                false,
                false,
                trials,
                bad,
                "replay in " + p.dtype() + " differs on " + bad + " of " + trials
                        + " random inputs: the probes fit this order, but the arithmetic is not plain " + p.dtype()
                        + " addition (FMA contraction, another rounding, or an order that depends on the values)");
    }

    /**
     * A mixed accumulator, as BLAS kernels have when they finish a vector tail in double: the additions outside one
     * big subtree X (X on the root's largest-child path, up to 64 deep) in a wider format, X itself in the input's.
     */
    private static Report mixed(SumTree tree, Precision p, FusedSum fused, double[][] inputs, double[] want, int bad) {
        int[] spine = new int[Math.min(65, tree.nodeCount())];
        int len = 0;
        for (int v = tree.root(); !tree.isLeaf(v) && len < spine.length; ) {
            spine[len++] = v;
            int best = tree.child(v, 0);
            for (int k = 1; k < tree.childCount(v); k++)
                if (tree.size(tree.child(v, k)) > tree.size(best)) best = tree.child(v, k);
            v = best;
        }
        for (Precision acc : new Precision[] {Precision.FP32, Precision.FP64}) {
            if (acc.significandBits() <= p.significandBits()) continue;
            for (int d = 1; d < len; d++) {
                int x = spine[d];
                boolean[] inX = new boolean[tree.nodeCount()];
                inX[x] = true;
                for (int v = x - 1; v >= 0; v--) inX[v] = tree.parent(v) >= 0 && inX[tree.parent(v)];
                boolean[] wide = new boolean[tree.nodeCount()];
                for (int v = tree.n(); v < wide.length; v++) wide[v] = !inX[v];
                if (mismatches(tree, p, p, fused, inputs, want, wide, acc) == 0) {
                    return new Report(
                            false,
                            true,
                            inputs.length,
                            bad,
                            "the order is right but only "
                                    + TreeShapes.range(tree, x) + " are added in " + p.dtype() + "; the other "
                                    + (tree.n() - tree.size(x)) + " summands and the final additions accumulate in "
                                    + acc.dtype()
                                    + ", higher precision than its " + p.dtype() + " inputs (a " + p.dtype()
                                    + " replay differs on "
                                    + bad + " of " + inputs.length + " random inputs, this mixed replay on none)");
                }
            }
        }
        return null;
    }

    private static int mismatches(
            SumTree tree, Precision acc, Precision out, FusedSum fused, double[][] inputs, double[] want) {
        return mismatches(tree, acc, out, fused, inputs, want, null, null);
    }

    private static int mismatches(
            SumTree tree,
            Precision acc,
            Precision out,
            FusedSum fused,
            double[][] inputs,
            double[] want,
            boolean[] wide,
            Precision widePrecision) {
        TreeEvaluator ev = new TreeEvaluator(tree, acc, out, fused);
        if (wide != null) ev.widen(wide, widePrecision);
        int bad = 0;
        for (int t = 0; t < inputs.length; t++) {
            double got = ev.evaluate(inputs[t]);
            if (Double.doubleToLongBits(got) != Double.doubleToLongBits(want[t]) && !(got == 0 && want[t] == 0)) bad++;
        }
        return bad;
    }
}
