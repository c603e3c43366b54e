package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.Campaign;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Precision;
import org.fparity.run.CampaignPlan;
import org.fparity.run.CampaignRunner;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
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
        List<DetectedToolchain> gcc = List.of(DetectedToolchain.detect(
                Toolchains.load(Toolchains.defaultDir()).get("gcc")));
        CampaignPlan plan =
                CampaignPlan.generate(new CampaignPlan.Request(9, List.of(Precision.FP64), "fp64", 4, 2, 200, null));

        // site A: generate and run
        Path a = tmp.resolve("site-a/night");
        CampaignRunner.run(
                a,
                plan.spec("test", gcc, List.of("O0", "O2")),
                new LocalSite("site-a", new BinaryCache(a.resolve("build")), 1, s -> {}),
                n -> new Progress(System.err, false, n),
                s -> {});
        Path fileA = tmp.resolve("transfer/a.fparity.json.gz");
        assertEquals(
                0,
                Cli.fparity("export", a.toString(), "--out", fileA.toString()).exit());

        // site B: import A's file (nothing runs), then run exactly its programs and inputs there
        Path atB = tmp.resolve("site-b/from-a");
        assertEquals(
                0,
                Cli.fparity("import", fileA.toString(), "--out", atB.toString()).exit());
        Campaign imported = Campaign.load(atB);
        CampaignRunner.Spec again = new CampaignRunner.Spec(
                "test",
                imported.meta().seed(),
                imported.meta().grammar(),
                imported.meta().settings(),
                imported.programEntries(),
                gcc,
                List.of("O0", "O2"),
                200);
        Path b = tmp.resolve("site-b/night");
        CampaignRunner.run(
                b,
                again,
                new LocalSite("site-b", new BinaryCache(b.resolve("build")), 1, s -> {}),
                n -> new Progress(System.err, false, n),
                s -> {});
        Path fileB = tmp.resolve("transfer/b.fparity.json");
        assertEquals(
                0,
                Cli.fparity("export", b.toString(), "--out", fileB.toString()).exit());

        // anywhere: import both, merge, compare
        Path ia = tmp.resolve("here/a");
        Path ib = tmp.resolve("here/b");
        assertEquals(
                0,
                Cli.fparity("import", fileA.toString(), "--out", ia.toString()).exit());
        assertEquals(
                0,
                Cli.fparity("import", fileB.toString(), "--out", ib.toString()).exit());
        Path merged = tmp.resolve("here/merged");
        Cli.Run m = Cli.fparity("merge", ia.toString(), ib.toString(), "--out", merged.toString());
        assertEquals(0, m.exit(), m.err());
        assertTrue(
                m.out().contains(": 4 programs, 4 platforms, 32 outcomes"),
                m.out()); // 4 programs × 2 inputs × 2 levels × 2 sites

        Campaign c = Campaign.load(merged);
        assertEquals(
                Map.of("site-a", 16L, "site-b", 16L),
                c.outcomes().stream()
                        .collect(java.util.stream.Collectors.groupingBy(
                                o -> o.site(), java.util.TreeMap::new, java.util.stream.Collectors.counting())));
        Cli.Run cmp = Cli.fparity("compare", merged.toString(), "--pair", "gcc@O2@site-a:gcc@O2@site-b", "--detail");
        assertEquals(0, cmp.exit(), cmp.err());
        assertTrue(
                cmp.out().startsWith("campaign merged: all 8 cases agree across platforms\n"),
                "the same gcc at two sites agrees: " + cmp.out());
        assertTrue(cmp.out().contains("== gcc@site-a vs gcc@site-b, FP64\n"), cmp.out());
        assertTrue(cmp.out().contains("\nO2          8      0 "), "all 8 O2 runs compared across sites: " + cmp.out());
    }

    /** Status and bits per (program, input, toolchain, opt) at one site. */
    private static Map<String, String> bits(Campaign c, String site) {
        Map<String, String> m = new java.util.TreeMap<>();
        for (var o : c.outcomes()) {
            if (o.site().equals(site))
                m.put(o.program() + "/" + o.input() + "/" + o.toolchain() + "/" + o.opt(), o.status() + " " + o.hex());
        }
        return m;
    }

    @Test
    void siteBRunsAnImportedExportWithRunCampaignUnderItsOwnSiteName() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        Path a = tmp.resolve("site-a/night");
        Cli.Run ra = Cli.fparity(
                "run",
                "--programs",
                "3",
                "--inputs",
                "2",
                "--seed",
                "21",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O2",
                "--jobs",
                "1",
                "--site",
                "site-a",
                "--out",
                a.toString(),
                "--no-report");
        assertEquals(0, ra.exit(), ra.err());
        Path file = tmp.resolve("transfer/a.fparity.json.gz");
        assertEquals(
                0, Cli.fparity("export", a.toString(), "--out", file.toString()).exit());

        // Site B: the imported export is a campaign; run --campaign runs its programs and inputs here, as site-b.
        Path atB = tmp.resolve("site-b/from-a");
        assertEquals(
                0,
                Cli.fparity("import", file.toString(), "--out", atB.toString()).exit());
        Cli.Run rb = Cli.fparity(
                "run",
                "--campaign",
                atB.toString(),
                "--site",
                "site-b",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O2",
                "--jobs",
                "1",
                "--no-report");
        assertEquals(0, rb.exit(), rb.err());
        Campaign c = Campaign.load(atB);
        assertEquals(12, bits(c, "site-a").size());
        assertEquals(bits(c, "site-a"), bits(c, "site-b"), "the same gcc at both sites, bit for bit");
        assertEquals(24, c.outcomes().size(), "site A's imported outcomes kept beside B's");
        // Again: nothing left to do (resumes like any campaign).
        Cli.Run again = Cli.fparity(
                "run",
                "--campaign",
                atB.toString(),
                "--site",
                "site-b",
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O2",
                "--jobs",
                "1",
                "--no-report");
        assertEquals(0, again.exit(), again.err());
        assertEquals(24, Campaign.load(atB).outcomes().size());
        // The same through a cluster profile (the built-in local one): run --campaign --cluster.
        Cli.Run rc = Cli.fparity(
                "run",
                "--campaign",
                atB.toString(),
                "--cluster",
                "local",
                "--toolchains",
                "gcc",
                "--opt",
                "O2",
                "--jobs",
                "1",
                "--no-report");
        assertEquals(0, rc.exit(), rc.err());
        Campaign after = Campaign.load(atB);
        assertEquals(30, after.outcomes().size());
        assertEquals(6, bits(after, "local").size());
        // B exports the campaign with both sites in it; compared across sites, the two gcc agree.
        Path back = tmp.resolve("transfer/b.fparity.json");
        assertEquals(
                0,
                Cli.fparity("export", atB.toString(), "--out", back.toString()).exit());
        Path home = tmp.resolve("site-a/from-b");
        assertEquals(
                0,
                Cli.fparity("import", back.toString(), "--out", home.toString()).exit());
        Cli.Run cmp = Cli.fparity("compare", home.toString());
        assertEquals(0, cmp.exit(), cmp.err());
        assertTrue(cmp.out().startsWith("Cross-site view: "), cmp.out());
        assertTrue(
                cmp.out().contains("Across sites (same toolchain and opt level at two sites): 0 cases differ\n"),
                cmp.out());
    }

    @Test
    void siteIsCheckedAndExcludesCluster() {
        Cli.Run bad = Cli.fparity(
                "run",
                "--site",
                "Site B",
                "--programs",
                "1",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, bad.exit());
        assertEquals("fparity: --site 'Site B': lower-case letters, digits, '.', '_' or '-'\n", bad.err());
        Cli.Run both = Cli.fparity(
                "run",
                "--site",
                "b",
                "--cluster",
                "local",
                "--programs",
                "1",
                "--out",
                tmp.resolve("y").toString());
        assertEquals(2, both.exit());
        assertEquals(
                "fparity: --site names this machine's site; with --cluster each profile names its own\n", both.err());
    }
}
