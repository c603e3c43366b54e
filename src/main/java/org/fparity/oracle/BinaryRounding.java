package org.fparity.oracle;

import java.math.BigInteger;
import org.fparity.ir.Precision;

/**
 * Rounds an exact binary value ±M·2^e (BigInteger M ≥ 0, optional sticky remainder) to binary64 or binary32,
 * with gradual underflow and overflow, in any of the four rounding directions.
 */
public final class BinaryRounding {
    private BinaryRounding() {}

    /**
     * Rounds ±(mag + s)·2^exp2 where s ∈ (0, 1) if {@code sticky}, else 0. With sticky, mag must carry at least
     * precision+2 bits above the rounding point so that the remainder only acts as a tie-breaker.
     * The result of an FP32 rounding is a float value widened (exactly) to double.
     */
    public static double round(boolean negative, BigInteger mag, long exp2, boolean sticky, Precision f, Rounding r) {
        if (mag.signum() < 0) throw new IllegalArgumentException("magnitude must be non-negative");
        if (sticky) {
            mag = mag.shiftLeft(1).setBit(0);
            exp2 -= 1;
        }
        if (mag.signum() == 0) return negative ? -0.0 : 0.0;
        int p = f.significandBits();
        long qmin = f.minExponent() - f.significandBits() + 1; // the smallest subnormal is 2^qmin
        long maxExp = f.maxExponent() + 1; // values must be < 2^maxExp
        long top = exp2 + mag.bitLength() - 1;
        long q = Math.max(top - (p - 1), qmin);
        long shift = q - exp2;
        BigInteger m;
        boolean half = false;
        boolean rest = false;
        if (shift <= 0) {
            m = mag.shiftLeft((int) Math.min(-shift, Integer.MAX_VALUE / 2));
        } else if (shift > mag.bitLength() + 1L) {
            m = BigInteger.ZERO;
            rest = true;
        } else {
            int sh = (int) shift;
            m = mag.shiftRight(sh);
            half = mag.testBit(sh - 1);
            rest = mag.getLowestSetBit() < sh - 1;
        }
        boolean inexact = half || rest;
        boolean up = switch (r) {
            case RN -> half && (rest || m.testBit(0));
            case RZ -> false;
            case RU -> !negative && inexact;
            case RD -> negative && inexact;
        };
        if (up) m = m.add(BigInteger.ONE);
        if (m.signum() == 0) return negative ? -0.0 : 0.0;
        if (q + m.bitLength() > maxExp) return overflow(negative, f, r);
        double v = Math.scalb(
                (double) m.longValueExact(), (int) q); // exact: m has at most p bits, 2^q is within the double range
        return negative ? -v : v;
    }

    /** Overflow per IEEE 754 §7.4: infinity, or the largest finite value when rounding toward zero from that side. */
    static double overflow(boolean negative, Precision f, Rounding r) {
        double max = f.maxValue();
        boolean toInf = switch (r) {
            case RN -> true;
            case RZ -> false;
            case RU -> !negative;
            case RD -> negative;
        };
        double v = toInf ? Double.POSITIVE_INFINITY : max;
        return negative ? -v : v;
    }

    /** The exact value of a finite double as (negative, mantissa, exponent). */
    public record Exact(boolean negative, BigInteger mag, int exp2) {
        public static Exact of(double x) {
            if (!Double.isFinite(x)) throw new IllegalArgumentException("not finite: " + x);
            long bits = Double.doubleToRawLongBits(x);
            int e = (int) ((bits >>> 52) & 0x7ff);
            long m = bits & 0xfffffffffffffL;
            if (e == 0) e = 1;
            else m |= 1L << 52;
            return new Exact(bits < 0, BigInteger.valueOf(m), e - 1075);
        }

        public BigInteger signedMag() {
            return negative ? mag.negate() : mag;
        }
    }
}
