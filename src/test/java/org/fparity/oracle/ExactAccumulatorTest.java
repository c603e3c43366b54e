package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fparity.ir.Precision;
import org.fparity.oracle.BinaryRounding.Exact;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Test;

class ExactAccumulatorTest {
    static final Rounding[] MODES = Rounding.values();

    static double sum(Precision f, Rounding r, double... xs) {
        ExactAccumulator a = new ExactAccumulator();
        a.addAll(xs);
        return a.round(f, r);
    }

    static void same(double expected, double actual, String what) {
        assertEquals(
                Double.doubleToRawLongBits(expected),
                Double.doubleToRawLongBits(actual),
                () -> what + ": expected " + Double.toHexString(expected) + " got " + Double.toHexString(actual));
    }

    /** The reference: exact BigInteger sum, IEEE specials and zero signs by the rules, rounded by BinaryRounding. */
    static double reference(double[] xs, Precision f, Rounding r) {
        boolean nan = false, pinf = false, ninf = false, allNeg0 = true, allPos0 = true;
        BigInteger s = BigInteger.ZERO;
        for (double x : xs) {
            if (Double.isNaN(x)) nan = true;
            else if (x == Double.POSITIVE_INFINITY) pinf = true;
            else if (x == Double.NEGATIVE_INFINITY) ninf = true;
            else {
                Exact e = Exact.of(x);
                s = s.add(e.signedMag().shiftLeft(e.exp2() + 1074));
            }
            long b = Double.doubleToRawLongBits(x);
            allNeg0 &= b == Long.MIN_VALUE;
            allPos0 &= b == 0;
        }
        if (nan || (pinf && ninf)) return Double.NaN;
        if (pinf) return Double.POSITIVE_INFINITY;
        if (ninf) return Double.NEGATIVE_INFINITY;
        if (s.signum() == 0) {
            if (xs.length == 0 || allPos0) return 0.0;
            if (allNeg0) return -0.0;
            return r == Rounding.RD ? -0.0 : 0.0;
        }
        return BinaryRounding.round(s.signum() < 0, s.abs(), -1074, false, f, r);
    }

    @Test
    void exblasCounterexamplesAreRight() {
        same(1.0, sum(Precision.FP64, Rounding.RN, 1, 0x1p-100), "1 + 2^-100");
        same(0x1p52, sum(Precision.FP64, Rounding.RN, 0x1p52, 0x1p-60), "2^52 + 2^-60");
        same(0x1p-1073, sum(Precision.FP64, Rounding.RN, Double.MIN_VALUE, Double.MIN_VALUE), "2^-1074 + 2^-1074");
        same(1.0, sum(Precision.FP64, Rounding.RN, 1, Double.MIN_VALUE), "1 + 2^-1074");
        same(Math.nextUp(1.0), sum(Precision.FP64, Rounding.RU, 1, Double.MIN_VALUE), "1 + 2^-1074 upward");
        same(1.0, sum(Precision.FP64, Rounding.RZ, 1, 0x1p-53, 0x1p-1074), "just above a tie, toward zero");
        same(Math.nextUp(1.0), sum(Precision.FP64, Rounding.RN, 1, 0x1p-53, 0x1p-1074), "just above a tie");
        same(1.0, sum(Precision.FP64, Rounding.RN, 1, 0x1p-53), "tie to even");
        same(0x1.0000000000002p0, sum(Precision.FP64, Rounding.RN, Math.nextUp(1.0), 0x1p-53), "tie to even, up");
    }

    @Test
    void jdkStreamSumCounterexamples() {
        same(2.0, sum(Precision.FP64, Rounding.RN, 1, 1e100, 1, -1e100), "[1, 1e100, 1, -1e100]");
        same(0x1p-55, sum(Precision.FP64, Rounding.RN, 0.1, 0.2, 0.3, -0.6), "[0.1, 0.2, 0.3, -0.6]");
        same(4.0, sum(Precision.FP64, Rounding.RN, 1e16, 1, 1, 1, 1, -1e16), "[1e16, 1,1,1,1, -1e16]");
    }

