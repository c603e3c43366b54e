package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.OutcomeLog;
import org.fparity.cli.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign written before compact logs (layout 2: every outcome a JSON object) is read as it is: compare gives the
 * same text as for the same campaign written compact, and its export is the same file.
 */
class LayoutTwoCampaignTest {
    @TempDir
    Path tmp;

    private Path campaign(String name, OutcomeLog.Form form) throws Exception {
        List<CampaignMeta.PlatformRecord> pls = new ArrayList<>();
        for (String tc : List.of("gcc", "fake-cc"))
            for (String o : List.of("O0", "O3_FM")) pls.add(CampaignBuilder.platform(tc, o, "node17"));
        Path dir = CampaignBuilder.write(
                tmp.resolve(name).resolve("nightly-1"),
                5,
                CampaignBuilder.programs(5, 12, 3),
                pls,
                CampaignBuilder::standard,
                form);
        if (form == OutcomeLog.Form.JSON) {
            // as the fparity before compact logs wrote it
            Path meta = dir.resolve("campaign.json");
            String text = Files.readString(meta);
            assertTrue(text.contains("\"schema\" : 3"), text);
            Files.writeString(meta, text.replace("\"schema\" : 3", "\"schema\" : 2"));
        }
        return dir;
    }

    @Test
    void aLayoutTwoCampaignComparesAndExportsExactlyAsItsCompactCopy() throws Exception {
        Path old = campaign("old", OutcomeLog.Form.JSON);
        Path now = campaign("now", OutcomeLog.Form.COMPACT);
        assertTrue(Files.readString(old.resolve("outcomes.jsonl")).startsWith("{\"program\":"));
        assertTrue(Files.readString(now.resolve("outcomes.jsonl")).startsWith("{\"p\":0,"));
        assertTrue(
                Files.size(now.resolve("outcomes.jsonl")) * 3 < Files.size(old.resolve("outcomes.jsonl")),
                "compact is under a third");
        Cli.Run a = Cli.fparity("compare", old.toString());
        Cli.Run b = Cli.fparity("compare", now.toString());
        assertEquals(1, a.exit(), a.err());
        assertEquals(a.exit(), b.exit());
        assertTrue(a.out().contains("cases disagree") || a.out().contains("disagree"), a.out());
        assertEquals(a.out().replace(old.toString(), "C"), b.out().replace(now.toString(), "C"));
        Path ea = tmp.resolve("old.json"), eb = tmp.resolve("now.json");
        assertEquals(
                0, Cli.fparity("export", old.toString(), "--out", ea.toString()).exit());
        assertEquals(
                0, Cli.fparity("export", now.toString(), "--out", eb.toString()).exit());
        // the export names the layout of campaign.json it came from; everything else, outcomes included, is the same
        assertEquals(Files.readString(ea).replace("\"schema\":2", "\"schema\":3"), Files.readString(eb));
    }
}
