package org.fparity.fprev;

import java.math.BigDecimal;
import org.fparity.ir.Precision;

/** Computes a sum in the order a {@link SumTree} gives: the replay side of FPRev. */
public final class TreeEvaluator {
    private final SumTree tree;
    private final Precision accumulator;
    private final Precision output;
    private final FusedSum fused;
    private final double[] vals;
    private boolean[] wide;
    private boolean fuseAll;
    private Precision widePrecision;
    private final double[] scratch;

    /**
     * @param accumulator precision of every binary addition
     * @param output precision the final result is rounded to (wider accumulators round once at the end)
     * @param fused how multiway nodes add; null means exactly, then rounded to the accumulator
     */
    public TreeEvaluator(SumTree tree, Precision accumulator, Precision output, FusedSum fused) {
        this.tree = tree;
        this.accumulator = accumulator;
        this.output = output;
        this.fused = fused;
        this.vals = new double[tree.nodeCount()];
        this.scratch = new double[Math.max(2, tree.maxArity())];
    }

    /** Every node, binary ones too, adds through the fused model (tensor-core MMA steps). */
    public TreeEvaluator fuseAll() {
        this.fuseAll = fused != null;
        return this;
    }

    /** Makes the marked nodes add in a wider precision (a mixed accumulator, e.g. a tail loop kept in double). */
    public TreeEvaluator widen(boolean[] nodes, Precision precision) {
        this.wide = nodes;
        this.widePrecision = precision;
        return this;
    }

    public double evaluate(double[] x) {
        int n = tree.n();
        System.arraycopy(x, 0, vals, 0, n);
        for (int v = n; v < vals.length; v++) {
            int c = tree.childCount(v);
            if (c == 2 && !fuseAll) {
                Precision acc = wide != null && wide[v] ? widePrecision : accumulator;
                vals[v] = acc.add(vals[tree.child(v, 0)], vals[tree.child(v, 1)]);
            } else {
                for (int k = 0; k < c; k++) scratch[k] = vals[tree.child(v, k)];
                vals[v] = fused != null ? fused.sum(scratch, c) : exactRounded(scratch, c);
            }
        }
        return output.round(vals[tree.root()]);
    }

    private double exactRounded(double[] xs, int c) {
        BigDecimal s = BigDecimal.ZERO;
        for (int k = 0; k < c; k++) {
            if (Double.isNaN(xs[k]) || Double.isInfinite(xs[k])) {
                double d = 0;
                for (int q = 0; q < c; q++) d += xs[q];
                return d;
            }
            s = s.add(new BigDecimal(xs[k]));
        }
        return accumulator.round(s.doubleValue());
    }
}
