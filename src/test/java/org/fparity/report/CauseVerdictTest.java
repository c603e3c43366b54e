package org.fparity.report;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.cli.Cli.Run;
import org.fparity.compare.CampaignFiles;
import org.fparity.ir.ProgramJson;
import org.fparity.report.CauseNights.Plant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Verdicts counted in root causes (causes.json): known causes are green against a triaged baseline, a new one is red and named. */
class CauseVerdictTest {
    @TempDir
    Path tmp;

    private static final List<Plant> NIGHT1 = List.of(Plant.REASSOCIATION, Plant.FINITE_MATH);
    private static final List<Plant> NIGHT2 = List.of(Plant.FINITE_MATH, Plant.REASSOCIATION, Plant.REASSOCIATION);
    private static final List<Plant> NIGHT3 = List.of(Plant.REASSOCIATION, Plant.CONTRACTION, Plant.REASSOCIATION);

    @Test
    void aNightWithOnlyKnownCausesIsGreenAndANewCauseIsRedAndNamed() throws Exception {
        Path n1 = CauseNights.write(tmp, "nightly-2026-11-21", NIGHT1, true);
        Path n2 = CauseNights.write(tmp, "nightly-2026-11-22", NIGHT2, true);
        Path n3 = CauseNights.write(tmp, "nightly-2026-11-23", NIGHT3, true);

        // other programs every night (date seeds): in cases, everything of night 2 is new; in causes, nothing is
        Run second = fparity(
                "report",
                n2.toString(),
                "--baseline",
                n1.toString(),
                "--out",
                tmp.resolve("r2").toString());
        assertEquals(0, second.exit(), second.out() + second.err());
        assertTrue(
                second.out()
                        .startsWith(
                                "2 root causes, none new against nightly-2026-11-21: only known causes; 6 cases new against nightly-2026-11-21"),
                second.out());
        Run compare2 = fparity("compare", n2.toString(), "--baseline", n1.toString());
        assertEquals(0, compare2.exit(), compare2.out() + compare2.err());

        Run third = fparity(
                "report",
                n3.toString(),
                "--baseline",
                n2.toString(),
                "--out",
                tmp.resolve("r3").toString());
        assertEquals(1, third.exit(), third.out() + third.err());
        assertTrue(
                third.out()
                        .startsWith(
                                "2 root causes, 1 new against nightly-2026-11-22: clang-19 contracts a*b+c into an FMA (2 cases)"),
                third.out());

        // JUnit: one testcase per cause, and only the new one fails; its cases are in the detail
        String junit = Files.readString(tmp.resolve("r3/junit.xml"));
        Matcher tc = Pattern.compile(
                        "<testcase classname=\"nightly-2026-11-23.causes\" name=\"([^\"]*)\"[^>]*>\\s*<(failure|skipped) [^>]*message=\"([^\"]*)\"")
                .matcher(junit);
        List<String> seen = new ArrayList<>();
        while (tc.find()) seen.add(tc.group(2) + " " + tc.group(1).replace("&#124;", "|"));
        assertEquals(
                List.of("skipped " + Plant.REASSOCIATION.key(), "failure " + Plant.CONTRACTION.key()),
                seen.stream().sorted((a, b) -> a.startsWith("skipped") ? -1 : 1).toList());
        assertTrue(junit.contains("20261123-01/0: Number–Number: 2 different answers, no majority"), junit);
        assertFalse(
                junit.contains("<testcase classname=\"nightly-2026-11-23.20261123"),
                "every case has a cause: no case testcases");
        assertTrue(junit.contains("tests=\"2\" failures=\"1\" errors=\"0\" skipped=\"1\""), junit);

        // report.json: the causes, keyed, with their state and reduce command
        JsonNode causes = ProgramJson.MAPPER
                .readTree(tmp.resolve("r3/report.json").toFile())
                .path("verdict")
                .path("causes");
        assertEquals(1, causes.path("new").asInt());
        JsonNode first = causes.path("causes").get(0);
        assertEquals(Plant.REASSOCIATION.key(), first.path("key").asText());
        assertEquals("known", first.path("state").asText());
        assertEquals("new", causes.path("causes").get(1).path("state").asText());
        assertTrue(
                first.path("reduce").asText().startsWith("bin/fparity reduce " + n3 + " --discrepancy "),
                first.toString());

        // metrics: one series per cause
        String metrics = Files.readString(tmp.resolve("r3/metrics.txt"));
        assertTrue(
                metrics.contains("fparity_root_cause_cases{campaign=\"nightly-2026-11-23\",cause=\""
                        + Plant.CONTRACTION.key() + "\",family=\"clang-19 O0\",kind=\"flags\",state=\"new\"} 2\n"),
                metrics);
        assertTrue(metrics.contains("fparity_root_causes{campaign=\"nightly-2026-11-23\",state=\"new\"} 1\n"), metrics);
        OpenMetricsSyntax.check(metrics);
    }

