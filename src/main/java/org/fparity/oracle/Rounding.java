package org.fparity.oracle;

/** IEEE-754 rounding-direction attributes, numbered as MPFR's {@code mpfr_rnd_t}. */
public enum Rounding {
    /** Round to nearest, ties to even. */
    RN(0),
    /** Round toward zero. */
    RZ(1),
    /** Round toward +infinity. */
    RU(2),
    /** Round toward -infinity. */
    RD(3);

    final int mpfr;

    Rounding(int mpfr) {
        this.mpfr = mpfr;
    }

    public static Rounding parse(String s) {
        return switch (s.toUpperCase(java.util.Locale.ROOT)) {
            case "RN", "RNE", "NEAREST" -> RN;
            case "RZ", "ZERO", "TRUNC" -> RZ;
            case "RU", "UP", "+INF" -> RU;
            case "RD", "DOWN", "-INF" -> RD;
            default -> throw new org.fparity.FparityError("unknown rounding mode '" + s + "' (use RN, RZ, RU or RD)");
        };
    }
}
