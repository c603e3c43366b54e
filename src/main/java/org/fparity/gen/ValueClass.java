package org.fparity.gen;

import java.util.SplittableRandom;
import org.fparity.ir.Precision;

/**
 * Classes of literal and input values: Varity's five (normal, subnormal, almost-overflow, almost-underflow, ±0,
 * each with a random sign and a 4-digit decimal significand like {@code -1.5955E-125}) plus "ordinary" magnitudes
 * |x| in [2^-20, 2^20) so that most outcomes are finite numbers.
 */
public enum ValueClass {
    ORDINARY("ordinary"),
    NORMAL("normal"),
    SUBNORMAL("subnormal"),
    ALMOST_OVERFLOW("almostOverflow"),
    ALMOST_UNDERFLOW("almostUnderflow"),
    ZERO("zero");

    private final String key;

    ValueClass(String key) {
        this.key = key;
    }

    /** The name used in grammar files. */
    public String key() {
        return key;
    }

    public static ValueClass byKey(String k) {
        for (ValueClass c : values()) if (c.key.equals(k)) return c;
        throw new IllegalArgumentException("unknown value class '" + k
                + "' (expected ordinary, normal, subnormal, almostOverflow, almostUnderflow, zero)");
    }

    /** Draws a value of this class, exactly representable in the precision. */
    public double draw(SplittableRandom r, Precision p) {
        boolean fp32 = p == Precision.FP32;
        boolean negative = r.nextBoolean();
        double v = switch (this) {
            case ORDINARY -> {
                // significand uniform in [1, 2), binary exponent uniform in [-20, 19]
                double sig = 1.0 + r.nextDouble();
                yield p.round(Math.scalb(sig, r.nextInt(-20, 20)));
            }
            case NORMAL -> decimal(r, fp32 ? r.nextInt(-30, 30) : r.nextInt(-300, 300), fp32);
            case SUBNORMAL -> decimal(r, fp32 ? r.nextInt(-44, -40) : r.nextInt(-323, -309), fp32);
            case ALMOST_OVERFLOW -> decimal(r, fp32 ? r.nextInt(34, 37) : r.nextInt(305, 307), fp32);
            case ALMOST_UNDERFLOW -> decimal(r, fp32 ? r.nextInt(-37, -34) : r.nextInt(-307, -305), fp32);
            case ZERO -> 0.0;
        };
        return negative ? -v : v;
    }

    // Varity's form: 1.dddd × 10^e, read the way a C compiler reads the decimal literal
    private static double decimal(SplittableRandom r, int exp10, boolean fp32) {
        int d = r.nextInt(10000);
        String s = "1." + (d < 1000 ? (d < 100 ? (d < 10 ? "000" : "00") : "0") : "") + d + "E" + exp10;
        double v =
                org.fparity.ir.HexFloat.parse(s, fp32 ? org.fparity.ir.Precision.FP32 : org.fparity.ir.Precision.FP64);
        if (v == 0 || Double.isInfinite(v))
            return fp32 ? Float.MIN_VALUE : Double.MIN_VALUE; // never leave the class's range
        return v;
    }
}
