package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.exec.Outcome;
import org.fparity.ir.Precision;
import org.fparity.ir.ProgramJson;
import org.fparity.run.CampaignPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The program store ({@code programs.jsonl}, campaign layout 2): programs are written once, outside campaign.json, as
 * they are generated; a run killed while writing it resumes with the same programs; a damaged store is one line and exit
 * 2; and a campaign the previous fparity wrote (layout 1, programs inside campaign.json) still resumes, compares,
 * reports and shows. The toolchains are two sed scripts (src/test/resources/campaigns/toolchains) that answer 1 and
 * 1 + 2^-52 to every input: nothing is compiled, so the tests need no compiler and take seconds.
 */
class ProgramStoreCampaignTest {
    static final Path TOOLCHAINS =
            Path.of("src/test/resources/campaigns/toolchains").toAbsolutePath();
    /** What fparity b6f9db1 (layout 1) wrote for the command below, its outcome log cut after 10 of 24 lines and half a line. */
    static final Path LAYOUT1 = Path.of("src/test/resources/campaigns/layout1-killed");

    @TempDir
    Path tmp;

    static String[] run(Path out, int programs, String toolchains) {
        return new String[] {
            "run",
            "--programs",
            Integer.toString(programs),
            "--inputs",
            "2",
            "--seed",
            "5",
            "--toolchains",
            toolchains,
            "--opt",
            "O0",
            "--toolchain-dir",
            TOOLCHAINS.toString(),
            "--reruns",
            "0",
            "--no-report",
            "--out",
            out.toString()
        };
    }

    /** The programs seed 5 generates, as the plan makes them (not read from any store). */
    static List<CampaignMeta.ProgramEntry> generated(int programs) {
        List<CampaignMeta.ProgramEntry> out = new ArrayList<>();
        CampaignPlan.generate(new CampaignPlan.Request(5, List.of(Precision.FP64), "fp64", programs, 2, 200, null))
                .entries()
                .forEach(out::add);
        return out;
    }

    @Test
    void programsAreStoredOnceOutsideCampaignJsonAndEveryReaderFindsThem() throws IOException {
        Path dir = tmp.resolve("c");
        Cli.Run r = Cli.fparity(run(dir, 30, "one,two"));
        assertEquals(0, r.exit(), r.err());
        JsonNode meta = ProgramJson.MAPPER.readTree(dir.resolve("campaign.json").toFile());
        assertEquals(3, meta.get("schema").asInt(), "layout 3: the program store and compact outcome logs");
        assertFalse(meta.has("programs"), "campaign.json holds no program");
        assertEquals(30, meta.get("programStore").get("count").asInt());
        assertEquals("programs.jsonl", meta.get("programStore").get("file").asText());
        List<String> lines = Files.readAllLines(dir.resolve("programs.jsonl"));
        List<CampaignMeta.ProgramEntry> want = generated(30);
        assertEquals(30, lines.size());
        for (int i = 0; i < 30; i++) {
            assertEquals(
                    want.get(i),
                    ProgramJson.MAPPER.readValue(lines.get(i), CampaignMeta.ProgramEntry.class),
                    "line " + (i + 1));
        }
        Campaign c = Campaign.load(dir);
        assertEquals(want, new ArrayList<>(c.programEntries()));
        assertEquals(want.get(17).inputs(), c.inputs(want.get(17).id()));
        assertEquals(120, c.outcomes().size());

        // compare and report read it: every case disagrees (1 against 1 + 2^-52)
        Cli.Run cmp = Cli.fparity("compare", dir.toString());
        assertEquals(1, cmp.exit(), cmp.err());
        assertTrue(cmp.out().contains("60 of 60 cases disagree across platforms"), cmp.out());
        Cli.Run rep = Cli.fparity(
                "report", dir.toString(), "--out", tmp.resolve("rep").toString());
        assertEquals(1, rep.exit(), rep.err());
        assertTrue(Files.readString(tmp.resolve("rep/summary.md")).contains("60 of 60 cases disagree"));
        // show finds one program by id in the store
        Cli.Run show = Cli.fparity("show", dir.toString(), want.get(29).id(), "--input", "1");
        assertEquals(0, show.exit(), show.err());
        assertTrue(show.out().contains("{\"one@O0\", \"0x1p+0\"}"), show.out());
        assertTrue(
                show.out()
                        .contains(String.join(" ", want.get(29).inputs().get(1).args())),
                show.out());
    }

