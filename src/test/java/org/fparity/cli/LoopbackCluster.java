package org.fparity.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The loopback cluster ({@code runners/local-cluster/start}: an sshd and a one-node Slurm on this machine) for tests
 * that run at sites, with the shipped {@code local-ssh} and {@code local-slurm} profiles in a folder of its own. One
 * cluster serves every test class of a run that asks for it ({@link Shared}: started on first use, stopped at the end).
 * Needs root; a machine without the daemons skips the tests.
 */
final class LoopbackCluster implements AutoCloseable {
    final Path work;
    final Path base;
    final Path clusters;

    private LoopbackCluster(Path work, Path base, Path clusters) {
        this.work = work;
        this.base = base;
        this.clusters = clusters;
    }

    /** Resolves a {@code LoopbackCluster} parameter (of a {@code @BeforeAll}) with the run's one cluster. */
    static final class Shared implements ParameterResolver {
        @Override
        public boolean supportsParameter(ParameterContext p, ExtensionContext c) {
            return p.getParameter().getType() == LoopbackCluster.class;
        }

        @Override
        public Object resolveParameter(ParameterContext p, ExtensionContext c) {
            return c.getRoot()
                    .getStore(ExtensionContext.Namespace.create(LoopbackCluster.class))
                    .getOrComputeIfAbsent("cluster", k -> start(), LoopbackCluster.class);
        }
    }

    static LoopbackCluster start() {
        Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")),
                "the local cluster needs root; running as " + System.getProperty("user.name"));
        try {
            Path work = Files.createTempDirectory(
                    "fparity-sites",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
            Path base = work.resolve("cluster");
            LoopbackCluster c = new LoopbackCluster(work, base, null);
            RemoteClusterTest.Proc p = c.proc(List.of("runners/local-cluster/start", base.toString()), 180);
            Assumptions.assumeFalse(
                    p.exit() != 0 && p.err().contains("' not found ("),
                    "the local cluster cannot start here: " + p.err().strip());
            Assertions.assertEquals(
                    0, p.exit(), "the local cluster did not start: " + p.err().strip());
            Path clusters = Files.createDirectories(work.resolve("clusters"));
            for (String f : List.of("local-ssh.json", "local-slurm.json"))
                Files.copy(Path.of("runners", "clusters", f), clusters.resolve(f));
            return new LoopbackCluster(work, base, clusters);
        } catch (Exception e) {
            throw new AssertionError("the local cluster did not start: " + e, e);
        }
    }

    /** Stops the daemons the start script started, and removes the folder. */
    @Override
    public void close() {
        try {
            if (Files.exists(base.resolve("ports"))) proc(List.of("runners/local-cluster/stop", base.toString()), 120);
            try (var s = Files.walk(work)) {
                for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("cannot stop the local cluster in " + base + ": " + e, e);
        }
    }

    /** A command with the cluster's environment ({@code FPARITY_LOCAL_CLUSTER}, {@code FPARITY_CLUSTERS}). */
    RemoteClusterTest.Proc proc(List<String> argv, long seconds) throws Exception {
        return proc(argv, seconds, clusters);
    }

    /** As {@link #proc(List, long)} with another folder of cluster profiles. */
    RemoteClusterTest.Proc proc(List<String> argv, long seconds, Path profiles) throws Exception {
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        Processes.Result r = Processes.command(argv)
                .env(Map.of(
                        "FPARITY_LOCAL_CLUSTER",
                        base.toString(),
                        "FPARITY_CLUSTERS",
                        profiles == null ? "" : profiles.toString()))
                .stdout(out)
                .stderr(err)
                .timeoutSeconds(seconds)
                .run();
        if (r.timedOut())
            throw new AssertionError(argv + " did not finish in " + seconds + " s: " + Files.readString(err));
        return new RemoteClusterTest.Proc(r.exitCode(), Files.readString(out), Files.readString(err));
    }

    /** {@code fparity ARGS} in a JVM of its own, with the cluster's environment. */
    RemoteClusterTest.Proc fparity(String... args) throws Exception {
        return proc(argv(args), 900, clusters);
    }

    /** As {@link #fparity} with another folder of cluster profiles. */
    RemoteClusterTest.Proc fparityWith(Path profiles, String... args) throws Exception {
        return proc(argv(args), 900, profiles);
    }

    private static List<String> argv(String... args) {
        List<String> a = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xss8m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main"));
        a.addAll(List.of(args));
        return a;
    }

    /** A folder of descriptors holding gcc with two levels, O0 and an O2 of {@code flags}: a site's own. */
    Path gccWith(String name, List<String> flags) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        var gcc = (com.fasterxml.jackson.databind.node.ObjectNode) ProgramJson.MAPPER.readTree(
                Path.of("runners", "toolchains", "gcc.json").toFile());
        var opt = gcc.putObject("opt");
        opt.putArray("O0").add("-O0");
        flags.forEach(opt.putArray("O2")::add);
        Files.writeString(dir.resolve("gcc.json"), ProgramJson.MAPPER.writeValueAsString(gcc));
        return dir;
    }

    /**
     * A merged two-site campaign, folder {@code name}: {@code run} (a {@code fparity run} command line without
     * {@code --cluster}, {@code --toolchain-dir} and {@code --out}) once over ssh with gcc's O2 {@code sshO2} and once
     * through Slurm with {@code slurmO2} (the same toolchain name, each site's own descriptor), merged.
     */
    Path twoSites(String name, List<String> run, List<String> sshO2, List<String> slurmO2) throws Exception {
        Path merged = work.resolve(name);
        List<String> parts = new ArrayList<>(List.of("merge"));
        for (String site : List.of("local-ssh", "local-slurm")) {
            Path out = work.resolve(name + "-at-" + site);
            List<String> a = new ArrayList<>(run);
            a.addAll(List.of(
                    "--cluster",
                    site,
                    "--toolchain-dir",
                    gccWith(name + "-" + site + "-descriptors", site.equals("local-ssh") ? sshO2 : slurmO2)
                            .toString(),
                    "--out",
                    out.toString()));
            RemoteClusterTest.Proc r = fparity(a.toArray(String[]::new));
            Assertions.assertEquals(0, r.exit(), r.err());
            parts.add(out.toString());
        }
        parts.addAll(List.of("--out", merged.toString()));
        RemoteClusterTest.Proc r = fparity(parts.toArray(String[]::new));
        Assertions.assertEquals(0, r.exit(), r.err());
        return merged;
    }

    /** Regular files under {@code dir} (0 when it does not exist): what a site built or was sent. */
    static long files(Path dir) throws Exception {
        if (!Files.isDirectory(dir)) return 0;
        try (var s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).count();
        }
    }
}
