package org.fparity.ir;

import java.math.BigInteger;

/**
 * The one ULP distance: how many values of a precision lie between two of its values, counted exactly along the number
 * line (+0 and −0 are one point; the largest finite value and Inf are 1 apart). Exact for every pair: across the whole
 * FP64 range the count exceeds 2^63 (−DBL_MAX to DBL_MAX is 2^64 − 2^53 − 2), so it is a {@link BigInteger}, never a
 * capped {@code long}. Also the relative error, the other distance reports show.
 */
public final class Ulps {
    private Ulps() {}

    /** |ordinal(a) − ordinal(b)| in precision p; both must be values of p; no distance to NaN. */
    public static BigInteger distance(double a, double b, Precision p) {
        if (Double.isNaN(a) || Double.isNaN(b)) throw new IllegalArgumentException("no ULP distance to NaN");
        return BigInteger.valueOf(ordinal(a, p))
                .subtract(BigInteger.valueOf(ordinal(b, p)))
                .abs();
    }

    /**
     * Signed count of values of p from {@code truth} to {@code x} (positive when x lies above); 0 when both are NaN,
     * null when exactly one is.
     */
    public static BigInteger between(double truth, double x, Precision p) {
        if (Double.isNaN(truth) || Double.isNaN(x))
            return Double.isNaN(truth) && Double.isNaN(x) ? BigInteger.ZERO : null;
        return BigInteger.valueOf(ordinal(x, p)).subtract(BigInteger.valueOf(ordinal(truth, p)));
    }

    /** {@link #between} for people: {@code +3 ulp}, {@code -12437239916984123335 ulp}, {@code 0 ulp} or {@code NaN vs number}. */
    public static String betweenText(double truth, double x, Precision p) {
        BigInteger u = between(truth, x, p);
        if (u == null) return "NaN vs number";
        return u.signum() == 0 ? "0 ulp" : (u.signum() > 0 ? "+" : "") + u + " ulp";
    }

    /**
     * Position of x on the ordered line of p's values, 0 for both zeros, negative below zero. Fits a long for every
     * precision (at most 2^63 − 2^52 for FP64's infinity); only differences need more.
     */
    public static long ordinal(double x, Precision p) {
        if (Double.isNaN(x)) throw new IllegalArgumentException("NaN has no position on the number line");
        if (!p.representable(x))
            throw new IllegalArgumentException(p.id() + " result is not a " + p.id() + " value: " + HexFloat.format(x));
        return switch (p) {
            case FP64 -> {
                long bits = Double.doubleToRawLongBits(x);
                yield bits < 0 ? -(bits & Long.MAX_VALUE) : bits;
            }
            case FP32 -> {
                int bits = Float.floatToRawIntBits((float) x);
                yield bits < 0 ? -(long) (bits & Integer.MAX_VALUE) : bits;
            }
            default -> {
                long m = magnitudeOrdinal(Math.abs(x), p);
                yield x < 0 ? -m : m;
            }
        };
    }

    /** The bit pattern's magnitude, computed from the value: subnormals count quanta, each binade adds 2^(p−1). */
    private static long magnitudeOrdinal(double ax, Precision p) {
        int t = p.significandBits() - 1;
        long perBinade = 1L << t;
        if (Double.isInfinite(ax)) return (long) (p.maxExponent() - p.minExponent() + 2) * perBinade;
        int e = Math.getExponent(ax);
        if (ax == 0 || e < p.minExponent()) return (long) Math.scalb(ax, t - p.minExponent());
        long significand = (long) Math.scalb(ax, t - e); // in [2^t, 2^(t+1))
        return (long) (e - p.minExponent() + 1) * perBinade + (significand - perBinade);
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
