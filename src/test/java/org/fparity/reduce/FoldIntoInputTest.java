package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.confirm.Interestingness;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Params;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.oracle.CorrectlyRounded;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Smaller (issue 29, point 6): the kept NaN-vs-1 case (gcc -O0 against -O3 -ffast-math) stopped at two operations,
 * {@code comp *= comp; comp /= comp;} on 2^1023; with the first statement folded into the input it is one,
 * {@code comp /= comp} on an infinite input, and nothing undefined.
 */
class FoldIntoInputTest {
    @TempDir
    Path tmp;

    static final Program NAN_VS_ONE = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1, double var_2) {
              comp *= comp;
              comp /= comp;
              comp += var_1 * 0x1p-3;
              comp = comp - var_2 * var_1;
            }
            """);
    static final Input IN = new Input(List.of("0x1p+1023", "0x0p+0", "0x1p+2"));

    @Test
    void theFirstStatementGoesAndCompsInputBecomesItsIeeeValue() {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        List<Candidate> out = new ArrayList<>();
        Passes.foldIntoInput(NAN_VS_ONE, IN, out);
        assertEquals(1, out.size());
        assertEquals(Map.of(0, "inf"), out.getFirst().inputs(), "2^1023 squared overflows");
        Params.WithInput r = out.getFirst().apply(NAN_VS_ONE, IN);
        assertTrue(
                r.program()
                        .canonical()
                        .startsWith(
                                "program fp64 array 8\ncompute(double comp, double var_1, double var_2) {\n  comp /= comp;\n"),
                r.program().canonical());
        assertEquals(List.of("inf", "0x0p+0", "0x1p+2"), r.input().args());
        // a first statement that sets anything but comp is not folded
        List<Candidate> none = new ArrayList<>();
        Passes.foldIntoInput(
                Program.parse(
                        "program fp64 array 8\ncompute(double comp) {\n  double tmp_1 = comp * 0x1p+1;\n  comp /= tmp_1;\n}\n"),
                new Input(List.of("0x1p+0")),
                none);
        assertTrue(none.isEmpty(), none.toString());
    }

    @Test
    @Tag("tools")
    void theKeptNanVsOneCaseReachesOneOperationOnRealGcc() throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain gcc = DetectedToolchain.detect(tcs.get("gcc"));
        Assumptions.assumeTrue(gcc.canCompile() && gcc.canRun(), "gcc cannot build and run here");
        Interestingness v = new Interestingness(DiscrepancyClass.NAN_NUMBER, 1, false);
        long t0 = System.nanoTime();
        Reducer.Result r = new Reducer(new LocalCandidateRunner(gcc, "O0", gcc, "O3_FM", tmp), v, 150, s -> {})
                .reduce(NAN_VS_ONE, IN);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(1, Size.of(r.program()).operations(), r.program().canonical());
        assertEquals(
                "program fp64 array 8\ncompute(double comp) {\n  comp /= comp;\n}\n",
                r.program().canonical());
        assertEquals(List.of("inf"), r.input().args());
        assertTrue(Double.isNaN(r.a().value()), "gcc -O0: inf / inf is NaN");
        assertEquals(1.0, r.b().value(), "gcc -O3 -ffast-math folds x / x to 1");
        assertTrue(Sanitizer.check(r.program(), r.input(), tmp).clean(), "UB-free");
        assertTrue(seconds < 30, seconds + " s");
    }
}
