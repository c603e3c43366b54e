package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code toolchains --check}: IEEE-exact programs give gcc -O0 -ffp-contract=off's bits on gcc itself and on Java
 * (strict IEEE), and a GPU toolchain that cannot run here is skipped with the reason, or checked where it can.
 */
@Tag("tools")
class ToolchainCheckTest {
    @TempDir
    Path tmp;

    @Test
    void exactProgramsAgreeWithTheReferenceAndGpusSayWhy() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain gcc = DetectedToolchain.detect(tcs.get("gcc"));
        assumeTrue(gcc.canRun(), "gcc cannot run here: " + gcc.compileProblem());
        List<DetectedToolchain> all = List.of(gcc, DetectedToolchain.detect(tcs.get("java")), DetectedToolchain.detect(tcs.get("nvcc-sm80")));
        Map<String, ToolchainCheck.Row> rows = ToolchainCheck.run(tmp, gcc, all, 3, 2, 14L).stream()
                .collect(Collectors.toMap(ToolchainCheck.Row::toolchain, Function.identity()));
        for (String t : List.of("gcc", "java")) {
            ToolchainCheck.Row r = rows.get(t);
            assertEquals("O0", r.opt());
            assertTrue(r.total() >= 6, r.toString());
            assertTrue(r.ok(), r.toString());
            assertNull(r.firstDifference());
        }
        ToolchainCheck.Row nv = rows.get("nvcc-sm80");
        assertEquals("nofma", nv.opt());
        if (all.get(2).canRun()) {
            assertTrue(nv.total() >= 6 && nv.skipped() == null, nv.toString());
        } else {
            assertEquals(all.get(2).canCompile() ? "cannot run here: " + all.get(2).runProblem() : "cannot compile here: " + all.get(2).compileProblem(), nv.skipped());
        }
    }
}
