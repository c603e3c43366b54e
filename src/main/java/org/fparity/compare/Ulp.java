package org.fparity.compare;

import org.fparity.ir.Precision;

/** Distances between two results in units in the last place of the program's precision, and relative error. */
public final class Ulp {
    private Ulp() {}

    /**
     * Number of representable values of precision p from a to b (0 when equal; +0 and −0 count as one value, so the two
     * smallest subnormals of opposite sign are 2 apart; the largest finite and Inf are 1 apart). FP32 results must be
     * exact floats. Saturates at Long.MAX_VALUE (only reachable across the whole FP64 range).
     */
    public static long distance(double a, double b, Precision p) {
        if (Double.isNaN(a) || Double.isNaN(b)) throw new IllegalArgumentException("no ULP distance to NaN");
        long oa;
        long ob;
        if (p == Precision.FP32) {
            if ((float) a != a || (float) b != b) {
                throw new IllegalArgumentException("FP32 result is not a float: " + ((float) a != a ? a : b));
            }
            oa = ordered32(Float.floatToRawIntBits((float) a));
            ob = ordered32(Float.floatToRawIntBits((float) b));
        } else {
            oa = ordered64(Double.doubleToRawLongBits(a));
            ob = ordered64(Double.doubleToRawLongBits(b));
        }
        try {
            return Math.abs(Math.subtractExact(oa, ob));
        } catch (ArithmeticException overflow) {
            return Long.MAX_VALUE;
        }
    }

    // Sign-magnitude bits to a line where adjacent floats are adjacent integers; −0 and +0 both land on 0.
    private static long ordered64(long bits) {
        return bits < 0 ? -(bits & Long.MAX_VALUE) : bits;
    }

    private static long ordered32(int bits) {
        return bits < 0 ? -(long) (bits & Integer.MAX_VALUE) : bits;
    }

    /** |a − b| / max(|a|, |b|): symmetric, so it does not matter which platform is taken as the reference; 0 when equal. */
    public static double relativeError(double a, double b) {
        if (a == b) return 0.0;
        double m = Math.max(Math.abs(a), Math.abs(b));
        double d = Math.abs(a - b);
        // a − b overflows when both are huge and of opposite sign; halving first is exact for normal numbers.
        if (Double.isInfinite(d) && !Double.isInfinite(m)) return Math.abs(a / 2 - b / 2) / (m / 2);
        return d / m;
    }
}
