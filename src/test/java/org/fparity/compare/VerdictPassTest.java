package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31: compare's verdict at 10^7 runs made every disagreeing case (a quarter of them) whole, a map, lists and strings
 * each, and put each into the top cases' heaps to take most out again; and it read the sorted cases a second time after
 * the comparison had read them. A disagreeing case is now worked out into reused arrays and made whole only when the top
 * cases keep it, and compare gathers the verdict in the comparison's own walk.
 */
class VerdictPassTest {
    /** The synthetic campaign without program texts: the oracle evaluates nothing, so only the top cases make cases. */
    private static CampaignView manyDisagreeing() {
        CampaignView v = SyntheticCampaign.of("many", 11, 2400);
        Map<String, ProgramInfo> bare = new LinkedHashMap<>();
        v.programs().forEach((id, p) -> bare.put(id, new ProgramInfo(id, p.precision(), null, p.inputs())));
        return new CampaignView(v.name(), v.host(), v.versions(), bare, v.outcomes());
    }

    private static List<String> rows(List<Verdict.TopCase> top) {
        List<String> out = new ArrayList<>();
        for (Verdict.TopCase t : top)
            out.add(t.c().key() + " " + t.cls() + " " + t.ulps() + " " + t.pair() + " " + t.discrepancyId() + " "
                    + t.c().answers());
        return out;
    }

    @Test
    void aDisagreeingCaseIsMadeWholeOnlyWhenTheTopCasesKeepItAndTheVerdictIsAsFromWholeCases() {
        CampaignView view = manyDisagreeing();
        Findings f = Comparer.compare(view);
        CaseSource src = CaseSource.of(view);
        Verdict.Pass pass = new Verdict.Pass(view, null, src.platforms());
        src.forEach(pass::accept);
        Verdict v = pass.verdict(f, null);

        // what the verdict counted before: every case made whole
        List<Cases.Case> all = new ArrayList<>();
        for (Cases.Case c : Cases.of(view)) all.add(c);
        assertEquals(Cases.count(all), v.count());
        int discrepant = v.count().discrepant();
        assertTrue(discrepant > 4 * Verdict.TOP_KEPT, "disagreeing cases: " + discrepant);
        assertEquals(Cases.unstableByPlatform(all), v.unstableBy());
        List<String> odd = new ArrayList<>();
        for (var e : Cases.oddOneOutRanking(all)) odd.add(e.getKey() + "=" + e.getValue());
        List<String> ranked = new ArrayList<>();
        for (Verdict.Rank r : v.ranking()) if (r.oddOneOut() > 0) ranked.add(r.platform() + "=" + r.oddOneOut());
        assertEquals(odd, ranked);
        Verdict.Top whole = new Verdict.Top(false);
        for (Cases.Case c : all) if (c.discrepant()) whole.offer(c, false);
        assertEquals(rows(whole.result(f)), rows(v.top()));
        assertEquals(Verdict.TOP_KEPT, v.top().size());

        // before: one whole case per disagreeing case (5,034 here); now only those a group of the top cases took in
        assertTrue(pass.made <= discrepant * 3 / 5, "cases made whole: " + pass.made + " of " + discrepant);
    }

    @Test
    void compareReadsTheSortedCasesOnceForTheFindingsAndTheVerdict(@TempDir Path tmp) {
        CampaignView written = SyntheticCampaign.of("walked", 5, 300);
        Path dir = CampaignFixtures.write(written, tmp.resolve("walked"));
        List<Pair> pairs =
                PairSelection.all(Comparer.platforms(CampaignFiles.load(dir).outcomes()));

        CampaignView once = CampaignFiles.load(dir);
        CaseSpill spill = (CaseSpill) CaseSource.of(once);
        Comparer.Compared both = Comparer.withVerdict(once, pairs);
        assertEquals(1, spill.walks());

        // the same findings and verdict as the comparison and the verdict each walking the cases (two walks)
        CampaignView twice = CampaignFiles.load(dir);
        CaseSpill other = (CaseSpill) CaseSource.of(twice);
        Findings f = Comparer.compare(twice, pairs);
        Verdict v = Verdict.of(twice, f, null);
        assertEquals(2, other.walks());
        // compare's whole text, with every table
        java.time.Instant at = java.time.Instant.EPOCH;
        assertEquals(
                org.fparity.report.ReportWriter.text(new org.fparity.report.Report(twice, f, null, at, "s", v), true),
                org.fparity.report.ReportWriter.text(
                        new org.fparity.report.Report(once, both.findings(), null, at, "s", both.verdict()), true));
        assertEquals(f.discrepancies(), both.findings().discrepancies());
        assertEquals(v.truths(), both.verdict().truths());
        assertEquals(rows(v.top()), rows(both.verdict().top()));
        assertTrue(v.count().discrepant() > 50, "" + v.count());
    }

    /** A list of discrepancies that must not be read. */
    private static final class Unread extends java.util.AbstractList<Discrepancy> implements Sequential {
        @Override
        public Discrepancy get(int i) {
            throw new AssertionError("the discrepancies were read back");
        }

        @Override
        public int size() {
            throw new AssertionError("the discrepancies were read back");
        }

        @Override
        public java.util.Iterator<Discrepancy> iterator() {
            throw new AssertionError("the discrepancies were read back");
        }
    }

    @Test
    void topCasesKeptWithTheirRecordedDiscrepanciesNeedNotReadEveryDiscrepancyBack() {
        CampaignView view = manyDisagreeing();
        Findings f = Comparer.compare(view);
        Map<String, List<Discrepancy>> byCase = new java.util.HashMap<>();
        for (Discrepancy d : f.discrepancies())
            byCase.computeIfAbsent(d.program() + "/" + d.input(), k -> new ArrayList<>())
                    .add(d);
        CaseSource src = CaseSource.of(view);
        Verdict.Pass pass = new Verdict.Pass(view, null, src.platforms());
        src.forEach(x -> pass.accept(x, byCase.getOrDefault(x.program + "/" + x.input, List.of())));
        // before: the verdict read all 10,000 and more discrepancies back to find its top cases' pairs
        Findings unread =
                new Findings(f.pairs(), new Unread(), f.mismatches(), f.runs(), f.cases(), f.worst(), f.acrossSites());
        Verdict v = pass.verdict(unread, null);
        assertEquals(rows(Verdict.of(view, f, null).top()), rows(v.top()));
        assertTrue(f.discrepancies().size() > 10_000, "" + f.discrepancies().size());
    }
}