    @Test
    void ieeeSpecialsAndZeros() {
        same(-0.0, sum(Precision.FP64, Rounding.RN, -0.0, -0.0), "all -0");
        same(0.0, sum(Precision.FP64, Rounding.RN, -0.0, 0.0), "mixed zeros");
        same(-0.0, sum(Precision.FP64, Rounding.RD, -0.0, 0.0), "mixed zeros downward");
        same(0.0, sum(Precision.FP64, Rounding.RD, 0.0, 0.0), "all +0 downward");
        same(0.0, sum(Precision.FP64, Rounding.RN, 1.5, -1.5), "cancellation");
        same(-0.0, sum(Precision.FP64, Rounding.RD, 1.5, -1.5), "cancellation downward");
        same(0.0, sum(Precision.FP64, Rounding.RN), "empty sum");
        assertTrue(
                Double.isNaN(sum(Precision.FP64, Rounding.RN, Double.POSITIVE_INFINITY, 1, Double.NEGATIVE_INFINITY)));
        assertTrue(Double.isNaN(sum(Precision.FP64, Rounding.RN, 1, Double.NaN)));
        same(
                Double.NEGATIVE_INFINITY,
                sum(Precision.FP64, Rounding.RN, Double.NEGATIVE_INFINITY, Double.MAX_VALUE),
                "-Inf");
        same(
                Double.POSITIVE_INFINITY,
                sum(Precision.FP64, Rounding.RN, Double.MAX_VALUE, Double.MAX_VALUE),
                "overflow");
        same(
                Double.MAX_VALUE,
                sum(Precision.FP64, Rounding.RN, Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE),
                "no spurious overflow");
        same(
                Double.MAX_VALUE,
                sum(Precision.FP64, Rounding.RZ, Double.MAX_VALUE, Double.MAX_VALUE),
                "overflow toward zero");
        same(
                -Double.MAX_VALUE,
                sum(Precision.FP64, Rounding.RU, -Double.MAX_VALUE, -Double.MAX_VALUE),
                "negative overflow upward");
        // MAX + half an ulp is the overflow threshold: ties away to infinity in RN
        same(Double.POSITIVE_INFINITY, sum(Precision.FP64, Rounding.RN, Double.MAX_VALUE, 0x1p970), "MAX + ulp/2");
        same(Double.MAX_VALUE, sum(Precision.FP64, Rounding.RN, Double.MAX_VALUE, 0x1p969), "MAX + ulp/4");
        same(
                -Double.MAX_VALUE,
                sum(Precision.FP64, Rounding.RN, -Double.MAX_VALUE, -0x1.fffffffffffffp969),
                "-MAX - just under ulp/2");
    }

    @Test
    void binary32Output() {
        // 1 + 2^-24 + 2^-60: binary32 rounding straight from the exact sum goes up; through double it would tie to 1
        same(0x1.000002p0, sum(Precision.FP32, Rounding.RN, 1, 0x1p-24, 0x1p-60), "fp32 no double rounding");
        same(0x1p-149, sum(Precision.FP32, Rounding.RN, 0x1p-150, 0x1p-200), "fp32 smallest subnormal");
        same(0.0, sum(Precision.FP32, Rounding.RN, 0x1p-150), "fp32 tie to zero");
        same(Double.POSITIVE_INFINITY, sum(Precision.FP32, Rounding.RN, 0x1p127, 0x1p127), "fp32 overflow");
        ExactAccumulator a = new ExactAccumulator();
        a.addAll(new float[] {1f, 0x1p-24f, 0x1p-24f}, 0, 3);
        same(0x1.000002p0, a.round(Precision.FP32, Rounding.RN), "float inputs");
    }

    // ---- randomized against BigInteger, mpfr_sum and math.fsum ----

