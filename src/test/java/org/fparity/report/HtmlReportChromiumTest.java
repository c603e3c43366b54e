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
    private static final Path CHROMIUM = org.fparity.util.Executables.find("chromium") != null ? org.fparity.util.Executables.find("chromium")
            : org.fparity.util.Executables.find("chromium-browser");
    private static final Pattern CONSOLE = Pattern.compile(":CONSOLE[:(\\d]");

    @TempDir
    static Path tmp;

    static Path html;
    static Report report;

    @BeforeAll
    static void writeReport() {
        assumeTrue(CHROMIUM != null, "chromium (or chromium-browser) is not on PATH");
        CampaignView tonight = SyntheticCampaign.of("nightly-2026-11-22", 42, 120);
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
        for (String id : List.of("summary", "facts", "charts", "chart-toolchains-fp64", "chart-opt-levels-fp64", "chart-toolchains-fp32", "chart-opt-levels-fp32", "runs", "baseline", "matrices", "top", "top-table", "mismatches")) {
            assertTrue(dom.contains("id=\"" + id + "\""), "missing #" + id);
        }
        // expectations from outside the HTML renderer: report.json (another writer) lists the pairs with discrepancies,
        // and the synthetic campaign has more discrepancies than the top table holds
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(tmp.resolve("report/report.json").toFile());
        long pairsWithDiscrepancies = 0;
        for (com.fasterxml.jackson.databind.JsonNode p : json.get("pairs")) if (p.get("discrepancies").asInt() > 0) pairsWithDiscrepancies++;
        assertTrue(pairsWithDiscrepancies > 1, "the synthetic campaign should disagree on several pairs: " + pairsWithDiscrepancies);
        assertEquals(pairsWithDiscrepancies, count(dom, "<svg class=\"heatmap\""));
        assertTrue(json.get("discrepancies").size() > HtmlReport.TOP, "more discrepancies than the top table shows");
        String topTable = dom.substring(dom.indexOf("id=\"top-table\""), dom.indexOf("</table>", dom.indexOf("id=\"top-table\"")));
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
        String topTable = dom.substring(dom.indexOf("id=\"top-table\""), dom.indexOf("</table>", dom.indexOf("id=\"top-table\"")));
        int shown = 0, hidden = 0;
        Matcher m = Pattern.compile("<tr class=\"d\" data-class=\"([a-z_]+)\"( hidden=\"\")?>").matcher(topTable);
        while (m.find()) {
            boolean isHidden = m.group(2) != null;
            assertEquals(!m.group(1).equals("number_number"), isHidden, m.group());
            if (isHidden) hidden++;
            else shown++;
        }
        assertTrue(shown > 0 && hidden > 0, shown + " shown, " + hidden + " hidden");
        assertTrue(dom.contains("<button type=\"button\" data-filter=\"number_number\" class=\"on\">"), "the button shows the filter");
    }

    @Test
    void screenshot() throws Exception {
        Path png = Path.of("target/report-html.png").toAbsolutePath();
        Files.deleteIfExists(png);
        Result r = chromium(List.of("--screenshot=" + png, "--window-size=1200,1600", "--hide-scrollbars"), html);
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(Files.size(png) > 20_000, "screenshot is nearly empty");
    }

    @Test
    void theCheckSeesConsoleErrorsAndBlockedFetches() throws Exception {
        Path bad = tmp.resolve("bad.html");
        Files.writeString(bad, "<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'unsafe-inline'\">"
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

    private static Result chromium(List<String> extra, Path page, String fragment) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(tmp, "profile");
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
                "--user-data-dir=" + profile));
        cmd.addAll(extra);
        cmd.add(page.toUri() + fragment);
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Processes.Result r = Processes.command(cmd).stdout(out).stderr(err).timeoutSeconds(90).run();
        if (r.timedOut()) throw new AssertionError("chromium did not finish in 90 s (process tree killed)");
        return new Result(r.exitCode(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
