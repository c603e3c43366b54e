package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.CampaignView;
import org.fparity.compare.PlantedFaults;
import org.fparity.compare.ProgramInfo;
import org.fparity.compare.Verdict;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verdict every report opens with: counted in cases, health, odd one out, the ideal platform, top cases, provenance. */
class VerdictTest {
    @TempDir
    Path tmp;

    /** comp += x / 3.0: the ideal IEEE platform rounds 1/3 once; "sloppy" is one ULP above at O3_FM. */
    private static final String THIRD =
            "program fp64 array 1\ncompute(double comp, double x) {\n  comp += x / 3.0;\n}\n";

    private static CampaignView third() {
        List<Outcome> out = new ArrayList<>();
        String truth = "0x1.5555555555555p-2";
        String above = "0x1.5555555555556p-2";
        for (String tc : List.of("gcc", "clang-19", "sloppy")) {
            for (String opt : List.of("O0", "O3_FM")) {
                out.add(new Outcome(
                        "third",
                        0,
                        tc,
                        opt,
                        Status.OK,
                        tc.equals("sloppy") && opt.equals("O3_FM") ? above : truth,
                        null,
                        tc + "@h",
                        7));
            }
        }
        return new CampaignView(
                "third",
                Map.of("hostname", "h"),
                Map.of("gcc", "gcc 12", "clang-19", "clang 19", "sloppy", "sloppy 1"),
                Map.of(
                        "third",
                        new ProgramInfo(
                                "third", Precision.FP64, THIRD, List.of(new Input(List.of("0x0p+0", "0x1p+0"))))),
                out);
    }

    @Test
    void everyOutputOpensWithTheVerdictCountedInCases() {
        Report r = Report.of(PlantedFaults.campaign("planted"), null);
        StringWriter sw = new StringWriter();
        EndScreen.findings(new PrintWriter(sw, true), r);
        List<String> end = sw.toString().lines().filter(l -> !l.isBlank()).toList();
        assertEquals("verdict: 6 of 10 cases disagree across platforms", end.get(0));
        assertTrue(
                end.get(1).startsWith("  a case is one program on one input: 10 cases ran on 4 platforms"), end.get(1));
        // cases only on the first screen: the platform pairs are detail, below, with the word
        assertEquals("  disagreeing cases: 6 of 10 (60.0 %)", end.get(2));
        assertTrue(!sw.toString().contains("pair"), sw.toString());
        StringWriter detail = new StringWriter();
        EndScreen.findings(new PrintWriter(detail, true), r.findings());
        assertTrue(detail.toString().startsWith("detail: 12 disagreeing platform pairs among "), detail.toString());
        assertTrue(detail.toString().contains(" compared (pair × case), per class:"), detail.toString());
        assertTrue(ReportWriter.text(r).startsWith("campaign planted: 6 of 10 cases disagree across platforms\n"));
        assertTrue(MarkdownSummary.render(r)
                .startsWith("# fparity report: planted\n\n**Verdict: 6 of 10 cases disagree across platforms**\n"));
        String html = HtmlReport.render(r);
        assertTrue(html.contains("<p class=\"headline bad\">6 of 10 cases disagree across platforms</p>"));
    }

    /**
     * The default campaign's case b50ee907abce54d8 input 47: the majority -1848396288.29, clang O3_FM inf, gcc O3_FM
     * +2.72e307. Its report used to give the far number "+13951854850489392526" ULPs beside the Inf–Number row; an Inf
     * gap is a class, and numbers of opposite signs are not a count of ULPs either.
     */
    @Test
    void infAndFarGapsAreShownAsClassesNeverAsUlps() {
        List<Outcome> out = new ArrayList<>();
        for (String tc : List.of("gcc", "clang-19", "pocl")) {
            for (String opt : List.of("O0", "O3_FM")) {
                String hex = !opt.equals("O3_FM")
                        ? "-0x1.b8b128012e02bp+30"
                        : tc.equals("clang-19")
                                ? "inf"
                                : tc.equals("gcc") ? "0x1.366fe81283d63p+1021" : "-0x1.b8b128012e02ap+30";
                out.add(new Outcome("far", 47, tc, opt, Status.OK, hex, null, tc + "@h", 7));
            }
        }
        CampaignView v = new CampaignView(
                "far",
                Map.of("hostname", "h"),
                Map.of(),
                Map.of(
                        "far",
                        new ProgramInfo(
                                "far",
                                Precision.FP64,
                                THIRD,
                                java.util.Collections.nCopies(48, new Input(List.of("0x0p+0", "0x1p+0"))))),
                out);
        Report r = Report.of(v, null);
        String md = MarkdownSummary.render(r);
        assertTrue(md.contains("| inf | inf | Inf–Number | clang-19@O3_FM |"), md);
        assertTrue(md.contains("| 0x1.366fe81283d63p+1021 | opposite signs | gcc@O3_FM |"), md);
        assertTrue(md.contains("| -0x1.b8b128012e02ap+30 | +1 | pocl@O3_FM |"), md);
        String html = HtmlReport.render(r);
        StringWriter end = new StringWriter();
        EndScreen.findings(new PrintWriter(end, true), r);
        for (String screen : List.of(md, html, end.toString(), ReportWriter.text(r)))
            assertTrue(!screen.contains("13951854850489392526"), screen);
        assertEquals(
                "opposite signs", VerdictText.ulpsFrom(-1848396288.2949321, 2.7249546201309997e+307, Precision.FP64));
        assertEquals("×1.0e+10", VerdictText.ulpsFrom(1.0, 1e10, Precision.FP64));
        assertEquals("Inf–Number", VerdictText.ulpsFrom(1.0, Double.POSITIVE_INFINITY, Precision.FP64));
        assertEquals("-1", VerdictText.ulpsFrom(1.0, Math.nextDown(1.0), Precision.FP64));
    }

