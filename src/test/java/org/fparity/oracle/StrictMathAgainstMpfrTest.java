package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
import org.fparity.ir.MathFn;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Java's StrictMath (fdlibm) must stay within 1 ulp of MPFR's correctly rounded value: 10^5 arguments per function. */
@Tag("slow")
class StrictMathAgainstMpfrTest {
    static final int N = 100_000;

    /**
     * Where fdlibm is measured above 1 ulp on these samples (seeded, so the counts are fixed): sinh 7 and tanh 127
     * arguments at 2 ulp (the Java spec allows 2.5 for sinh/cosh/tanh), log10 one argument at 2 ulp (the spec of
     * Math.log10 says 1; see {@link #log10ExceedsOneUlpHere}).
     */
    static final java.util.Set<MathFn> LOOSER =
            java.util.EnumSet.of(MathFn.SINH, MathFn.COSH, MathFn.TANH, MathFn.LOG10);

    /** Log-uniform magnitudes between 2^lo and 2^hi, random sign if signed. */
    static double arg(SplittableRandom r, int lo, int hi, boolean signed) {
        double x = Math.scalb(1.0 + r.nextDouble(), r.nextInt(lo, hi));
        return signed && r.nextBoolean() ? -x : x;
    }

    /** |ULPs| from the correctly rounded value, NaN when only one is NaN. */
    static double ulps(double truth, double x) {
        java.math.BigInteger u = org.fparity.ir.Ulps.between(truth, x, org.fparity.ir.Precision.FP64);
        return u == null ? Double.NaN : u.abs().doubleValue();
    }

    static double maxUlps(MathFn op, DoubleUnaryOperator f, int lo, int hi, boolean signed, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double worst = 0;
        for (int i = 0; i < N; i++) {
            double x = arg(r, lo, hi, signed);
            double d = ulps(CorrectlyRounded.apply(MathOp.of(op), x), f.applyAsDouble(x));
            if (!(d <= 1 || (d <= 2.5 && LOOSER.contains(op)))) {
                throw new AssertionError(op + "(" + Double.toHexString(x) + "): StrictMath is " + d + " ulp away");
            }
            worst = Math.max(worst, d);
        }
        return worst;
    }

    static double maxUlps2(MathFn op, DoubleBinaryOperator f, int lo, int hi, boolean signed, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double worst = 0;
        for (int i = 0; i < N; i++) {
            double x = arg(r, lo, hi, signed), y = arg(r, lo, hi, signed);
            double d = ulps(CorrectlyRounded.apply(MathOp.of(op), x, y), f.applyAsDouble(x, y));
            if (!(d <= 1)) throw new AssertionError(op + "(" + x + ", " + y + "): StrictMath is " + d + " ulp away");
            worst = Math.max(worst, d);
        }
        return worst;
    }

    @Test
    void log10ExceedsOneUlpHere() {
        double x = 0x1.a774824fa8cap0;
        CorrectlyRoundedTest.same(
                0x1.bfa046047f62dp-3, CorrectlyRounded.apply(MathOp.of(MathFn.LOG10), x)); // mpmath agrees
        CorrectlyRoundedTest.same(0x1.bfa046047f62bp-3, StrictMath.log10(x));
    }

    @Test
    void trigonometric() {
        maxUlps(MathFn.SIN, StrictMath::sin, -30, 60, true, 1);
        maxUlps(MathFn.COS, StrictMath::cos, -30, 60, true, 2);
        maxUlps(MathFn.TAN, StrictMath::tan, -30, 60, true, 3);
        maxUlps(MathFn.ASIN, StrictMath::asin, -40, 0, true, 4);
        maxUlps(MathFn.ACOS, StrictMath::acos, -40, 0, true, 5);
        maxUlps(MathFn.ATAN, StrictMath::atan, -60, 60, true, 6);
        maxUlps2(MathFn.ATAN2, StrictMath::atan2, -60, 60, true, 7);
    }

    @Test
    void hyperbolic() {
        maxUlps(MathFn.SINH, StrictMath::sinh, -30, 9, true, 8);
        maxUlps(MathFn.COSH, StrictMath::cosh, -30, 9, true, 9);
        maxUlps(MathFn.TANH, StrictMath::tanh, -30, 5, true, 10);
    }

    @Test
    void exponentialsAndLogarithms() {
        maxUlps(MathFn.EXP, StrictMath::exp, -30, 9, true, 11);
        maxUlps(MathFn.EXPM1, StrictMath::expm1, -30, 9, true, 12);
        maxUlps(MathFn.LOG, StrictMath::log, -1074, 1023, false, 13);
        maxUlps(MathFn.LOG10, StrictMath::log10, -1074, 1023, false, 14);
        maxUlps(MathFn.LOG1P, StrictMath::log1p, -40, 100, false, 15);
        maxUlps2(MathFn.POW, StrictMath::pow, -4, 4, false, 16);
    }

    @Test
    void rootsAndHypot() {
        assertTrue(maxUlps(MathFn.SQRT, StrictMath::sqrt, -1074, 1023, false, 17) == 0, "sqrt must be exact");
        maxUlps(MathFn.CBRT, StrictMath::cbrt, -1074, 1023, true, 18);
        maxUlps2(MathFn.HYPOT, StrictMath::hypot, -500, 500, true, 19);
    }
}
