package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 31: {@code fparity report} without a baseline gathers its verdict in the comparison's own walk of the sorted
 * cases, as compare does (it read them once for the comparison, once for the verdict, once for the files), and writes
 * its five files from one more walk.
 */
class ReportWalksTest {
    @Test
    void reportReadsTheSortedCasesOnceToCompareAndOnceToWriteItsFiles(@TempDir Path tmp) {
        Path dir = CampaignFixtures.write(SyntheticCampaign.of("walked", 5, 300), tmp.resolve("walked"));
        CampaignView view = CampaignFiles.load(dir);
        CaseSpill spill = (CaseSpill) CaseSource.of(view);
        org.fparity.report.Report r = org.fparity.report.Report.of(view, (CampaignView) null);
        assertEquals(1, spill.walks(), "the comparison and the verdict");
        org.fparity.report.ReportWriter.write(r, tmp.resolve("report"));
        assertEquals(2, spill.walks(), "and the files");

        // the same files as from a verdict of its own walk
        CampaignView twice = CampaignFiles.load(dir);
        Findings f = Comparer.compare(twice);
        org.fparity.report.Report apart = new org.fparity.report.Report(
                twice, f, null, r.generated(), r.sessionUuid(), Verdict.of(twice, f, null));
        org.fparity.report.ReportWriter.write(apart, tmp.resolve("apart"));
        for (String name : java.util.List.of("report.json", "summary.md", "report.html", "junit.xml", "metrics.txt"))
            assertEquals(
                    readString(tmp.resolve("apart").resolve(name)),
                    readString(tmp.resolve("report").resolve(name)),
                    name);
    }

    private static String readString(Path p) {
        try {
            return java.nio.file.Files.readString(p);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
