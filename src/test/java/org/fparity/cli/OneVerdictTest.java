package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * run, compare, report and nightly say one verdict and exit by one rule (issue 30): the exit code follows the headline,
 * whatever pairs a view shows, and a campaign where nothing could be compared says so instead of "all agree".
 */
class OneVerdictTest {
    @TempDir
    Path tmp;

    /**
     * Two sites running the same two platforms, fast math differing from O0 at both sites alike: nothing differs across
     * the sites, but cases disagree. compare's default (cross-site) view once said "N of M cases disagree" and exited 0.
     */
    @Test
    void compareExitsAsItsHeadlineSaysWhateverPairsItShows() {
        List<CampaignMeta.ProgramEntry> programs = CampaignBuilder.programs(3, 6, 2);
        List<CampaignMeta.PlatformRecord> pa = new ArrayList<>();
        List<CampaignMeta.PlatformRecord> pb = new ArrayList<>();
        for (String o : List.of("O0", "O3_FM")) {
            pa.add(CampaignBuilder.platform("fake-cc", o, "site-a", "a-n1"));
            pb.add(CampaignBuilder.platform("fake-cc", o, "site-b", "b-n1"));
        }
        Path a = CampaignBuilder.write(tmp.resolve("a"), 3, programs, pa, CampaignBuilder::standard);
        Path b = CampaignBuilder.write(tmp.resolve("b"), 3, programs, pb, CampaignBuilder::standard);
        Path merged = tmp.resolve("merged");
        assertEquals(
                0,
                Cli.fparity("merge", a.toString(), b.toString(), "--out", merged.toString())
                        .exit());

        // k = 3 × program + input; fake-cc O3_FM is 1 ULP off where k % 5 == 0 and k % 11 != 0: k = 0 is NaN
        // everywhere, 5 and 10 differ
        String headline = "campaign merged: 2 of 12 cases disagree across platforms\n";
        Cli.Run cmp = Cli.fparity("compare", merged.toString());
        assertTrue(cmp.out().contains(headline), cmp.out());
        assertEquals(1, cmp.exit(), "cases disagree: " + cmp.out() + cmp.err());
        Cli.Run rep = Cli.fparity(
                "report", merged.toString(), "--out", tmp.resolve("report").toString());
        assertTrue(rep.out().startsWith("2 of 12 cases disagree across platforms\n"), rep.out());
        assertEquals(1, rep.exit(), rep.err());
    }

    /**
     * Every run of a GPU toolchain on a node without the device: CANNOT_RUN. Once "all 4 cases agree across platforms
     * … among 0 compared", exit 0; now "nothing compared", exit 3 (a missing device is the cause).
     */
    @Test
    void aCampaignWhereNothingRanSaysNothingComparedAndExits3() {
        List<CampaignMeta.ProgramEntry> programs = CampaignBuilder.programs(4, 2, 2);
        List<CampaignMeta.PlatformRecord> ps = new ArrayList<>();
        for (String o : List.of("O0", "O3")) ps.add(CampaignBuilder.platform("nvcc-sm80", o, "node1"));
        Path c = CampaignBuilder.write(
                tmp.resolve("gpu"),
                4,
                programs,
                ps,
                (p, i, in, pl) -> new Outcome(
                        p.id(),
                        in,
                        pl.toolchain(),
                        pl.opt(),
                        pl.site(),
                        pl.node(),
                        Outcome.Status.CANNOT_RUN,
                        null,
                        "no NVIDIA driver here",
                        pl.id(),
                        10));
        Cli.Run rep = Cli.fparity(
                "report", c.toString(), "--out", tmp.resolve("report").toString());
        assertTrue(
                rep.out()
                        .startsWith(
                                "nothing compared: no case has a result; nvcc-sm80 compiles here but cannot run (no device)"),
                rep.out());
        assertEquals(3, rep.exit(), rep.out() + rep.err());
        Cli.Run cmp = Cli.fparity("compare", c.toString());
        assertTrue(cmp.out().startsWith("campaign gpu: nothing compared: no case has a result;"), cmp.out());
        assertEquals(3, cmp.exit(), cmp.err());
    }

    /** One platform only: nothing to compare, said so; not a missing tool, not a finding (exit 0). */
    @Test
    void onePlatformIsNothingComparedNotAllAgree() {
        List<CampaignMeta.ProgramEntry> programs = CampaignBuilder.programs(4, 2, 2);
        Path c = CampaignBuilder.write(
                tmp.resolve("one"),
                4,
                programs,
                List.of(CampaignBuilder.platform("gcc", "O0", "node1")),
                CampaignBuilder::standard);
        Cli.Run cmp = Cli.fparity("compare", c.toString());
        assertTrue(
                cmp.out()
                        .startsWith(
                                "campaign one: nothing compared: no case has results from two platforms (only gcc@O0 gave results)\n"),
                cmp.out());
        assertEquals(0, cmp.exit(), cmp.err());
    }
}
