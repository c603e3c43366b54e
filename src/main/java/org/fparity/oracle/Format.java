package org.fparity.oracle;

/** A binary floating-point format as MPFR sees it: precision and exponent range (value = m·2^e, 1/2 ≤ m < 1). */
public enum Format {
    FP32(24, -148, 128),
    FP64(53, -1073, 1024);

    /** Significand bits, hidden bit included. */
    public final int precision;
    /** MPFR emin that makes the smallest subnormal representable; subnormalize does the rest. */
    final long emin;
    /** MPFR emax: the largest finite value is just below 2^emax. */
    final long emax;

    Format(int precision, long emin, long emax) {
        this.precision = precision;
        this.emin = emin;
        this.emax = emax;
    }

    /** Unit roundoff 2^-p for round-to-nearest. */
    public double unitRoundoff() {
        return Math.scalb(1.0, -precision);
    }

    public static Format parse(String s) {
        return switch (s.toLowerCase(java.util.Locale.ROOT)) {
            case "fp32", "float", "binary32", "single" -> FP32;
            case "fp64", "double", "binary64" -> FP64;
            default -> throw new org.fparity.FparityError("unknown precision '" + s + "' (use fp32 or fp64)");
        };
    }
}
