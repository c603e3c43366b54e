package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

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
}
