package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code triage} of a merged two-site campaign runs each platform's experiments at its own site, on the loopback
 * cluster: the same toolchain name with other O2 flags in each site's descriptors (gcc {@code -O2 -mfma} over ssh, which
 * contracts {@code a*b+c}; {@code -O2 -ffast-math} through Slurm, which folds {@code (a+b)-b}), one planted program
 * for each, and each site's cause is found by experiments built there with that site's flags. Without the sites'
 * profiles, triage stops with one line, exit 3, and decides nothing.
 */
@Tag("tools")
@Tag("slow")
@ExtendWith(LoopbackCluster.Shared.class)
class SiteTriageClusterTest {
    static LoopbackCluster cluster;

    @BeforeAll
    static void startCluster(LoopbackCluster shared) {
        cluster = shared;
    }

    @Test
    void aMergedTwoSiteCampaignIsTriagedWithExperimentsRunAtBothSites() throws Exception {
        Assumptions.assumeTrue(
                Files.readString(Path.of("/proc/cpuinfo")).contains(" fma "), "this CPU has no FMA: -mfma cannot run");
        Path corpus = Files.createDirectories(cluster.work.resolve("triage-corpus"));
        // 1 + 2^-30 squared, less 1: one ULP apart when the product is fused
        Files.writeString(corpus.resolve("fma.fp"), """
                // input: 0x0p+0 0x1.00000004p+0 0x1.00000004p+0 -0x1p+0
                program fp64 array 1
                compute(double comp, double a, double b, double c) {
                  comp = a * b + c;
                }
                """);
        // (1 + 2^53) - 2^53 is 0 in IEEE arithmetic, 1 once reassociated
        Files.writeString(corpus.resolve("reassoc.fp"), """
                // input: 0x0p+0 0x1p+0 0x1p+53
                program fp64 array 1
                compute(double comp, double a, double b) {
                  comp = (a + b) - b;
                }
                """);
        List<String> campaign = List.of(
                "run",
                "--corpus",
                corpus.toString(),
                "--toolchains",
                "gcc",
                "--opt",
                "O0,O2",
                "--no-report",
                "--reruns",
                "0");
        Path merged = cluster.twoSites("triage", campaign, List.of("-O2", "-mfma"), List.of("-O2", "-ffast-math"));

        // no profile for either site: one line, exit 3, no unit decided (the state holds its header only)
        Path none = Files.createDirectories(cluster.work.resolve("no-profiles"));
        RemoteClusterTest.Proc r = cluster.fparityWith(none, "triage", merged.toString());
        assertEquals(3, r.exit(), r.out() + r.err());
        List<String> errors = r.err()
                .lines()
                .filter(l -> !l.startsWith("fparity: triage [") && !l.startsWith("fparity: triage: "))
                .toList();
        assertEquals(1, errors.size(), r.err());
        assertTrue(
                errors.getFirst().startsWith("fparity: site local-s")
                        && errors.getFirst().contains("cannot be reached for triage's experiments"),
                errors.getFirst());
        assertEquals(
                1,
                Files.readAllLines(merged.resolve("triage").resolve("units.jsonl"))
                        .size(),
                "a unit was decided without its site");

        long sshBefore = LoopbackCluster.files(cluster.base.resolve("work/ssh/cache"));
        long slurmBefore = LoopbackCluster.files(cluster.base.resolve("work/slurm"));
        r = cluster.fparity("triage", merged.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        // experiments were built at both sites: new builds in the ssh site's cache, new job files in the Slurm site's
        assertTrue(LoopbackCluster.files(cluster.base.resolve("work/ssh/cache")) > sshBefore, "nothing built over ssh");
        assertTrue(
                LoopbackCluster.files(cluster.base.resolve("work/slurm")) > slurmBefore, "nothing submitted to Slurm");
        Causes causes = Causes.read(merged).orElseThrow();
        assertEquals(0, causes.undecided(), r.out());
        assertEquals(
                List.of(
                        RootCause.keyOf(
                                RootCause.Kind.FLAGS, "gcc@local-slurm O2", List.of("-ffast-math"), null, null, null),
                        RootCause.keyOf(
                                RootCause.Kind.FLAGS,
                                "gcc@local-ssh O2",
                                List.of("-O2", "-mfma"),
                                null,
                                "contraction",
                                null)),
                causes.causes().stream().map(RootCause::key).sorted().toList(),
                r.out());
    }
}
