package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.transfer.CampaignExport;
import org.fparity.transfer.ExportForgery;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity import FILE} without --out, on re-signed exports whose campaign name is a path or holds escapes. */
class HostileImportCommandTest {
    @TempDir
    static Path tmp;

    static Path export;

    @BeforeAll
    static void exportOnce() {
        Path campaign = CampaignBuilder.small(tmp.resolve("nightly-1"));
        export = tmp.resolve("nightly-1.json");
        CampaignExport.export(campaign, export, "0.1.0", Instant.parse("2026-11-27T00:00:00Z"));
    }

    private static List<String> listing(Path dir) throws IOException {
        if (!Files.exists(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void theDefaultFolderNeverLeavesCampaigns() throws Exception {
        // as a user runs it: in a folder that has campaigns/, so campaigns/../../escaped resolves to a real place
        Path work = Files.createDirectories(tmp.resolve("work/campaigns")).getParent();
        Path forged = ExportForgery.forge(
                export,
                tmp.resolve("traversal.json"),
                s -> s.replace("\"name\":\"nightly-1\"", "\"name\":\"../../escaped\""));
        Process p = new ProcessBuilder(Cli.childJvm(List.of(), "import", forged.toString()))
                .directory(work.toFile())
                .start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(2, p.waitFor(), out + err);
        assertEquals(
                "fparity: " + forged
                        + ": campaign name '../../escaped' contains a path separator (a name must be one path element: "
                        + "no '/', '\\', '..' or control characters, at most 200 characters)\n",
                err);
        assertEquals("", out);
        assertFalse(Files.exists(tmp.resolve("escaped")), "written outside campaigns/");
        assertEquals(List.of("campaigns"), listing(work));
        assertEquals(List.of(), listing(work.resolve("campaigns")));
        assertTrue(
                listing(tmp).stream().noneMatch(n -> n.contains("escaped")),
                listing(tmp).toString());
    }

    @Test
    void aNameWithTerminalEscapesIsShownEscapedNeverRaw() {
        Path forged = ExportForgery.forge(
                export,
                tmp.resolve("ansi.json"),
                s -> s.replace("\"name\":\"nightly-1\"", "\"name\":\"x\\u001b]0;pwned\\u0007\\u001b[2J\""));
        Cli.Run r = Cli.fparity("import", forged.toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(
                "fparity: " + forged
                        + ": campaign name 'x\\u001b]0;pwned\\u0007\\u001b[2J' contains a control character (a name must be one path element: "
                        + "no '/', '\\', '..' or control characters, at most 200 characters)\n",
                r.err());
    }

    @Test
    void compareShowsAnEscapeInAHandEditedOutcomeEscaped() throws IOException {
        Path dir = CampaignBuilder.small(tmp.resolve("edited"));
        Path log = dir.resolve("outcomes.jsonl");
        Files.writeString(
                log, Files.readString(log).replace("\"toolchain\":\"gcc\"", "\"toolchain\":\"g\\u001b[31mcc\""));
        Cli.Run r = Cli.fparity("compare", dir.toString());
        assertTrue(r.out().contains("g\\u001b[31mcc"), r.out());
        assertFalse(r.out().contains("\u001b") || r.err().contains("\u001b"), r.out() + r.err());
    }
}
