package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.compare.CampaignView;
import org.fparity.compare.SyntheticCampaign;
import org.fparity.util.Processes;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens report.html in headless Chromium: no console message of any kind (the report logs nothing itself, so any
 * message is a script error, a warning or a blocked fetch), every part present, the script ran to its end. Leaves a
 * screenshot in target/report-html.png for a person to look at.
 */
@Tag("tools")
class HtmlReportChromiumTest {
    /** chromium (or chromium-browser) from PATH: no hard-coded install path. */
    private static final Path CHROMIUM = org.fparity.util.Executables.find("chromium") != null
            ? org.fparity.util.Executables.find("chromium")
            : org.fparity.util.Executables.find("chromium-browser");

    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(\\d]");

    @TempDir
    static Path tmp;

    static Path html;
    static Report report;
    static CampaignView tonight;

    @BeforeAll
    static void writeReport() {
        assumeTrue(CHROMIUM != null, "chromium (or chromium-browser) is not on PATH");
        tonight = SyntheticCampaign.of("nightly-2026-11-22", 42, 120);
        CampaignView lastNight = SyntheticCampaign.nightBefore(tonight, "nightly-2026-11-21", 10);
        report = Report.of(tonight, lastNight);
        ReportWriter.write(report, tmp.resolve("report"));
        html = tmp.resolve("report/report.html");
    }

    @Test
    void opensWithoutConsoleMessagesAndHasEveryPart() throws Exception {
        Result r = chromium(List.of("--enable-logging=stderr", "--v=0", "--dump-dom"), html);
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(List.of(), consoleMessages(r.stderr()));
        String dom = r.stdout();
        assertTrue(dom.contains("data-ready=\"1\""), "the report's script did not run to its end");
        for (String id : List.of(
                "verdict",
                "health",
                "ranking",
                "ranking-table",
                "top-cases",
                "case-1",
                "provenance",
                "details",
                "summary",
                "facts",
                "charts",
                "chart-toolchains-fp64",
                "chart-opt-levels-fp64",
                "chart-toolchains-fp32",
                "chart-opt-levels-fp32",
                "runs",
                "baseline",
                "matrices",
                "top",
                "top-table",
                "mismatches")) {
            assertTrue(dom.contains("id=\"" + id + "\""), "missing #" + id);
        }
        // expectations from outside the HTML renderer: report.json (another writer) lists the pairs with discrepancies,
        // and the synthetic campaign has more discrepancies than the top table holds
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(tmp.resolve("report/report.json").toFile());
        long pairsWithDiscrepancies = 0;
        for (com.fasterxml.jackson.databind.JsonNode p : json.get("pairs"))
            if (p.get("discrepancies").asInt() > 0) pairsWithDiscrepancies++;
        assertTrue(
                pairsWithDiscrepancies > 1,
                "the synthetic campaign should disagree on several pairs: " + pairsWithDiscrepancies);
        assertEquals(pairsWithDiscrepancies, count(dom, "<svg class=\"heatmap\""));
        assertTrue(json.get("discrepancies").size() > HtmlReport.TOP, "more discrepancies than the top table shows");
        String topTable = dom.substring(
                dom.indexOf("id=\"top-table\""), dom.indexOf("</table>", dom.indexOf("id=\"top-table\"")));
        assertEquals(HtmlReport.TOP, count(topTable, "<tr class=\"d\" data-class="));
        assertEquals(HtmlReport.TOP, count(topTable, "<tr class=\"src\" data-class="));
        assertTrue(count(dom, "<rect ") > 100);
        assertTrue(dom.contains("<pre>program fp"), "no program source shown");
    }

    @Test
    void aLinkToOneClassShowsOnlyThatClass() throws Exception {
        Result r = chromium(List.of("--enable-logging=stderr", "--v=0", "--dump-dom"), html, "#filter=number_number");
        assertEquals(0, r.exit(), r.stderr());
        assertEquals(List.of(), consoleMessages(r.stderr()));
        String dom = r.stdout();
        String topTable = dom.substring(
                dom.indexOf("id=\"top-table\""), dom.indexOf("</table>", dom.indexOf("id=\"top-table\"")));
        int shown = 0, hidden = 0;
        Matcher m = Pattern.compile("<tr class=\"d\" data-class=\"([a-z_]+)\"( hidden=\"\")?>")
                .matcher(topTable);
        while (m.find()) {
            boolean isHidden = m.group(2) != null;
            assertEquals(!m.group(1).equals("number_number"), isHidden, m.group());
            if (isHidden) hidden++;
            else shown++;
        }
        assertTrue(shown > 0 && hidden > 0, shown + " shown, " + hidden + " hidden");
        assertTrue(
                dom.contains("<button type=\"button\" data-filter=\"number_number\" class=\"on\">"),
                "the button shows the filter");
    }

