package org.fparity.oracle;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.ToDoubleFunction;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/**
 * A contention-proof companion to {@link OracleBench}: median thread-CPU time per element on a shared machine,
 * where wall-clock JMH scores swing by ±100 %. Run: {@code java -cp … org.fparity.oracle.OracleCpuTime [n]}.
 */
public final class OracleCpuTime {
    private OracleCpuTime() {}

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        evaluation(mx);
        for (String dist : new String[] {"uniform", "wide"}) {
            SplittableRandom r = new SplittableRandom(42);
            double[] a = new double[n];
            for (int i = 0; i < n; i++)
                a[i] = dist.equals("uniform")
                        ? r.nextDouble()
                        : (r.nextBoolean() ? 1 : -1) * Math.scalb(1.0 + r.nextDouble(), r.nextInt(-60, 61));
            double naive = time(mx, a, x -> {
                double s = 0;
                for (double v : x) s += v;
                return s;
            });
            double stream = time(mx, a, x -> Arrays.stream(x).sum());
            double exact = time(mx, a, ExactSums::sum);
            double fpe = time(mx, a, x -> {
                FpeAccumulator f = new FpeAccumulator(2);
                f.addAll(x, 0, x.length);
                return f.round(Precision.FP64, Rounding.RN);
            });
            double wNaive = wallMin(a, x -> {
                double q = 0;
                for (double v : x) q += v;
                return q;
            });
            double w1 = wallMin(a, ExactSums::sum);
            double w2;
            try (var pool = new java.util.concurrent.ForkJoinPool(2)) {
                w2 = wallMin(a, x -> ExactSums.sumParallel(x, pool).round());
            }
            System.out.printf(
                    "n=%d %-7s ns/element (wall clock, best of 31): naive %.2f  exact 1 thread %.2f  exact 2 threads %.2f  | 2 threads/naive %.2f%n",
                    n, dist, wNaive, w1, w2, w2 / wNaive);
            System.out.printf(
                    "n=%d %-7s ns/element (thread CPU, median of 21): naive %.2f  DoubleStream.sum %.2f  exact %.2f  FPE(2)+exact %.2f"
                            + "  | exact/stream %.2f  exact/naive %.2f%n",
                    n, dist, naive, stream, exact, fpe, exact / stream, exact / naive);
        }
    }

    /** Median thread-CPU µs of one call after warm-up. */
    static double micros(ThreadMXBean mx, java.util.function.DoubleSupplier f) {
        double sink = 0;
        for (int w = 0; w < 300; w++) sink += f.getAsDouble();
        long[] t = new long[101];
        for (int k = 0; k < t.length; k++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += f.getAsDouble();
            t[k] = mx.getCurrentThreadCpuTime() - t0;
        }
        if (sink == 42.4242) System.out.print("");
        Arrays.sort(t);
        return t[t.length / 2] / 1e3;
    }

    static void evaluation(ThreadMXBean mx) {
        var p = OracleBench.fiftyStatements();
        var in = new org.fparity.ir.Input(java.util.List.of("0x1p-3", "0x1.8p+0", "0x1.4p-2"));
        var e = ReferenceEvaluator.exact(p, in);
        double ideal = micros(mx, () -> ReferenceEvaluator.ideal(p, in).comp());
        double first = micros(mx, () -> ReferenceEvaluator.exact(p, in, 128).comp());
        double full = micros(mx, () -> ReferenceEvaluator.exact(p, in).comp());
        System.out.printf(
                "50-statement program (50 math calls): ideal platform %.0f µs; exact, one pass at 128 bits %.0f µs; "
                        + "exact, Ziv loop to convergence (%s at %d bits, %d passes) %.0f µs%n",
                ideal, first, e.status(), e.precisionBits(), e.passes(), full);
        double sinSmall = micros(mx, () -> CorrectlyRounded.apply(MathOp.of(MathFn.SIN), 0.5));
        double sinHuge = micros(mx, () -> CorrectlyRounded.apply(MathOp.of(MathFn.SIN), 1e300));
        double exp = micros(mx, () -> CorrectlyRounded.apply(MathOp.of(MathFn.EXP), -740));
        double fmod =
                micros(mx, () -> CorrectlyRounded.apply(MathOp.of(MathFn.FMOD), 1.5917195493481116e+289, 1.5793E-307));
        System.out.printf(
                "MPFR call (thread CPU, median): sin(0.5) %.2f µs, sin(1e300) %.2f µs, exp(-740) %.2f µs, fmod(1.59e289, 1.58e-307) %.2f µs%n",
                sinSmall, sinHuge, exp, fmod);
    }

    static double wallMin(double[] a, ToDoubleFunction<double[]> f) {
        double sink = 0;
        for (int w = 0; w < 15; w++) sink += f.applyAsDouble(a);
        long best = Long.MAX_VALUE;
        for (int k = 0; k < 31; k++) {
            long t0 = System.nanoTime();
            sink += f.applyAsDouble(a);
            best = Math.min(best, System.nanoTime() - t0);
        }
        if (sink == 42.4242) System.out.print("");
        return (double) best / a.length;
    }

    static double time(ThreadMXBean mx, double[] a, ToDoubleFunction<double[]> f) {
        double sink = 0;
        for (int w = 0; w < 15; w++) sink += f.applyAsDouble(a);
        long[] t = new long[21];
        for (int k = 0; k < t.length; k++) {
            long t0 = mx.getCurrentThreadCpuTime();
            sink += f.applyAsDouble(a);
            t[k] = mx.getCurrentThreadCpuTime() - t0;
        }
        if (sink == 42.4242) System.out.print("");
        Arrays.sort(t);
        return (double) t[t.length / 2] / a.length;
    }
}
