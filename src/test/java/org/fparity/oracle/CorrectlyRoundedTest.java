package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

class CorrectlyRoundedTest {
    static double cr(MathOp op, double... a) {
        return CorrectlyRounded.apply(op, a);
    }

    static float crf(MathOp op, float... a) {
        return CorrectlyRounded.applyFloat(op, a);
    }

    static double cr(MathFn fn, double... a) {
        return cr(MathOp.of(fn), a);
    }

    static float crf(MathFn fn, float... a) {
        return crf(MathOp.of(fn), a);
    }

    static void same(double expected, double actual) {
        assertEquals(
                Double.doubleToRawLongBits(expected),
                Double.doubleToRawLongBits(actual),
                () -> "expected " + Double.toHexString(expected) + " got " + Double.toHexString(actual));
    }

    static void same(float expected, float actual) {
        assertEquals(
                Float.floatToRawIntBits(expected),
                Float.floatToRawIntBits(actual),
                () -> "expected " + Float.toHexString(expected) + " got " + Float.toHexString(actual));
    }

    @Test
    void mpfrIsThereAndNamesItsVersion() {
        assertTrue(CorrectlyRounded.mpfrVersion().startsWith("4."), CorrectlyRounded.mpfrVersion());
    }

    @Test
    void hugeArgumentsOfTrigonometricFunctions() {
        // truths from mpmath at 2000 bits, rounded to nearest-even by hand
        same(-0x1.a2c16b010e385p-1, cr(MathFn.SIN, 1e300));
        same(0x1.452fc98b34e97p-8, cr(MathFn.SIN, Double.MAX_VALUE));
        same(0x1.0be2cef01c8f4p-1, cr(MathFn.COS, 1e22));
    }

    @Test
    void expNearOverflowAndIntoSubnormals() {
        same(0x1.fe9ce5c4c52b4p+1023, cr(MathFn.EXP, 709.78));
        same(Double.POSITIVE_INFINITY, cr(MathFn.EXP, 709.79));
        same(0x0.0000000000055p-1022, cr(MathFn.EXP, -740));
        same(0x0.e6cf6d08897acp-1022, cr(MathFn.EXP, -708.5));
        same(Double.MIN_VALUE, cr(MathFn.EXP, -745.1));
        same(0.0, cr(MathFn.EXP, -745.2));
    }

    @Test
    void logOfTheSmallestSubnormal() {
        same(-0x1.74385446d71c3p+9, cr(MathFn.LOG, Double.MIN_VALUE));
        same(-1074.0, cr(MathFn.LOG2, Double.MIN_VALUE));
    }

    @Test
    void powExactCasesAndSpecialValues() {
        same(1e22, cr(MathFn.POW, 10, 22));
        same(8.0, cr(MathFn.POW, 0.25, -1.5));
        same(2.0, cr(MathFn.POW, 4, 0.5));
        same(Double.MIN_VALUE, cr(MathFn.POW, 2, -1074));
        same(1.0, cr(MathFn.POW, 1, Double.NaN)); // C99 Annex F
        same(1.0, cr(MathFn.POW, Double.NaN, 0));
        assertTrue(Double.isNaN(cr(MathFn.POW, -8, 1.0 / 3)));
        same(5.0, cr(MathFn.HYPOT, 3, 4));
        same(3.0, cr(MathFn.CBRT, 27));
        same(1.0, cr(MathFn.EXP, 0));
    }

    @Test
    void theSeedPaperCases() {
        // nvcc printed 0 for this ceil; the truth is 1
        same(1.0, cr(MathFn.CEIL, 1.5955E-125));
        double fm = cr(MathFn.FMOD, 1.5917195493481116e+289, 1.5793E-307);
        same(ExactReference.fmod(1.5917195493481116e+289, 1.5793E-307), fm);
        assertTrue(fm > 0 && fm < 1.5793E-307);
    }