    @Test
    void theOddOneOutRankingAndTheIdealPlatformSayWhoIsRight() {
        Report r = Report.of(third(), null);
        Verdict v = r.verdict();
        assertEquals(1, v.count().discrepant());
        assertEquals("sloppy@O3_FM", v.ranking().getFirst().platform().toString());
        assertEquals(1, v.ranking().getFirst().oddOneOut());
        assertEquals(1, v.ranking().getFirst().offIdeal());
        Verdict.Truth t = v.truths().get("third/0");
        assertEquals("0x1.5555555555555p-2", t.hex()); // 1/3 correctly rounded
        assertEquals(5, t.agreeing().size());
        String md = MarkdownSummary.render(r);
        assertTrue(
                md.contains("| ideal IEEE | 0.33333333333333331 | 0x1.5555555555555p-2 | 0 | agreeing: the majority |"),
                md);
        assertTrue(md.contains("| answer A | 0.33333333333333337 | 0x1.5555555555556p-2 | +1 | sloppy@O3_FM |"), md);
    }

    @Test
    void topCasesCarryValuesSourceInputAndAOneLineReproducerNamingARecordedDiscrepancy() throws Exception {
        Path dir = CampaignFixtures.write(third(), tmp.resolve("campaigns/third"));
        CampaignView v = CampaignFiles.load(dir);
        Report r = Report.of(v, null);
        Path out = tmp.resolve("r");
        ReportWriter.write(r, out);
        JsonNode root = ProgramJson.MAPPER.readTree(out.resolve("report.json").toFile());
        JsonNode top = root.get("verdict").get("top_cases").get(0);
        String cmd = top.get("reproduce").asText();
        assertTrue(cmd.startsWith("bin/fparity reduce " + dir.toAbsolutePath() + " --discrepancy "), cmd);
        assertTrue(!cmd.contains("\n"));
        String id = cmd.substring(cmd.lastIndexOf(' ') + 1);
        List<String> ids = new ArrayList<>();
        root.get("discrepancies").forEach(d -> ids.add(d.get("id").asText()));
        assertTrue(ids.contains(id), id + " not among " + ids);
        String html = Files.readString(out.resolve("report.html"));
        int caseAt = html.indexOf("id=\"case-1\"");
        String first = html.substring(caseAt, html.indexOf("</div>", caseAt));
        for (String must : List.of(
                "0.33333333333333337",
                "0x1.5555555555556p-2",
                "+1",
                "comp += x / 3.0;",
                "0x0p+0 0x1p+0",
                Markup.esc(cmd),
                "bin/fparity show " + dir.toAbsolutePath() + " third --input 0")) {
            assertTrue(first.contains(must), "case 1 lacks " + must + ":\n" + first);
        }
        // the verdict, the ranking and the top cases come first; per-pair tables and matrices are collapsed below
        int verdict = html.indexOf("id=\"verdict\""),
                ranking = html.indexOf("id=\"ranking\""),
                details = html.indexOf("<details id=\"details\"");
        assertTrue(
                verdict > 0 && verdict < ranking && ranking < caseAt && caseAt < details,
                verdict + " " + ranking + " " + caseAt + " " + details);
        for (String later : List.of("id=\"summary\"", "id=\"matrices\"", "id=\"runs\"", "id=\"top-table\""))
            assertTrue(html.indexOf(later) > details, later);
    }

