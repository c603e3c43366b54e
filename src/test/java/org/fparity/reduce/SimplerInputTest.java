package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Interestingness;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.oracle.CorrectlyRounded;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs moved to simpler values (issue 29, point 6): gcc -O3 -ffast-math folds {@code t / t} to 1 where -O0 divides 0
 * by 0. On the recorded input (3, 3) the zero needs {@code comp - var_1} twice, and no edit of the program alone keeps
 * the discrepancy: a literal for one side makes {@code 0 / x}, which fast math folds to 0 (another class), and the
 * operand for one side divides by a non-zero. With both inputs at 0 the subtraction goes and one operation is left, and
 * gcc -O3 -ffast-math is still the side off the correctly rounded NaN.
 */
@Tag("tools")
@Tag("slow")
class SimplerInputTest {
    @TempDir
    Path tmp;

    @Test
    void aCaseThatNeedsASimplerInputForFewerOperationsReachesOneOnRealGcc() throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain gcc = DetectedToolchain.detect(tcs.get("gcc"));
        Assumptions.assumeTrue(gcc.canCompile() && gcc.canRun(), "gcc cannot build and run here");
        Program p = Program.parse("""
                program fp64 array 8
                compute(double comp, double var_1) {
                  comp = (comp - var_1) / (comp - var_1);
                }
                """);
        Reducer.Result r = new Reducer(
                        new LocalCandidateRunner(gcc, "O0", gcc, "O3_FM", tmp),
                        new Interestingness(DiscrepancyClass.NAN_NUMBER, 1, false),
                        150,
                        s -> {})
                .reduce(p, new Input(List.of("0x1.8p+1", "0x1.8p+1")));
        assertEquals(
                "program fp64 array 8\ncompute(double comp) {\n  comp = comp / comp;\n}\n",
                r.program().canonical());
        assertEquals(1, Size.of(r.program()).operations());
        assertEquals(List.of("0x0p+0"), r.input().args());
        assertTrue(Double.isNaN(r.a().value()), "gcc -O0: 0 / 0 is NaN");
        assertEquals(1.0, r.b().value(), "gcc -O3 -ffast-math folds x / x to 1");
        assertEquals(
                OffTruth.Who.B,
                Reducer.offTruth(
                        new org.fparity.ir.Params.WithInput(r.program(), r.input()),
                        new org.fparity.exec.Outcome[] {r.a(), r.b()}),
                "the fast-math side stays the one off the truth");
        assertTrue(Sanitizer.check(r.program(), r.input(), tmp).clean(), "UB-free");
    }
}
