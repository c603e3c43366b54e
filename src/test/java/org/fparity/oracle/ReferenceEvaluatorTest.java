package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

class ReferenceEvaluatorTest {
    static Program prog(String body) {
        return Program.parse("program fp64 array 1\ncompute(double comp, double x) {\n" + body + "\n}\n");
    }

    static Input in(String... toks) {
        return new Input(Arrays.asList(toks));
    }

    @Test
    void zivFindsClosedFormValuesTheIdealPlatformMisses() {
        Program p = prog("comp = sqrt(x) * sqrt(x);");
        var ideal = ReferenceEvaluator.ideal(p, in("0.0", "2.0"));
        assertEquals(0x1.0000000000001p1, ideal.comp()); // RN(√2)² rounds up
        var exact = ReferenceEvaluator.exact(p, in("0.0", "2.0"));
        assertEquals(2.0, exact.comp());
        assertEquals(ReferenceEvaluator.Status.CONVERGED, exact.status());

        var pi = ReferenceEvaluator.exact(prog("comp = 4.0 * atan(x);"), in("0.0", "1.0"));
        assertEquals(Math.PI, pi.comp());
        var three = ReferenceEvaluator.exact(prog("comp = exp(log(x)) + comp;"), in("0.0", "3.0"));
        assertEquals(3.0, three.comp());
        // (1e16 + 1) - 1e16: the ideal platform loses the 1, the real value keeps it
        Program c = prog("comp = (x + 1.0) - x;");
        assertEquals(0.0, ReferenceEvaluator.ideal(c, in("0.0", "1e16")).comp());
        assertEquals(1.0, ReferenceEvaluator.exact(c, in("0.0", "1e16")).comp());
    }

    @Test
    void undecidableComparisonIsReportedUnstable() {
        Program p = prog("if (sin(x) * sin(x) + cos(x) * cos(x) == 1.0) {\n comp = 1.0;\n} else {\n comp = 2.0;\n}");
        var e = ReferenceEvaluator.exact(p, in("0.0", "0.7"), 2048);
        assertEquals(ReferenceEvaluator.Status.UNSTABLE, e.status());
        assertEquals(1, e.unstable().size());
        assertEquals("==", e.unstable().get(0).op());
        // a comparison that is merely close is decided once the precision suffices
        Program q = prog("if (x + 1e-30 > x) {\n comp = 1.0;\n} else {\n comp = 2.0;\n}");
        var f = ReferenceEvaluator.exact(q, in("0.0", "1.0"));
        assertEquals(1.0, f.comp());
        assertTrue(f.status() == ReferenceEvaluator.Status.EXACT || f.status() == ReferenceEvaluator.Status.CONVERGED);
        assertEquals(2.0, ReferenceEvaluator.ideal(q, in("0.0", "1.0")).comp());
    }

    @Test
    void exactCasesTerminateAtOnce() {
        Program p = prog("comp = exp(comp) + pow(x, 10.0) + log(1.0) + cbrt(27.0) + hypot(3.0, 4.0) - ceil(0.5);");
        var e = ReferenceEvaluator.exact(p, in("0.0", "2.0"));
        assertEquals(ReferenceEvaluator.Status.EXACT, e.status());
        assertEquals(1, e.passes());
        assertEquals(1.0 + 1024 + 0 + 3 + 5 - 1, e.comp());
        Program eq = prog("if (sqrt(x) == 2.0) {\n comp = 7.0;\n}");
        var f = ReferenceEvaluator.exact(eq, in("0.0", "4.0"));
        assertEquals(7.0, f.comp());
        assertEquals(ReferenceEvaluator.Status.EXACT, f.status());
    }

    static Program corpus(String name) throws Exception {
        return Program.parse(Files.readString(Path.of("corpora", name.replace(".fp", ""), "program.fp")));
    }

    static Input corpusInput(String name) throws Exception {
        String line = Files.readString(Path.of("corpora", name.replace(".fp", ""), "program.fp"))
                .lines()
                .filter(l -> l.startsWith("// input:"))
                .findFirst()
                .orElseThrow();
        return new Input(List.of(line.substring("// input:".length()).strip().split("\\s+")));
    }

    @Test
    void seedPaperCeilCase() throws Exception {
        Program p = corpus("ceil-tiny-positive.fp");
        Input in = corpusInput("ceil-tiny-positive.fp");
        var ideal = ReferenceEvaluator.ideal(p, in);
        assertEquals(1, ideal.calls().size());
        MathCall c = ideal.calls().get(0);
        assertEquals(MathFn.CEIL, c.fn());
        assertEquals(1.5955E-125, c.args()[0]);
        assertEquals(1.0, c.result());
        assertEquals(1.2374E-306 + 1.1147E-307, ideal.comp());
        assertEquals(ideal.comp(), ReferenceEvaluator.exact(p, in).comp());
    }

