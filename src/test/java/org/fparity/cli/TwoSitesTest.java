package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignPlan;
import org.fparity.campaign.CampaignRunner;
import org.fparity.campaign.Emitters;
import org.fparity.campaign.Progress;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.LocalExecutor;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Precision;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The paper's Fig. 3 for real: a campaign generated and run at site A is exported, imported at site B, whose copy runs
 * the same programs and inputs there, exports again; both files are imported elsewhere, merged and compared. Both
 * sites run gcc here, so they must agree, and nothing may be lost or mixed up on the way.
 */
@Tag("tools")
class TwoSitesTest {
    @TempDir
    Path tmp;

    @Test
    void runAtSiteAExportImportRunAtSiteBExportMergeCompare() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        List<DetectedToolchain> gcc = List.of(DetectedToolchain.detect(Toolchains.load(Toolchains.defaultDir()).get("gcc")));
        CampaignPlan plan = CampaignPlan.generate(new CampaignPlan.Request(9, List.of(Precision.FP64), "fp64", 4, 2, 200, null));

        // site A: generate and run
        Path a = tmp.resolve("site-a/night");
        CampaignRunner.run(a, plan.spec("test", gcc, List.of("O0", "O2")), new LocalExecutor(new BinaryCache(a.resolve("build")), 1, s -> {}),
                "site-a", n -> new Progress(System.err, false, n), s -> {});
        Path fileA = tmp.resolve("transfer/a.fparity.json.gz");
        assertEquals(0, Cli.fparity("export", a.toString(), "--out", fileA.toString()).exit());

        // site B: import A's file (nothing runs), then run exactly its programs and inputs there
        Path atB = tmp.resolve("site-b/from-a");
        assertEquals(0, Cli.fparity("import", fileA.toString(), "--out", atB.toString()).exit());
        Campaign imported = Campaign.load(atB);
        CampaignRunner.Spec again = new CampaignRunner.Spec("test", imported.meta().seed(), imported.meta().grammar(), imported.meta().settings(),
                imported.programEntries(), gcc, List.of("O0", "O2"), 200, dt -> Emitters.forToolchain(dt.toolchain(), imported.programs()));
        Path b = tmp.resolve("site-b/night");
        CampaignRunner.run(b, again, new LocalExecutor(new BinaryCache(b.resolve("build")), 1, s -> {}), "site-b", n -> new Progress(System.err, false, n), s -> {});
        Path fileB = tmp.resolve("transfer/b.fparity.json");
        assertEquals(0, Cli.fparity("export", b.toString(), "--out", fileB.toString()).exit());

        // anywhere: import both, merge, compare
        Path ia = tmp.resolve("here/a");
        Path ib = tmp.resolve("here/b");
        assertEquals(0, Cli.fparity("import", fileA.toString(), "--out", ia.toString()).exit());
        assertEquals(0, Cli.fparity("import", fileB.toString(), "--out", ib.toString()).exit());
        Path merged = tmp.resolve("here/merged");
        Cli.Run m = Cli.fparity("merge", ia.toString(), ib.toString(), "--out", merged.toString());
        assertEquals(0, m.exit(), m.err());
        assertTrue(m.out().contains(": 4 programs, 4 platforms, 32 outcomes"), m.out()); // 4 programs × 2 inputs × 2 levels × 2 sites

        Campaign c = Campaign.load(merged);
        assertEquals(Map.of("site-a", 16L, "site-b", 16L), c.outcomes().stream().collect(java.util.stream.Collectors.groupingBy(o -> o.site(), java.util.TreeMap::new, java.util.stream.Collectors.counting())));
        Cli.Run cmp = Cli.fparity("compare", merged.toString(), "--pair", "gcc@O2@site-a:gcc@O2@site-b");
        assertEquals(0, cmp.exit(), cmp.err());
        assertTrue(cmp.out().startsWith("campaign merged: 32 runs, 0 discrepancies, 0 runs ended differently\n"), "the same gcc at two sites agrees: " + cmp.out());
        assertTrue(cmp.out().contains("== gcc@site-a vs gcc@site-b, FP64\n"), cmp.out());
        assertTrue(cmp.out().contains("\nO2          8      0 "), "all 8 O2 runs compared across sites: " + cmp.out());
    }
}
