package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("tools")
class CampaignTest {
    @TempDir
    Path tmp;

    /** Outcomes without their timing, keyed by run: what must be equal between an interrupted and a clean campaign. */
    static Map<String, String> essence(List<Outcome> os) {
        Map<String, String> m = new TreeMap<>();
        for (Outcome o : os) m.put(o.key(), o.status() + " " + o.hex() + " " + o.detail() + " " + o.platform());
        return m;
    }

    @Test
    void aCampaignRecordsEveryRunAndAResumeRedoesNothing() throws Exception {
        Path dir = tmp.resolve("c1");
        CampaignRunner.Result r = FixtureCampaign.run(dir);
        int expected = FixtureCampaign.PROGRAMS.size() * FixtureCampaign.INPUTS * 2 * 3;
        assertEquals(expected, r.total());
        assertEquals(expected, r.ran());
        Campaign c = Campaign.load(dir);
        assertEquals(expected, c.outcomes().size());
        assertEquals(List.of(), c.problems());
        // the campaign the runner hands over (not read back) is the one on disk, outcomes in the file's order
        assertEquals(c.outcomes(), r.campaign().outcomes());
        assertEquals(c.platforms(), r.campaign().platforms());
        assertEquals(
                new ArrayList<>(c.programEntries()),
                new ArrayList<>(r.campaign().programEntries()));
        assertEquals(c.meta().settings(), r.campaign().meta().settings());
        assertEquals(6, c.platforms().size());
        assertEquals(Campaign.SCHEMA, c.meta().schema());
        assertEquals(4, c.inputs("add").size());
        assertTrue(c.versions().get("gcc").startsWith("gcc"), c.versions().toString());
        assertFalse(c.host().get("hostname").isEmpty());
        for (Outcome o : c.outcomes()) {
            switch (o.program()) {
                case "bad" -> assertEquals(Outcome.Status.COMPILE_ERROR, o.status());
                case "segv" ->
                    assertEquals(o.input() == 0 ? Outcome.Status.CRASH : Outcome.Status.OK, o.status(), o.toString());
                default -> assertEquals(Outcome.Status.OK, o.status(), o.toString());
            }
            assertTrue(c.platforms().stream()
                    .anyMatch(p -> p.id().equals(o.platform()) && p.opt().equals(o.opt())));
        }
        // Same value on every platform for an exact operation: 0x1.8p-3 + 4 (input 1 of add).
        assertEquals(
                Set.of("0x1.0cp+2"),
                new HashSet<>(c.outcomes().stream()
                        .filter(o -> o.program().equals("add") && o.input() == 1)
                        .map(Outcome::hex)
                        .toList()));
        // The build folder keeps emitted sources and logs.
        try (var s = Files.walk(dir.resolve("build"))) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().equals("Batch_0000.c")));
        }

        long before = Files.size(dir.resolve(Campaign.OUTCOMES));
        Object[] meta = stamp(dir.resolve(Campaign.META));
        Object[] log = stamp(dir.resolve(Campaign.OUTCOMES));
        CampaignRunner.Result again = FixtureCampaign.run(dir);
        assertEquals(0, again.ran());
        assertEquals(expected, again.alreadyDone());
        assertEquals(before, Files.size(dir.resolve(Campaign.OUTCOMES)));
        // nothing changed, so nothing was written: a finished campaign resumes from a read-only copy (issue 26, finding
        // 8)
        assertArrayEquals(
                meta, stamp(dir.resolve(Campaign.META)), "campaign.json rewritten although no platform is new");
        assertArrayEquals(
                log, stamp(dir.resolve(Campaign.OUTCOMES)), "outcomes.jsonl touched although nothing was appended");
    }

    /** A file's identity and last change: inode and modification time. */
    private static Object[] stamp(Path f) throws java.io.IOException {
        var a = Files.readAttributes(f, java.nio.file.attribute.BasicFileAttributes.class);
        return new Object[] {a.fileKey(), a.lastModifiedTime()};
    }

    @Test
    void aTornLastLineIsDroppedAndRedone() throws Exception {
        Path dir = tmp.resolve("c2");
        FixtureCampaign.run(dir);
        Path log = dir.resolve(Campaign.OUTCOMES);
        List<String> lines = Files.readAllLines(log);
        String last = lines.getLast();
        // Cut the file in the middle of its last line, as a kill -9 during the write would.
        List<String> keep = new ArrayList<>(lines.subList(0, lines.size() - 1));
        Files.writeString(
                log, String.join("\n", keep) + "\n" + last.substring(0, last.length() / 2), StandardCharsets.UTF_8);
        // a new campaign's log is compact: a line per run, and one declaring each platform before its first run
        long runs = lines.stream().filter(l -> l.startsWith("[")).count();
        assertEquals(lines.size() - 6, runs, "6 platforms declared");
        Campaign torn = Campaign.load(dir);
        assertEquals(runs - 1, torn.outcomes().size());
        assertEquals(1, torn.problems().size());
        assertTrue(
                torn.problems().getFirst().contains("torn last line"),
                torn.problems().getFirst());

        List<String> warnings = new ArrayList<>();
        CampaignRunner.Result resumed = LocalRun.run(dir, warnings);
        assertTrue(warnings.stream().anyMatch(w -> w.contains("torn last line")), warnings.toString());
        Campaign fixed = Campaign.load(dir);
        assertEquals(List.of(), fixed.problems());
        assertEquals(
                List.of(),
                resumed.campaign().problems(),
                "the torn line was cut off, so the handed-over campaign has no problem either");
        assertEquals(fixed.outcomes(), resumed.campaign().outcomes());
        assertEquals(lines.size(), Files.readAllLines(log).size());
        assertEquals(runs, fixed.outcomes().size());
    }

    @Test
    void aDifferentCampaignInTheSameFolderIsRefused() throws Exception {
        Path dir = tmp.resolve("c3");
        CampaignRunner.Spec s = FixtureCampaign.spec();
        CampaignRunner.Spec small = new CampaignRunner.Spec(
                s.fparityVersion(),
                s.seed(),
                s.grammar(),
                s.settings(),
                s.programs().subList(0, 3),
                s.toolchains().subList(0, 1),
                List.of("O0"),
                s.batchSize());
        CampaignRunner.run(
                dir, small, FixtureCampaign.site(dir, 1, x -> {}), n -> new Progress(System.err, false, n), x -> {});
        assertEquals(3 * FixtureCampaign.INPUTS, Campaign.load(dir).outcomes().size());
        FparityError e = assertThrows(
                FparityError.class,
                () -> CampaignRunner.run(
                        dir,
                        s,
                        FixtureCampaign.site(dir, 1, x -> {}),
                        n -> new Progress(System.err, false, n),
                        x -> {}));
        assertTrue(e.getMessage().contains("holds a different campaign (3 programs, seed 7"), e.getMessage());
        assertEquals(
                3 * FixtureCampaign.INPUTS, Campaign.load(dir).outcomes().size(), "the refused run touched nothing");
    }

    @Test
    void aMalformedCampaignFileIsOneLine() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("c4"));
        Files.writeString(dir.resolve(Campaign.META), "{\"schema\": 1, \"programs\": [");
        FparityError e = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve(Campaign.META) + ": malformed: "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        Files.writeString(dir.resolve(Campaign.META), "{\"schema\": 99}");
        e = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertTrue(e.getMessage().contains("schema 99 is newer"), e.getMessage());
    }

    /** Runs the fixture campaign in-process, collecting the log lines. */
    static final class LocalRun {
        static CampaignRunner.Result run(Path dir, List<String> log) throws InterruptedException {
            LocalSite ex = FixtureCampaign.site(dir, 2, log::add);
            return CampaignRunner.run(
                    dir, FixtureCampaign.spec(), ex, n -> new Progress(System.err, false, n), log::add);
        }
    }
}