    @Test
    void withoutCausesTheVerdictStaysInCases() {
        Path n1 = CauseNights.write(tmp, "nightly-2026-11-21", NIGHT1, false);
        Path n2 = CauseNights.write(tmp, "nightly-2026-11-22", NIGHT2, false);
        Run second = fparity(
                "report",
                n2.toString(),
                "--baseline",
                n1.toString(),
                "--out",
                tmp.resolve("r2").toString());
        assertEquals(1, second.exit(), second.out() + second.err());
        assertTrue(second.out().startsWith("6 cases new against nightly-2026-11-21"), second.out());
        // a baseline that was not triaged: tonight's causes are shown, new ones are counted in cases
        Causes c = CauseNights.triage(CauseNights.night("nightly-2026-11-22", NIGHT2), NIGHT2);
        c.write(n2);
        Run again = fparity(
                "report",
                n2.toString(),
                "--baseline",
                n1.toString(),
                "--out",
                tmp.resolve("r2b").toString());
        assertEquals(1, again.exit(), again.out() + again.err());
        assertTrue(
                again.out()
                        .startsWith(
                                "2 root causes (nightly-2026-11-21 was not triaged: new ones are counted in cases); 6 cases new"),
                again.out());
    }

    @Test
    void aDisagreeingCaseNoCauseExplainsIsRedAndSaidSo() {
        Path n1 = CauseNights.write(tmp, "nightly-2026-11-21", NIGHT1, true);
        Path n3 = CauseNights.write(
                tmp, "nightly-2026-11-23", List.of(Plant.REASSOCIATION, Plant.FINITE_MATH, Plant.CONTRACTION), false);
        // triage that got to the first two programs only: the contraction is in no cause
        Causes all = CauseNights.triage(
                CauseNights.night(
                        "nightly-2026-11-23", List.of(Plant.REASSOCIATION, Plant.FINITE_MATH, Plant.CONTRACTION)),
                List.of(Plant.REASSOCIATION, Plant.FINITE_MATH, Plant.CONTRACTION));
        List<RootCause> known = all.causes().stream()
                .filter(c -> !c.key().equals(Plant.CONTRACTION.key()))
                .toList();
        new Causes(all.triaged() - 4, 0, known).write(n3);
        Run r = fparity("compare", n3.toString(), "--baseline", n1.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("2 root causes, none new against nightly-2026-11-21: only known causes"), r.out());
        assertTrue(
                r.out()
                        .contains(
                                "not triaged: 2 cases that disagree or ended differently are in no cause (e.g. 20261123-02/0); run fparity triage again"),
                r.out());
    }

    /** Three nights of one planted cause that triage left undecided (not reproduced): n1, n1 again, n2. */
    private List<Path> undecidedNights() throws Exception {
        Path n1 = CauseNights.write(tmp, "nightly-2026-11-21", List.of(Plant.REASSOCIATION), false);
        Path again = CauseNights.write(tmp, "nightly-2026-11-21-again", List.of(Plant.REASSOCIATION), false);
        Path n2 = CauseNights.write(tmp, "nightly-2026-11-22", List.of(Plant.REASSOCIATION), false);
        for (Path n : List.of(n1, again, n2)) {
            Causes c = CauseNights.triage(CampaignFiles.load(n), List.of(Plant.REASSOCIATION));
            RootCause r = c.causes().getFirst();
            new Causes(
                            c.triaged(),
                            c.triaged(),
                            List.of(new RootCause(
                                    null,
                                    RootCause.Kind.UNDECIDED,
                                    "gcc O3_FM",
                                    List.of(),
                                    null,
                                    "not reproduced",
                                    null,
                                    null,
                                    "gcc O3_FM: undecided (not reproduced)",
                                    r.cases(),
                                    r.discrepancies(),
                                    r.representative(),
                                    null)))
                    .write(n);
        }
        return List.of(n1, again, n2);
    }

