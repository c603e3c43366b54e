package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.cli.Cli;
import org.fparity.ir.ProgramJson;
import org.fparity.util.JsonSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@code fparity export} writes against the JSON Schema published in schemas/export.schema.json. */
class ExportSchemaTest {
    @TempDir
    Path tmp;

    @Test
    void anExportValidatesAndABrokenOneDoesNot() throws Exception {
        Path campaign = CampaignBuilder.small(tmp.resolve("site-a/nightly-1"));
        CampaignBuilder.reruns(campaign, 1, (k, o) -> o);
        Path plain = tmp.resolve("plain.fparity.json");
        Path stamped = tmp.resolve("stamped.fparity.json");
        assertEquals(
                0,
                Cli.fparity("export", campaign.toString(), "--out", plain.toString())
                        .exit());
        assertEquals(
                0,
                Cli.fparity("export", campaign.toString(), "--out", stamped.toString(), "--timestamp")
                        .exit());
        JsonNode doc = ProgramJson.MAPPER.readTree(plain.toFile());
        assertTrue(doc.path("reruns").size() == 1 && doc.path("outcomes").size() > 0, "reruns and outcomes: " + doc);
        assertEquals(List.of(), JsonSchemas.errors(JsonSchemas.EXPORT, doc));
        assertEquals(List.of(), JsonSchemas.errors(JsonSchemas.EXPORT, stamped));

        ObjectNode badDigest = doc.deepCopy();
        badDigest.put("digest", "md5:1234");
        assertEquals(1, JsonSchemas.errors(JsonSchemas.EXPORT, badDigest).size());
        ObjectNode okWithoutHex = doc.deepCopy();
        ((ObjectNode) okWithoutHex.withArray("outcomes").get(0)).remove("hex");
        List<String> e = JsonSchemas.errors(JsonSchemas.EXPORT, okWithoutHex);
        assertTrue(!e.isEmpty() && e.getFirst().startsWith("/outcomes/0: "), "an OK outcome needs its result: " + e);
        ObjectNode pathName = doc.deepCopy();
        ((ObjectNode) pathName.withArray("outcomes").get(0)).put("toolchain", "../../etc");
        assertTrue(JsonSchemas.errors(JsonSchemas.EXPORT, pathName).getFirst().startsWith("/outcomes/0/toolchain: "));
        ObjectNode otherSchema = doc.deepCopy();
        otherSchema.put("schema", 2);
        assertEquals(
                List.of("/schema: must be the constant value '3'"),
                JsonSchemas.errors(JsonSchemas.EXPORT, otherSchema));
    }
}