    @Test
    void directedRoundingBracketsTheNearestValue() {
        double lo = CorrectlyRounded.apply(MathOp.of(MathFn.SIN), Precision.FP64, Rounding.RD, 1.0);
        double hi = CorrectlyRounded.apply(MathOp.of(MathFn.SIN), Precision.FP64, Rounding.RU, 1.0);
        double rz = CorrectlyRounded.apply(MathOp.of(MathFn.SIN), Precision.FP64, Rounding.RZ, 1.0);
        assertEquals(Math.nextUp(lo), hi);
        same(lo, rz);
        double rn = cr(MathFn.SIN, 1.0);
        assertTrue(rn == lo || rn == hi);
        same(Double.MAX_VALUE, CorrectlyRounded.apply(MathOp.of(MathFn.EXP), Precision.FP64, Rounding.RZ, 710));
        same(Double.POSITIVE_INFINITY, CorrectlyRounded.apply(MathOp.of(MathFn.EXP), Precision.FP64, Rounding.RU, 710));
        same(Double.MIN_VALUE, CorrectlyRounded.apply(MathOp.of(MathFn.EXP), Precision.FP64, Rounding.RU, -800));
        same(0.0, CorrectlyRounded.apply(MathOp.of(MathFn.EXP), Precision.FP64, Rounding.RD, -800));
    }

    @Test
    void binary32HardCases() {
        same(-0x1.95136p-1f, crf(MathFn.SIN, 1e30f));
        same(0x1.bp-145f, crf(MathFn.EXP, -100f));
        same(0x1.f46ff8p+127f, crf(MathFn.EXP, 88.7f));
        same(-0x1.9d1da0p+6f, crf(MathFn.LOG, Float.MIN_VALUE));
        same(-0x1.efeaf8p-2f, crf(MathFn.COS, 3e38f));
        same(0x1.691950p+58f, crf(MathFn.POW, 1.5f, 100f));
        same(1.0f, crf(MathFn.CEIL, 1.5955E-38f));
        same(Float.POSITIVE_INFINITY, crf(MathFn.EXP, 89f));
        // fma(a, b, c) = 1 + 2^-24 + 2^-70 exactly: just above the binary32 midpoint between 1 and 1 + 2^-23, so it
        // rounds
        // up; rounded to binary64 first it lands on the midpoint and ties to even, down to 1 (a double rounding)
        float a = -0x1.fffffcp-25f, b = 0x1.000002p0f, c = 0x1.000002p0f;
        assertEquals(
                1.0f, (float) Math.fma((double) a, (double) b, (double) c), "the inputs do trigger a double rounding");
        same(0x1.000002p0f, crf(MathOp.Basic.FMA, a, b, c));
    }

    @Test
    void ldexpTakesAnIntegerExponent() {
        same(Double.MIN_VALUE, cr(MathFn.LDEXP, 1.0, -1074));
        same(0x1p-1073, cr(MathFn.LDEXP, 3 * Double.MIN_VALUE, -1)); // 1.5 ulp: tie to even
        same(0.0, cr(MathFn.LDEXP, Double.MIN_VALUE, -1)); // half of the smallest subnormal: tie to even (0)
        same(Double.POSITIVE_INFINITY, cr(MathFn.LDEXP, 1.0, 1024));
        same(0x1p-149f, crf(MathFn.LDEXP, 1f, -149f));
    }

    @Test
    void fminFmaxIgnoreNaN() {
        same(2.0, cr(MathFn.FMIN, Double.NaN, 2.0));
        same(2.0, cr(MathFn.FMAX, 2.0, Double.NaN));
        same(-3.0, cr(MathFn.FMIN, -3.0, 2.0));
    }

