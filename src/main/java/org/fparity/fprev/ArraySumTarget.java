package org.fparity.fprev;

import java.util.Arrays;
import org.fparity.ir.Precision;

/** A target that is a Java function of a summand array; probes build the masked array in place, O(1) per probe. */
public abstract class ArraySumTarget implements SumTarget {
    private final String name;
    private final Precision precision;

    protected ArraySumTarget(String name, Precision precision) {
        this.name = name;
        this.precision = precision;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Precision precision() {
        return precision;
    }

    /** The function itself: the sum of x (its values are in {@link #precision()}). */
    public abstract double sum(double[] x);

    @Override
    public Session open(int n, double mask, double unit) {
        return new ArraySession(n, mask, unit);
    }

    /** Holds one masked array and restores it after every probe. */
    protected class ArraySession implements Session {
        protected final int n;
        protected final double mask;
        protected final double unit;
        protected final double[] x;
        private int from = -1, to = -1;

        protected ArraySession(int n, double mask, double unit) {
            this.n = n;
            this.mask = mask;
            this.unit = unit;
            this.x = new double[n];
        }

        protected void fill(int f, int t) {
            if (f == from && t == to) return;
            Arrays.fill(x, 0.0);
            Arrays.fill(x, f, t, unit);
            from = f;
            to = t;
        }

        protected double base(int k) {
            return k >= from && k < to ? unit : 0.0;
        }

        @Override
        public void probe(int[] is, int[] js, int count, int f, int t, double[] out) {
            fill(f, t);
            for (int k = 0; k < count; k++) {
                int i = is[k], j = js[k];
                x[i] = mask;
                x[j] = -mask;
                out[k] = sum(x);
                x[i] = base(i);
                x[j] = base(j);
            }
        }

        @Override
        public double[] evaluate(double[][] inputs) {
            double[] out = new double[inputs.length];
            for (int k = 0; k < inputs.length; k++) out[k] = sum(inputs[k].clone());
            return out;
        }
    }
}