    /**
     * The causes table is rendered from one list of rows in report.html and summary.md (it was built twice, and an
     * undecided cause read "undecided" in one and "undecided: its cases are judged as cases" in the other).
     */
    @Test
    void theCausesTableHasTheSameRowsInHtmlAndMarkdown() throws Exception {
        List<Path> nights = undecidedNights();
        Report r = Report.of(CampaignFiles.load(nights.get(2)), CampaignFiles.load(nights.get(0)))
                .judged(AcceptancePolicy.NONE, Causes.read(nights.get(0)).orElseThrow());
        String md = MarkdownSummary.render(r);
        List<List<String>> mdRows = new ArrayList<>();
        String table = md.substring(md.indexOf("| # | Cause | Cases | State | Reduce |"));
        for (String line :
                table.lines().skip(2).takeWhile(l -> l.startsWith("|")).toList()) {
            List<String> cells = new ArrayList<>();
            for (String c : line.substring(1, line.length() - 1).split(" \\| ", -1)) cells.add(c.strip());
            mdRows.add(cells);
        }
        String html = HtmlReport.render(r);
        List<List<String>> htmlRows = new ArrayList<>();
        Matcher tr =
                Pattern.compile("<tr class=\"cause [^\"]*\"[^>]*>(.*?)</tr>").matcher(html);
        while (tr.find()) {
            List<String> cells = new ArrayList<>();
            Matcher td = Pattern.compile("<td[^>]*>(.*?)</td>").matcher(tr.group(1));
            while (td.find())
                cells.add(td.group(1)
                        .replaceAll("<[^>]+>", "")
                        .replace("&amp;", "&")
                        .replace("&#39;", "'")
                        .strip());
            htmlRows.add(cells);
        }
        assertEquals(1, htmlRows.size(), html);
        assertEquals(
                "undecided: its cases are judged as cases", htmlRows.getFirst().get(3));
        assertEquals(htmlRows, mdRows);
    }

    /** An undecided cause names what is not known: its cases are judged as cases (new ones red), never known by its key. */
    @Test
    void theCasesOfAnUndecidedCauseAreJudgedAsCases() throws Exception {
        List<Path> nights = undecidedNights();
        Path n1 = nights.get(0), again = nights.get(1), n2 = nights.get(2);
        // the same cases again: persisting, green; other programs under the same undecided key: new cases, red
        Run same = fparity("compare", again.toString(), "--baseline", n1.toString());
        assertEquals(0, same.exit(), same.out() + same.err());
        Run other = fparity(
                "report",
                n2.toString(),
                "--baseline",
                n1.toString(),
                "--out",
                tmp.resolve("r").toString());
        assertEquals(1, other.exit(), other.out() + other.err());
        assertTrue(
                other.out()
                        .startsWith(
                                "1 root cause, none new against nightly-2026-11-21: only known causes; 2 cases new against nightly-2026-11-21"),
                other.out());
        Matcher m = Pattern.compile(
                        "<testcase classname=\"([^\"]*)\" name=\"([^\"]*)\"[^/>]*>\\s*<failure type=\"([a-z_]+)\"")
                .matcher(Files.readString(tmp.resolve("r/junit.xml")));
        List<String> failed = new ArrayList<>();
        while (m.find()) failed.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
        assertEquals(List.of("nightly-2026-11-22.causes undecided|gcc O3_FM|||not reproduced| undecided"), failed);
    }

    @Test
    void everyReportLeadsWithTheCauses() throws Exception {
        Path n1 = CauseNights.write(tmp, "nightly-2026-11-22", NIGHT2, true);
        Path n3 = CauseNights.write(tmp, "nightly-2026-11-23", NIGHT3, true);
        Report r = Report.of(CampaignFiles.load(n3), CampaignFiles.load(n1))
                .judged(AcceptancePolicy.NONE, Causes.read(n1).orElseThrow());
        StringWriter sw = new StringWriter();
        EndScreen.findings(new PrintWriter(sw, true), r);
        List<String> end = sw.toString().lines().filter(l -> !l.isBlank()).toList();
        assertTrue(
                end.get(0)
                        .startsWith(
                                "verdict: 2 root causes, 1 new against nightly-2026-11-22: clang-19 contracts a*b+c into an FMA (2 cases); "),
                end.get(0));
        assertEquals("root causes (most cases first; the cases are in the report):", end.get(1));
        assertTrue(
                end.get(2)
                        .startsWith(
                                "  1. gcc -O3 -ffast-math reassociates a sum (-fassociative-math with -fno-signed-zeros -fno-trapping-math) — 4 cases; reduce: bin/fparity reduce "),
                end.get(2));
        assertTrue(
                end.get(3)
                        .startsWith(
                                "  2. [new] clang-19 contracts a*b+c into an FMA — 2 cases; reduce: bin/fparity reduce "),
                end.get(3));

        String md = MarkdownSummary.render(r);
        assertTrue(md.indexOf("## Root causes") > 0 && md.indexOf("## Root causes") < md.indexOf("| Toolchain |"), md);
        assertTrue(md.contains("| 2 | clang-19 contracts a*b+c into an FMA | 2 | new | bin/fparity reduce "), md);

        String html = HtmlReport.render(r);
        int causes = html.indexOf("<div id=\"causes\">");
        assertTrue(
                causes > html.indexOf("class=\"headline bad\"")
                        && causes < html.indexOf("id=\"health\"")
                        && causes < html.indexOf("id=\"ranking\""),
                "causes right under the headline");
        assertTrue(
                html.contains(
                        "<tr class=\"cause cause-new\" data-key=\"" + Markup.esc(Plant.CONTRACTION.key()) + "\">"),
                html);
    }
}
