package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
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
        String[] r = ToolchainsCommandTest.cli("bench", "--programs", "3", "--inputs", "2", "--toolchains", "gcc", "--opt", "O0,O2",
                "--nvcc-programs", "0", "--out", tmp.toString());
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
}
