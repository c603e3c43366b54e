package org.fparity.fprev;

import java.util.Random;

/** Random summation trees for planted-tree tests and benchmarks. */
public final class RandomTrees {
    private RandomTrees() {}

    /** Joins random pairs of the current subtrees until one remains: every shape and leaf labelling can occur. */
    public static SumTree binary(Random rnd, int n) {
        return build(rnd, n, 2);
    }

    /** Like {@link #binary} but a join takes 2..maxArity subtrees, so fused nodes appear. */
    public static SumTree multiway(Random rnd, int n, int maxArity) {
        return build(rnd, n, maxArity);
    }

    private static SumTree build(Random rnd, int n, int maxArity) {
        SumTree.Builder b = new SumTree.Builder(n);
        int[] pool = new int[n];
        for (int k = 0; k < n; k++) pool[k] = k;
        int len = n;
        while (len > 1) {
            int arity = maxArity <= 2 ? 2 : 2 + rnd.nextInt(Math.min(maxArity, len) - 1);
            int v = b.node();
            for (int q = 0; q < arity; q++) {
                int pick = rnd.nextInt(len);
                b.adopt(v, pool[pick]);
                pool[pick] = pool[--len];
            }
            pool[len++] = v;
        }
        return b.build(pool[0]);
    }
}
