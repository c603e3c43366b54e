package org.fparity.oracle;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Exact sums and dot products, sequential or fork/join; merging is exact so the bits never depend on the split. */
public final class ExactSums {
    private ExactSums() {}

    /** Below this many terms a fork/join leaf sums sequentially. */
    static final int LEAF = 1 << 16;

    /** Σ a, correctly rounded to nearest-even binary64. */
    public static double sum(double[] a) {
        ExactAccumulator acc = new ExactAccumulator();
        acc.addAll(a);
        return acc.round();
    }

    /** Σ x·y exactly, correctly rounded to nearest-even binary64. */
    public static double dot(double[] x, double[] y) {
        requireSameLength(x.length, y.length);
        ExactAccumulator acc = new ExactAccumulator();
        acc.addDot(x, y, 0, x.length);
        return acc.round();
    }

    /** The accumulator holding Σ a, built by {@code pool} in parallel. */
    public static ExactAccumulator sumParallel(double[] a, ForkJoinPool pool) {
        return pool.invoke(new Part(a, null, 0, a.length, Math.max(LEAF, a.length / (4 * pool.getParallelism()) + 1)));
    }

    /** The accumulator holding Σ x·y, built by {@code pool} in parallel. */
    public static ExactAccumulator dotParallel(double[] x, double[] y, ForkJoinPool pool) {
        requireSameLength(x.length, y.length);
        return pool.invoke(new Part(x, y, 0, x.length, Math.max(LEAF, x.length / (4 * pool.getParallelism()) + 1)));
    }

    private static void requireSameLength(int n, int m) {
        if (n != m)
            throw new IllegalArgumentException("dot product of vectors of different lengths (" + n + " and " + m + ")");
    }

    private static final class Part extends RecursiveTask<ExactAccumulator> {
        private static final long serialVersionUID = 1L;
        final double[] x;
        final double[] y;
        final int from;
        final int to;
        final int leaf;

        Part(double[] x, double[] y, int from, int to, int leaf) {
            this.x = x;
            this.y = y;
            this.from = from;
            this.to = to;
            this.leaf = leaf;
        }

        @Override
        protected ExactAccumulator compute() {
            if (to - from <= leaf) {
                ExactAccumulator acc = new ExactAccumulator();
                if (y == null) acc.addAll(x, from, to);
                else acc.addDot(x, y, from, to);
                return acc;
            }
            int mid = (from + to) >>> 1;
            Part left = new Part(x, y, from, mid, leaf);
            left.fork();
            ExactAccumulator right = new Part(x, y, mid, to, leaf).compute();
            return left.join().merge(right);
        }
    }
}
