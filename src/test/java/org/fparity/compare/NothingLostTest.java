package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignLock;
import org.fparity.campaign.CampaignMeta;
import org.fparity.cli.Cli;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, finding 3: lost data must never read as a clean result. Missing outcomes make the campaign broken (exit
 * 1, with the reason); outcomes the campaign does not list, a second different result for one run and program text
 * edited after the runs are refused (exit 2) by report and compare, and export refuses what import would.
 */
class NothingLostTest {
    @TempDir
    Path tmp;

    /**
     * 4 programs × 3 inputs on gcc at O0 and O2, every result the truth: a clean campaign of 24 runs (report exits 0).
     * Its log is in JSON objects (as layout 2 wrote it, still read everywhere): the tests below edit its lines by hand.
     */
    private Path clean(String name) {
        List<CampaignMeta.PlatformRecord> pls = List.of(
                CampaignBuilder.platform("gcc", "O0", "node17"), CampaignBuilder.platform("gcc", "O2", "node17"));
        return CampaignBuilder.write(
                tmp.resolve(name),
                5,
                CampaignBuilder.programs(5, 4, 3),
                pls,
                CampaignBuilder::standard,
                org.fparity.campaign.OutcomeLog.Form.JSON);
    }

    private Cli.Run report(Path c) {
        return Cli.fparity(
                "report",
                c.toString(),
                "--out",
                tmp.resolve("reports").resolve(c.getFileName()).toString());
    }

    private String brokenOf(Path c) throws Exception {
        return ProgramJson.MAPPER
                .readTree(tmp.resolve("reports")
                        .resolve(c.getFileName())
                        .resolve("report.json")
                        .toFile())
                .path("verdict")
                .path("broken")
                .asText(null);
    }

