package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import org.fparity.FparityError;

/**
 * The one precision type: an IEEE-754 binary format (or bfloat16), its significand and exponent range, and how values
 * round into it. What each package supports:
 * <ul>
 * <li>programs ({@code ir}, {@code gen}, {@code emit}, {@code exec}, {@code campaign}, {@code compare}, {@code report}):
 *     {@link #PROGRAMS}, FP32 and FP64 — every FP value, literal and operation of a program has that type;
 * <li>{@code oracle} (correctly rounded math through MPFR, exact sums, {@code eval}, {@code exsum}): FP32 and FP64;
 *     {@code oracle.bounds}: all four (unit roundoff);
 * <li>{@code fprev}: all four (FP16 and BF16 are rounded in Java and in the tensor-core model, or by numpy).
 * </ul>
 */
public enum Precision {
    FP16("float16", 11, -14, 15, "%.5g"),
    BF16("bfloat16", 8, -126, 127, "%.4g"),
    FP32("float32", 24, -126, 127, "%.9g"),
    FP64("float64", 53, -1022, 1023, "%.17g");

    /** The precisions a program can have. */
    public static final List<Precision> PROGRAMS = List.of(FP32, FP64);

    private final String dtype;
    private final int significandBits;
    private final int minExponent;
    private final int maxExponent;
    private final String decimalFormat;

    Precision(String dtype, int significandBits, int minExponent, int maxExponent, String decimalFormat) {
        this.dtype = dtype;
        this.significandBits = significandBits;
        this.minExponent = minExponent;
        this.maxExponent = maxExponent;
        this.decimalFormat = decimalFormat;
    }

    /** Significand bits including the implicit one (11, 8, 24 or 53). */
    public int significandBits() {
        return significandBits;
    }

    /** Exponent of the smallest normal value (−14, −126, −126, −1022). */
    public int minExponent() {
        return minExponent;
    }

    /** Exponent of the largest finite binade (15, 127, 127, 1023). */
    public int maxExponent() {
        return maxExponent;
    }

    /** The numpy-style name: float16, bfloat16, float32, float64. */
    public String dtype() {
        return dtype;
    }

    /** Unit roundoff 2^-p of round-to-nearest. */
    public double unitRoundoff() {
        return Math.scalb(1.0, -significandBits);
    }

    /** The largest power of two of the format (2^emax). */
    public double largestPowerOfTwo() {
        return Math.scalb(1.0, maxExponent);
    }

    /** The largest finite value. */
    public double maxValue() {
        return Math.scalb(2.0 - Math.scalb(1.0, 1 - significandBits), maxExponent);
    }

    /** True when this precision can be a program's (see {@link #PROGRAMS}). */
    public boolean programPrecision() {
        return this == FP32 || this == FP64;
    }

    /** The C / CUDA / HIP / OpenCL / Java type name of a program of this precision. */
    public String cType() {
        return switch (this) {
            case FP32 -> "float";
            case FP64 -> "double";
            default -> throw new IllegalStateException(id() + " is not a program precision");
        };
    }

    /** printf format for people: {@code %.9g} or {@code %.17g} (enough digits to tell values apart). */
    public String decimalFormat() {
        return decimalFormat;
    }

    /** Suffix of a literal of this precision in C-family languages and Java. */
    public String literalSuffix() {
        return this == FP32 ? "f" : "";
    }

    /** Rounds a double to the nearest value of this precision (ties to even), subnormals kept, overflow to infinity. */
    public double round(double x) {
        return switch (this) {
            case FP64 -> x;
            case FP32 -> (float) x;
            default -> roundTo(x, significandBits, minExponent, maxExponent);
        };
    }

    /** The sum of two values of this precision, correctly rounded (a double holds the exact sum's 2p+2 bits for p ≤ 24). */
    public double add(double a, double b) {
        return round(a + b);
    }

    /** Rounds toward zero into this precision, saturating at the largest finite value (some tensor cores convert so). */
    public double truncate(double x) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) return x;
        int e = Math.max(Math.getExponent(x), minExponent);
        double quantum = Math.scalb(1.0, e - (significandBits - 1));
        double r = Math.copySign(Math.floor(Math.abs(x) / quantum) * quantum, x);
        double max = maxValue();
        return Math.abs(r) > max ? Math.copySign(max, x) : r;
    }

    /** True when v is exactly a value of this precision (NaN and the infinities are). */
    public boolean representable(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) || round(v) == v;
    }

    private static double roundTo(double x, int p, int emin, int emax) {
        if (x == 0 || Double.isNaN(x) || Double.isInfinite(x)) return x;
        int e = Math.max(Math.getExponent(x), emin);
        double quantum = Math.scalb(1.0, e - (p - 1));
        double r = Math.rint(x / quantum) * quantum;
        if (Math.abs(r) >= Math.scalb(1.0, emax + 1)) return Math.copySign(Double.POSITIVE_INFINITY, x);
        return r;
    }

    /** fp16, bf16, fp32, fp64: the name in files and on the command line. */
    @JsonValue
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Any common spelling: fp64/float64/f64/double/binary64, fp32/float32/f32/float/single/binary32, fp16/…/half,
     * bf16/bfloat16; IllegalArgumentException otherwise.
     */
    @JsonCreator
    public static Precision parse(String s) {
        Precision p = lookUp(s);
        if (p == null)
            throw new IllegalArgumentException("unknown precision '" + s + "' (expected fp16, bf16, fp32 or fp64)");
        return p;
    }

    /** A program's precision (FP32 or FP64); IllegalArgumentException for anything else. */
    public static Precision parseProgram(String s) {
        Precision p = lookUp(s);
        if (p == null || !p.programPrecision())
            throw new IllegalArgumentException("unknown precision '" + s + "' (expected fp32 or fp64)");
        return p;
    }

    /** Parses s for a command that supports only {@code allowed}; refuses anything else in one line (exit 2). */
    public static Precision parse(String s, String what, List<Precision> allowed) {
        Precision p = lookUp(s);
        if (p == null) throw new FparityError("unknown precision '" + s + "' (use " + names(allowed) + ")");
        if (!allowed.contains(p)) throw new FparityError(what + " supports " + names(allowed) + ", not " + p.id());
        return p;
    }

    private static Precision lookUp(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "fp64", "float64", "f64", "double", "binary64" -> FP64;
            case "fp32", "float32", "f32", "float", "single", "binary32" -> FP32;
            case "fp16", "float16", "f16", "half", "binary16" -> FP16;
            case "bf16", "bfloat16" -> BF16;
            default -> null;
        };
    }

    private static String names(List<Precision> ps) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < ps.size(); i++) {
            if (i > 0) sb.append(i == ps.size() - 1 ? " or " : ", ");
            sb.append(ps.get(i).id());
        }
        return sb.toString();
    }
}
