package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import org.fparity.ir.Precision;
import org.fparity.oracle.BinaryRounding.Exact;
import org.junit.jupiter.api.Test;

class ExactDotAndParallelTest {
    static double referenceDot(double[] x, double[] y, Precision f, Rounding r) {
        BigInteger s = BigInteger.ZERO;
        for (int i = 0; i < x.length; i++) {
            Exact a = Exact.of(x[i]), b = Exact.of(y[i]);
            s = s.add(a.signedMag().multiply(b.signedMag()).shiftLeft(a.exp2() + b.exp2() + 2148));
        }
        if (s.signum() == 0) return Double.NaN; // zero signs are checked separately
        return BinaryRounding.round(s.signum() < 0, s.abs(), -2148, false, f, r);
    }

    static double randomOperand(SplittableRandom r, int kind) {
        return switch (kind) {
            case 0 -> Double.longBitsToDouble(r.nextLong() & 0xffefffffffffffffL);
            case 1 -> Math.scalb(r.nextDouble() - 0.5, r.nextInt(-1074, 1024));
            case 2 -> Math.scalb(r.nextDouble() - 0.5, r.nextInt(-600, -450)); // products underflow: exact 106-bit path
            case 3 -> Math.scalb(r.nextDouble() - 0.5, r.nextInt(500, 1024)); // products overflow
            default -> r.nextDouble() - 0.5;
        };
    }

    @Test
    void exactDotProductsMatchBigIntegerOn100kCases() {
        SplittableRandom r = new SplittableRandom(21);
        for (int c = 0; c < 100_000; c++) {
            int n = r.nextInt(1, 12);
            int kind = r.nextInt(5);
            double[] x = new double[n], y = new double[n];
            for (int i = 0; i < n; i++) {
                x[i] = randomOperand(r, kind);
                y[i] = randomOperand(r, kind);
            }
            if (c % 3 == 0 && n >= 2) { // cancel the first product with the second
                x[1] = -x[0];
                y[1] = y[0];
            }
            Rounding mode = Rounding.values()[c % 4];
            Precision f = c % 5 == 0 ? Precision.FP32 : Precision.FP64;
            double want = referenceDot(x, y, f, mode);
            ExactAccumulator a = new ExactAccumulator();
            a.addDot(x, y, 0, n);
            double got = a.round(f, mode);
            if (Double.isNaN(want)) assertTrue(got == 0, "exact zero, case " + c);
            else CorrectlyRoundedTest.same(want, got);
        }
    }

    @Test
    void dotSpecialCases() {
        assertTrue(Double.isNaN(ExactSums.dot(new double[] {0.0}, new double[] {Double.POSITIVE_INFINITY})));
        CorrectlyRoundedTest.same(-0.0, ExactSums.dot(new double[] {-0.0, 0.0}, new double[] {1.0, -2.0}));
        CorrectlyRoundedTest.same(
                0x1p-1074,
                ExactSums.dot(new double[] {0x1p-600, 0x1p-600}, new double[] {0x1p-475, -0x1p-475}) + 0x1p-1074);
        // 2^-1100 · 2^-1 products are below the subnormal range but add up exactly
        double[] x = new double[1 << 12];
        double[] y = new double[1 << 12];
        java.util.Arrays.fill(x, 0x1p-537);
        java.util.Arrays.fill(y, 0x1p-549);
        CorrectlyRoundedTest.same(0x1p-1074, ExactSums.dot(x, y));
        // the error term of a product matters: (1+2^-30)^2 - 1 - 2^-29 = 2^-60
        CorrectlyRoundedTest.same(
                0x1p-60, ExactSums.dot(new double[] {1 + 0x1p-30, -1, -0x1p-29}, new double[] {1 + 0x1p-30, 1, 1}));
        float[] fx = {1f, 0x1p-13f}, fy = {1f, 0x1p-13f};
        ExactAccumulator a = new ExactAccumulator();
        a.addDot(fx, fy, 0, 2);
        CorrectlyRoundedTest.same(1 + 0x1p-26, a.round(Precision.FP64, Rounding.RN));
    }

    @Test
    void parallelSumIsBitIdenticalWhateverThePool() {
        SplittableRandom r = new SplittableRandom(5);
        double[] a = new double[1_000_003];
        for (int i = 0; i < a.length; i++) a[i] = Math.scalb(r.nextDouble() - 0.5, r.nextInt(-80, 80));
        ExactAccumulator seq = new ExactAccumulator();
        seq.addAll(a);
        double want = seq.round();
        for (int threads : new int[] {1, 2, 3, 7}) {
            try (ForkJoinPool pool = new ForkJoinPool(threads)) {
                for (Rounding m : Rounding.values()) {
                    assertEquals(
                            seq.round(Precision.FP64, m),
                            ExactSums.sumParallel(a, pool).round(Precision.FP64, m));
                }
                double[] b = a.clone();
                ExactAccumulator par = ExactSums.dotParallel(a, b, pool);
                ExactAccumulator sd = new ExactAccumulator();
                sd.addDot(a, b, 0, a.length);
                assertEquals(sd.round(), par.round());
            }
        }
        assertEquals(want, ExactSums.sum(a));
    }
}
