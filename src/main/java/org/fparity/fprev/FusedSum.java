package org.fparity.fprev;

import org.fparity.ir.Precision;

/**
 * Multi-term fused summation (Algorithm 6), the way NVIDIA tensor cores add K products and an accumulator: every
 * significand is aligned to the largest exponent and truncated to {@code fractionBits} bits below it, the aligned values
 * are added exactly as integers, and the result is converted to the output format (rounded to nearest, or truncated).
 */
public record FusedSum(int terms, int fractionBits, Precision output, boolean truncateOutput) {
    public FusedSum {
        if (terms < 2) throw new IllegalArgumentException("a fused sum needs at least two terms");
        if (fractionBits < 1 || fractionBits > 52) throw new IllegalArgumentException("fraction bits must be 1..52");
    }

    /** Adds xs[0..count) in one fused step. */
    public double sum(double[] xs, int count) {
        int e = Integer.MIN_VALUE;
        for (int k = 0; k < count; k++) {
            double x = xs[k];
            if (Double.isNaN(x) || Double.isInfinite(x)) return plainSum(xs, count);
            if (x != 0) e = Math.max(e, Math.getExponent(x));
        }
        if (e == Integer.MIN_VALUE) return 0.0;
        long s = 0;
        int shift = fractionBits - e;
        if (shift >= -1022 && shift <= 1023) {
            // x * 2^(F - E) is exact (a power-of-two factor; anything that would underflow truncates to 0 anyway);
            // the cast truncates toward zero: alignment and truncation in one step
            double p2 = Math.scalb(1.0, shift);
            for (int k = 0; k < count; k++) s += (long) (xs[k] * p2);
        } else {
            for (int k = 0; k < count; k++) s += (long) Math.scalb(xs[k], shift);
        }
        double exact = Math.scalb((double) s, e - fractionBits); // s < 2^(F+1+log2 K) <= 2^53: exact
        return truncateOutput ? output.truncate(exact) : output.round(exact);
    }

    private static double plainSum(double[] xs, int count) {
        double s = 0;
        for (int k = 0; k < count; k++) s += xs[k];
        return s;
    }
}
