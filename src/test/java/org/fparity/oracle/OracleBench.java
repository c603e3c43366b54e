package org.fparity.oracle;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH: exact sums against DoubleStream.sum() and a naive loop, MPFR call cost, reference evaluation of a
 * 50-statement program. Run: {@code bin/jmh OracleBench -f 1 -wi 3 -i 5 -w 1 -r 1}.
 */
public class OracleBench {
    @State(Scope.Benchmark)
    public static class Data {
        @Param({"1000000", "10000000"})
        public int n;

        @Param({"uniform", "wide"})
        public String dist;

        double[] a;
        ForkJoinPool pool2;

        @Setup(Level.Trial)
        public void setup() {
            SplittableRandom r = new SplittableRandom(42);
            a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = dist.equals("uniform")
                        ? r.nextDouble()
                        : (r.nextBoolean() ? 1 : -1) * Math.scalb(1.0 + r.nextDouble(), r.nextInt(-60, 61));
            }
            pool2 = new ForkJoinPool(2);
            double s = ExactSums.sum(a);
            if (s != ExactSums.sumParallel(a, pool2).round()) {
                throw new IllegalStateException("parallel exact sum differs from the sequential one");
            }
            FpeAccumulator f = new FpeAccumulator(2);
            f.addAll(a, 0, n);
            if (f.round(Precision.FP64, Rounding.RN) != s) throw new IllegalStateException("FPE sum differs");
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            pool2.close();
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double naiveLoop(Data d) {
        double s = 0;
        for (double x : d.a) s += x;
        return s;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double doubleStreamSum(Data d) {
        return Arrays.stream(d.a).sum();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double exactSum(Data d) {
        return ExactSums.sum(d.a);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double exactSum2Threads(Data d) {
        return ExactSums.sumParallel(d.a, d.pool2).round();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double exactSumFpe2(Data d) {
        FpeAccumulator f = new FpeAccumulator(2);
        f.addAll(d.a, 0, d.a.length);
        return f.round(Precision.FP64, Rounding.RN);
    }

    /** MPFR calls, warm. */
    @State(Scope.Thread)
    public static class Args {
        double small = 0.5, huge = 1e300, tiny = -740;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double mpfrSinSmall(Args a) {
        return CorrectlyRounded.apply(MathOp.of(MathFn.SIN), a.small);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double mpfrSinHuge(Args a) {
        return CorrectlyRounded.apply(MathOp.of(MathFn.SIN), a.huge);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double mpfrExpSubnormal(Args a) {
        return CorrectlyRounded.apply(MathOp.of(MathFn.EXP), a.tiny);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double mpfrPow(Args a) {
        return CorrectlyRounded.apply(MathOp.of(MathFn.POW), a.small, a.tiny);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double strictMathSinHuge(Args a) {
        return StrictMath.sin(a.huge);
    }

    /** A 50-statement straight-line program mixing arithmetic and math calls. */
    @State(Scope.Benchmark)
    public static class Prog {
        Program program;
        Input input;

        @Setup
        public void setup() {
            program = fiftyStatements();
            input = new Input(java.util.List.of("0x1p-3", "0x1.8p+0", "0x1.4p-2"));
        }
    }

    static Program fiftyStatements() {
        String[] fns = {"sin", "cos", "exp", "log1p", "sqrt", "atan", "tanh", "cbrt", "erf", "expm1"};
        StringBuilder sb = new StringBuilder("program fp64 array 1\ncompute(double comp, double x, double y) {\n");
        for (int i = 0; i < 50; i++) {
            String f = fns[i % fns.length];
            switch (i % 3) {
                case 0 -> sb.append("  comp += ").append(f).append("(x * 0x1.8p-1 + y);\n");
                case 1 ->
                    sb.append("  comp = comp * 0x1.0000001p+0 - ").append(f).append("(y - x * 0x1p-2);\n");
                default -> sb.append("  comp += (x - y) / (").append(f).append("(x) + 0x1p+2);\n");
            }
        }
        return Program.parse(sb.append("}\n").toString());
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double referenceExact50(Prog p) {
        return ReferenceEvaluator.exact(p.program, p.input).comp();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double referenceExactFirstPass50(Prog p) {
        return ReferenceEvaluator.exact(p.program, p.input, 128).comp();
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public double referenceIdeal50(Prog p) {
        return ReferenceEvaluator.ideal(p.program, p.input).comp();
    }
}
