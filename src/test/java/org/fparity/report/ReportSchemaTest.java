package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.CampaignView;
import org.fparity.compare.PlantedFaults;
import org.fparity.ir.ProgramJson;
import org.fparity.util.JsonSchemas;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.json against the JSON Schema published in schemas/report.schema.json. */
class ReportSchemaTest {
    @TempDir
    Path tmp;

    private JsonNode report(CampaignView v, CampaignView baseline) throws Exception {
        Path out = tmp.resolve("report-" + v.name() + (baseline == null ? "" : "-against"));
        ReportWriter.write(Report.of(v, baseline), out);
        return ProgramJson.MAPPER.readTree(Files.readString(out.resolve("report.json")));
    }

    /** The planted campaign (every class, a crash beside a result, FP32 and FP64), alone and against a baseline. */
    @Test
    void aReportJsonValidatesAndABrokenOneDoesNot() throws Exception {
        CampaignView v = CampaignFiles.load(
                CampaignFixtures.write(PlantedFaults.campaign("planted"), tmp.resolve("campaigns/planted")));
        JsonNode r = report(v, null);
        assertEquals(List.of(), JsonSchemas.errors(JsonSchemas.REPORT, r));
        JsonNode against = report(v, v);
        assertTrue(against.has("baseline") && against.path("verdict").has("baseline_cases"), against.toString());
        assertEquals(List.of(), JsonSchemas.errors(JsonSchemas.REPORT, against));

        // broken: each mistake is named at its place
        ObjectNode noCases = r.deepCopy();
        ((ObjectNode) noCases.get("verdict")).remove("cases");
        assertEquals(
                List.of("/verdict: required property 'cases' not found"),
                JsonSchemas.errors(JsonSchemas.REPORT, noCases));
        ObjectNode badClass = r.deepCopy();
        ((ObjectNode) badClass.withArray("discrepancies").get(0)).put("class", "nan_nan");
        List<String> e = JsonSchemas.errors(JsonSchemas.REPORT, badClass);
        assertEquals(1, e.size(), e.toString());
        assertTrue(e.getFirst().startsWith("/discrepancies/0/class: "), e.toString());
        ObjectNode textCount = r.deepCopy();
        ((ObjectNode) textCount.get("verdict")).put("discrepant_cases", "6");
        assertTrue(
                JsonSchemas.errors(JsonSchemas.REPORT, textCount).getFirst().startsWith("/verdict/discrepant_cases: "));
        ObjectNode badResult = r.deepCopy();
        ((ObjectNode) badResult.withArray("discrepancies").get(0).get("a")).put("result", "1.5");
        assertTrue(
                JsonSchemas.errors(JsonSchemas.REPORT, badResult).getFirst().startsWith("/discrepancies/0/a/result: "));
        ObjectNode noVersion = r.deepCopy();
        noVersion.put("data_version", "1.0");
        assertEquals(1, JsonSchemas.errors(JsonSchemas.REPORT, noVersion).size());
        ArrayNode top = (ArrayNode) r.path("verdict").path("top_cases");
        assertTrue(top.size() > 0, "the planted campaign has top cases: " + r);
    }

    /** A real campaign (gcc at two levels, real builds and runs) and its report, as `run` writes them. */
    @Test
    @Tag("tools")
    void theReportOfARealRunValidates() throws Exception {
        Path campaign = tmp.resolve("campaigns/real");
        Path reportDir = tmp.resolve("reports/real");
        org.fparity.cli.Cli.Run run = org.fparity.cli.Cli.fparity(
                "run",
                "--programs",
                "3",
                "--inputs",
                "3",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O3_FM",
                "--out",
                campaign.toString(),
                "--report",
                reportDir.toString());
        assertTrue(run.exit() == 0 || run.exit() == 1, run.err());
        assertEquals(List.of(), JsonSchemas.errors(JsonSchemas.REPORT, reportDir.resolve("report.json")));
        Path export = tmp.resolve("real.fparity.json");
        assertEquals(
                0,
                org.fparity.cli.Cli.fparity("export", campaign.toString(), "--out", export.toString())
                        .exit());
        assertEquals(List.of(), JsonSchemas.errors(JsonSchemas.EXPORT, export));
    }
}
