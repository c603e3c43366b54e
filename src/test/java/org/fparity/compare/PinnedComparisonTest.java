package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.fparity.bench.ScaleCampaign;
import org.fparity.report.Report;
import org.fparity.transfer.CampaignMerge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison's results, pinned as they were before the reading path was made compact (issue 31): every case, every
 * pair's counts, every discrepancy and status mismatch, the top cases and the odd-one-out ranking, on a generated
 * single-site campaign and on the merge of two sites. Same data, not same wording: the fingerprint holds values only.
 */
class PinnedComparisonTest {
    @Test
    void sameCasesCountsAndTopCasesAsBeforeOnOneSiteAndOnAMergeOfTwo(@TempDir Path tmp) throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 40, 10, 5);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);

        CampaignView one = CampaignFiles.load(w.sites().getFirst());
        Report r1 = Report.of(one, Comparer.compare(one), null);
        assertEquals("cases 400 discrepant 54 unstable 1", counts(r1));
        // the fingerprints print platforms in their one printed form (gcc@O2, gcc@O2@lumi); with the old compare form
        // (gcc O2, gcc@lumi O2) they were 6ea88ac9691524b2 and 910bd1b421a9bb62: the cases themselves did not change
        assertEquals("708c9aaca89a3e06 54 discrepancies, 4 pair rows", fingerprint(r1));

        CampaignView two = CampaignFiles.load(merged);
        Report r2 = Report.of(two, Comparer.compare(two), null);
        assertEquals("cases 400 discrepant 99 unstable 3", counts(r2));
        assertEquals("73641b3c3059da40 236 discrepancies, 13 pair rows", fingerprint(r2));
    }

    /**
     * The same values when the comparison's lists go to disk after 3 elements and the logs are sorted through many small
     * buckets: what a campaign of 10^7 runs goes through, at a size a test can afford.
     */
    @Test
    void sameWhenEverythingGoesThroughTemporaryFiles(@TempDir Path tmp) throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 40, 10, 5);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);
        int held = Spill.held, bucket = CaseSpill.bucketRecords;
        try {
            Spill.held = 3;
            CaseSpill.bucketRecords = 50;
            CampaignView two = CampaignFiles.load(merged);
            Findings f = Comparer.compare(two);
            assertTrue(f.discrepancies() instanceof Sequential);
            Report r2 = Report.of(two, f, null);
            assertTrue(((Spill<?>) Cases.made(r2.verdict().cases())).spilled());
            assertEquals("cases 400 discrepant 99 unstable 3", counts(r2));
            assertEquals("73641b3c3059da40 236 discrepancies, 13 pair rows", fingerprint(r2));
        } finally {
            Spill.held = held;
            CaseSpill.bucketRecords = bucket;
        }
    }

    static String counts(Report r) {
        Cases.Count c = r.verdict().count();
        return "cases " + c.cases() + " discrepant " + c.discrepant() + " unstable " + c.unstable();
    }

    /** Every value the reports are made of, in one string, hashed. */
    static String fingerprint(Report r) {
        StringBuilder b = new StringBuilder();
        for (Cases.Case c : r.verdict().cases()) {
            b.append(c.key())
                    .append(' ')
                    .append(c.precision())
                    .append(' ')
                    .append(c.results())
                    .append(' ')
                    .append(c.unstable())
                    .append(' ')
                    .append(c.failed())
                    .append(' ')
                    .append(c.answers().stream()
                            .map(a -> a.hex() + a.platforms())
                            .toList())
                    .append(' ')
                    .append(c.majority() == null ? "-" : c.majority().hex())
                    .append(' ')
                    .append(c.oddOnesOut())
                    .append(' ')
                    .append(c.micros())
                    .append('\n');
        }
        Findings f = r.findings();
        for (PairSummary s : f.pairs()) {
            b.append(s.pair().id())
                    .append(' ')
                    .append(s.precision())
                    .append(' ')
                    .append(s.compared())
                    .append(' ')
                    .append(s.statusMismatches())
                    .append(' ')
                    .append(s.notCompared())
                    .append(' ')
                    .append(s.unstable())
                    .append(' ')
                    .append(s.counts())
                    .append(' ')
                    .append(s.programs())
                    .append('\n');
        }
        for (Discrepancy d : f.discrepancies())
            b.append(d.key())
                    .append(' ')
                    .append(d.cls().name())
                    .append(' ')
                    .append(d.hexA())
                    .append(' ')
                    .append(d.hexB())
                    .append(' ')
                    .append(d.ulps())
                    .append(' ')
                    .append(d.relError())
                    .append('\n');
        for (StatusMismatch m : f.mismatches()) b.append(m).append('\n');
        b.append(f.runs()).append(' ').append(f.cases()).append('\n');
        for (Verdict.TopCase t : r.verdict().top())
            b.append(t.c().key())
                    .append(' ')
                    .append(t.cls().name())
                    .append(' ')
                    .append(t.ulps())
                    .append(' ')
                    .append(t.pair().id())
                    .append('\n');
        b.append(Cases.oddOneOutRanking(r.verdict().cases()))
                .append('\n')
                .append(Cases.unstableByPlatform(r.verdict().cases()));
        return org.fparity.util.Hashes.sha256Hex(b.toString()).substring(0, 16) + " "
                + f.discrepancies().size() + " discrepancies, " + f.pairs().size() + " pair rows";
    }
}