    /**
     * The verdict, the odd-one-out ranking and the first top case are on the first screen (top within 1,200 px), and
     * what they say matches counts made here from the outcomes, independently of the code that rendered the page.
     */
    @Test
    void verdictRankingAndFirstCaseAreOnTheFirstScreenWithTheRightCounts() throws Exception {
        String page = Files.readString(html);
        String probe = "<script>(function(){var out=[];['verdict','ranking','case-1','details'].forEach(function(id){"
                + "var e=document.getElementById(id);out.push(id+'='+(e?Math.round(e.getBoundingClientRect().top+window.scrollY):-1));});"
                + "document.body.setAttribute('data-tops',out.join(' '));})();</script></body>";
        Path probed = tmp.resolve("report/probed.html");
        Files.writeString(probed, page.replace("</body>", probe));
        Result r = chromium(List.of("--window-size=1200,1600", "--dump-dom"), probed);
        assertEquals(0, r.exit(), r.stderr());
        Matcher m = Pattern.compile("data-tops=\"([^\"]*)\"").matcher(r.stdout());
        assertTrue(m.find(), "the probe did not run");
        java.util.Map<String, Integer> tops = new java.util.HashMap<>();
        for (String kv : m.group(1).split(" "))
            tops.put(kv.substring(0, kv.indexOf('=')), Integer.parseInt(kv.substring(kv.indexOf('=') + 1)));
        for (String id : List.of("verdict", "ranking", "case-1")) {
            assertTrue(tops.get(id) >= 0 && tops.get(id) < 1200, id + " is at " + tops.get(id) + " px: " + tops);
        }
        assertTrue(
                tops.get("verdict") < tops.get("ranking")
                        && tops.get("ranking") < tops.get("case-1")
                        && tops.get("case-1") < tops.get("details"),
                tops.toString());

        // counted here, from the outcomes: a case disagrees when two platforms' values differ (signs of NaN and zero
        // ignored)
        java.util.Map<String, java.util.Map<String, String>> byCase = new java.util.TreeMap<>();
        for (org.fparity.exec.Outcome o : tonight.outcomes()) {
            if (o.status() != org.fparity.exec.Outcome.Status.OK) continue;
            double v = org.fparity.ir.HexFloat.parse(o.hex());
            String key = Double.isNaN(v) ? "nan" : v == 0 ? "zero" : Double.toString(v);
            byCase.computeIfAbsent(o.program() + "/" + o.input(), k -> new java.util.TreeMap<>())
                    .put(org.fparity.exec.Platform.of(o).label(), key);
        }
        int disagree = 0;
        java.util.Map<String, Integer> odd = new java.util.TreeMap<>();
        for (var c : byCase.values()) {
            java.util.Map<String, Integer> votes = new java.util.HashMap<>();
            c.values().forEach(v -> votes.merge(v, 1, Integer::sum));
            if (votes.size() < 2) continue;
            disagree++;
            List<Integer> sizes = votes.values().stream()
                    .sorted(java.util.Comparator.reverseOrder())
                    .toList();
            if (sizes.get(0).equals(sizes.get(1))) continue;
            String majority = votes.entrySet().stream()
                    .filter(e -> e.getValue().equals(sizes.get(0)))
                    .findFirst()
                    .orElseThrow()
                    .getKey();
            c.forEach((platform, v) -> {
                if (!v.equals(majority)) odd.merge(platform, 1, Integer::sum);
            });
        }
        int most = odd.values().stream().max(Integer::compare).orElseThrow();
        String dom = r.stdout();
        assertTrue(
                dom.contains(disagree + " of " + byCase.size() + " cases disagree across platforms"),
                "headline with " + disagree + " of " + byCase.size());
        Matcher row = Pattern.compile(
                        "<table id=\"ranking-table\".*?<tbody><tr><td class=\"num\">1</td><th>([^<]+)</th><td class=\"num\">(\\d+)</td>")
                .matcher(dom);
        assertTrue(row.find(), "no first ranking row");
        assertEquals(most, Integer.parseInt(row.group(2)));
        assertEquals(most, odd.get(row.group(1)), row.group(1));
    }

