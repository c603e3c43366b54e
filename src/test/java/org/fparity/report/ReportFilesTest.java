package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.fparity.compare.CampaignView;
import org.fparity.compare.PlantedFaults;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The five report files of the planted-fault campaign, each parsed back and checked against the known answers. */
class ReportFilesTest {
    @TempDir
    static Path tmp;

    static Path dir;

    @BeforeAll
    static void write() {
        dir = tmp.resolve("reports/planted");
        ReportWriter.write(Report.of(PlantedFaults.campaign("planted"), null), dir, true);
    }

    @Test
    void writesExactlyTheFiveFilesAndNoTemporaries() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(
                    List.of("junit.xml", "metrics.txt", "report.html", "report.json", "summary.md"),
                    s.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void reportJsonParsesBackWithSchemaVersionAndEveryDiscrepancy() throws IOException {
        JsonNode root = ProgramJson.MAPPER.readTree(Files.readString(dir.resolve("report.json")));
        assertEquals("3.0", root.get("data_version").asText());
        assertEquals("all", root.get("discrepancies_listed").asText());
        JsonNode info = root.get("session_info");
        assertEquals("planted", info.get("campaign").asText());
        assertEquals("testhost", info.get("host").get("hostname").asText());
        assertEquals(
                "gcc (Debian 14.2.0) 14.2.0", info.get("versions").get("gcc").asText());
        assertEquals(40, info.get("num_runs").asInt());
        assertEquals(12, info.get("num_discrepancies").asInt());
        assertEquals(2, info.get("num_status_mismatches").asInt());
        assertEquals(12, root.get("discrepancies").size());
        JsonNode byClass = root.get("counts").get("by_class");
        java.util.Map<String, Integer> counts = new java.util.HashMap<>();
        iterate(byClass).forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
        assertEquals(
                Map.of(
                        "nan_inf",
                        2,
                        "nan_zero",
                        0,
                        "nan_number",
                        2,
                        "inf_zero",
                        0,
                        "inf_number",
                        0,
                        "zero_number",
                        2,
                        "number_number",
                        4,
                        "inf_sign",
                        2),
                counts);
        JsonNode fmod = find(root.get("discrepancies"), "fmod_ulp", "gcc@O0");
        assertEquals("number_number", fmod.get("class").asText());
        assertEquals(1, fmod.get("ulps").asLong());
        assertEquals("0x1.8p+1", fmod.get("a").get("result").asText());
        assertEquals("0x1.8000000000001p+1", fmod.get("b").get("result").asText());
        assertEquals("planted@O0", fmod.get("b").get("platform").asText());
        assertEquals("[\"0x1p-1000\"]", fmod.get("input_values").toString());
        JsonNode inf = find(root.get("discrepancies"), "inf_sign", "gcc@O0");
        assertEquals("inf_sign", inf.get("class").asText());
        assertTrue(inf.get("ulps").isNull());
        assertEquals("-inf", inf.get("b").get("result").asText());
        JsonNode pair0 = root.get("pairs").get(0);
        assertEquals("gcc@O0", pair0.get("a").asText());
        assertEquals("fp64", pair0.get("precision").asText());
        assertEquals("gcc vs planted, FP64", pair0.get("series").asText());
        assertEquals(1, pair0.get("matrix").get("cells").get(3).get(2).asInt()); // Number row, Zero column
        assertEquals(1, pair0.get("matrix").get("cells").get(3).get(3).asInt());
        JsonNode pair1 = root.get("pairs").get(1);
        assertEquals("fp32", pair1.get("precision").asText());
        assertEquals(1, pair1.get("counts").get("number_number").asInt());
        JsonNode crash = root.get("status_mismatches").get(0);
        assertEquals("CRASH", crash.get("b").get("status").asText());
        assertEquals("SIGSEGV", crash.get("b").get("detail").asText());
        // a crash beside a result can be reduced: its id, the one 'fparity reduce CAMPAIGN --discrepancy ID' takes
        String id = org.fparity.confirm.DiscrepancyId.of(
                crash.get("program").asText(),
                crash.get("input").asInt(),
                crash.get("a").get("platform").asText(),
                crash.get("b").get("platform").asText(),
                org.fparity.confirm.Interestingness.ENDED_ID);
        assertEquals(id, crash.get("id").asText());
        for (JsonNode m : root.get("status_mismatches")) {
            boolean crashBesideResult = m.get("a").get("status").asText().equals("OK")
                            != m.get("b").get("status").asText().equals("OK")
                    && (m.get("a").get("status").asText()
                                    + m.get("b").get("status").asText())
                            .matches(".*(CRASH|HARNESS_ERROR).*");
            assertEquals(crashBesideResult, m.has("id"), m.toString());
        }
        assertTrue(
                Files.readString(dir.resolve("summary.md")).contains("--discrepancy " + id),
                "the summary gives the reduce command");
        assertTrue(
                Files.readString(dir.resolve("report.html")).contains("--discrepancy " + id),
                "the HTML report gives the reduce command");
    }

    @Test
    void junitXmlIsWellFormedWithOneTestcasePerCase() throws Exception {
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(dir.resolve("junit.xml").toFile());
        Element suites = doc.getDocumentElement();
        assertEquals("testsuites", suites.getTagName());
        // 10 cases (10 programs × 1 input), not 40 pair × program: a case is the unit
        assertEquals("10", suites.getAttribute("tests"));
        assertEquals("6", suites.getAttribute("failures")); // ceil_tiny fmod_ulp nan_as_ninf inf_sign f32_ulp fm_nan
        assertEquals("1", suites.getAttribute("errors")); // crash_o3fm: planted crashed at O3_FM, no baseline
        assertEquals("0", ((Element) doc.getElementsByTagName("testsuite").item(0)).getAttribute("skipped"));
        assertFalse(suites.hasAttribute("skipped"), "junit-10.xsd has no skipped on <testsuites>");
        assertEquals(1, doc.getElementsByTagName("testsuite").getLength());
        assertEquals(10, doc.getElementsByTagName("testcase").getLength());
        Element first = (Element) doc.getElementsByTagName("testsuite").item(0);
        assertTrue(first.getAttribute("timestamp").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d"));
        Element fmod = testcase(doc, "planted.fmod_ulp", "input 0");
        Element failure = (Element) fmod.getElementsByTagName("failure").item(0);
        assertEquals("number_number", failure.getAttribute("type"));
        assertEquals(
                "Number–Number: planted@O0 disagrees with the majority (3 platforms)", failure.getAttribute("message"));
        Element fm = testcase(doc, "planted.fm_nan", "input 0");
        assertEquals("nan_number", ((Element) fm.getElementsByTagName("failure").item(0)).getAttribute("type"));
        Element crash = testcase(doc, "planted.crash_o3fm", "input 0");
        assertEquals(
                "gcc@O3_FM OK where planted@O3_FM CRASH (SIGSEGV); 1 more platform pair(s)",
                ((Element) crash.getElementsByTagName("error").item(0)).getAttribute("message"));
        // nan vs -nan is no discrepancy: the case passes, with no child element at all
        assertEquals(
                0,
                testcase(doc, "planted.nan_sign", "input 0")
                        .getElementsByTagName("*")
                        .getLength());
    }

    @Test
    void junitTimesAreTheCasesRunTimes() throws Exception {
        CampaignView v = org.fparity.compare.SyntheticCampaign.of("synthetic", 3, 6);
        Path d = tmp.resolve("timed");
        ReportWriter.write(Report.of(v, null), d);
        Map<String, Long> micros = new java.util.HashMap<>();
        for (Outcome o : v.outcomes()) micros.merge(o.program() + "." + "input " + o.input(), o.micros(), Long::sum);
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(d.resolve("junit.xml").toFile());
        NodeList cases = doc.getElementsByTagName("testcase");
        assertEquals(6 * 3, cases.getLength());
        for (int i = 0; i < cases.getLength(); i++) {
            Element e = (Element) cases.item(i);
            String key = e.getAttribute("classname").substring("synthetic.".length()) + "." + e.getAttribute("name");
            assertEquals(micros.get(key) / 1e6, Double.parseDouble(e.getAttribute("time")), 1e-9, key);
            assertTrue(micros.get(key) > 0, key);
        }
    }

    @Test
    void programsNeverComparedAreSkippedAndControlCharactersCannotBreakTheXml() throws Exception {
        CampaignView v = new CampaignView(
                "c",
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(
                        new Outcome("g", 0, "a", "O0", Status.OK, "0x1p+0", null, null, 0),
                        new Outcome("g", 0, "b", "O0", Status.CANNOT_RUN, null, "nvcc: no CUDA device here", null, 0),
                        new Outcome(
                                "p",
                                0,
                                "a",
                                "O0",
                                Status.COMPILE_ERROR,
                                null,
                                "error\u0001: bad \"thing\" <here>",
                                null,
                                0),
                        new Outcome("p", 0, "b", "O0", Status.COMPILE_ERROR, null, "error", null, 0),
                        new Outcome("q", 0, "a", "O0", Status.OK, "0x1p+0", null, null, 0),
                        new Outcome("q", 0, "b", "O0", Status.TIMEOUT, null, "killed after 10 s\u0007", null, 0)));
        Path d = tmp.resolve("skipped");
        ReportWriter.write(Report.of(v, null), d);
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(d.resolve("junit.xml").toFile());
        assertEquals("3", doc.getDocumentElement().getAttribute("tests"));
        assertEquals(
                "2",
                ((Element) doc.getElementsByTagName("testsuite").item(0))
                        .getAttribute("skipped")); // both compile errors; a GPU run that cannot run here
        assertEquals(
                1,
                testcase(doc, "c.g", "input 0").getElementsByTagName("skipped").getLength());
        assertEquals("1", doc.getDocumentElement().getAttribute("errors"));
        assertEquals(
                1,
                testcase(doc, "c.p", "input 0").getElementsByTagName("skipped").getLength());
    }

    @Test
    void metricsFollowOpenMetricsAndCountWhatWasFound() throws IOException {
        String m = Files.readString(dir.resolve("metrics.txt"));
        OpenMetricsSyntax.check(m);
        assertTrue(m.endsWith("# EOF\n"));
        List<String> lines = m.lines().toList();
        // every series carries the campaign, and pair series the pair, so two campaigns' (or pairs') samples never
        // merge
        String gcc0 = "campaign=\"planted\",kind=\"toolchains\",opt=\"O0\",pair=\"gcc@O0:planted@O0\"";
        assertTrue(
                lines.contains("fparity_discrepancies{"
                        + gcc0.replace("campaign=\"planted\",", "campaign=\"planted\",class=\"nan_inf\",")
                        + ",precision=\"fp64\",toolchain=\"gcc\"} 1"),
                m);
        assertTrue(
                lines.contains(
                        "fparity_discrepancies{campaign=\"planted\",class=\"inf_sign\",kind=\"opt_levels\",opt=\"O3_FM\",pair=\"planted@O0:planted@O3_FM\",precision=\"fp64\",toolchain=\"planted\"} 1"),
                m);
        assertTrue(
                lines.contains(
                        "fparity_discrepancies{campaign=\"planted\",class=\"number_number\",kind=\"toolchains\",opt=\"O0\",pair=\"gcc@O0:planted@O0\",precision=\"fp32\",toolchain=\"gcc\"} 1"),
                m);
        assertTrue(
                lines.contains(
                        "fparity_runs{campaign=\"planted\",opt=\"O3_FM\",status=\"crash\",toolchain=\"planted\"} 1"),
                m);
        assertTrue(
                lines.contains(
                        "fparity_compared_runs{campaign=\"planted\",kind=\"toolchains\",opt=\"O3_FM\",pair=\"gcc@O3_FM:planted@O3_FM\",precision=\"fp64\",toolchain=\"gcc\"} 8"),
                m);
        assertTrue(
                lines.contains(
                        "fparity_status_mismatches{campaign=\"planted\",kind=\"opt_levels\",opt=\"O3_FM\",pair=\"planted@O0:planted@O3_FM\",precision=\"fp64\",toolchain=\"planted\"} 1"),
                m);
        assertTrue(lines.contains("fparity_cases{campaign=\"planted\",state=\"discrepant\"} 6"), m);
        assertTrue(
                lines.contains("fparity_odd_one_out_cases{campaign=\"planted\",opt=\"O0\",toolchain=\"planted\"} 5"),
                m);
        assertTrue(
                lines.contains("fparity_odd_one_out_cases{campaign=\"planted\",opt=\"O3_FM\",toolchain=\"planted\"} 1"),
                m);
        assertTrue(lines.contains("fparity_odd_one_out_cases{campaign=\"planted\",opt=\"O0\",toolchain=\"gcc\"} 0"), m);
        long sum = lines.stream()
                .filter(l -> l.startsWith("fparity_discrepancies{"))
                .mapToLong(l -> Long.parseLong(l.substring(l.lastIndexOf(' ') + 1)))
                .sum();
        assertEquals(12, sum);
    }

    @Test
    void openMetricsCheckerRejectsWhatIsNotOpenMetrics() {
        List<String> bad = List.of(
                "fparity_x 1\n", // no EOF
                "# TYPE a gauge\na{x=\"1\"} 1\n# EOF\nmore\n", // content after EOF
                "a 1\n# EOF\n", // sample without TYPE
                "# TYPE a gauge\na{x=1} 1\n# EOF\n", // unquoted label
                "# TYPE a gauge\na 1\n# TYPE b gauge\nb 2\na 3\n# EOF\n", // family interleaved
                "# TYPE a gauge\na one\n# EOF\n"); // not a number
        for (String b : bad) {
            boolean rejected;
            try {
                OpenMetricsSyntax.check(b);
                rejected = false;
            } catch (AssertionError e) {
                rejected = true;
            }
            assertTrue(rejected, "accepted: " + b);
        }
    }

    @Test
    void summaryHasThePapersTables() throws IOException {
        String md = Files.readString(dir.resolve("summary.md"));
        assertTrue(md.startsWith("# fparity report: planted\n"));
        // Table IV: 9 FP64 + 1 FP32 programs, 4 runs each; compared pair-runs 9+8+9+8 and 1+1+1+1; 10 + 2 discrepancies
        assertTrue(
                md.contains(
                        "| Programs | 9 | 1 | 10 |\n| Runs | 36 | 4 | 40 |\n| Compared (pair × run) | 34 | 4 | 38 |\n| Discrepancies | 10 | 2 | 12 |\n"
                                + "| Discrepancies (% of compared) | 29.41% | 50.00% | 31.58% |\n"),
                md);
        assertTrue(md.contains("### gcc vs planted, FP64\n"));
        assertTrue(md.contains("### gcc vs planted, FP32\n"));
        assertTrue(
                md.contains(
                        "| Opt | Compared | Disc. | NaN–Inf | NaN–Zero | NaN–Number | Inf–Zero | Inf–Number | Zero–Number | Number–Number | Inf sign | Status diff | Not compared |"),
                md);
        assertTrue(md.contains("| O0 | 9 | 4 | 1 | 0 | 0 | 0 | 0 | 1 | 1 | 1 | 0 | 0 |"), md);
        assertTrue(md.contains("| O3_FM | 8 | 1 | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |"), md);
        assertTrue(md.contains("| O0 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 |"), md); // FP32: f32_ulp
        // the paper's matrix shape: gcc NaN / planted Inf once; planted Zero where gcc had a Number ("0, 1": the other
        // way round)
        assertTrue(
                md.contains(
                        "| Opt | gcc\\planted | NaN | Inf | Zero | Number |\n| --- | --- | ---: | ---: | ---: | ---: |\n| O0 | NaN | 0 | 1, 0 | 0, 0 | 0, 0 |\n|  | Inf |  | 1 | 0, 0 | 0, 0 |\n|  | Zero |  |  | 0 | 0, 1 |\n|  | Number |  |  |  | 1 |\n| O3_FM | NaN | 0 | 0, 0 | 0, 0 | 1, 0 |\n"),
                md);
        assertTrue(md.contains("gcc@O3_FM OK where planted@O3_FM CRASH (SIGSEGV)"));
    }

    @Test
    void baselineIsInEveryMachineReadableFile() throws Exception {
        CampaignView now = PlantedFaults.campaign("tonight");
        List<Outcome> fixed = new ArrayList<>();
        for (Outcome o : now.outcomes()) {
            // last night the fmod plant was not there yet, and a different run differed
            if (o.program().equals("fmod_ulp") && o.toolchain().equals("planted"))
                fixed.add(new Outcome(o.program(), 0, "planted", o.opt(), Status.OK, "0x1.8p+1", null, null, 0));
            else if (o.program().equals("same")
                    && o.toolchain().equals("planted")
                    && o.opt().equals("O0"))
                fixed.add(new Outcome("same", 0, "planted", "O0", Status.OK, "0x1p+0", null, null, 0));
            else fixed.add(o);
        }
        CampaignView lastNight = new CampaignView("last-night", now.host(), now.versions(), now.programs(), fixed);
        Path d = tmp.resolve("with-baseline");
        ReportWriter.write(Report.of(now, lastNight), d, true);
        JsonNode b = ProgramJson.MAPPER
                .readTree(Files.readString(d.resolve("report.json")))
                .get("baseline");
        assertEquals("last-night", b.get("name").asText());
        // new tonight: fmod at O0 in gcc-vs-planted and in planted O0-vs-O3_FM; gone: 'same' in both those pairs
        assertEquals(
                List.of("fmod_ulp/0/gcc@O0:planted@O0", "fmod_ulp/0/planted@O0:planted@O3_FM"), keys(b.get("new")));
        assertEquals(
                List.of("same/0/gcc@O0:planted@O0", "same/0/planted@O0:planted@O3_FM"), keys(b.get("disappeared")));
        assertEquals(10, b.get("persisting").size());
        assertEquals(0, b.get("unchecked").size());
        String metrics = Files.readString(d.resolve("metrics.txt"));
        OpenMetricsSyntax.check(metrics);
        assertTrue(metrics.contains(
                "fparity_baseline_discrepancies{baseline=\"last-night\",campaign=\"tonight\",state=\"new\"} 2\n"));
        assertTrue(Files.readString(d.resolve("summary.md")).contains("| new | 2 |"));
        // in cases: fmod_ulp is new, 'same' is gone, the other five disagreeing cases persist
        JsonNode cases = ProgramJson.MAPPER
                .readTree(Files.readString(d.resolve("report.json")))
                .get("verdict")
                .get("baseline_cases");
        assertEquals("[\"fmod_ulp/0\"]", cases.get("new").toString());
        assertEquals("[\"same/0\"]", cases.get("gone").toString());
        assertEquals(5, cases.get("persisting").size());
        assertTrue(
                metrics.contains(
                        "fparity_baseline_cases{baseline=\"last-night\",campaign=\"tonight\",state=\"new\"} 1\n"),
                metrics);
        assertTrue(
                Files.readString(d.resolve("summary.md"))
                        .contains(
                                "**Verdict: 1 case new against last-night (5 persisting, 1 gone); 6 of 10 cases disagree across platforms**"));
        // JUnit with a baseline: failures are exactly the new cases; persisting ones are skipped with the reason
        Document doc = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(d.resolve("junit.xml").toFile());
        assertEquals("1", doc.getDocumentElement().getAttribute("failures"));
        assertEquals(
                1,
                testcase(doc, "tonight.fmod_ulp", "input 0")
                        .getElementsByTagName("failure")
                        .getLength());
        assertEquals(
                "0",
                doc.getDocumentElement().getAttribute("errors")); // the crash is persisting infrastructure noise, noted
        int persisting = 0;
        NodeList skipped = doc.getElementsByTagName("skipped");
        for (int i = 0; i < skipped.getLength(); i++)
            if (((Element) skipped.item(i))
                    .getAttribute("message")
                    .startsWith("persisting: disagreed in last-night too; ")) persisting++;
        assertEquals(5, persisting);
    }

    private static List<String> keys(JsonNode arr) {
        List<String> out = new ArrayList<>();
        arr.forEach(n -> out.add(n.get("key").asText()));
        return out.stream().sorted().toList();
    }

    private static List<Map.Entry<String, JsonNode>> iterate(JsonNode n) {
        List<Map.Entry<String, JsonNode>> out = new ArrayList<>();
        n.properties().forEach(out::add);
        return out;
    }

    private static JsonNode find(JsonNode ds, String program, String aPlatform) {
        for (JsonNode d : ds)
            if (d.get("program").asText().equals(program)
                    && d.get("a").get("platform").asText().equals(aPlatform)) return d;
        throw new AssertionError("no discrepancy for " + program + " with a = " + aPlatform);
    }

    private static Element testcase(Document doc, String classname, String name) {
        NodeList cases = doc.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
            Element e = (Element) cases.item(i);
            if (e.getAttribute("classname").equals(classname)
                    && e.getAttribute("name").equals(name)) return e;
        }
        throw new AssertionError("no testcase " + classname + " " + name);
    }
}
