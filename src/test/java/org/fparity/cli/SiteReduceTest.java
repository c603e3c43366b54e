package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.ir.ProgramJson;
import org.fparity.reduce.CampaignDiscrepancies;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A discrepancy between two sites is reduced with each side's candidates run at its own site: on the loopback cluster
 * (runners/local-cluster/start), the same toolchain name with different O2 flags in each site's descriptors (gcc
 * {@code -O2 -ffp-contract=off} over ssh, {@code -O2 -ffast-math} through Slurm), two campaigns merged, and
 * {@code reduce --discrepancy ID} builds its rounds at both sites and writes a bundle naming both.
 */
@Tag("tools")
@Tag("slow")
@ExtendWith(LoopbackCluster.Shared.class)
class SiteReduceTest {
    static LoopbackCluster cluster;

    @BeforeAll
    static void startCluster(LoopbackCluster shared) {
        cluster = shared;
    }

    @Test
    void aDiscrepancyBetweenTwoSitesIsReducedWithEachSidesCandidatesRunAtItsOwnSite() throws Exception {
        List<String> campaign = List.of(
                "run",
                "--programs",
                "2",
                "--inputs",
                "8",
                "--seed",
                "2",
                "--toolchains",
                "gcc",
                "--opt",
                "O2",
                "--no-report",
                "--reruns",
                "0");
        Path merged = cluster.twoSites(
                "merged", campaign, List.of("-O2", "-ffp-contract=off"), List.of("-O2", "-ffast-math"));

        // seed 2's programs: 7 of the 16 cases differ between the two sites' O2 (fast math against IEEE evaluation)
        List<CampaignDiscrepancies.Entry> found = CampaignDiscrepancies.list(merged);
        assertTrue(!found.isEmpty(), "no discrepancy between the sites");
        CampaignDiscrepancies.Entry e = found.getFirst();
        assertEquals(
                List.of("local-slurm", "local-ssh"),
                java.util.stream.Stream.of(
                                e.discrepancy().pair().a().site(),
                                e.discrepancy().pair().b().site())
                        .sorted()
                        .toList());

        long sshBefore = LoopbackCluster.files(cluster.base.resolve("work/ssh/cache"));
        long slurmBefore = LoopbackCluster.files(cluster.base.resolve("work/slurm"));
        Path bundles = cluster.work.resolve("bundles");
        RemoteClusterTest.Proc r =
                cluster.fparity("reduce", merged.toString(), "--discrepancy", e.id(), "--out", bundles.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(e.id()) && r.out().contains("confirmed"), r.out());
        // the rounds were built at both sites: new builds in the ssh site's cache and new job files in the Slurm site's
        // folder
        assertTrue(LoopbackCluster.files(cluster.base.resolve("work/ssh/cache")) > sshBefore, "nothing built over ssh");
        assertTrue(
                LoopbackCluster.files(cluster.base.resolve("work/slurm")) > slurmBefore, "nothing submitted to Slurm");

        JsonNode expected = ProgramJson.MAPPER.readTree(
                bundles.resolve(e.id()).resolve("expected.json").toFile());
        JsonNode platforms = expected.get("platforms");
        assertEquals(2, platforms.size(), platforms.toString());
        JsonNode atSsh = platforms.get("gcc@O2@local-ssh");
        JsonNode atSlurm = platforms.get("gcc@O2@local-slurm");
        assertTrue(atSsh != null && atSlurm != null, platforms.toString());
        // each side built with its own site's flags
        assertTrue(
                atSsh.get("compile").toString().contains("-ffp-contract=off")
                        && !atSsh.get("compile").toString().contains("-ffast-math"),
                atSsh.toString());
        assertTrue(atSlurm.get("compile").toString().contains("-ffast-math"), atSlurm.toString());
        String readme = Files.readString(bundles.resolve(e.id()).resolve("README.md"));
        assertTrue(readme.contains("gcc@O2@local-ssh") && readme.contains("gcc@O2@local-slurm"), readme);
    }
}
