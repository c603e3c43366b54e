package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity migrate}: a layout 2 campaign (JSON-object logs) rewritten compact, every outcome kept. */
class CompactLogsTest {
    @TempDir
    Path tmp;

    @Test
    void aLayoutTwoCampaignBecomesLayoutThreeWithCompactLogsHoldingTheSameOutcomes() throws Exception {
        List<CampaignMeta.PlatformRecord> pls = new ArrayList<>();
        for (String tc : List.of("gcc", "fake-cc"))
            for (String o : List.of("O0", "O3_FM")) pls.add(CampaignBuilder.platform(tc, o, "node17"));
        Path dir = CampaignBuilder.write(
                tmp.resolve("old"),
                5,
                CampaignBuilder.programs(5, 6, 3),
                pls,
                CampaignBuilder::standard,
                OutcomeLog.Form.JSON);
        Path metaFile = dir.resolve(Campaign.META);
        Files.writeString(metaFile, Files.readString(metaFile).replace("\"schema\" : 3", "\"schema\" : 2"));
        CampaignBuilder.reruns(dir, 1, (k, o) -> o.input() == 0 ? o : null);
        assertEquals(2, Campaign.readMeta(dir).schema());
        List<Outcome> outcomes = OutcomeLog.read(dir.resolve(Campaign.OUTCOMES)).outcomes();
        List<Outcome> reruns =
                OutcomeLog.read(dir.resolve(Campaign.rerunFile(1))).outcomes();
        assertTrue(Files.readString(dir.resolve(Campaign.rerunFile(1))).startsWith("{\"program\""));
        long before = Files.size(dir.resolve(Campaign.OUTCOMES));

        CompactLogs.Result r = CompactLogs.migrate(dir);
        assertEquals(2, r.layoutBefore());
        assertEquals(List.of("outcomes.jsonl", "reruns-1.jsonl"), r.files());
        assertEquals(3, Campaign.readMeta(dir).schema());
        assertEquals(outcomes, OutcomeLog.read(dir.resolve(Campaign.OUTCOMES)).outcomes());
        assertEquals(reruns, OutcomeLog.read(dir.resolve(Campaign.rerunFile(1))).outcomes());
        assertTrue(Files.readString(dir.resolve(Campaign.OUTCOMES)).startsWith("{\"p\":0,\"toolchain\":\"gcc\""));
        assertTrue(Files.readString(dir.resolve(Campaign.rerunFile(1))).startsWith("{\"p\":0,"));
        long after = Files.size(dir.resolve(Campaign.OUTCOMES));
        // a third here: 4 platforms declared for 72 runs; about a quarter on a real campaign
        assertTrue(after * 2 < before, after + " bytes after, " + before + " before");
        assertEquals(
                List.of(".lock", "campaign.json", "outcomes.jsonl", "programs.jsonl", "reruns-1.jsonl"),
                Files.list(dir).map(p -> p.getFileName().toString()).sorted().toList(),
                "no temp file left");

        // again: nothing to change
        byte[] once = Files.readAllBytes(dir.resolve(Campaign.OUTCOMES));
        CompactLogs.Result again = CompactLogs.migrate(dir);
        assertEquals(3, again.layoutBefore());
        assertEquals(again.bytesBefore(), again.bytesAfter());
        assertEquals(new String(once), Files.readString(dir.resolve(Campaign.OUTCOMES)));
    }
}