    static double[] randomCase(SplittableRandom r) {
        int kind = r.nextInt(8);
        int n = r.nextInt(10) == 0 ? r.nextInt(200, 3000) : r.nextInt(1, 40);
        double[] xs = new double[n];
        for (int i = 0; i < n; i++) {
            double x = switch (kind) {
                case 0 -> Double.longBitsToDouble(r.nextLong() & 0xffefffffffffffffL); // full finite range
                case 1 -> Double.longBitsToDouble(r.nextLong() & 0x800fffffffffffffL); // subnormals only
                case 2 -> Math.scalb(r.nextDouble() - 0.5, r.nextInt(-1074, 1024)); // log-uniform, all exponents
                case 3 -> Math.scalb(r.nextDouble(), r.nextInt(-30, 30)) * (r.nextBoolean() ? 1 : -1);
                case 4 ->
                    Math.scalb(1.0 + r.nextDouble(), r.nextInt(1000, 1024))
                            * (r.nextBoolean() ? 1 : -1); // overflow region
                case 5 ->
                    i % 2 == 1
                            ? -xs[i - 1]
                            : Math.scalb(r.nextDouble(), r.nextInt(-1074, 1023)); // massive cancellation
                case 6 ->
                    r.nextInt(6) == 0
                            ? (r.nextBoolean() ? -0.0 : 0.0)
                            : Math.scalb((double) r.nextInt(-3, 4), r.nextInt(-1080, -1060));
                default -> r.nextDouble();
            };
            if (r.nextInt(500) == 0)
                x = new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0}[r.nextInt(4)];
            xs[i] = x;
        }
        if (kind == 5 && r.nextBoolean()) xs[r.nextInt(n)] = Math.scalb(1.0, r.nextInt(-1074, -900)); // tiny residue
        return xs;
    }

    @Test
    void bitIdenticalToBigIntegerOn100kCasesInEveryMode() {
        SplittableRandom r = new SplittableRandom(42);
        for (int c = 0; c < 100_000; c++) {
            double[] xs = randomCase(r);
            ExactAccumulator a = new ExactAccumulator();
            a.addAll(xs);
            Rounding mode = c % 5 == 0 ? MODES[r.nextInt(4)] : Rounding.RN;
            Precision f = c % 7 == 0 ? Precision.FP32 : Precision.FP64;
            double got = a.round(f, mode);
            double want = reference(xs, f, mode);
            if (Double.isNaN(want)) {
                assertTrue(Double.isNaN(got), "case " + c);
            } else {
                same(want, got, "case " + c + " " + f + " " + mode + " n=" + xs.length);
            }
        }
    }

    @Test
    void agreesWithMpfrSum() {
        SplittableRandom r = new SplittableRandom(7);
        for (int c = 0; c < 20_000; c++) {
            double[] xs = randomCase(r);
            Rounding mode = MODES[c % 4];
            Precision f = c % 3 == 0 ? Precision.FP32 : Precision.FP64;
            ExactAccumulator a = new ExactAccumulator();
            a.addAll(xs);
            double got = a.round(f, mode);
            double want = MpfrSum.sum(xs, f, mode);
            if (Double.isNaN(want)) assertTrue(Double.isNaN(got));
            else same(want, got, "mpfr_sum case " + c + " " + f + " " + mode);
        }
    }

    @Test
    void agreesWithPythonFsum() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Processes.which("python3") != null, "python3 not on PATH");
        SplittableRandom r = new SplittableRandom(9);
        List<double[]> cases = new ArrayList<>();
        StringBuilder in = new StringBuilder();
        while (cases.size() < 5000) {
            double[] xs = randomCase(r);
            boolean finite = true;
            double big = 0;
            for (double x : xs) {
                finite &= Double.isFinite(x);
                big = Math.max(big, Math.abs(x));
            }
            // fsum raises OverflowError on intermediate overflow: keep to cases away from the top binade
            if (!finite || big > 0x1p1000 || xs.length == 0) continue;
            cases.add(xs);
            for (double x : xs) in.append(Double.toHexString(x)).append(' ');
            in.append('\n');
        }
        java.nio.file.Path stdin = java.nio.file.Files.createTempFile("fparity-fsum", ".txt");
        Processes.Captured p;
        try {
            java.nio.file.Files.writeString(stdin, in);
            p = Processes.command(
                            "python3",
                            "-c",
                            "import sys, math\nfor line in sys.stdin:\n    xs=[float.fromhex(t) for t in line.split()]\n    print(math.fsum(xs).hex())\n")
                    .stdin(stdin)
                    .timeoutSeconds(300)
                    .capture();
        } finally {
            java.nio.file.Files.deleteIfExists(stdin);
        }
        assertEquals(0, p.result().exitCode(), p.stderr());
        List<String> out = p.stdout().lines().toList();
        assertEquals(cases.size(), out.size());
        for (int i = 0; i < cases.size(); i++) {
            double fsum = Double.parseDouble(out.get(i).replace("0x", "0x").replace("inf", "Infinity"));
            ExactAccumulator a = new ExactAccumulator();
            a.addAll(cases.get(i));
            double got = a.round();
            if (fsum == 0 && got == 0)
                continue; // fsum's zero sign differs from IEEE summation (it returns +0 for -0 sums)
            same(fsum, got, "fsum case " + i);
        }
    }

    @Test
    void randomPartitionsAndMergesGiveTheSameBits() throws Exception {
        SplittableRandom r = new SplittableRandom(11);
        ObjectMapper json = new ObjectMapper();
        for (int c = 0; c < 3000; c++) {
            double[] xs = randomCase(r);
            ExactAccumulator whole = new ExactAccumulator();
            whole.addAll(xs);
            double want = whole.round();
            int parts = 1 + r.nextInt(6);
            List<ExactAccumulator> accs = new ArrayList<>();
            int from = 0;
            for (int k = 0; k < parts; k++) {
                int to = k == parts - 1 ? xs.length : from + r.nextInt(xs.length - from + 1);
                ExactAccumulator a = new ExactAccumulator();
                a.addAll(xs, from, to);
                if (r.nextBoolean()) { // through JSON, as between clusters
                    String text = json.writeValueAsString(a.state());
                    a = ExactAccumulator.fromState(json.readValue(text, AccumulatorState.class));
                }
                accs.add(a);
                from = to;
            }
            java.util.Collections.shuffle(accs, new java.util.Random(c));
            ExactAccumulator merged = accs.get(0);
            for (int k = 1; k < accs.size(); k++) merged.merge(accs.get(k));
            if (Double.isNaN(want)) assertTrue(Double.isNaN(merged.round()));
            else same(want, merged.round(), "merge case " + c);
            assertEquals(xs.length, merged.count());
            for (Rounding m : MODES) {
                double w = whole.round(Precision.FP64, m);
                if (!Double.isNaN(w)) same(w, merged.round(Precision.FP64, m), "merge case " + c + " " + m);
            }
        }
    }

    @Test
    void manyLargeTermsForceBinFlushesAndNormalizations() {
        int n = 3_000_000;
        double[] xs = new double[n];
        SplittableRandom r = new SplittableRandom(3);
        for (int i = 0; i < n; i++)
            xs[i] = (r.nextInt(4) == 0 ? -1 : 1) * Math.scalb(1.0 + r.nextDouble(), 1020 + r.nextInt(3));
        ExactAccumulator a = new ExactAccumulator();
        a.addAll(xs);
        for (Rounding m : MODES) same(reference(xs, Precision.FP64, m), a.round(Precision.FP64, m), "3M terms " + m);
    }

    @Test
    void malformedStateIsRefusedWithAReason() {
        var bad = new AccumulatorState("something-else", 1, 0, "0x0p+0", null, false, false, false, false);
        var e = assertThrows(IllegalArgumentException.class, () -> ExactAccumulator.fromState(bad));
        assertTrue(e.getMessage().contains("not an exact-accumulator state"));
        var bad2 = new AccumulatorState(AccumulatorState.FORMAT, 1, 0, "12.5", null, false, false, false, false);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExactAccumulator.fromState(bad2))
                .getMessage()
                .contains("malformed"));
        var bad3 = new AccumulatorState(AccumulatorState.FORMAT, 9, 0, "0x0p+0", null, false, false, false, false);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ExactAccumulator.fromState(bad3))
                .getMessage()
                .contains("version"));
    }

    @Test
    void floatingPointExpansionFirstLevelGivesTheSameBits() {
        SplittableRandom r = new SplittableRandom(13);
        for (int c = 0; c < 30_000; c++) {
            double[] xs = randomCase(r);
            FpeAccumulator f = new FpeAccumulator(1 + c % 8);
            f.addAll(xs, 0, xs.length);
            ExactAccumulator a = new ExactAccumulator();
            a.addAll(xs);
            Rounding mode = MODES[c % 4];
            double want = a.round(Precision.FP64, mode);
            double got = f.round(Precision.FP64, mode);
            if (Double.isNaN(want)) assertTrue(Double.isNaN(got));
            else same(want, got, "fpe case " + c + " " + mode);
            assertEquals(xs.length, f.accumulator().count());
        }
    }
}
