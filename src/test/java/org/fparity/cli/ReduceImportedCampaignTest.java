package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code reduce} of an imported GPU campaign (Varity's cuda_examples, nvcc-9.2 on a V100) on a machine without a GPU:
 * one line saying what was done instead, exit 3, never "unknown toolchain".
 */
@Tag("tools")
@Tag("slow")
class ReduceImportedCampaignTest {
    @TempDir
    Path tmp;

    @Test
    void anImportedNvccDiscrepancyWithoutAGpuIsBundledUnreducedWithItsRecordedBitsInOneLineAndExit3() throws Exception {
        Path data = Path.of("..", "shared", "data", "varity", "cuda_examples")
                .toAbsolutePath()
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(data), "the sample Varity data is not at " + data);
        Assumptions.assumeTrue(
                Processes.which("nvcc") != null, "nvcc is not installed: min.cu cannot be compiled here");
        Assumptions.assumeFalse(
                Files.exists(Path.of("/dev/nvidiactl")), "an NVIDIA driver is here: the campaign is reduced for real");
        Path camp = tmp.resolve("v");
        Cli.Run imp = Cli.fparity("import-varity", data.toString(), "--out", camp.toString());
        assertEquals(0, imp.exit(), imp.err());
        Path out = tmp.resolve("bundles");
        Cli.Run r = Cli.fparity("reduce", camp.toString(), "--discrepancy", "78457886ca49", "--out", out.toString());
        assertEquals(3, r.exit(), r.err());
        List<String> lines = r.err().strip().lines().toList();
        assertEquals(1, lines.size(), r.err());
        String line = lines.getFirst();
        assertTrue(
                line.startsWith("fparity: 78457886ca49 (NaN–Inf, nvcc-9.2@O0@varity-lassen#V100_CUDA_9.2 vs"
                        + " nvcc-9.2@O3_nostrict@varity-lassen#V100_CUDA_9.2): not reduced, nvcc-sm75 cannot run here"
                        + " (no NVIDIA driver here"),
                line);
        assertTrue(line.contains("bundled the recorded program unreduced (32 operations"), line);
        assertTrue(line.contains("nvcc-9.2 (recorded: CUDA 9.2 (cuda_examples/README.md)) as nvcc-sm75"), line);
        assertTrue(line.endsWith("min.cu compiles with nvcc here (-O0; -O3 -use_fast_math)"), line);
        assertEquals("", r.out());
        Path bundle = out.resolve("78457886ca49");
        JsonNode exp =
                ProgramJson.MAPPER.readTree(bundle.resolve("expected.json").toFile());
        JsonNode o0 = exp.get("platforms").get("nvcc-9.2@O0@varity-lassen");
        JsonNode fast = exp.get("platforms").get("nvcc-9.2@O3_nostrict@varity-lassen");
        assertEquals("inf", o0.get("result").asText(), "Varity's recorded V100 result");
        assertEquals("nan", fast.get("result").asText());
        assertEquals("CUDA 9.2 (cuda_examples/README.md)", fast.get("version").asText());
        String readme = Files.readString(bundle.resolve("README.md"));
        assertTrue(readme.contains("Not reduced: the program as recorded, 32 operations"), readme);
        assertTrue(
                Files.readString(bundle.resolve("build.sh")).contains("-O3 -use_fast_math -o"), "the recorded flags");
        assertFalse(Files.exists(bundle.resolve("build")), "compiled in the work folder, not in the bundle");

        // --top 1: the first pick has a side whose flags Varity did not document (one line, skipped), the next is
        // bundled
        Cli.Run top = Cli.fparity(
                "reduce",
                camp.toString(),
                "--top",
                "1",
                "--out",
                tmp.resolve("top").toString());
        assertEquals(3, top.exit(), top.err());
        assertFalse(top.err().contains("unknown toolchain"), top.err());
        assertTrue(top.err().lines().allMatch(l -> l.startsWith("fparity: ")), top.err());
        assertTrue(top.err().strip().lines().toList().getLast().contains("not reduced, nvcc-sm75 cannot run here"));
    }

    /** Varity's vm_3801 (gcc and clang on one VM) has no discrepancy: --top says so in one line, exit 0. */
    @Test
    void topOnACampaignWithoutDiscrepanciesSaysThereIsNothingToReduce() {
        Path data = Path.of("..", "shared", "data", "varity", "vm_3801")
                .toAbsolutePath()
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(data), "the sample Varity data is not at " + data);
        Path camp = tmp.resolve("vm");
        assertEquals(
                0,
                Cli.fparity("import-varity", data.toString(), "--out", camp.toString())
                        .exit());
        Cli.Run r = Cli.fparity(
                "reduce",
                camp.toString(),
                "--top",
                "3",
                "--out",
                tmp.resolve("b").toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("no discrepancy and no run that ended differently in " + camp + ": nothing to reduce\n", r.out());
        assertEquals("", r.err());
    }
}
