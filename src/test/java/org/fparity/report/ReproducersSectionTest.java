package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.PlantedFaults;
import org.fparity.confirm.DiscrepancyId;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML and Markdown reports show a discrepancy's bundle and first diverging operation once {@code reduce} wrote one. */
class ReproducersSectionTest {
    @TempDir
    Path tmp;

    @Test
    void aBundledDiscrepancyIsShownWithItsFolderAndFirstDivergence() throws Exception {
        Report r = Report.of(PlantedFaults.campaign("bundles"), null);
        Discrepancy d = r.findings().discrepancies().getFirst();
        String id = DiscrepancyId.of(
                d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
        StringBuilder none = new StringBuilder();
        HtmlReport.reproducers(none, r, tmp);
        assertEquals("", none.toString(), "no bundle: no section");
        assertEquals("", MarkdownSummary.reproducers(r, tmp));

        Path dir = Files.createDirectories(tmp.resolve(id));
        Files.writeString(dir.resolve("expected.json"), """
                {"id": "%s", "reference": "0x1p+0", "firstDivergence": {"explanation": "gcc@O0 `ceil(x) < 1` is wrong"}}
                """.formatted(id));
        Files.createDirectories(tmp.resolve("ffffffffffff")); // a bundle of another campaign: not shown
        StringBuilder html = new StringBuilder();
        HtmlReport.reproducers(html, r, tmp);
        assertTrue(html.toString().contains("<code>" + dir + "/</code>"), html.toString());
        assertTrue(html.toString().contains("gcc@O0 `ceil(x) &lt; 1` is wrong"), "escaped: " + html);
        assertTrue(html.toString().contains("<code>" + id + "</code>"));
        assertFalse(html.toString().contains("ffffffffffff"));
        String md = MarkdownSummary.reproducers(r, tmp);
        assertTrue(md.startsWith("## Reduced reproducers"), md);
        assertTrue(
                md.contains("`" + id + "`")
                        && md.contains("bundle `" + dir + "/`")
                        && md.contains("gcc@O0 `ceil(x) < 1` is wrong")
                        && md.contains("`0x1p+0`"),
                md);
    }
}
