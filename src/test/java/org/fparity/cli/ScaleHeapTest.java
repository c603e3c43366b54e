package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.bench.ScaleCampaign;
import org.fparity.transfer.CampaignMerge;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compare and report of a campaign whose outcomes do not fit in the heap (issue 31): 100,000 runs of bench scale's
 * two-site campaign, merged, in a JVM of 64 MB. The fparity before the external sort held every outcome, case and
 * discrepancy: its report ran out of heap there (exit 4; its compare needed more than 32 MB, this one less); now the
 * logs are sorted by case on disk and what grows with the campaign goes to temporary files.
 */
@Tag("slow")
class ScaleHeapTest {
    @TempDir
    Path tmp;

    @Test
    void compareAndReportOfAHundredThousandRunsInA64MegabyteHeap() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 200, 50, 1);
        Path merged = tmp.resolve("merged");
        CampaignMerge.merge(w.sites(), merged);
        Path log = tmp.resolve("compare.log");
        run(log, "compare", merged.toString());
        String out = Files.readString(log);
        assertTrue(out.contains("campaign merged: 2653 of 9988 cases disagree across platforms"), out);
        Path rep = tmp.resolve("report");
        run(tmp.resolve("report.log"), "report", merged.toString(), "--out", rep.toString());
        String json = Files.readString(rep.resolve("report.json"));
        assertTrue(json.contains("\"num_discrepancies\" : 6699"), json.substring(0, Math.min(json.length(), 2000)));
        assertEquals(
                9988,
                Files.readString(rep.resolve("junit.xml")).split("<testcase ", -1).length - 1,
                "a testcase per case");
    }

    private static void run(Path log, String... args) throws Exception {
        Processes.Running p = Processes.command(Cli.childJvm(List.of("-Xmx64m", "-Xss8m"), args))
                .output(log)
                .stdin(Path.of("/dev/null"))
                .start();
        assertTrue(p.waitFor(600_000), "finished within 10 minutes");
        String out = Files.readString(log);
        assertFalse(out.contains("OutOfMemoryError") || out.contains("out of memory"), out);
        assertEquals(1, p.exitValue(), out); // findings: the campaign disagrees
    }
}
