package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fparity.compare.CampaignView;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.junit.jupiter.api.Test;

/** summary.md is rendered as HTML by GitLab, GitHub and mail clients: names from a campaign stay text. */
class MarkdownEscapingTest {
    @Test
    void htmlInNamesIsEscaped() {
        String program = "<img src=x onerror=alert(1)>";
        CampaignView v = new CampaignView(
                "<script>alert(1)</script>`",
                Map.of("hostname", "<b>host</b>"),
                Map.of(),
                Map.of(),
                List.of(
                        new Outcome(program, 0, "<i>tc</i>", "O0", Status.OK, "0x1p+0", null, null, 0),
                        new Outcome(program, 0, "b", "O0", Status.OK, "0x1p+1", null, null, 0),
                        new Outcome(
                                "q`|x",
                                0,
                                "<i>tc</i>",
                                "O0",
                                Status.CRASH,
                                null,
                                "<script>boom</script>\nsecond line",
                                null,
                                0),
                        new Outcome("q`|x", 0, "b", "O0", Status.OK, "0x1p+1", null, null, 0)));
        String md = MarkdownSummary.render(Report.of(v, null), true);
        assertTrue(md.startsWith("# fparity report: &lt;script&gt;alert(1)&lt;/script&gt;'\n"), md.substring(0, 200));
        assertTrue(md.contains("&lt;img src=x onerror=alert(1)&gt;"), md);
        assertTrue(md.contains("&lt;i&gt;tc&lt;/i&gt;"), md);
        assertTrue(md.contains("&lt;b&gt;host&lt;/b&gt;"), md);
        // a fenced block shows its text as it is (no HTML): the shell lines in it are quoted, one line each
        assertTrue(md.contains("```sh\nbin/fparity reduce '<script>alert(1)</script>`' --discrepancy "), md);
        String outsideFences = md.replaceAll("(?s)```sh\n[^\n]*\n[^\n]*\n```", "");
        for (String raw : List.of("<script", "<img", "<i>", "<b>", "q`|x"))
            assertFalse(outsideFences.contains(raw), raw + " in:\n" + outsideFences);
    }

    @Test
    void codeSpansFparityWritesStayCodeAndTheTextAroundThemIsEscaped() {
        assertEquals(
                "gcc@O0 `ceil(x) < 1` is &lt;b&gt;wrong&lt;/b&gt;",
                Markup.mdWithCode("gcc@O0 `ceil(x) < 1` is <b>wrong</b>"));
        assertEquals("an odd ' &lt;b&gt;", Markup.mdWithCode("an odd ` <b>"));
    }
}
