package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.compare.PlantedFaults;
import org.junit.jupiter.api.Test;

/** report.html without a browser: self-contained, escaped, and holding the planted faults' numbers. */
class HtmlReportTest {
    private final String html = HtmlReport.render(Report.of(PlantedFaults.campaign("<planted & co>"), null));

    @Test
    void referencesNothingOutsideItself() {
        Matcher m = Pattern.compile("(https?:|//[a-z]|url\\(|<link|src=)").matcher(html);
        while (m.find()) {
            String around = html.substring(Math.max(0, m.start() - 20), Math.min(html.length(), m.end() + 30));
            assertTrue(around.contains("xmlns=\"http://www.w3.org/2000/svg\""), "external reference: " + around);
        }
        assertTrue(html.contains("Content-Security-Policy"));
    }

    @Test
    void escapesCampaignNamesAndShowsThePlantedCounts() {
        assertTrue(html.contains("<title>fparity report: &lt;planted &amp; co&gt;</title>"));
        assertTrue(!html.contains("<planted & co>"));
        // the class table row for O0 of gcc vs planted, and its heat map's Number/Zero cell
        assertTrue(
                html.contains(
                        "<tr><th>O0</th><td class=\"num\">9</td><td class=\"num\">4</td><td class=\"num\">1</td>"),
                "O0 row");
        assertTrue(html.contains("<title>gcc Number, planted Zero: 1</title>"));
        assertTrue(html.contains("<title>gcc NaN, planted Inf: 1</title>"));
        assertTrue(html.contains("<title>gcc Inf, planted Inf: 1</title>"));
        // gcc O0 vs O3_FM agrees everywhere, and at O3_FM FP32 nothing differs: 5 of 8 summaries get a matrix
        assertEquals(5, count("<svg class=\"heatmap\""));
        assertTrue(html.contains("\ninput 0: 0x1p-1000</pre>"), "input values under the source");
        assertTrue(html.contains("<h3>gcc@O0 vs other opt levels, FP64</h3>")
                && html.contains("No discrepancies at any opt level."));
        assertEquals(
                List.of(
                        "chart-toolchains-fp64",
                        "chart-opt-levels-fp64",
                        "chart-toolchains-fp32",
                        "chart-opt-levels-fp32"),
                ids("<svg id=\"([^\"]+)\""));
    }

    @Test
    void niceAxisSteps() {
        assertEquals(1, Svg.niceStep(0));
        assertEquals(1, Svg.niceStep(4));
        assertEquals(2, Svg.niceStep(5));
        assertEquals(60, Svg.niceStep(212));
        assertEquals(10, Svg.niceStep(33));
        assertEquals(100, Svg.niceStep(386));
        assertEquals(100, Svg.niceStep(400));
        assertEquals(200, Svg.niceStep(401));
    }

    private int count(String needle) {
        return html.split(Pattern.quote(needle), -1).length - 1;
    }

    private List<String> ids(String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        while (m.find()) out.add(m.group(1));
        return out;
    }
}
