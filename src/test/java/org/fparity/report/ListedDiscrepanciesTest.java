package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fparity.bench.ScaleCampaign;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Verdict;
import org.fparity.confirm.DiscrepancyId;
import org.fparity.ir.ProgramJson;
import org.fparity.transfer.CampaignMerge;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.json beyond its limit of listed discrepancies (issue 31): the top ones only, with the exact counts and a field
 * saying so, and every discrepancy in {@code report --discrepancies FILE} as report.json listed them before; under the
 * limit, every one as before (the bytes: {@link PinnedReportFilesTest}).
 */
class ListedDiscrepanciesTest {
    @TempDir
    static Path tmp;

    static Report report;
    /** report.json of the report with every discrepancy listed (the limit not reached). */
    static JsonNode full;

    @BeforeAll
    static void campaign() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp.resolve("scale"), 40, 10, 5);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);
        CampaignView view = CampaignFiles.load(merged);
        report = Report.of(view, (CampaignView) null);
        ReportWriter.write(report, tmp.resolve("full"), false);
        full = json(tmp.resolve("full/report.json"));
    }

    private static JsonNode json(Path f) throws Exception {
        return ProgramJson.MAPPER.readTree(Files.readString(f));
    }

    private static List<String> ids(JsonNode list) {
        List<String> out = new ArrayList<>();
        list.forEach(d -> out.add(d.get("id").asText()));
        return out;
    }

    private static String id(Discrepancy d) {
        return DiscrepancyId.of(
                d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
    }

    /** The top cases report.json and report.html show. */
    private static List<Verdict.TopCase> topCases() {
        List<Verdict.TopCase> top = report.verdict().top();
        assertTrue(top.size() > Verdict.TOP, "more top cases kept than shown: " + top.size());
        return top.subList(0, Verdict.TOP);
    }

    @Test
    void beyondTheLimitReportJsonListsExactlyTheTopOnesWithExactCountsAndTheFileEveryOne() throws Exception {
        int n = report.findings().discrepancies().size();
        assertEquals("all", full.get("discrepancies_listed").asText());
        assertEquals(n, full.get("discrepancies").size());
        assertEquals("3.0", full.get("data_version").asText());

        Path lines = tmp.resolve("every.jsonl");
        ReportWriter.write(report, tmp.resolve("low"), false, null, lines, 10);
        JsonNode low = json(tmp.resolve("low/report.json"));

        // the top ones: report.html's top discrepancies, and those its top cases name
        Set<String> top = new HashSet<>();
        for (Report.Top x : report.top(HtmlReport.TOP)) top.add(id(x.discrepancy()));
        for (Verdict.TopCase t : topCases()) top.add(t.discrepancyId());
        assertTrue(top.size() < n, top.size() + " top ones of " + n + ": the limit must leave some out");

        assertEquals("top", low.get("discrepancies_listed").asText());
        List<String> listed = ids(low.get("discrepancies"));
        assertEquals(top, new HashSet<>(listed));
        assertEquals(top.size(), listed.size(), "each once");
        // the same entries as the full list, in its order
        List<JsonNode> expected = new ArrayList<>();
        full.get("discrepancies").forEach(d -> {
            if (top.contains(d.get("id").asText())) expected.add(d);
        });
        List<JsonNode> got = new ArrayList<>();
        low.get("discrepancies").forEach(got::add);
        assertEquals(expected, got);

        // the discrepant cases: the top ones' cases, as the full list has them, in its order
        Set<String> topCases = new HashSet<>();
        for (Report.Top x : report.top(HtmlReport.TOP))
            topCases.add(x.discrepancy().program() + "/" + x.discrepancy().input());
        for (Verdict.TopCase t : topCases()) topCases.add(t.c().key());
        int cases = report.verdict().count().discrepant();
        assertTrue(topCases.size() < cases && cases > 10, topCases.size() + " top cases of " + cases);
        assertEquals("all", full.get("verdict").get("discrepant_cases_listed").asText());
        assertEquals(cases, full.get("verdict").get("discrepant_case_list").size());
        assertEquals("top", low.get("verdict").get("discrepant_cases_listed").asText());
        List<JsonNode> expectedCases = new ArrayList<>();
        full.get("verdict").get("discrepant_case_list").forEach(c -> {
            if (topCases.contains(
                    c.get("program").asText() + "/" + c.get("input").asInt())) expectedCases.add(c);
        });
        assertEquals(topCases.size(), expectedCases.size());
        List<JsonNode> gotCases = new ArrayList<>();
        low.get("verdict").get("discrepant_case_list").forEach(gotCases::add);
        assertEquals(expectedCases, gotCases);
        assertEquals(cases, low.get("verdict").get("discrepant_cases").asInt());

        // the counts exact, the rest of the file the same
        assertEquals(n, low.get("session_info").get("num_discrepancies").asInt());
        assertEquals(full.get("counts"), low.get("counts"));
        assertEquals(full.get("pairs"), low.get("pairs"));
        assertEquals(full.get("status_mismatches"), low.get("status_mismatches"));

        // every discrepancy in the file, one a line, as the full report.json lists them
        List<String> ls = Files.readAllLines(lines);
        assertEquals(n, ls.size());
        List<JsonNode> every = new ArrayList<>();
        for (String l : ls) every.add(ProgramJson.MAPPER.readTree(l));
        List<JsonNode> all = new ArrayList<>();
        full.get("discrepancies").forEach(all::add);
        assertEquals(all, every);
        List<String> fromFindings = new ArrayList<>();
        for (Discrepancy d : report.findings().discrepancies()) fromFindings.add(id(d));
        assertEquals(fromFindings, ids(full.get("discrepancies")));
    }

    @Test
    void beyondTheLimitAReducedDiscrepancyIsListedWithItsVerdictAndTheCommandWritesEveryOne() throws Exception {
        int n = report.findings().discrepancies().size();
        Set<String> top = new HashSet<>();
        for (Report.Top x : report.top(HtmlReport.TOP)) top.add(id(x.discrepancy()));
        for (Verdict.TopCase t : topCases()) top.add(t.discrepancyId());
        String reduced = ids(full.get("discrepancies")).stream()
                .filter(i -> !top.contains(i))
                .findFirst()
                .orElseThrow();
        Path campaign = tmp.resolve("merged");
        Path verdicts = campaign.resolve(org.fparity.reduce.ReducedVerdicts.FILE);
        Files.writeString(verdicts, """
                {"format": "fparity-verdicts/1", "verdicts": {"%s": {"verdict": "undecided", "reason": "planted"}}}
                """.formatted(reduced));
        try {
            Report r = Report.of(CampaignFiles.load(campaign), (CampaignView) null);
            Path lines = tmp.resolve("reduced.jsonl");
            ReportWriter.write(r, tmp.resolve("reduced"), false, null, lines, 10);
            JsonNode low = json(tmp.resolve("reduced/report.json"));
            List<String> listed = ids(low.get("discrepancies"));
            Set<String> expected = new HashSet<>(top);
            expected.add(reduced);
            assertEquals(expected, new HashSet<>(listed));
            JsonNode entry = low.get("discrepancies").get(listed.indexOf(reduced));
            assertEquals("planted", entry.get("verdict").get("reason").asText());
            List<String> ls = Files.readAllLines(lines);
            assertEquals(n, ls.size());
            JsonNode line = ProgramJson.MAPPER.readTree(
                    ls.get(ids(full.get("discrepancies")).indexOf(reduced)));
            assertEquals(entry, line, "the file's line is report.json's entry, verdict and all");
        } finally {
            Files.delete(verdicts);
        }

        // the command: every discrepancy into the file, named among what it wrote
        Path file = tmp.resolve("cli").resolve("discrepancies.jsonl");
        org.fparity.cli.Cli.Run run = org.fparity.cli.Cli.fparity(
                "report",
                campaign.toString(),
                "--out",
                tmp.resolve("cli-report").toString(),
                "--discrepancies",
                file.toString());
        assertTrue(run.out().contains("wrote " + file), run.out() + run.err());
        assertEquals(n, Files.readAllLines(file).size());
        try (var s = Files.list(file.getParent())) {
            assertEquals(List.of(file), s.toList(), "nothing but the list beside it");
        }
    }

    /** Each testcase of a junit.xml: classname/name → its outcome (failure, error, skipped, passed) and its element. */
    private static java.util.Map<String, org.w3c.dom.Element> testcases(Path f) throws Exception {
        org.w3c.dom.Document doc = javax.xml.parsers.DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(f.toFile());
        java.util.Map<String, org.w3c.dom.Element> out = new java.util.LinkedHashMap<>();
        org.w3c.dom.NodeList ns = doc.getElementsByTagName("testcase");
        for (int i = 0; i < ns.getLength(); i++) {
            org.w3c.dom.Element e = (org.w3c.dom.Element) ns.item(i);
            out.put(e.getAttribute("classname") + "/" + e.getAttribute("name"), e);
        }
        return out;
    }

    private static String outcome(org.w3c.dom.Element e) {
        for (String k : List.of("failure", "error", "skipped"))
            if (e.getElementsByTagName(k).getLength() > 0) return k;
        return "passed";
    }

    @Test
    void beyondTheLimitJunitXmlHasTheTopCasesTestcasesAndOneCountingTheOthersPerOutcome() throws Exception {
        ReportWriter.write(report, tmp.resolve("junit-low"), false, null, null, 10);
        java.util.Map<String, org.w3c.dom.Element> all = testcases(tmp.resolve("full/junit.xml"));
        java.util.Map<String, org.w3c.dom.Element> low = testcases(tmp.resolve("junit-low/junit.xml"));
        assertEquals(report.verdict().count().cases(), all.size(), "within the limit, a testcase per case");

        // the listed ones: the cases report.json lists, each testcase as it was
        Set<String> topCases = new HashSet<>();
        json(tmp.resolve("junit-low/report.json"))
                .get("verdict")
                .get("discrepant_case_list")
                .forEach(c -> topCases.add("merged." + c.get("program").asText() + "/input "
                        + c.get("input").asInt()));
        java.util.Map<String, Integer> counted = new java.util.TreeMap<>();
        for (var e : all.entrySet())
            if (!topCases.contains(e.getKey())) counted.merge(outcome(e.getValue()), 1, Integer::sum);
        List<String> listed = new ArrayList<>();
        java.util.Map<String, Integer> more = new java.util.TreeMap<>();
        String[] kinds = {"disagree", "failure", "ended differently", "error", "skipped", "skipped", "agree", "passed"};
        for (var e : low.entrySet()) {
            if (!e.getKey().startsWith("merged.more/")) {
                listed.add(e.getKey());
                assertTrue(all.get(e.getKey()).isEqualNode(e.getValue()), "the testcase as it was: " + e.getKey());
                continue;
            }
            String name = e.getKey().substring("merged.more/".length());
            String kind = null;
            for (int i = 0; i < kinds.length; i += 2) if (kinds[i].equals(name)) kind = kinds[i + 1];
            assertEquals(kind, outcome(e.getValue()), name);
            String text = e.getValue().getElementsByTagName("failure").getLength()
                                    + e.getValue().getElementsByTagName("error").getLength()
                                    + e.getValue()
                                            .getElementsByTagName("skipped")
                                            .getLength()
                            > 0
                    ? ((org.w3c.dom.Element) e.getValue().getFirstChild().getNextSibling()).getAttribute("message")
                    : e.getValue().getTextContent().strip();
            more.put(kind, Integer.parseInt(text.substring(0, text.indexOf(' '))));
        }
        assertEquals(topCases, new HashSet<>(listed));
        assertEquals(counted, more);
        assertTrue(counted.get("passed") > 0 && counted.get("failure") > 0, counted.toString());

        // the suite counts the testcases it holds, and says the list is not complete
        String xml = Files.readString(tmp.resolve("junit-low/junit.xml"));
        assertTrue(
                xml.contains("<testsuite name=\"merged: cases (program × input)\" tests=\"" + low.size() + "\""), xml);
        assertTrue(xml.contains("<property name=\"cases_listed\" value=\"top\"/>"));
        assertTrue(!Files.readString(tmp.resolve("full/junit.xml")).contains("cases_listed"));
    }

    @Test
    void atTheLimitEveryOneIsListedAndTheFileHoldsTheSameEntries() throws Exception {
        int n = report.findings().discrepancies().size();
        Path lines = tmp.resolve("at.jsonl");
        ReportWriter.write(report, tmp.resolve("at"), false, null, lines, n);
        JsonNode at = json(tmp.resolve("at/report.json"));
        assertEquals("all", at.get("discrepancies_listed").asText());
        assertEquals(full.get("discrepancies"), at.get("discrepancies"));
        List<String> ls = Files.readAllLines(lines);
        assertEquals(n, ls.size());
        assertEquals(full.get("discrepancies").get(n - 1), ProgramJson.MAPPER.readTree(ls.get(n - 1)));
    }
}
