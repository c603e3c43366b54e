package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
        List<DetectedToolchain> all = List.of(
                gcc,
                DetectedToolchain.detect(tcs.get("java")),
                DetectedToolchain.detect(tcs.get("nvcc-sm80")),
                DetectedToolchain.detect(tcs.get("hipcc-gfx90a")));
        Map<String, ToolchainCheck.Row> rows = ToolchainCheck.run(tmp, gcc, all, 3, 2, 14L).stream()
                .collect(Collectors.toMap(ToolchainCheck.Row::toolchain, Function.identity()));
        for (String t : List.of("gcc", "java")) {
            ToolchainCheck.Row r = rows.get(t);
            if (t.equals("java") && !all.get(1).canCompile()) {
                // a runtime without javac (a node bundle's): the check says so instead of holding Java to anything
                assertEquals("cannot compile here: " + all.get(1).compileProblem(), r.skipped());
                continue;
            }
            assertEquals("O0", r.opt());
            assertTrue(r.total() >= 6, r.toString());
            assertTrue(r.ok(), r.toString());
            assertNull(r.firstDifference());
        }
        // both GPU toolchains are held to gcc's bits at their contraction-off level
        for (int i = 2; i < 4; i++) {
            DetectedToolchain gpu = all.get(i);
            ToolchainCheck.Row row = rows.get(gpu.toolchain().name());
            assertEquals("nofma", row.opt());
            if (gpu.canRun()) {
                assertTrue(row.total() >= 6 && row.skipped() == null, row.toString());
            } else {
                assertEquals(
                        gpu.canCompile()
                                ? "cannot run here: " + gpu.runProblem()
                                : "cannot compile here: " + gpu.compileProblem(),
                        row.skipped());
            }
        }
    }

    /** The check holds a platform to the campaign's rule, not to bits a comparison ignores: a NaN's sign, a zero's sign. */
    @Test
    void aNansSignIsNotADifference() {
        assertTrue(ToolchainCheck.sameResult("-nan", "nan"));
        assertTrue(ToolchainCheck.sameResult("0x0p+0", "-0x0p+0"));
        assertTrue(ToolchainCheck.sameResult("0x1.8p+1", "0x1.8p+1"));
        assertFalse(ToolchainCheck.sameResult("0x1p+0", "0x1.0000000000001p+0"));
        assertFalse(ToolchainCheck.sameResult("inf", "-inf"));
        assertFalse(ToolchainCheck.sameResult("nan", "inf"));
        assertFalse(ToolchainCheck.sameResult("0x0p+0", "0x1p-1074"));
    }

    /** The check and every campaign comparison decide "differs" alike, however the results are spelled (issue 30). */
    @Test
    void decidesAsTheCampaignsRuleDoes() {
        List<String> printed = List.of(
                "0x1p+0",
                "0x1.0p+0",
                "0x2p-1",
                "0x1.0000000000001p+0",
                "inf",
                "-inf",
                "nan",
                "-nan",
                "0x0p+0",
                "-0x0p+0",
                "0x1p-1074",
                "-0x1p+0");
        int same = 0;
        for (String a : printed) {
            for (String b : printed) {
                boolean campaign = org.fparity.exec.DiscrepancyClass.classify(
                                org.fparity.ir.HexFloat.parse(a), org.fparity.ir.HexFloat.parse(b))
                        == null;
                assertEquals(campaign, ToolchainCheck.sameResult(a, b), a + " vs " + b);
                if (campaign) same++;
            }
        }
        assertEquals(
                9 + 1 + 1 + 1 + 4 + 4 + 1 + 1,
                same); // 1 spelled three ways; 1+ulp; inf; -inf; two NaNs; two zeros; a subnormal; -1
    }
}
