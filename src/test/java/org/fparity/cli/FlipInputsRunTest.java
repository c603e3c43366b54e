package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.campaign.Campaign;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --inputs-from flip}: flip inputs come after each program's random inputs, and an interrupted campaign
 * resumes with the flip inputs it recorded. The search runs under time limits, so on a busier machine it may choose
 * other inputs; a resume that searched again was refused as "a different campaign". Here the recorded flip input is
 * changed by hand, which a fresh search cannot reproduce: the resume must keep it and finish the campaign.
 */
@Tag("tools")
class FlipInputsRunTest {
    @TempDir
    Path tmp;

    @Test
    void flipInputsFollowTheRandomOnesAndAnInterruptedCampaignResumesWithThoseItRecorded() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Path dir = tmp.resolve("c");
        String[] args = {
            "run",
            "--programs",
            "8",
            "--inputs",
            "2",
            "--seed",
            "11",
            "--toolchains",
            "gcc",
            "--opt",
            "O0",
            "--inputs-from",
            "flip",
            "--reruns",
            "0",
            "--no-report",
            "--out",
            dir.toString()
        };
        String[] r = ToolchainsCommandTest.cli(args);
        assertEquals("0", r[0], r[2]);
        assertTrue(r[2].contains("fparity: flip inputs: "), r[2]);
        Path meta = dir.resolve("campaign.json");
        ObjectNode json = (ObjectNode) ProgramJson.MAPPER.readTree(meta.toFile());
        assertEquals("flip", json.get("settings").get("inputsFrom").asText());
        // the program with flip inputs: more than its 2 random ones (in the program store, one program per line)
        Path store = dir.resolve("programs.jsonl");
        List<ObjectNode> programs = new java.util.ArrayList<>();
        for (String l : Files.readAllLines(store)) programs.add((ObjectNode) ProgramJson.MAPPER.readTree(l));
        ArrayNode flipped = null;
        int total = 0;
        for (JsonNode p : programs) {
            total += p.get("inputs").size();
            if (flipped == null && p.get("inputs").size() > 2) flipped = (ArrayNode) p.get("inputs");
        }
        assertTrue(flipped != null, "no program got flip inputs: " + r[2]);
        // an interruption: the last half of the outcomes lost; and a recorded flip input no search would choose
        ArrayNode last = (ArrayNode) flipped.get(flipped.size() - 1);
        int fp = 1; // parameter 0 is comp; the first parameter after it that holds one floating-point value
        while (fp < last.size() && !last.get(fp).asText().matches("-?0x[0-9a-f.]+p[-+]\\d+")) fp++;
        assertTrue(fp < last.size(), "no floating-point parameter in " + last);
        String tampered = "0x1.5555555555555p-3";
        last.set(fp, ProgramJson.MAPPER.getNodeFactory().textNode(tampered));
        StringBuilder edited = new StringBuilder();
        for (ObjectNode p : programs)
            edited.append(ProgramJson.MAPPER
                            .writer()
                            .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                            .writeValueAsString(p))
                    .append('\n');
        Files.writeString(store, edited);
        Path outcomes = dir.resolve("outcomes.jsonl");
        List<String> lines = Files.readAllLines(outcomes);
        // a compact log: one run a line, after the line declaring the one platform
        assertEquals(total + 1, lines.size());
        Files.write(outcomes, lines.subList(0, lines.size() / 2));

        String[] again = ToolchainsCommandTest.cli(args);
        assertEquals("0", again[0], again[2]);
        assertTrue(again[2].contains("flip inputs: those recorded in"), again[2]);
        assertFalse(again[2].contains("different campaign"), again[2]);
        Campaign c = Campaign.load(dir);
        assertEquals(total, c.outcomes().size(), "every (program, input) ran once on gcc@O0");
        String kept = c.programEntries().stream()
                .filter(e -> e.inputs().size() > 2)
                .findFirst()
                .orElseThrow()
                .inputs()
                .get(flipped.size() - 1)
                .args()
                .get(fp);
        assertEquals(tampered, kept, "the recorded flip input is kept");
        for (Outcome o : c.outcomes()) assertEquals(Outcome.Status.OK, o.status(), o.toString());
    }
}
