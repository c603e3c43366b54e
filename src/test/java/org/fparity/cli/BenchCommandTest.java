package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark's plumbing on a tiny workload (the figures themselves come from a real run, not from a test). */
@Tag("tools")
class BenchCommandTest {
    @TempDir
    Path tmp;

    @Test
    void measuresBothModesOnTheSameRunsAndTheyAgree() throws Exception {
        String[] r = ToolchainsCommandTest.cli(
                "bench",
                "--programs",
                "3",
                "--inputs",
                "2",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O2",
                "--nvcc-programs",
                "0",
                "--out",
                tmp.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("= 12 runs"), r[1]);
        assertTrue(r[1].contains("ratio: "), r[1]);
        JsonNode j = ProgramJson.MAPPER.readTree(Files.readString(tmp.resolve("bench.json")));
        assertEquals(12, j.get("fparity").get("runs").asInt());
        assertEquals(12, j.get("baseline").get("runs").asInt());
        assertEquals(6, j.get("baseline").get("compiles").asInt(), "one compile per program × opt level");
        assertEquals(2, j.get("fparity").get("compiles").asInt(), "one compile per opt level");
        // Without fast math the same build of the same program must give the same bits either way.
        assertEquals(12, j.get("agreeingRuns").asInt(), j.get("differences").toString());
    }

    /** Against the real Varity (../shared/peers/varity): both sides run, and their runs are counted from their own output. */
    @Test
    void againstTheRealVarityBothToolsRunAndAreCountedFromTheirOutputs() throws Exception {
        Path peer = Path.of("..", "shared", "peers", "varity").toAbsolutePath().normalize();
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Files.isRegularFile(peer.resolve("varity/varity.py")), "no Varity checkout at " + peer);
        org.junit.jupiter.api.Assumptions.assumeTrue(
                org.fparity.util.Executables.find("python3") != null, "python3 not on PATH");
        String[] r = ToolchainsCommandTest.cli(
                "bench",
                "--varity",
                peer.toString(),
                "--programs",
                "3",
                "--varity-programs",
                "2",
                "--inputs",
                "2",
                "--varity-inputs",
                "2",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O3_FM",
                "--no-phases",
                "--causes-programs",
                "2",
                "--out",
                tmp.toString());
        assertEquals("0", r[0], r[1] + r[2]);
        assertTrue(r[1].contains("Varity: -O0 -Ofast"), r[1]);
        // the causes curve: Varity's campaign imported under fparity's names (its -Ofast is O3_FM) and triaged by
        // fparity triage; fparity run at its defaults (50 inputs, triage included) on 2 programs
        assertTrue(
                r[1].contains("root causes per CPU-second (decided causes; both campaigns triaged by fparity triage):"),
                r[1]);
        assertTrue(r[1].contains("  varity     2 programs × 2 inputs: "), r[1]);
        String imported = Files.readString(tmp.resolve("causes/varity-campaign/campaign.json"));
        assertTrue(imported.contains("\"opt\" : \"O3_FM\"") && !imported.contains("\"opt\" : \"Ofast\""), imported);
        assertTrue(Files.isRegularFile(tmp.resolve("causes/varity-campaign/causes.json")), "Varity's campaign triaged");
        JsonNode curve = ProgramJson.MAPPER
                .readTree(Files.readString(tmp.resolve("bench.json")))
                .get("causes");
        assertEquals(2, curve.get("varity").get("programs").asInt());
        assertEquals(1, curve.get("fparity").size());
        assertEquals(2, curve.get("fparity").get(0).get("programs").asInt());
        assertEquals(50, curve.get("fparity").get(0).get("inputs").asInt());
        assertTrue(Files.isRegularFile(tmp.resolve("causes-2/campaign/causes.json")), "fparity's run triaged");
        assertTrue(r[1].contains("ratio fparity/varity: runs/min "), r[1]);
        JsonNode round = ProgramJson.MAPPER
                .readTree(Files.readString(tmp.resolve("bench.json")))
                .get("rounds")
                .get(0);
        assertEquals(3 * 2 * 2, round.get("fparity").get("runs").asInt());
        // With -lm after the source every gcc build links, so Varity has all its runs: 2 programs × 2 inputs × 2
        // levels.
        assertEquals(2 * 2 * 2, round.get("varity").get("runs").asInt());
        assertEquals(2 * 2, round.get("varity").get("count").get("cases").asInt());
        assertEquals(3 * 2, round.get("fparity").get("count").get("cases").asInt());
        assertEquals(
                List.of("generate", "compile", "run"), round.get("varityPhases").findValuesAsText("name"));
        // The scratch copy holds the patched driver; the peer's own file is untouched.
        assertTrue(Files.readString(tmp.resolve("varity-0/varity/varity.py")).contains("fileName, libs]"));
        assertTrue(Files.readString(peer.resolve("varity/varity.py")).contains("libs, \"-o\""));
    }

    /** GPU compile cost: both forms of one small batch are built, each with its wall and its compiler's CPU seconds. */
    @Test
    void gpuCompileBuildsBothFormsAndCountsTheCompilersCpu() throws Exception {
        var nvcc = org.fparity.exec.DetectedToolchain.detect(
                org.fparity.exec.Toolchains.load(Path.of("runners", "toolchains"))
                        .get("nvcc-sm80"));
        org.junit.jupiter.api.Assumptions.assumeTrue(
                nvcc.canCompile(), "nvcc-sm80 cannot compile here: " + nvcc.compileProblem());
        String[] r = ToolchainsCommandTest.cli(
                "bench",
                "--gpu-compile",
                "--gpu-programs",
                "2",
                "--gpu-toolchains",
                "nvcc-sm80",
                "--out",
                tmp.toString());
        assertEquals("0", r[0], r[2]);
        assertTrue(r[1].contains("nvcc-sm80 O3, 2 programs: executable form "), r[1]);
        JsonNode row = ProgramJson.MAPPER
                .readTree(Files.readString(tmp.resolve("bench-gpu.json")))
                .get("gpuCompile")
                .get(0);
        assertEquals(2, row.get("programs").asInt());
        // a real nvcc build costs CPU in nvcc's own processes (cicc, ptxas), which the JVM's clock does not see
        assertTrue(
                row.get("deviceCpuSeconds").asDouble() > 0
                        && row.get("executableCpuSeconds").asDouble() > 0,
                row.toString());
        assertTrue(Files.isRegularFile(tmp.resolve("nvcc-sm80/2/device/batch.module")), "the device module was built");
    }

    @Test
    void aFolderThatIsNotVarityIsABadInput() throws Exception {
        String[] r = ToolchainsCommandTest.cli(
                "bench",
                "--varity",
                tmp.toString(),
                "--toolchains",
                "gcc",
                "--out",
                tmp.resolve("o").toString());
        assertEquals("2", r[0], r[2]);
        assertTrue(r[2].contains("no varity.py"), r[2]);
    }
}