    @Test
    void aStoreCutShortByAKillIsCheckedAndCompletedWithTheSamePrograms() throws IOException {
        // What a kill -9 while the programs were written leaves: whole lines, a torn last one, no campaign.json yet.
        Path full = tmp.resolve("full");
        assertEquals(0, Cli.fparity(run(full, 40, "one")).exit());
        byte[] store = Files.readAllBytes(full.resolve("programs.jsonl"));
        Path killed = tmp.resolve("killed");
        Files.createDirectories(killed);
        int cut = store.length / 2;
        while (store[cut - 1] == '\n') cut++;
        Files.write(killed.resolve("programs.jsonl"), java.util.Arrays.copyOf(store, cut));

        Cli.Run r = Cli.fparity(run(killed, 40, "one"));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("programs.jsonl: torn last line"), r.err());
        assertEquals(
                new String(store, StandardCharsets.UTF_8),
                Files.readString(killed.resolve("programs.jsonl")),
                "the same programs, each once");
        assertEquals(80, Campaign.load(killed).outcomes().size());

        // another campaign's programs in the folder are refused, not mixed
        Path other = tmp.resolve("other");
        Files.createDirectories(other);
        Files.write(other.resolve("programs.jsonl"), java.util.Arrays.copyOf(store, store.length / 3));
        String[] args = run(other, 40, "one");
        args[6] = "6"; // --seed 6
        Cli.Run refused = Cli.fparity(args);
        assertEquals(ExitCode.BAD_INPUT.code(), refused.exit());
        assertTrue(
                refused.err()
                        .contains("holds the programs of a different campaign (programs.jsonl differs at program 1)"),
                refused.err());
    }

    @Test
    void aDamagedStoreIsOneLineAndExit2() throws IOException {
        Path dir = tmp.resolve("c");
        assertEquals(0, Cli.fparity(run(dir, 12, "one")).exit());
        Path store = dir.resolve("programs.jsonl");
        List<String> lines = Files.readAllLines(store);

        Files.write(store, lines.subList(0, 9));
        expectDamaged(
                dir, store + ": holds 9 programs, campaign.json says 12; the campaign's program store is damaged");

        Files.writeString(store, String.join("\n", lines) + "\n");
        Files.writeString(
                store,
                Files.readString(store).substring(0, Files.readString(store).length() - 30));
        expectDamaged(dir, store + ": truncated: its last line is cut off after 11 whole programs of 12");

        List<String> corrupt = new ArrayList<>(lines);
        corrupt.set(4, corrupt.get(4).substring(0, 40));
        Files.write(store, corrupt);
        expectDamaged(dir, store + ": line 5 is corrupt (");

        Files.delete(store);
        expectDamaged(dir, store + ": missing (campaign.json says it holds 12 programs)");
    }

    private static void expectDamaged(Path dir, String start) {
        for (String cmd : List.of("compare", "report")) {
            Cli.Run r = Cli.fparity(cmd, dir.toString());
            assertEquals(ExitCode.BAD_INPUT.code(), r.exit(), cmd + ": " + r.err());
            String line = r.err().strip();
            assertEquals(1, line.lines().count(), line);
            assertTrue(line.startsWith("fparity: " + start), line);
        }
    }

    @Test
    void aCampaignThePreviousVersionWroteStillResumesComparesReportsAndShows() throws IOException {
        Path dir = tmp.resolve("layout1");
        Files.createDirectories(dir);
        for (String f : List.of("campaign.json", "outcomes.jsonl")) Files.copy(LAYOUT1.resolve(f), dir.resolve(f));
        String meta0 = Files.readString(dir.resolve("campaign.json"));
        assertTrue(meta0.contains("\"schema\" : 1") && meta0.contains("\"programs\" : [ {"), "the fixture is layout 1");

        // the fixture was made with the default grammar of its day (kept beside it): resuming draws the same programs
        List<String> args = new ArrayList<>(List.of(run(dir, 6, "one,two")));
        args.addAll(List.of("--grammar", LAYOUT1.resolve("grammar.json").toString()));
        Cli.Run r = Cli.fparity(args.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.err().contains("resuming campaign"), r.err());
        assertTrue(r.err().contains("10 runs already done, 14 to go"), r.err());
        // it stays a layout 1 campaign: the programs inside campaign.json, no store
        JsonNode meta = ProgramJson.MAPPER.readTree(dir.resolve("campaign.json").toFile());
        assertEquals(1, meta.get("schema").asInt());
        assertEquals(6, meta.get("programs").size());
        assertFalse(Files.exists(dir.resolve("programs.jsonl")));
        Campaign c = Campaign.load(dir);
        assertEquals(24, c.outcomes().size());
        List<CampaignMeta.ProgramEntry> fromFixtureGrammar = new ArrayList<>();
        CampaignPlan.generate(new CampaignPlan.Request(
                        5, List.of(Precision.FP64), "fp64", 6, 2, 200, LAYOUT1.resolve("grammar.json")))
                .entries()
                .forEach(fromFixtureGrammar::add);
        assertEquals(
                fromFixtureGrammar,
                c.programEntries(),
                "the programs it recorded are the ones seed 5 still generates with its grammar");
        Set<String> keys = new HashSet<>();
        for (Outcome o : c.outcomes()) {
            assertEquals(Outcome.Status.OK, o.status());
            assertEquals(o.toolchain().equals("one") ? "0x1p+0" : "0x1.0000000000001p+0", o.hex());
            keys.add(o.key());
        }
        assertEquals(24, keys.size());

        Cli.Run cmp = Cli.fparity("compare", dir.toString());
        assertEquals(1, cmp.exit(), cmp.err());
        assertTrue(cmp.out().contains("12 of 12 cases disagree across platforms"), cmp.out());
        Cli.Run rep = Cli.fparity(
                "report", dir.toString(), "--out", tmp.resolve("rep").toString());
        assertEquals(1, rep.exit(), rep.err());
        Cli.Run show =
                Cli.fparity("show", dir.toString(), c.programEntries().get(3).id(), "--input", "0");
        assertEquals(0, show.exit(), show.err());
        assertTrue(show.out().contains("{\"two@O0\", \"0x1.0000000000001p+0\"}"), show.out());

        // exported and imported, it becomes a layout 2 campaign with the same programs and outcomes
        Path file = tmp.resolve("x.json.gz");
        assertEquals(
                0,
                Cli.fparity("export", dir.toString(), "--out", file.toString()).exit());
        Path imported = tmp.resolve("imported/layout1");
        Cli.Run imp = Cli.fparity("import", file.toString(), "--out", imported.toString());
        assertEquals(0, imp.exit(), imp.err());
        assertTrue(Files.exists(imported.resolve(ProgramStore.FILE)));
        assertEquals(c.programEntries(), new ArrayList<>(Campaign.load(imported).programEntries()));
        assertEquals(
                cmp.out().replace(dir.toString(), "X").replace("layout1", "N"),
                Cli.fparity("compare", imported.toString())
                        .out()
                        .replace(imported.toString(), "X")
                        .replace("layout1", "N"));
        try (Stream<Path> s = Files.list(imported)) {
            assertEquals(
                    Set.of("campaign.json", "programs.jsonl", "outcomes.jsonl"),
                    s.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }
    }
}