    @Test
    void threadsSeeTheirOwnExponentRange() throws Exception {
        double[] out = new double[2];
        Thread a = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 2000; i++) out[0] = cr(MathFn.EXP, -740);
        });
        Thread b = Thread.ofPlatform().start(() -> {
            for (int i = 0; i < 2000; i++) out[1] = crf(MathFn.EXP, -100f);
        });
        a.join();
        b.join();
        same(0x0.0000000000055p-1022, out[0]);
        same(0x1.bp-145, out[1]);
    }

    // ---- exact operations against BigInteger arithmetic, 10^5 random arguments each ----

    static double randomDouble(SplittableRandom r) {
        while (true) {
            long bits = r.nextLong();
            int kind = r.nextInt(8);
            if (kind == 0) bits &= 0x800fffffffffffffL; // subnormal
            else if (kind < 4) bits = (bits & 0x800fffffffffffffL) | ((long) (1023 + r.nextInt(-60, 61)) << 52);
            double d = Double.longBitsToDouble(bits);
            if (Double.isFinite(d)) return d;
        }
    }

    @Test
    void exactOperationsAgreeWithBigIntegerOn100kArguments() {
        SplittableRandom r = new SplittableRandom(5);
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            double x = randomDouble(r);
            double y0 = r.nextInt(4) == 0 ? x * Math.scalb(1.0 + r.nextDouble(), r.nextInt(-3, 3)) : randomDouble(r);
            double y = Double.isFinite(y0) ? y0 : 1.0;
            int k = i;
            assertEquals(
                    ExactReference.add(x, y, Precision.FP64),
                    cr(MathOp.Basic.ADD, x, y),
                    () -> "add #" + k + " " + x + " " + y);
            assertEquals(
                    ExactReference.add(x, -y, Precision.FP64), cr(MathOp.Basic.SUB, x, y), () -> "sub " + x + " " + y);
            assertEquals(
                    ExactReference.mul(x, y, Precision.FP64), cr(MathOp.Basic.MUL, x, y), () -> "mul " + x + " " + y);
            if (y != 0) {
                assertEquals(
                        ExactReference.div(x, y, Precision.FP64),
                        cr(MathOp.Basic.DIV, x, y),
                        () -> "div " + x + " " + y);
                same(ExactReference.fmod(x, y), cr(MathFn.FMOD, x, y));
            }
            double ax = Math.abs(x);
            same(ExactReference.sqrt(ax, Precision.FP64), cr(MathFn.SQRT, ax));
            same(ExactReference.ceilFloor(x, true), cr(MathFn.CEIL, x));
            same(ExactReference.ceilFloor(x, false), cr(MathFn.FLOOR, x));
        }
    }

    @Test
    void exactOperationsInBinary32AgreeWithBigInteger() {
        SplittableRandom r = new SplittableRandom(6);
        for (int i = 0; i < 100_000; i++) {
            float x = Float.intBitsToFloat(r.nextInt() & 0xbfffffff | (r.nextBoolean() ? 0x40000000 : 0));
            float y = Float.intBitsToFloat(r.nextInt() & 0xbfffffff | (r.nextBoolean() ? 0x40000000 : 0));
            if (!Float.isFinite(x) || !Float.isFinite(y)) continue;
            same((float) ExactReference.add(x, y, Precision.FP32), crf(MathOp.Basic.ADD, x, y));
            same((float) ExactReference.mul(x, y, Precision.FP32), crf(MathOp.Basic.MUL, x, y));
            if (y != 0) same((float) ExactReference.div(x, y, Precision.FP32), crf(MathOp.Basic.DIV, x, y));
            same((float) ExactReference.sqrt(Math.abs(x), Precision.FP32), crf(MathFn.SQRT, Math.abs(x)));
            same((float) ExactReference.ceilFloor(x, true), crf(MathFn.CEIL, x));
        }
    }

    @Test
    void everyFunctionOfTheIrTableInEveryModeAndFormatBracketsTheTruth() {
        SplittableRandom r = new SplittableRandom(17);
        for (MathFn fn : MathFn.values()) {
            MathOp op = MathOp.of(fn);
            for (Precision f : Precision.PROGRAMS) {
                for (int k = 0; k < 300; k++) {
                    double[] a = new double[op.arity()];
                    for (int i = 0; i < a.length; i++) {
                        double x = (r.nextDouble() * 4 - 1) * Math.scalb(1.0, r.nextInt(-3, 4));
                        a[i] = f == Precision.FP32 ? (float) x : x;
                    }
                    if (fn == MathFn.LDEXP) a[1] = r.nextInt(-200, 200);
                    double rn = CorrectlyRounded.apply(op, f, Rounding.RN, a);
                    double rd = CorrectlyRounded.apply(op, f, Rounding.RD, a);
                    double ru = CorrectlyRounded.apply(op, f, Rounding.RU, a);
                    double rz = CorrectlyRounded.apply(op, f, Rounding.RZ, a);
                    if (Double.isNaN(rn)) {
                        assertTrue(Double.isNaN(rd) && Double.isNaN(ru), fn + " NaN in one mode only");
                        continue;
                    }
                    String what = fn + " " + f + " " + java.util.Arrays.toString(a);
                    assertTrue(rd <= rn && rn <= ru, what);
                    assertTrue(rn == rd || rn == ru, what);
                    double next = f == Precision.FP32 ? Math.nextUp((float) rd) : Math.nextUp(rd);
                    assertTrue(ru == rd || ru == next, what + ": RD and RU must be neighbours");
                    assertEquals(rz, Math.copySign(1.0, rn) > 0 ? rd : ru, what + ": RZ");
                    if (f == Precision.FP32) assertEquals(rn, (double) (float) rn, what + " is not a float");
                }
            }
        }
    }
}