    @Test
    void seedPaperFmodCase() throws Exception {
        Program p = corpus("fmod-nvcc-vs-hipcc.fp");
        Input in = corpusInput("fmod-nvcc-vs-hipcc.fp");
        var ideal = ReferenceEvaluator.ideal(p, in);
        MathCall hard = ideal.calls().stream()
                .filter(c -> c.fn() == MathFn.FMOD && c.args()[1] == 1.5793E-307)
                .findFirst()
                .orElseThrow();
        assertEquals(1.5917195493481116e+289, hard.args()[0]);
        assertEquals(ExactReference.fmod(1.5917195493481116e+289, 1.5793E-307), hard.result());
        assertEquals(10, ideal.calls().size()); // two fmod calls per iteration, five iterations
        assertEquals(0x1.a3c835dd8ebc2p-1014, ideal.comp()); // what hipcc printed (9.3404611450291972e-306)
        // In real arithmetic var_2·(var_3 + var_4) = 1.7612e-322 · 1.1649e-307 is positive, not an underflowed 0,
        // so comp >= it is false and the loop never runs: the exact real value is 0, every operation exact.
        var exact = ReferenceEvaluator.exact(p, in);
        assertEquals(0.0, exact.comp());
        assertEquals(ReferenceEvaluator.Status.EXACT, exact.status());
    }

    @Test
    void binary32ProgramsRoundEveryStepToFloat() {
        Program p =
                Program.parse("program fp32 array 1\ncompute(float comp, float x) {\n  comp = (x + 1.0f) - x;\n}\n");
        assertEquals(0.0, ReferenceEvaluator.ideal(p, in("0", "1e8")).comp());
        assertEquals(1.0, ReferenceEvaluator.exact(p, in("0", "1e8")).comp());
        Program q = Program.parse("program fp32 array 1\ncompute(float comp, float x) {\n  comp = sin(x);\n}\n");
        assertEquals(
                (double) CorrectlyRounded.applyFloat(MathOp.of(MathFn.SIN), 1e30f),
                ReferenceEvaluator.ideal(q, in("0", "1e30")).comp());
    }
    /**
     * The ideal answer's NaN is one NaN, whatever ran before. Java's {@code a + b} and {@code a * b} of two NaNs return
     * {@code b}'s in the interpreter and {@code a}'s once compiled, and {@code inf - inf} is x86's negative default NaN:
     * {@code -sqrt(x) + (x - x)} at -inf printed {@code -nan} in a fresh JVM and {@code nan} after a few hundred
     * evaluations. Each program runs thousands of times, between inputs that leave a negative NaN (an input -nan, a
     * negated NaN) and finite ones, so the arithmetic is evaluated both interpreted and compiled.
     */
    @Test
    void everyNanOfTheIdealPlatformIsTheCanonicalNanEveryTime() {
        long canonical = 0x7ff8000000000000L;
        List<Program> nanAtMinusInf = List.of(
                prog("comp = -sqrt(x) + (x - x);"),
                prog("comp = (x - x) * -sqrt(x);"),
                prog("comp = x - x;"),
                prog("comp = -(x * 0.0);"),
                Program.parse(
                        "program fp32 array 1\ncompute(float comp, float x) {\n  comp = -sqrt(x) + (x - x);\n}\n"));
        for (int round = 0; round < 3000; round++) {
            for (Program p : nanAtMinusInf) {
                // inputs that leave a negative NaN around, and a finite one
                ReferenceEvaluator.ideal(p, in("0", "-nan"));
                assertTrue(Double.isFinite(
                        ReferenceEvaluator.ideal(p, in("0", "4")).comp()));
                var ideal = ReferenceEvaluator.ideal(p, in("0", "-inf"));
                assertEquals(canonical, Double.doubleToRawLongBits(ideal.comp()), p + " round " + round);
                assertEquals("nan", org.fparity.ir.HexFloat.format(ideal.comp()), p + " round " + round);
                for (MathCall c : ideal.calls())
                    assertEquals(canonical, Double.doubleToRawLongBits(c.result()), c.describe());
            }
        }
        // a NaN read from the input is the canonical one too, as is every node's value on the way
        var values = ReferenceEvaluator.idealValues(prog("comp = -x;"), in("0", "-nan"));
        assertEquals(2, values.size());
        for (double v : values.values()) assertEquals(canonical, Double.doubleToRawLongBits(v));
    }
}
