package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Standalone;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A planted PoCL-against-gcc library difference: tanh at 19.0 is 1 in PoCL's built-in and 1 - 2^-53 (the correctly
 * rounded result) in glibc. Both sides built and run for real at O0; triage names PoCL's tanh, asking PoCL itself.
 */
@Tag("tools")
class PoclLibraryToolsTest {
    @TempDir
    Path tmp;

    @Test
    void aPoclBuiltinOffTheTruthIsNamedWithItsFunctionAndLibrary() throws Exception {
        Program p = Program.parse("""
                program fp64 array 1
                compute(double comp, double x) {
                  comp = tanh(x) + comp;
                }
                """);
        Input in = new Input(List.of("0x0p+0", "0x1.2fdeba7d8cbe4p+4"));
        Standalone single = new Standalone(tmp.resolve("runs"));
        Outcome gcc = single.run(PlantedCausesToolsTest.toolchain("gcc"), "O0", p, in);
        Outcome pocl = single.run(PlantedCausesToolsTest.toolchain("pocl"), "O0", p, in);
        assertEquals("0x1.fffffffffffffp-1", gcc.hex());
        assertNotEquals(gcc.hex(), pocl.hex());
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        TriageState.Unit u = new LibraryTriage(tmp.resolve("work"), tcs::get)
                .decide(new LibraryTriage.Case("u", p, in, "gcc", gcc, "pocl", pocl));
        assertEquals(RootCause.Kind.OPERATION, u.kind(), u.toString());
        assertEquals("pocl", u.family());
        assertEquals("tanh", u.function());
        assertEquals("PoCL builtins", u.library());
    }

    /**
     * A planted contraction: x*y + comp with x = 1 + 2^-30, y = 1 - 2^-30 and comp = -1 is 0 in program order (the
     * product rounds to 1) and -2^-60 fused. PoCL fuses it even at -cl-opt-disable (OpenCL C's default FP_CONTRACT
     * ON), gcc at O0 does not; both real runs. Triage names pocl's contraction, not its library (before: undecided,
     * "not what PoCL builtins gives evaluated in program order").
     */
    @Test
    void poclsContractionAtItsLowestLevelIsNamedAsContraction() throws Exception {
        Program p = Program.parse("""
                program fp64 array 1
                compute(double comp, double x, double y) {
                  comp = x * y + comp;
                }
                """);
        Input in = new Input(List.of("-0x1p+0", "0x1.00000004p+0", "0x1.fffffff8p-1"));
        Standalone single = new Standalone(tmp.resolve("runs"));
        Outcome gcc = single.run(PlantedCausesToolsTest.toolchain("gcc"), "O0", p, in);
        Outcome pocl = single.run(PlantedCausesToolsTest.toolchain("pocl"), "O0", p, in);
        Outcome poclOff = single.run(PlantedCausesToolsTest.toolchain("pocl"), "O1", p, in);
        assertEquals("0x0p+0", gcc.hex());
        assertEquals("-0x1p-60", pocl.hex());
        assertEquals("0x0p+0", poclOff.hex(), "pocl O1 (FP_CONTRACT OFF) does not fuse");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        LibraryTriage triage = new LibraryTriage(tmp.resolve("work"), tcs::get);
        TriageState.Unit u = triage.decide(new LibraryTriage.Case("u", p, in, "gcc", gcc, "pocl", pocl));
        assertEquals(RootCause.Kind.OPERATION, u.kind(), u.toString());
        assertEquals("pocl", u.family());
        assertEquals(LibraryTriage.CONTRACTION, u.operation());
        assertNull(u.function());
        assertNull(u.library());
        assertEquals(
                "pocl: contraction: a*b+c fused (OpenCL C's default FP_CONTRACT ON, inside each expression); in program"
                        + " order without it, PoCL builtins give the other side's result",
                CampaignTriage.title(u));
        // pocl O0 against pocl O1 (built with FP_CONTRACT OFF): the same cause, one key (before: undecided, "not
        // reproduced", no knob rebuilds the host's pragma)
        TriageState.Unit step = triage.decide(new LibraryTriage.Case("v", p, in, "pocl", pocl, "pocl", poclOff));
        assertEquals(RootCause.Kind.OPERATION, step.kind(), step.toString());
        assertEquals(u.key(), step.key());
    }
}
