package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Iterator;
import java.util.List;
import java.util.Spliterator;
import org.fparity.compare.Cases;
import org.fparity.compare.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31: a report's files walk the campaign's cases once between them. Each walk reads every case back from the
 * comparison's list on disk, and report.json, summary.md, report.html and junit.xml walked them 8 times in all.
 */
class CasePassTest {
    /** A list (a verdict's cases, a comparison's discrepancies), counting how often it is walked. */
    private static final class Counting<T> extends AbstractList<T> {
        private final List<T> cases;
        int walks;

        Counting(List<T> cases) {
            this.cases = cases;
        }

        @Override
        public T get(int i) {
            return cases.get(i);
        }

        @Override
        public int size() {
            return cases.size();
        }

        @Override
        public Iterator<T> iterator() {
            walks++;
            return cases.iterator();
        }

        @Override
        public Spliterator<T> spliterator() {
            walks++;
            return cases.spliterator();
        }
    }

    @Test
    void theFiveReportFilesWalkTheCasesOnceAndAreTheSameFiles(@TempDir Path tmp) throws Exception {
        // two sites' campaign, merged and read from its folder: cases on disk, some with an unstable platform
        Report r = merged(tmp);
        Verdict v = r.verdict();
        Counting<Cases.Case> cases = new Counting<>(v.cases());
        assertTrue(
                v.count().discrepant() > 10
                        && v.count().unstable() > 0
                        && !r.findings().mismatches().isEmpty(),
                v.count().toString());
        Report counted = withCases(r, cases);
        ReportWriter.write(counted, tmp.resolve("counted"));
        assertEquals(1, cases.walks);

        ReportWriter.write(r, tmp.resolve("plain"));
        for (String f : ReportWriter.FILES)
            assertArrayEquals(
                    Files.readAllBytes(tmp.resolve("plain").resolve(f)),
                    Files.readAllBytes(tmp.resolve("counted").resolve(f)),
                    f);
    }

    @Test
    void aCaseWhosePlatformsGaveOneStableAnswerIsNotMadeWhole(@TempDir Path tmp) throws Exception {
        // issue 31: the report's walk made every case whole (maps, lists, a string per result), though three in four
        // agree everywhere and only junit.xml shows them, as a testcase line
        Report r = merged(tmp);
        Verdict v = r.verdict();
        try (CasePass p = CasePass.of(r)) {
            long shown = v.cases().stream()
                    .filter(c -> c.discrepant() || c.hasUnstable())
                    .count();
            assertEquals(shown, p.whole, "cases made: the discrepant and unstable ones");
            assertTrue(
                    p.whole < v.count().cases() / 2,
                    p.whole + " of " + v.count().cases());
            assertEquals(v.count().unstable(), p.unstableCases());
        }
        // and the files are the ones made from every case whole (a list already made hands every case whole)
        java.util.List<Cases.Case> all = new java.util.ArrayList<>(v.cases());
        Report whole = withCases(r, all);
        ReportWriter.write(r, tmp.resolve("brief"));
        ReportWriter.write(whole, tmp.resolve("whole"));
        for (String f : ReportWriter.FILES)
            assertArrayEquals(
                    Files.readAllBytes(tmp.resolve("whole").resolve(f)),
                    Files.readAllBytes(tmp.resolve("brief").resolve(f)),
                    f);
    }

    @Test
    void beyondTheLimitOnlyTheListedAndUnstableCasesAreMadeWholeAndOnlyTheListedOnesInputsLookedUp(@TempDir Path tmp)
            throws Exception {
        // issue 31: beyond the limit report.json and junit.xml show the top cases alone; a discrepant case no file
        // shows
        // is counted from its runs, never made whole, and its input is not looked up
        Report r = merged(tmp);
        Verdict v = r.verdict();
        try (CasePass p = CasePass.of(r, null, null, 10)) {
            ListedDiscrepancies listed = p.listed;
            long shown = v.cases().stream()
                    .filter(c -> c.hasUnstable() || c.discrepant() && listed.listsCase(c.program(), c.input()))
                    .count();
            assertEquals(shown, p.whole, "cases made: the listed and the unstable ones");
            assertTrue(
                    p.whole < v.count().discrepant(),
                    p.whole + " of " + v.count().discrepant() + " discrepant cases made");
            assertEquals(0, p.values.lookups, "no input looked up in the walk");
            assertEquals(v.count().unstable(), p.unstableCases());
            String json = ReportWriter.text(r, (x, o) -> JsonReport.write(x, o, p));
            var ds = org.fparity.ir.ProgramJson.MAPPER.readTree(json).path("discrepancies");
            assertEquals(ds.size(), p.values.lookups, "one look-up per listed discrepancy");
            for (var d : ds)
                assertEquals(
                        r.campaign()
                                .input(
                                        d.path("program").asText(),
                                        d.path("input").asInt())
                                .args()
                                .size(),
                        d.path("input_values").size());
        }
    }