    @Test
    void aCampaignWhereMostToolchainsProducedNoValueIsBroken() {
        List<Outcome> out = new ArrayList<>();
        for (int p = 0; p < 3; p++) {
            out.add(new Outcome("p" + p, 0, "gcc", "O0", Status.OK, "0x1p+0", null, null, 1));
            for (String tc : List.of("clang-19", "pocl", "java"))
                out.add(new Outcome("p" + p, 0, tc, "O0", Status.COMPILE_ERROR, null, "error: x", null, 0));
            for (String tc : List.of("nvcc-sm80", "hipcc-gfx90a"))
                out.add(new Outcome("p" + p, 0, tc, "O0", Status.CANNOT_RUN, null, "no GPU", null, 0));
        }
        Report r = Report.of(new CampaignView("b", Map.of(), Map.of(), Map.of(), out), null);
        assertEquals(
                "3 of 4 toolchains produced no value (clang-19, java, pocl): this campaign compared almost nothing",
                r.verdict().broken());
        assertEquals(ExitCode.FINDINGS, r.verdict().healthExitCode());
        assertTrue(r.headline().startsWith("BROKEN CAMPAIGN: "), r.headline());
        assertTrue(HtmlReport.render(r).contains("<p class=\"broken\">Broken campaign: 3 of 4 toolchains"));
        assertTrue(MarkdownSummary.render(r).contains("| clang-19 | 3 | 0 | 3 | 0 | 3 compile error |"));
        // the GPU toolchains that only compile here are not held against it: with two that ran, it is healthy
        List<Outcome> ok = new ArrayList<>(out.stream()
                .filter(o -> !o.toolchain().equals("pocl") && !o.toolchain().equals("java"))
                .toList());
        for (int p = 0; p < 3; p++) ok.add(new Outcome("p" + p, 0, "pocl", "O0", Status.OK, "0x1p+0", null, null, 1));
        Report fine = Report.of(new CampaignView("f", Map.of(), Map.of(), Map.of(), ok), null);
        assertNull(fine.verdict().broken());
        assertEquals(ExitCode.OK, fine.verdict().healthExitCode());
    }

    @Test
    void reportsOfTwoCampaignsWithTheSameFolderNameDoNotOverwriteEachOther() throws Exception {
        Path a = CampaignFixtures.write(third(), tmp.resolve("site-a/nightly"));
        Path b = CampaignFixtures.write(third(), tmp.resolve("site-b/nightly"));
        Path root = tmp.resolve("reports");
        CampaignView va = CampaignFiles.load(a), vb = CampaignFiles.load(b);
        Path da = ReportWriter.defaultDir(va, root);
        assertEquals(root.resolve("nightly"), da);
        ReportWriter.write(Report.of(va, null), da);
        assertEquals(da, ReportWriter.defaultDir(va, root), "the same campaign reports into its own folder again");
        Path db = ReportWriter.defaultDir(vb, root);
        assertNotEquals(da, db);
        assertTrue(db.getFileName().toString().matches("nightly-[0-9a-f]{8}"), db.toString());
        JsonNode info =
                ProgramJson.MAPPER.readTree(da.resolve("report.json").toFile()).get("session_info");
        assertEquals(
                a.toAbsolutePath().normalize().toString(),
                info.get("campaign_folder").asText());
        assertEquals("0.1.0", info.get("provenance").get("fparity").asText());
    }

    /**
     * More disagreeing cases than the verdict keeps as top cases (Verdict.TOP_KEPT): the short text's "… N more" line
     * counts every disagreeing case, not the kept ones (it said 995 where 1,195 more disagreed).
     */
    @Test
    void theShortTextCountsEveryDisagreeingCaseBeyondTheKeptTopCases() {
        int n = Verdict.TOP_KEPT + 200;
        List<Outcome> out = new ArrayList<>();
        List<Input> inputs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            inputs.add(new Input(List.of("0x0p+0", "0x1p+0")));
            out.add(new Outcome("third", i, "gcc", "O0", Status.OK, "0x1.5555555555555p-2", null, "gcc@h", 7));
            out.add(new Outcome("third", i, "sloppy", "O0", Status.OK, "0x1.5555555555556p-2", null, "sloppy@h", 7));
        }
        CampaignView many = new CampaignView(
                "many",
                Map.of("hostname", "h"),
                Map.of("gcc", "gcc 12", "sloppy", "sloppy 1"),
                Map.of("third", new ProgramInfo("third", Precision.FP64, THIRD, inputs)),
                out);
        Report r = Report.of(many, null);
        assertEquals(n, r.verdict().count().discrepant());
        assertEquals(Verdict.TOP_KEPT, r.verdict().top().size());
        String text = TextReport.render(r, false);
        int more = n - TextReport.SHORT_TOP;
        assertTrue(text.contains("  … " + VerdictText.cases(more) + " more that disagree"), text);
    }
}
