package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ir.ProgramJson;
import org.fparity.reduce.CampaignDiscrepancies;
import org.fparity.util.Processes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A discrepancy between two sites is reduced with each side's candidates run at its own site: on the loopback cluster
 * (runners/local-cluster/start), the same toolchain name with different O2 flags in each site's descriptors (gcc
 * {@code -O2 -ffp-contract=off} over ssh, {@code -O2 -ffast-math} through Slurm), two campaigns merged, and
 * {@code reduce --discrepancy ID} builds its rounds at both sites and writes a bundle naming both.
 */
@Tag("tools")
@Tag("slow")
class SiteReduceTest {
    static Path work;
    static Path base;
    static Path clusters;

    @BeforeAll
    static void startCluster() throws Exception {
        Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")),
                "the local cluster needs root; running as " + System.getProperty("user.name"));
        work = Files.createTempDirectory(
                "fparity-site-reduce",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
        base = work.resolve("cluster");
        RemoteClusterTest.Proc p = proc(List.of("runners/local-cluster/start", base.toString()), 180);
        Assumptions.assumeFalse(
                p.exit() != 0 && p.err().contains("' not found ("),
                "the local cluster cannot start here: " + p.err().strip());
        Assertions.assertEquals(
                0, p.exit(), "the local cluster did not start: " + p.err().strip());
        clusters = Files.createDirectories(work.resolve("clusters"));
        for (String f : List.of("local-ssh.json", "local-slurm.json"))
            Files.copy(Path.of("runners", "clusters", f), clusters.resolve(f));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (base != null && Files.exists(base.resolve("ports")))
            proc(List.of("runners/local-cluster/stop", base.toString()), 120);
        if (work != null) {
            try (var s = Files.walk(work)) {
                for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
            }
        }
    }

    static RemoteClusterTest.Proc proc(List<String> argv, long seconds) throws Exception {
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Processes.Result r = Processes.command(argv)
                .env(
                        base == null
                                ? Map.of()
                                : Map.of(
                                        "FPARITY_LOCAL_CLUSTER",
                                        base.toString(),
                                        "FPARITY_CLUSTERS",
                                        clusters == null ? "" : clusters.toString()))
                .stdout(out)
                .stderr(err)
                .timeoutSeconds(seconds)
                .run();
        if (r.timedOut())
            throw new AssertionError(argv + " did not finish in " + seconds + " s: " + Files.readString(err));
        return new RemoteClusterTest.Proc(r.exitCode(), Files.readString(out), Files.readString(err));
    }

    static RemoteClusterTest.Proc fparity(String... args) throws Exception {
        List<String> a = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xss8m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main"));
        a.addAll(List.of(args));
        return proc(a, 900);
    }

    /** A folder of descriptors holding gcc whose O2 is {@code flags}: a site's own descriptors. */
    static Path gccWith(String name, List<String> flags) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        var gcc = (com.fasterxml.jackson.databind.node.ObjectNode) ProgramJson.MAPPER.readTree(
                Path.of("runners", "toolchains", "gcc.json").toFile());
        var opt = gcc.putObject("opt");
        flags.forEach(opt.putArray("O2")::add);
        Files.writeString(dir.resolve("gcc.json"), ProgramJson.MAPPER.writeValueAsString(gcc));
        return dir;
    }

    static long files(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) return 0;
        try (var s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).count();
        }
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
        Path ssh = work.resolve("at-ssh");
        Path slurm = work.resolve("at-slurm");
        List<String> a = new ArrayList<>(campaign);
        a.addAll(List.of(
                "--cluster",
                "local-ssh",
                "--toolchain-dir",
                gccWith("ssh-descriptors", List.of("-O2", "-ffp-contract=off")).toString(),
                "--out",
                ssh.toString()));
        RemoteClusterTest.Proc r = fparity(a.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        List<String> b = new ArrayList<>(campaign);
        b.addAll(List.of(
                "--cluster",
                "local-slurm",
                "--toolchain-dir",
                gccWith("slurm-descriptors", List.of("-O2", "-ffast-math")).toString(),
                "--out",
                slurm.toString()));
        r = fparity(b.toArray(String[]::new));
        assertEquals(0, r.exit(), r.err());
        Path merged = work.resolve("merged");
        r = fparity("merge", ssh.toString(), slurm.toString(), "--out", merged.toString());
        assertEquals(0, r.exit(), r.err());

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

        long sshBefore = files(base.resolve("work/ssh/cache"));
        long slurmBefore = files(base.resolve("work/slurm"));
        Path bundles = work.resolve("bundles");
        r = fparity("reduce", merged.toString(), "--discrepancy", e.id(), "--out", bundles.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains(e.id()) && r.out().contains("confirmed"), r.out());
        // the rounds were built at both sites: new builds in the ssh site's cache and new job files in the Slurm site's
        // folder
        assertTrue(files(base.resolve("work/ssh/cache")) > sshBefore, "nothing built over ssh");
        assertTrue(files(base.resolve("work/slurm")) > slurmBefore, "nothing submitted to Slurm");

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