    @Test
    void reportJsonLooksEachDiscrepantCasesInputUpOnce(@TempDir Path tmp) throws Exception {
        // issue 31: report.json's discrepancies, pair by pair, looked the input up in the campaign's copy of the store
        // for each discrepancy, though a case disagrees in several pairs
        Report r = merged(tmp);
        long discrepancies = r.findings().discrepancies().size();
        try (CasePass p = CasePass.of(r)) {
            String json = ReportWriter.text(r, (x, o) -> JsonReport.write(x, o, p));
            assertEquals(r.verdict().count().discrepant(), p.values.lookups);
            assertTrue(discrepancies > 2 * p.values.lookups, discrepancies + " discrepancies");
            // each discrepancy still carries its case's values
            var ds = org.fparity.ir.ProgramJson.MAPPER.readTree(json).path("discrepancies");
            assertEquals(discrepancies, ds.size());
            for (var d : ds) {
                var values = r.campaign()
                        .input(d.path("program").asText(), d.path("input").asInt())
                        .args();
                assertEquals(values.size(), d.path("input_values").size(), d.toString());
                for (int i = 0; i < values.size(); i++)
                    assertEquals(values.get(i), d.path("input_values").get(i).asText());
            }
        }
    }

    @Test
    void eachAnswersDecimalIsMadeOnceForReportJsonAndJunitXml(@TempDir Path tmp) throws Exception {
        // report.json's case list and junit.xml's failure both show each answer's decimal, an exact conversion each:
        // before issue 31's CaseText every one was made twice (once per file)
        org.fparity.bench.ScaleCampaign.Written w = org.fparity.bench.ScaleCampaign.write(tmp, 40, 10, 5);
        Report r = Report.of(org.fparity.compare.CampaignFiles.load(w.sites().getFirst()), null);
        long answers = 0;
        for (Cases.Case c : r.verdict().cases())
            if (c.discrepant()) answers += c.answers().size();
        assertTrue(answers > 20, "answers of discrepant cases: " + answers);
        try (CasePass p = CasePass.of(r)) {
            assertEquals(answers, p.text.decimalsMade);
            String json = ReportWriter.text(r, (x, o) -> JsonReport.write(x, o, p));
            String xml = ReportWriter.text(r, (x, o) -> JUnitReport.write(x, o, p.junit));
            Cases.Case first = r.verdict().cases().stream()
                    .filter(Cases.Case::discrepant)
                    .findFirst()
                    .orElseThrow();
            String d = VerdictText.decimal(first.answers().getFirst().value(), first.precision());
            assertTrue(json.contains("\"decimal\" : \"" + d + "\""), d);
            assertTrue(xml.contains(first.answers().getFirst().hex() + " (" + d + ")"), d);
            assertEquals(answers, p.text.decimalsMade, "writing the files made none again");
        }
    }

    @Test
    void junitTimesAreSecondsWithSixDecimalsAsFormatWritesThem() {
        long[] micros = {0, 1, 5, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 86_400_000_000L, 999_999_999_999_999L
        };
        for (long m : micros)
            assertEquals(String.format(java.util.Locale.ROOT, "%.6f", m / 1e6), JUnitReport.seconds(m), "" + m);
        java.util.Random rnd = new java.util.Random(31);
        for (int i = 0; i < 100_000; i++) {
            long m = rnd.nextLong(1L << (1 + rnd.nextInt(49)));
            assertEquals(String.format(java.util.Locale.ROOT, "%.6f", m / 1e6), JUnitReport.seconds(m), "" + m);
        }
    }

    /** The report {@code r} with its verdict's cases read from {@code cases}. */
    private static Report withCases(Report r, List<Cases.Case> cases) {
        Verdict v = r.verdict();
        return new Report(
                r.campaign(),
                r.findings(),
                r.baseline(),
                r.generated(),
                r.sessionUuid(),
                new Verdict(
                        cases,
                        v.count(),
                        v.health(),
                        v.broken(),
                        v.against(),
                        v.truths(),
                        v.ranking(),
                        v.top(),
                        v.unstableBy()),
                r.acceptance(),
                r.causes());
    }

    /** The report of two sites' campaign, merged and read from its folder: cases on disk, some with an unstable platform. */
    private static Report merged(Path tmp) throws Exception {
        org.fparity.bench.ScaleCampaign.Written w = org.fparity.bench.ScaleCampaign.write(tmp, 40, 10, 5);
        Path merged = tmp.resolve("merged");
        org.fparity.transfer.CampaignMerge.merge(w.sites(), merged);
        return Report.of(org.fparity.compare.CampaignFiles.load(merged), null);
    }
}
