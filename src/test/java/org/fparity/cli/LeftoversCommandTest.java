package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.campaign.CampaignBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, finding 8: export, import and merge killed midway left hidden temporaries forever; the next start of the
 * same command removes them (their locks are free: the system dropped them with the killed process).
 */
class LeftoversCommandTest {
    @TempDir
    Path tmp;

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** What a killed import or merge leaves: its folder, with a lock file nobody holds, and part of a campaign. */
    private static void killedFolder(Path p) throws Exception {
        Files.createDirectories(p);
        Files.writeString(p.resolve(".lock"), "");
        Files.write(p.resolve("outcomes.jsonl"), new byte[1 << 16]);
    }

    @Test
    void exportImportAndMergeRemoveWhatTheirKilledRunsLeft() throws Exception {
        Path c = CampaignBuilder.small(tmp.resolve("work/c"));
        Path out = Files.createDirectories(tmp.resolve("out"));

        Path staleExport = out.resolve(".c.json.4242424242.tmp");
        Files.write(staleExport, new byte[1 << 16]);
        Files.setLastModifiedTime(staleExport, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));
        assertEquals(
                0,
                Cli.fparity(
                                "export",
                                c.toString(),
                                "--out",
                                out.resolve("c.json").toString())
                        .exit());
        assertEquals(List.of("c.json"), names(out));

        killedFolder(out.resolve(".copy.import-dead"));
        Cli.Run imp = Cli.fparity(
                "import",
                out.resolve("c.json").toString(),
                "--out",
                out.resolve("copy").toString());
        assertEquals(0, imp.exit(), imp.err());
        assertEquals(List.of("c.json", "copy"), names(out));

        killedFolder(out.resolve(".both.merge-dead"));
        Cli.Run merge = Cli.fparity(
                "merge",
                c.toString(),
                out.resolve("copy").toString(),
                "--out",
                out.resolve("both").toString());
        assertEquals(0, merge.exit(), merge.err());
        assertEquals(List.of("both", "c.json", "copy"), names(out));
        assertFalse(
                Files.exists(out.resolve("both").resolve(".lock")), "the merged folder carries no temporary lock file");
    }
}