    @Test
    void theCleanCampaignIsClean() {
        Path c = clean("whole");
        Cli.Run r = report(c);
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("all 12 cases agree across platforms"), r.out());
    }

    @Test
    void anEmptyOrMissingOutcomeLogIsABrokenCampaignNotANoResult() throws Exception {
        Path c = clean("empty");
        Files.writeString(c.resolve("outcomes.jsonl"), "");
        Cli.Run r = report(c);
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("BROKEN CAMPAIGN: nothing compared: no case has a result"), r.out());
        String why = brokenOf(c);
        assertTrue(
                why.startsWith(
                        "incomplete: 24 of 24 planned runs (programs × inputs × platforms of campaign.json) have no outcome, e.g. program "),
                why);
        assertTrue(
                why.endsWith(
                        " input 0 on gcc@O0; it was interrupted or a site is missing: resume it ('fparity run' with the same options, or 'fparity run --campaign DIR')"),
                why);
        Cli.Run cmp = Cli.fparity("compare", c.toString());
        assertEquals(1, cmp.exit(), cmp.out() + cmp.err());
        assertTrue(cmp.out().contains("broken campaign: incomplete: 24 of 24 planned runs"), cmp.out());

        Files.delete(c.resolve("outcomes.jsonl"));
        assertEquals(1, report(c).exit());
        assertTrue(brokenOf(c).startsWith("incomplete: 24 of 24 planned runs"), brokenOf(c));
    }

    @Test
    @SuppressWarnings("try") // the lock is held, not used: holding it is what the test is about
    void missingRunsAreCountedAndNamedAndACampaignStillBeingWrittenSaysSo() throws Exception {
        Path c = clean("partial");
        List<String> lines = Files.readAllLines(c.resolve("outcomes.jsonl"));
        // killed while running the last program: its last two runs never came
        Files.write(c.resolve("outcomes.jsonl"), lines.subList(0, lines.size() - 2));
        String last = ProgramJson.MAPPER
                .readTree(lines.get(lines.size() - 2))
                .path("program")
                .asText();
        assertEquals(1, report(c).exit());
        assertEquals(
                "incomplete: 2 of 24 planned runs (programs × inputs × platforms of campaign.json) have no outcome, e.g. program "
                        + last
                        + " input 2 on gcc@O0; it was interrupted or a site is missing: resume it ('fparity run' with the same options, or 'fparity run --campaign DIR')",
                brokenOf(c));

        // the same campaign while a run is still writing it: honest about that, and still not clean
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (CampaignLock l = CampaignLock.acquire(c)) {
                held.countDown();
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        held.await();
        try {
            assertEquals(1, report(c).exit());
            String why = brokenOf(c);
            assertTrue(why.startsWith("incomplete: 2 of 24 planned runs"), why);
            assertTrue(
                    why.endsWith("; it is still being written ("
                            + Files.readString(c.resolve(".lock")).strip() + ")"),
                    why);
        } finally {
            done.countDown();
            writer.get();
        }
    }

    @Test
    void outcomesOfInputsOrProgramsTheCampaignDoesNotListAreRefusedNotCountedAsCases() throws Exception {
        for (String bad : List.of("\"input\":-1", "\"input\":1000000000")) {
            Path c = clean("range" + bad.length());
            String first = Files.readAllLines(c.resolve("outcomes.jsonl")).getFirst();
            Files.writeString(
                    c.resolve("outcomes.jsonl"), first.replace("\"input\":0", bad) + "\n", StandardOpenOption.APPEND);
            Cli.Run r = report(c);
            assertEquals(2, r.exit(), r.out() + r.err());
            assertTrue(r.err().startsWith("fparity: " + c + ": outcomes.jsonl: outcome of program "), r.err());
            assertTrue(
                    r.err()
                            .contains(" input " + bad.substring(8)
                                    + " on gcc@O0@local, an input the program does not have (it has 3); resume it"),
                    r.err());
            assertFalse(Files.exists(tmp.resolve("reports").resolve(c.getFileName())), "no report");
            assertEquals(2, Cli.fparity("compare", c.toString()).exit());
        }
        Path c = clean("stranger");
        String first = Files.readAllLines(c.resolve("outcomes.jsonl")).getFirst();
        String id = ProgramJson.MAPPER.readTree(first).path("program").asText();
        Files.writeString(
                c.resolve("outcomes.jsonl"), first.replace(id, "0123456789abcdef") + "\n", StandardOpenOption.APPEND);
        Cli.Run r = Cli.fparity("compare", c.toString());
        assertEquals(2, r.exit());
        assertTrue(
                r.err()
                        .contains(
                                ": outcome of program 0123456789abcdef input 0 on gcc@O0@local, a program the campaign does not list;"),
                r.err());
    }

    @Test
    void aSecondDifferentResultForOneRunIsRefusedAsMergeRefusesItAndAnEqualOneCountsOnce() throws Exception {
        Path c = clean("twice");
        List<String> lines = Files.readAllLines(c.resolve("outcomes.jsonl"));
        ObjectNode o = (ObjectNode) ProgramJson.MAPPER.readTree(lines.getFirst());
        String hex = o.path("hex").asText();
        // the same run again, same result, another time: one run
        o.put("micros", 999_999);
        Files.writeString(
                c.resolve("outcomes.jsonl"),
                ProgramJson.MAPPER
                                .writer()
                                .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                                .writeValueAsString(o)
                        + "\n",
                StandardOpenOption.APPEND);
        Cli.Run same = report(c);
        assertEquals(0, same.exit(), same.out() + same.err());
        assertTrue(same.out().startsWith("all 12 cases agree across platforms"), same.out());
        // and with another result: a conflict, named, never resolved by picking one
        o.put("hex", "0x1.8p+3");
        Files.writeString(
                c.resolve("outcomes.jsonl"),
                ProgramJson.MAPPER
                                .writer()
                                .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                                .writeValueAsString(o)
                        + "\n",
                StandardOpenOption.APPEND);
        for (String cmd : List.of("report", "compare")) {
            Cli.Run r = cmd.equals("report") ? report(c) : Cli.fparity("compare", c.toString());
            assertEquals(2, r.exit(), r.out() + r.err());
            assertEquals(
                    "fparity: " + c + ": conflict: " + o.path("program").asText() + " input 0 on gcc@O0@local is OK "
                            + hex + " at line 1 but OK 0x1.8p+3 at line " + (lines.size() + 2)
                            + " of outcomes.jsonl; not compared (rerun that platform into a new campaign, or delete one of the two lines)\n",
                    r.err());
        }
    }

    @Test
    void programTextEditedAfterTheRunsIsRefusedByReportAndByExport() throws Exception {
        Path c = clean("edited");
        Path store = c.resolve("programs.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(store));
        ObjectNode p = (ObjectNode) ProgramJson.MAPPER.readTree(lines.get(1));
        p.put("source", p.path("source").asText() + " ");
        lines.set(
                1,
                ProgramJson.MAPPER
                        .writer()
                        .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                        .writeValueAsString(p));
        Files.write(store, lines);
        Cli.Run r = report(c);
        assertEquals(2, r.exit(), r.out() + r.err());
        assertTrue(
                r.err()
                        .startsWith(
                                "fparity: " + c + ": program " + p.path("id").asText() + ": recorded sha256 "
                                        + p.path("sha256").asText() + " is not the hash of its text ("),
                r.err());
        assertTrue(
                r.err()
                        .endsWith(
                                "; the program's text was changed after it ran (by hand?), so its outcomes are not its own\n"),
                r.err());
        Path export = tmp.resolve("edited.json");
        Cli.Run e = Cli.fparity("export", c.toString(), "--out", export.toString());
        assertEquals(2, e.exit(), e.out() + e.err());
        assertTrue(
                e.err().contains("recorded sha256 " + p.path("sha256").asText() + " is not the hash of its text"),
                e.err());
        assertFalse(Files.exists(export), "export writes nothing import would refuse");
    }
}
