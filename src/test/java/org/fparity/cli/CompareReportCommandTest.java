package org.fparity.cli;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.cli.Cli.Run;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.PlantedFaults;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity compare} and {@code fparity report} end to end on a campaign folder, and their one-line errors. */
class CompareReportCommandTest {
    @TempDir
    static Path tmp;

    static Path campaign;

    @BeforeAll
    static void writeCampaign() {
        campaign = CampaignFixtures.write(PlantedFaults.campaign("planted"), tmp.resolve("campaigns/planted"));
    }

    /**
     * compare printed 1,081 lines on the default campaign: every per-pair table. By default it is the verdict in cases,
     * the top cases one line each, and one line saying how many platform pairs are behind them and how to see them.
     */
    @Test
    void compareIsShortByDefault() {
        Run r = fparity("compare", campaign.toString());
        assertEquals(1, r.exit(), "cases disagree: exit 1 " + r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals("campaign planted: 6 of 10 cases disagree across platforms", lines.getFirst());
        assertTrue(lines.contains("  disagreeing cases: 6 of 10 (60.0 %)"), r.out());
        assertTrue(lines.contains("top cases (one per class in turn):"), r.out());
        assertTrue(
                lines.get(lines.indexOf("top cases (one per class in turn):") + 1)
                        .startsWith("  1. "),
                r.out());
        assertTrue(lines.getLast().startsWith("detail: 12 disagreeing platform pairs among "), r.out());
        assertTrue(lines.getLast().endsWith(" with --detail"), r.out());
        // no per-pair table, no matrix: the word "pair" only on the detail line
        assertTrue(!r.out().contains("== "), r.out());
        assertEquals(1, lines.stream().filter(l -> l.contains("pair")).count(), r.out());
        assertTrue(lines.size() <= 20, lines.size() + " lines:\n" + r.out());
        assertEquals("", r.err());
    }

    @Test
    void comparePrintsThePapersTables() {
        Run r = fparity("compare", campaign.toString(), "--detail");
        assertEquals(1, r.exit(), "cases disagree: exit 1 " + r.err());
        // the unit is the case (program × input): 6 of the 10 planted cases disagree; the 12 platform pairs are detail
        assertTrue(r.out().startsWith("campaign planted: 6 of 10 cases disagree across platforms\n"), r.out());
        assertTrue(r.out().contains("\n  disagreeing cases: 6 of 10 (60.0 %)\n"), r.out());
        assertTrue(r.out().contains("\ndetail, per platform pair (pair × case):\n"), r.out());
        assertTrue(r.out().contains("== gcc vs planted, FP64\n"));
        assertTrue(
                r.out()
                        .contains(
                                "\nO0            9      4        1         0           0         0           0            1              1         1            0             0\n"),
                r.out());
        assertTrue(r.out().contains("== planted@O0 vs other opt levels, FP32\n"));
        assertTrue(r.out().contains("crash_o3fm input 0: gcc@O3_FM OK where planted@O3_FM CRASH (SIGSEGV)"));
        assertEquals("", r.err());
    }

    @Test
    void pairRestrictsTheComparison() {
        Run r = fparity("compare", campaign.toString(), "--pair", "planted@O0:planted@O3_FM", "--detail");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.out().contains("== planted@O0 vs other opt levels, FP64\n"));
        assertTrue(!r.out().contains("== gcc vs planted"));
        assertTrue(r.out().startsWith("campaign planted: 6 of 10 cases disagree across platforms\n"), r.out());
        Run brief = fparity("compare", campaign.toString(), "--pair", "planted@O0:planted@O3_FM");
        assertTrue(brief.out().contains("\ndetail: 6 disagreeing platform pairs among "), brief.out());
    }

    @Test
    void pairCountsTheCasesOfItsOwnTwoPlatforms() {
        // gcc agrees with itself at O0 and O3_FM on every case: the planted toolchain's disagreements are not this
        // pair's
        Run r = fparity("compare", campaign.toString(), "--pair", "gcc@O0:gcc@O3_FM");
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(
                r.out()
                        .startsWith(
                                "campaign planted: all 10 cases agree across platforms\n"
                                        + "  a case is one program on one input: 10 cases ran on 2 platforms (toolchain × opt level), 20 runs in all\n"),
                r.out());
        assertTrue(r.out().contains("toolchains: 1 produced values"), "the pair's toolchain only: " + r.out());
    }

