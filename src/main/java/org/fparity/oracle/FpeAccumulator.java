package org.fparity.oracle;

import org.fparity.ir.Precision;

/**
 * ExBLAS's first level as an option: a floating-point expansion of k doubles updated by TwoSum (Knuth), with
 * early exit when the error vanishes; what does not fit goes to the exact accumulator. Exact and correctly
 * rounded like {@link ExactAccumulator}, and measured against it (it pays off only on narrow-range data).
 */
public final class FpeAccumulator {
    private final double[] e;
    private final ExactAccumulator acc = new ExactAccumulator();

    public FpeAccumulator(int size) {
        if (size < 1 || size > 16) throw new IllegalArgumentException("expansion size must be 1..16, got " + size);
        e = new double[size];
    }

    /** Adds x exactly. */
    public void add(double x) {
        if (!Double.isFinite(x) || x == 0) {
            acc.add(x); // specials and zero signs are the accumulator's business
            return;
        }
        acc.countOnly();
        double[] a = e;
        for (int i = 0; i < a.length; i++) {
            double s = a[i] + x;
            double z = s - a[i];
            double err = (a[i] - (s - z)) + (x - z);
            if (!Double.isFinite(err)) { // TwoSum overflowed near the top of the range: keep x exact elsewhere
                acc.addUncounted(x);
                return;
            }
            a[i] = s;
            x = err;
            if (x == 0) return;
        }
        acc.addUncounted(x);
    }

    public void addAll(double[] xs, int from, int to) {
        for (int i = from; i < to; i++) add(xs[i]);
    }

    /** Flushes the expansion into the exact accumulator and returns it (the expansion restarts empty). */
    public ExactAccumulator accumulator() {
        for (int i = 0; i < e.length; i++) {
            if (e[i] != 0) acc.addUncounted(e[i]);
            e[i] = 0;
        }
        return acc;
    }

    public double round(Precision f, Rounding r) {
        return accumulator().round(f, r);
    }
}
