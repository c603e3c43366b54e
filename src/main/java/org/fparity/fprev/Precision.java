package org.fparity.fprev;

import java.util.Locale;
import org.fparity.FparityError;

/**
 * A floating-point format for FPRev probes: how to round into it, which mask M and unit to use, and how large a count
 * its results can hold exactly.
 */
public enum Precision {
    FP64("float64", 53, -1022, 1023, 0x1p1023, 1.0),
    FP32("float32", 24, -126, 127, 0x1p127, 1.0),
    /** Small unit (§7.1.1): 2^15 cannot swamp n ones, so the unit is the smallest subnormal 2^-24 and counts are scaled back. */
    FP16("float16", 11, -14, 15, 0x1p15, 0x1p-24),
    BF16("bfloat16", 8, -126, 127, 0x1p127, 0x1p-24);

    private final String dtype;
    private final int digits;
    private final int emin;
    private final int emax;
    private final double mask;
    private final double unit;

    Precision(String dtype, int digits, int emin, int emax, double mask, double unit) {
        this.dtype = dtype;
        this.digits = digits;
        this.emin = emin;
        this.emax = emax;
        this.mask = mask;
        this.unit = unit;
    }

    /** The numpy-style name: float64, float32, float16, bfloat16. */
    public String dtype() {
        return dtype;
    }

    /** Significand bits including the hidden one. */
    public int digits() {
        return digits;
    }

    /** The mask M: the largest power of two of the format. */
    public double mask() {
        return mask;
    }

    /** The value every non-mask summand takes in a probe. */
    public double unit() {
        return unit;
    }

    /** The largest count of units this format's results hold exactly (2^p). */
    public long exactCountLimit() {
        return 1L << digits;
    }

    /** Rounds a double to the nearest value of this format (ties to even), with subnormals and overflow to infinity. */
    public double round(double x) {
        switch (this) {
            case FP64:
                return x;
            case FP32:
                return (float) x;
            default:
                return roundTo(x, digits, emin, emax);
        }
    }

    /** The format's sum of two of its values, correctly rounded (a double holds the exact sum's 2p+2 bits). */
    public double add(double a, double b) {
        return round(a + b);
    }

    /** Rounds toward zero into this format (the conversion some tensor cores use). */
    public double truncate(double x) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) return x;
        int e = Math.max(Math.getExponent(x), emin);
        double quantum = Math.scalb(1.0, e - (digits - 1));
        double r = Math.copySign(Math.floor(Math.abs(x) / quantum) * quantum, x);
        double max = Math.scalb(1.0, emax + 1) - Math.scalb(1.0, emax - digits + 1);
        return Math.abs(r) > max ? Math.copySign(max, x) : r;
    }

    static double roundTo(double x, int p, int emin, int emax) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) return x;
        int e = Math.max(Math.getExponent(x), emin);
        double quantum = Math.scalb(1.0, e - (p - 1));
        double r = Math.rint(x / quantum) * quantum;
        if (Math.abs(r) >= Math.scalb(1.0, emax + 1)) return Math.copySign(Double.POSITIVE_INFINITY, x);
        return r;
    }

    /** Parses float64/f64/fp64/double, float32/…, float16/…, bfloat16/bf16. */
    public static Precision parse(String s) {
        switch (s.toLowerCase(Locale.ROOT)) {
            case "float64", "f64", "fp64", "double":
                return FP64;
            case "float32", "f32", "fp32", "float", "single":
                return FP32;
            case "float16", "f16", "fp16", "half":
                return FP16;
            case "bfloat16", "bf16":
                return BF16;
            default:
                throw new FparityError("unknown dtype '" + s + "' (use float64, float32, float16 or bfloat16)");
        }
    }
}