    @Test
    void unknownPairIsOneLineAndExitTwo() {
        Run r = fparity("compare", campaign.toString(), "--pair", "gcc:clang-19");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: --pair 'gcc:clang-19': unknown toolchain 'clang-19' (this campaign has: gcc, planted)\n",
                r.err());
    }

    /** A copy of the planted campaign whose outcomes.jsonl is replaced by the given text. */
    private static Path withOutcomes(String name, String outcomes) throws Exception {
        Path dir = tmp.resolve("campaigns/" + name);
        Files.createDirectories(dir);
        Files.copy(campaign.resolve("campaign.json"), dir.resolve("campaign.json"));
        Files.writeString(dir.resolve("outcomes.jsonl"), outcomes);
        return dir;
    }

    @Test
    void truncatedOutcomesFileIsOneLineAndExitTwo() throws Exception {
        String log = Files.readString(campaign.resolve("outcomes.jsonl"));
        Path bad = withOutcomes("truncated", log.substring(0, log.length() - 40));
        Run r = fparity("compare", bad.toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().startsWith("fparity: " + bad + ": outcomes.jsonl line 40: torn last line ("), r.err());
        assertTrue(
                r.err()
                        .endsWith(
                                "; resume it with 'fparity run' (that repairs a torn last line and sets aside lines that are not outcomes) or fix the file\n"),
                r.err());
        assertEquals(1, r.err().lines().count());
    }

    @Test
    void malformedOutcomeAndMissingCampaignAreOneLine() throws Exception {
        Path bad = withOutcomes(
                "malformed",
                "{\"program\":\"p\",\"input\":0,\"toolchain\":\"gcc\",\"opt\":\"O0\",\"status\":\"EXPLODED\"}\n");
        Run r = fparity("report", bad.toString(), "--out", tmp.resolve("never").toString());
        assertEquals(2, r.exit());
        assertTrue(
                r.err().startsWith("fparity: " + bad + ": outcomes.jsonl line 1: unreadable outcome skipped ("),
                r.err());
        assertEquals(1, r.err().lines().count());
        assertTrue(Files.notExists(tmp.resolve("never")));
        Run missing = fparity("compare", tmp.resolve("campaigns/nope").toString());
        assertEquals(2, missing.exit());
        assertEquals(
                "fparity: campaign '" + tmp.resolve("campaigns/nope")
                        + "' not found (expected a folder with campaign.json and outcomes.jsonl)\n",
                missing.err());
        Path badMeta = withOutcomes("badmeta", Files.readString(campaign.resolve("outcomes.jsonl")));
        Files.writeString(badMeta.resolve("campaign.json"), "{\"schema\": 1,");
        Run meta = fparity("compare", badMeta.toString());
        assertEquals(2, meta.exit());
        assertTrue(meta.err().startsWith("fparity: " + badMeta.resolve("campaign.json") + ": malformed: "), meta.err());
        assertEquals(1, meta.err().lines().count());
    }

    @Test
    void reportWritesTheFiveFiles() {
        Path out = tmp.resolve("out/planted");
        Run r = fparity("report", campaign.toString(), "--out", out.toString());
        assertEquals(1, r.exit(), "cases disagree: exit 1 " + r.err());
        assertTrue(r.out().startsWith("6 of 10 cases disagree across platforms\n"), r.out());
        for (String f : List.of("report.json", "summary.md", "report.html", "junit.xml", "metrics.txt")) {
            assertTrue(Files.isRegularFile(out.resolve(f)), f);
            assertTrue(r.out().contains("wrote " + out.resolve(f)), f);
        }
    }

    /**
     * summary.md was 1,664 lines on the default campaign. report writes it short (verdict, odd one out, top cases, no
     * per-pair section) and says how to get the rest; --detail writes the per-pair tables too.
     */
    @Test
    void summaryIsShortByDefaultAndWholeWithDetail() throws Exception {
        Path brief = tmp.resolve("short/planted");
        Path whole = tmp.resolve("whole/planted");
        assertEquals(
                1,
                fparity("report", campaign.toString(), "--out", brief.toString())
                        .exit());
        assertEquals(
                1,
                fparity("report", campaign.toString(), "--out", whole.toString(), "--detail")
                        .exit());
        String s = Files.readString(brief.resolve("summary.md"));
        String w = Files.readString(whole.resolve("summary.md"));
        assertTrue(
                s.startsWith("# fparity report: planted\n\n**Verdict: 6 of 10 cases disagree across platforms**\n"), s);
        assertTrue(s.contains("\n## Top cases\n"), s);
        assertTrue(!s.contains("## Discrepancies per opt level"), s);
        assertTrue(!s.contains("<details><summary>source</summary>"), s);
        assertTrue(
                s.strip()
                        .endsWith("bin/fparity report "
                                + campaign.toAbsolutePath().normalize() + " --detail`, or report.html."),
                s);
        assertTrue(w.contains("## Discrepancies per opt level"), w);
        assertTrue(w.contains("## How to make this campaign again"), w);
        assertTrue(
                s.lines().count() * 2 < w.lines().count(),
                s.lines().count() + " vs " + w.lines().count());
        // report.html is whole either way
        assertTrue(Files.readString(brief.resolve("report.html")).contains("<details id=\"details\">"));
    }

    @Test
    void compareAgainstABaselineSaysWhatIsNew() {
        Run r = fparity("compare", campaign.toString(), "--baseline", campaign.toString(), "--detail");
        assertEquals(0, r.exit(), "with a baseline only new discrepancies count, and none is new: " + r.err());
        assertTrue(
                r.out()
                        .contains(
                                "\nAgainst planted      Count\n-------------------  -----\nnew                      0\ndisappeared              0\npersisting              12\nnot checked tonight      0\n"),
                r.out());
        assertEquals(
                "fparity: warning: the baseline " + campaign + " is the campaign itself: nothing can be new or gone\n",
                r.err());
        Run strict = fparity("compare", campaign.toString(), "--baseline", campaign.toString(), "--strict");
        assertEquals(2, strict.exit());
        assertEquals(
                "fparity: the baseline " + campaign
                        + " is the campaign itself: nothing can be new or gone (--strict refuses this)\n",
                strict.err());
    }

    @Test
    void aBaselineSharingNoProgramIsAWarningOrWithStrictARefusal() {
        Path other = CampaignFixtures.write(
                new org.fparity.compare.CampaignView(
                        "other",
                        java.util.Map.of("hostname", "h"),
                        java.util.Map.of("gcc", "gcc 14"),
                        java.util.Map.of(
                                "unrelated",
                                new org.fparity.compare.ProgramInfo(
                                        "unrelated",
                                        org.fparity.ir.Precision.FP64,
                                        "compute(u) { }\n",
                                        List.of(new org.fparity.ir.Input(List.of("0x1p+0"))))),
                        List.of(new org.fparity.exec.Outcome(
                                "unrelated",
                                0,
                                "gcc",
                                "O0",
                                org.fparity.exec.Outcome.Status.OK,
                                "0x1p+0",
                                null,
                                "gcc@O0",
                                0))),
                tmp.resolve("campaigns/other"));
        Run r = fparity("compare", campaign.toString(), "--baseline", other.toString());
        assertEquals(1, r.exit(), "every discrepancy is new against an unrelated baseline: " + r.err());
        assertEquals(
                "fparity: warning: the baseline " + other + " shares no program with " + campaign
                        + " (other seed or grammar?): every discrepancy counts as new\n",
                r.err());
        Path out = tmp.resolve("r-strict");
        Run strict = fparity(
                "report", campaign.toString(), "--baseline", other.toString(), "--strict", "--out", out.toString());
        assertEquals(2, strict.exit(), strict.err());
        assertTrue(strict.err().startsWith("fparity: the baseline " + other + " shares no program"), strict.err());
        assertTrue(!Files.exists(out), "nothing written");
    }
}
