package org.fparity.oracle;

import java.math.BigInteger;
import org.fparity.ir.Precision;
import org.fparity.oracle.BinaryRounding.Exact;

/** Exact BigInteger computations of the IEEE operations that need no library, rounded by {@link BinaryRounding}. */
final class ExactReference {
    private ExactReference() {}

    static double add(double x, double y, Precision f) {
        if (x == 0 && y == 0)
            return (Double.doubleToRawLongBits(x) < 0 && Double.doubleToRawLongBits(y) < 0) ? -0.0 : 0.0;
        Exact a = Exact.of(x), b = Exact.of(y);
        int e = Math.min(a.exp2(), b.exp2());
        BigInteger s = a.signedMag().shiftLeft(a.exp2() - e).add(b.signedMag().shiftLeft(b.exp2() - e));
        if (s.signum() == 0) return 0.0;
        return BinaryRounding.round(s.signum() < 0, s.abs(), e, false, f, Rounding.RN);
    }

    static double mul(double x, double y, Precision f) {
        Exact a = Exact.of(x), b = Exact.of(y);
        boolean neg = a.negative() ^ b.negative();
        return BinaryRounding.round(neg, a.mag().multiply(b.mag()), (long) a.exp2() + b.exp2(), false, f, Rounding.RN);
    }

    static double div(double x, double y, Precision f) {
        Exact a = Exact.of(x), b = Exact.of(y);
        boolean neg = a.negative() ^ b.negative();
        if (a.mag().signum() == 0) return neg ? -0.0 : 0.0;
        int k = 130;
        BigInteger[] qr = a.mag().shiftLeft(k).divideAndRemainder(b.mag());
        return BinaryRounding.round(neg, qr[0], (long) a.exp2() - b.exp2() - k, qr[1].signum() != 0, f, Rounding.RN);
    }

    static double sqrt(double x, Precision f) {
        if (x == 0) return x;
        Exact a = Exact.of(x);
        BigInteger m = a.mag();
        long e = a.exp2();
        if ((e & 1) != 0) {
            m = m.shiftLeft(1);
            e -= 1;
        }
        int k = 70;
        BigInteger scaled = m.shiftLeft(2 * k);
        BigInteger s = scaled.sqrt();
        return BinaryRounding.round(false, s, e / 2 - k, !s.multiply(s).equals(scaled), f, Rounding.RN);
    }

    /** C fmod: x − trunc(x/y)·y, exact, sign of x. */
    static double fmod(double x, double y) {
        Exact a = Exact.of(x), b = Exact.of(y);
        BigInteger r;
        int e;
        if (a.exp2() >= b.exp2()) {
            r = a.mag().shiftLeft(a.exp2() - b.exp2()).mod(b.mag());
            e = b.exp2();
        } else {
            r = a.mag().mod(b.mag().shiftLeft(b.exp2() - a.exp2()));
            e = a.exp2();
        }
        if (r.signum() == 0) return a.negative() ? -0.0 : 0.0;
        return BinaryRounding.round(a.negative(), r, e, false, Precision.FP64, Rounding.RN);
    }

    /** ceil (up = true) or floor of x, exact, zero keeps x's sign. */
    static double ceilFloor(double x, boolean up) {
        Exact a = Exact.of(x);
        if (a.exp2() >= 0) return x;
        BigInteger ip = a.mag().shiftRight(-a.exp2());
        boolean frac = a.mag().getLowestSetBit() < -a.exp2() && a.mag().signum() != 0;
        // magnitude rounds away from zero when going up on a positive or down on a negative value
        if (frac && (up != a.negative())) ip = ip.add(BigInteger.ONE);
        double v = ip.doubleValue();
        return a.negative() ? -v : v;
    }
}
