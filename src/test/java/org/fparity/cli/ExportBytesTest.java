package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.campaign.CampaignBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two exports of one campaign are the same bytes (issue 30: they differed in the export time); --timestamp records it. */
class ExportBytesTest {
    @TempDir
    Path tmp;

    @Test
    void twoExportsOfOneCampaignAreTheSameBytes() throws Exception {
        Path c = CampaignBuilder.small(tmp.resolve("c"));
        Path a = tmp.resolve("a.fparity.json.gz");
        Path b = tmp.resolve("b.fparity.json.gz");
        assertEquals(
                0, Cli.fparity("export", c.toString(), "--out", a.toString()).exit());
        Thread.sleep(1100); // the export time had a resolution of one second
        assertEquals(
                0, Cli.fparity("export", c.toString(), "--out", b.toString()).exit());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        Path t = tmp.resolve("t.fparity.json");
        assertEquals(
                0,
                Cli.fparity("export", c.toString(), "--out", t.toString(), "--timestamp")
                        .exit());
        assertTrue(
                Files.readString(t)
                        .matches(
                                "(?s)\\{\"format\":\"fparity-campaign-export\",\"schema\":\\d+,\"fparity\":\"[^\"]+\",\"exported\":\"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\".*"));
        Cli.Run in =
                Cli.fparity("import", a.toString(), "--out", tmp.resolve("back").toString());
        assertEquals(0, in.exit(), in.err());
    }
}
