package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.bench.ScaleCampaign;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.ProgramStore;
import org.fparity.report.Report;
import org.fparity.transfer.CampaignMerge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a comparison of a campaign read from its folder keeps in memory does not grow with its runs (issue 31: peak
 * resident memory flat from 10^6 to 10^7 runs). Measured on the 10^7-run campaign (heap histograms every 20 s of
 * {@code report} at -Xmx512m): the program store's chunks, kept softly, filled the heap to its cap (450 MB of strings
 * and inputs) before the collector took any back; the discrepancy lists kept 20,000 each before going to disk, half a
 * million over 26 pairs; every run that ended differently was a list in memory.
 */
class BoundedFindingsTest {
    @TempDir
    Path tmp;

    @Test
    void readingACampaignFromItsFolderKeepsNoChunkOfItsProgramStore() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 200, 3, 5);
        Campaign c = Campaign.loadMeta(w.sites().getFirst());
        ProgramStore.Entries store = (ProgramStore.Entries) c.programEntries();
        CampaignView view = CampaignFiles.of(c);
        // 200 programs are 4 chunks of 64: the old read kept all 4 (softly, so until the heap was full)
        assertEquals(0, store.chunksHeld(), "chunks of the store held after the campaign was read");
        assertEquals(200 * 3, Cases.of(view).size());
        // what the view reads comes from its copy, not from the store
        String id = store.get(199).id();
        assertEquals(store.get(199).source(), view.source(id));
    }

    @Test
    void aComparisonHoldsAtMostSpillHeldFindingsInMemoryAndTheSameFindings() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 40, 10, 5);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);
        int held = Spill.held;
        try {
            Spill.held = 30;
            CampaignView view = CampaignFiles.load(merged);
            Findings f = Comparer.compare(view);
            assertFalse(f.mismatches().isEmpty(), "the campaign has runs that ended differently");
            assertTrue(
                    f.discrepancies().size() > 200,
                    "many discrepancies: " + f.discrepancies().size());
            int inMemory = Spill.inMemory(f.discrepancies()) + Spill.inMemory(f.mismatches());
            // the old lists kept 30 discrepancies per pair (13 pairs) and every run that ended differently
            assertTrue(inMemory >= 0 && inMemory <= 30, "findings held in memory: " + inMemory);
            Report r = Report.of(view, f, null);
            assertEquals("cases 400 discrepant 99 unstable 3", PinnedComparisonTest.counts(r));
            assertEquals("73641b3c3059da40 236 discrepancies, 13 pair rows", PinnedComparisonTest.fingerprint(r));
        } finally {
            Spill.held = held;
        }
    }

    /** Each case's findings walked beside the cases from the lists on disk are the ones grouping them in memory gives. */
    @Test
    void findingsByCaseFromTheListsOnDiskAreTheFindingsOfEachCaseInListOrder() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 40, 10, 5);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);
        int held = Spill.held;
        try {
            Spill.held = 3;
            CampaignView view = CampaignFiles.load(merged);
            Findings f = Comparer.compare(view);
            Map<String, List<StatusMismatch>> ms = new LinkedHashMap<>();
            for (StatusMismatch m : f.mismatches())
                ms.computeIfAbsent(m.program() + "/" + m.input(), k -> new ArrayList<>())
                        .add(m);
            Map<String, List<Discrepancy>> ds = new LinkedHashMap<>();
            for (Discrepancy d : f.discrepancies())
                ds.computeIfAbsent(d.program() + "/" + d.input(), k -> new ArrayList<>())
                        .add(d);
            ByCase<StatusMismatch> mByCase = ByCase.mismatches(f.mismatches());
            ByCase<Discrepancy> dByCase = ByCase.discrepancies(f.discrepancies());
            int seenM = 0, seenD = 0, several = 0;
            for (Cases.Case c : Cases.of(view)) {
                List<StatusMismatch> m = mByCase.at(c.program(), c.input());
                assertEquals(ms.getOrDefault(c.key(), List.of()), m, c.key());
                List<Discrepancy> d = dByCase.at(c.program(), c.input());
                assertEquals(ds.getOrDefault(c.key(), List.of()), d, c.key());
                seenM += m.size();
                seenD += d.size();
                if (d.size() > 1) several++;
            }
            assertEquals(f.mismatches().size(), seenM);
            assertEquals(f.discrepancies().size(), seenD);
            assertTrue(several > 10, "cases with discrepancies in several pairs: " + several);

            // a case without runs that ended differently (most) costs one comparison, not one per pair (issue 31)
            ByCase<StatusMismatch> counted = ByCase.mismatches(f.mismatches());
            int parts = Spill.parts(f.mismatches()).size(), cases = 0, hit = 0;
            for (Cases.Case c : Cases.of(view)) {
                cases++;
                if (!counted.at(c.program(), c.input()).isEmpty()) hit++;
            }
            assertTrue(parts > 10 && hit * 4 < cases, parts + " pairs, " + hit + " of " + cases + " cases");
            // per case asked one comparison; per case found a look at each pair's head again, then each finding passed
            long bound = cases + hit * 3L * parts + 2L * f.mismatches().size();
            assertTrue(counted.compared <= bound, counted.compared + " comparisons, at most " + bound);
            assertTrue(counted.compared < (long) cases * parts / 2, counted.compared + " comparisons");
        } finally {
            Spill.held = held;
        }
    }
}
