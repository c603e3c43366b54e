package org.fparity.report;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.cli.Cli.Run;
import org.fparity.ir.ProgramJson;
import org.fparity.report.CauseNights.Plant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.json's discrepancy entries carry reduce's verdict (issue 29, point 3) where the campaign has one (verdicts.json). */
class ReducedVerdictsReportTest {
    @TempDir
    Path tmp;

    @Test
    void aReducedDiscrepancyCarriesItsVerdictAndTheOthersDoNot() throws Exception {
        Path c = CauseNights.write(tmp, "nightly-2026-11-21", List.of(Plant.REASSOCIATION, Plant.FINITE_MATH), false);
        Run before = fparity("report", c.toString(), "--out", tmp.resolve("r1").toString());
        JsonNode ds = ProgramJson.MAPPER
                .readTree(tmp.resolve("r1/report.json").toFile())
                .path("discrepancies");
        assertTrue(ds.size() >= 2, before.out() + before.err());
        String id = ds.get(0).path("id").asText();
        Files.writeString(c.resolve(org.fparity.reduce.ReducedVerdicts.FILE), """
                {"format": "fparity-verdicts/1", "verdicts": {"%s": {"verdict": "allowed_by_flags", "culprit": "gcc@O3_FM",
                 "reason": "With reassociation turned off, gcc@O3_FM prints 0x0p+0", "pair": "gcc@O0 vs gcc@O3_FM", "bundle": "reproducers/%s"}}}
                """.formatted(id, id));
        Run after = fparity("report", c.toString(), "--out", tmp.resolve("r2").toString());
        JsonNode ds2 = ProgramJson.MAPPER
                .readTree(tmp.resolve("r2/report.json").toFile())
                .path("discrepancies");
        assertEquals(id, ds2.get(0).path("id").asText(), after.err());
        assertEquals(
                "allowed_by_flags", ds2.get(0).path("verdict").path("verdict").asText());
        assertEquals("gcc@O3_FM", ds2.get(0).path("verdict").path("culprit").asText());
        assertTrue(ds2.get(1).path("verdict").isMissingNode(), "not reduced, no verdict: " + ds2.get(1));
        // report.json's long parts are written as bytes (issue 31), the verdict's tree among them: the file is still
        // exactly the generator's pretty printing of what it holds
        String text = Files.readString(tmp.resolve("r2/report.json"));
        assertEquals(ProgramJson.MAPPER.writeValueAsString(ProgramJson.MAPPER.readTree(text)) + "\n", text);

        // a malformed verdicts file: one line, exit 2
        Files.writeString(c.resolve(org.fparity.reduce.ReducedVerdicts.FILE), "{\"format\": \"other\"}");
        Run bad = fparity("report", c.toString(), "--out", tmp.resolve("r3").toString());
        assertEquals(2, bad.exit(), bad.out() + bad.err());
        assertTrue(
                bad.err().startsWith("fparity: " + c.resolve("verdicts.json") + " is not a valid verdicts file"),
                bad.err());
    }
}
