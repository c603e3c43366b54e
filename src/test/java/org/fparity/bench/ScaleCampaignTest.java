package org.fparity.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.campaign.Campaign;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.exec.Platform;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleCampaignTest {
    @Test
    void programsForTheSizeOnTenPlatforms() {
        assertEquals(200, ScaleCampaign.programsFor(100_000, 50));
        assertEquals(20_000, ScaleCampaign.programsFor(10_000_000, 50));
        assertEquals(1, ScaleCampaign.programsFor(1, 50));
        assertEquals(3, ScaleCampaign.programsFor(101, 5));
    }

    @Test
    void twoSitesOfRealProgramsThatCompareCleanlyAndAreWrittenTheSameTwice(@TempDir Path tmp) throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp.resolve("a"), 6, 20, 3);
        assertEquals(List.of(tmp.resolve("a/alpha"), tmp.resolve("a/beta")), w.sites());
        assertEquals(6 * 20 * 10, w.runs());
        for (Path site : w.sites()) {
            CampaignView v = CampaignFiles.load(site); // programs match their hashes, no stranger, no conflict
            assertEquals(6 * 20 * 5, v.outcomes().size());
            assertEquals(6, v.programs().size());
            assertNull(v.incomplete());
            assertEquals(2, v.reruns().size());
            assertEquals(5, v.outcomes().stream().map(Platform::of).distinct().count());
        }
        // one rerun outcome per platform of every case a site saw disagree: 5 per case per attempt
        assertTrue(w.reruns() > 0 && w.reruns() % 10 == 0, "rerun outcomes " + w.reruns());
        ScaleCampaign.Written again = ScaleCampaign.write(tmp.resolve("b"), 6, 20, 3);
        for (String f :
                List.of("alpha/" + Campaign.OUTCOMES, "beta/" + Campaign.OUTCOMES, "beta/" + Campaign.rerunFile(2))) {
            assertArrayEquals(
                    Files.readAllBytes(tmp.resolve("a").resolve(f)),
                    Files.readAllBytes(tmp.resolve("b").resolve(f)),
                    f);
        }
        assertEquals(w.reruns(), again.reruns());
    }

    @Test
    void theModelGivesAboutAQuarterOfCasesADisagreement() {
        int n = 20_000;
        int discrepant = 0;
        for (int c = 0; c < n; c++) {
            java.util.Set<Long> bits = new java.util.HashSet<>();
            for (ScaleCampaign.Site s : ScaleCampaign.SITES) {
                for (String opt : ScaleCampaign.OPTS) {
                    ScaleCampaign.Result r = ScaleCampaign.result(1, c / 50, c, s.toolchain(), opt, 0);
                    if (r.status() == null)
                        bits.add(Double.isNaN(r.value()) ? -1L : Double.doubleToLongBits(r.value()));
                }
            }
            if (bits.size() > 1) discrepant++;
        }
        // default campaign: 2,480 of 10,000 cases (runners/README)
        assertTrue(discrepant > 0.22 * n && discrepant < 0.30 * n, "discrepant " + discrepant);
    }

    @Test
    void gnuTimeLineReadAsWallCpuAndPeak() {
        assertEquals(new MeasuredRun.Usage(0, 3.31, 1.75, 183_296), MeasuredRun.parse("3.31 1.50 0.25 183296\n", 0));
        assertEquals(
                new MeasuredRun.Usage(1, 0.5, 0.25, 100),
                MeasuredRun.parse("Command exited with non-zero status 1\n0.50 0.20 0.05 100\n", 1));
        assertNull(MeasuredRun.parse("", 0));
    }
}