    /**
     * A triaged campaign against a triaged baseline: the causes are on the first screen, right under the headline and
     * above the ranking, the new one marked, and the page logs nothing. Leaves target/report-causes.png.
     */
    @Test
    void theCausesAreOnTheFirstScreen() throws Exception {
        Path n2 = CauseNights.write(
                tmp,
                "nightly-2026-11-22",
                List.of(CauseNights.Plant.FINITE_MATH, CauseNights.Plant.REASSOCIATION),
                true);
        Path n3 = CauseNights.write(
                tmp,
                "nightly-2026-11-23",
                List.of(
                        CauseNights.Plant.REASSOCIATION,
                        CauseNights.Plant.CONTRACTION,
                        CauseNights.Plant.REASSOCIATION),
                true);
        Report r = Report.of(org.fparity.compare.CampaignFiles.load(n3), org.fparity.compare.CampaignFiles.load(n2))
                .judged(
                        AcceptancePolicy.NONE,
                        org.fparity.attribution.Causes.read(n2).orElseThrow());
        ReportWriter.write(r, tmp.resolve("causes-report"));
        String page = Files.readString(tmp.resolve("causes-report/report.html"));
        String probe = "<script>(function(){var out=[];['causes','ranking'].forEach(function(id){"
                + "var e=document.getElementById(id);out.push(id+'='+(e?Math.round(e.getBoundingClientRect().top+window.scrollY):-1));});"
                + "var rows=document.querySelectorAll('#causes-table tbody tr');var t=[];rows.forEach(function(x){t.push(x.className+':'+x.cells[1].textContent+':'+x.cells[2].textContent);});"
                + "document.body.setAttribute('data-tops',out.join(' '));document.body.setAttribute('data-causes',t.join(';'));})();</script></body>";
        Path probed = tmp.resolve("causes-report/probed.html");
        Files.writeString(probed, page.replace("</body>", probe));
        Result res =
                chromium(List.of("--enable-logging=stderr", "--v=0", "--window-size=1200,1600", "--dump-dom"), probed);
        assertEquals(0, res.exit(), res.stderr());
        assertEquals(List.of(), consoleMessages(res.stderr()));
        Matcher tops =
                Pattern.compile("data-tops=\"causes=(\\d+) ranking=(\\d+)\"").matcher(res.stdout());
        assertTrue(tops.find(), "the probe did not run");
        int causes = Integer.parseInt(tops.group(1)), ranking = Integer.parseInt(tops.group(2));
        assertTrue(
                causes > 0 && causes < 300 && causes < ranking, "causes at " + causes + " px, ranking at " + ranking);
        Matcher rows = Pattern.compile("data-causes=\"([^\"]*)\"").matcher(res.stdout());
        assertTrue(rows.find());
        assertEquals(
                "cause cause-known:gcc -O3 -ffast-math reassociates a sum (-fassociative-math with -fno-signed-zeros -fno-trapping-math):4;"
                        + "cause cause-new:clang-19 contracts a*b+c into an FMA:2",
                rows.group(1).replace("&amp;", "&"));
        Path png = Path.of("target/report-causes.png").toAbsolutePath();
        Files.deleteIfExists(png);
        assertEquals(
                0,
                chromium(
                                List.of("--screenshot=" + png, "--window-size=1200,900", "--hide-scrollbars"),
                                tmp.resolve("causes-report/report.html"))
                        .exit());
    }

    @Test
    void screenshot() throws Exception {
        Path png = Path.of("target/report-html.png")
                .toAbsolutePath(); // a person looks at it: first screen = verdict, ranking, case 1
        Files.deleteIfExists(png);
        Result r = chromium(List.of("--screenshot=" + png, "--window-size=1200,1600", "--hide-scrollbars"), html);
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(Files.size(png) > 20_000, "screenshot is nearly empty");
    }

    @Test
    void theCheckSeesConsoleErrorsAndBlockedFetches() throws Exception {
        Path bad = tmp.resolve("bad.html");
        Files.writeString(
                bad,
                "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'\">"
                        + "</head><body><img src=\"http://192.0.2.1/x.png\"><script>console.error('boom'); notAFunction();</script></body></html>");
        Result r = chromium(List.of("--enable-logging=stderr", "--v=0", "--dump-dom"), bad);
        List<String> msgs = consoleMessages(r.stderr());
        assertEquals(3, msgs.size(), String.join("\n", msgs));
        assertTrue(msgs.stream().anyMatch(m -> m.contains("notAFunction is not defined")));
        assertTrue(msgs.stream().anyMatch(m -> m.contains("Content Security Policy")));
        assertFalse(r.stdout().contains("data-ready"));
    }

    record Result(int exit, String stdout, String stderr) {}

    private static List<String> consoleMessages(String stderr) {
        List<String> out = new ArrayList<>();
        for (String line : stderr.split("\n")) if (CONSOLE.matcher(line).find()) out.add(line);
        return out;
    }

    private static int count(String s, String needle) {
        Matcher m = Pattern.compile(Pattern.quote(needle)).matcher(s);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    /** One headless Chromium run with a fresh profile; the whole process tree is killed if it hangs. */
    private static Result chromium(List<String> extra, Path page) throws IOException, InterruptedException {
        return chromium(extra, page, "");
    }

    private static Result chromium(List<String> extra, Path page, String fragment)
            throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(tmp, "profile");
        List<String> cmd = new ArrayList<>(List.of(
                CHROMIUM.toString(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
                "--user-data-dir=" + profile));
        cmd.addAll(extra);
        cmd.add(page.toUri() + fragment);
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Processes.Result r = Processes.command(cmd)
                .stdout(out)
                .stderr(err)
                .timeoutSeconds(90)
                .run();
        if (r.timedOut()) throw new AssertionError("chromium did not finish in 90 s (process tree killed)");
        return new Result(
                r.exitCode(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
