package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.function.DoubleBinaryOperator;
import java.util.function.DoubleUnaryOperator;
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
    static final java.util.Set<MathOp> LOOSER = java.util.EnumSet.of(MathOp.SINH, MathOp.COSH, MathOp.TANH, MathOp.LOG10);

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

    static double maxUlps(MathOp op, DoubleUnaryOperator f, int lo, int hi, boolean signed, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double worst = 0;
        for (int i = 0; i < N; i++) {
            double x = arg(r, lo, hi, signed);
            double d = ulps(CorrectlyRounded.apply(op, x), f.applyAsDouble(x));
            if (!(d <= 1 || (d <= 2.5 && LOOSER.contains(op)))) {
                throw new AssertionError(op + "(" + Double.toHexString(x) + "): StrictMath is " + d + " ulp away");
            }
            worst = Math.max(worst, d);
        }
        return worst;
    }

    static double maxUlps2(MathOp op, DoubleBinaryOperator f, int lo, int hi, boolean signed, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double worst = 0;
        for (int i = 0; i < N; i++) {
            double x = arg(r, lo, hi, signed), y = arg(r, lo, hi, signed);
            double d = ulps(CorrectlyRounded.apply(op, x, y), f.applyAsDouble(x, y));
            if (!(d <= 1)) throw new AssertionError(op + "(" + x + ", " + y + "): StrictMath is " + d + " ulp away");
            worst = Math.max(worst, d);
        }
        return worst;
    }

    @Test
    void log10ExceedsOneUlpHere() {
        double x = 0x1.a774824fa8cap0;
        CorrectlyRoundedTest.same(0x1.bfa046047f62dp-3, CorrectlyRounded.apply(MathOp.LOG10, x)); // mpmath agrees
        CorrectlyRoundedTest.same(0x1.bfa046047f62bp-3, StrictMath.log10(x));
    }

    @Test
    void trigonometric() {
        maxUlps(MathOp.SIN, StrictMath::sin, -30, 60, true, 1);
        maxUlps(MathOp.COS, StrictMath::cos, -30, 60, true, 2);
        maxUlps(MathOp.TAN, StrictMath::tan, -30, 60, true, 3);
        maxUlps(MathOp.ASIN, StrictMath::asin, -40, 0, true, 4);
        maxUlps(MathOp.ACOS, StrictMath::acos, -40, 0, true, 5);
        maxUlps(MathOp.ATAN, StrictMath::atan, -60, 60, true, 6);
        maxUlps2(MathOp.ATAN2, StrictMath::atan2, -60, 60, true, 7);
    }

    @Test
    void hyperbolic() {
        maxUlps(MathOp.SINH, StrictMath::sinh, -30, 9, true, 8);
        maxUlps(MathOp.COSH, StrictMath::cosh, -30, 9, true, 9);
        maxUlps(MathOp.TANH, StrictMath::tanh, -30, 5, true, 10);
    }

    @Test
    void exponentialsAndLogarithms() {
        maxUlps(MathOp.EXP, StrictMath::exp, -30, 9, true, 11);
        maxUlps(MathOp.EXPM1, StrictMath::expm1, -30, 9, true, 12);
        maxUlps(MathOp.LOG, StrictMath::log, -1074, 1023, false, 13);
        maxUlps(MathOp.LOG10, StrictMath::log10, -1074, 1023, false, 14);
        maxUlps(MathOp.LOG1P, StrictMath::log1p, -40, 100, false, 15);
        maxUlps2(MathOp.POW, StrictMath::pow, -4, 4, false, 16);
    }

    @Test
    void rootsAndHypot() {
        assertTrue(maxUlps(MathOp.SQRT, StrictMath::sqrt, -1074, 1023, false, 17) == 0, "sqrt must be exact");
        maxUlps(MathOp.CBRT, StrictMath::cbrt, -1074, 1023, true, 18);
        maxUlps2(MathOp.HYPOT, StrictMath::hypot, -500, 500, true, 19);
    }
}
