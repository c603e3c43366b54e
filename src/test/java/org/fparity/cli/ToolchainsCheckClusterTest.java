package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code toolchains --check --cluster NAME} checks emitter fidelity at a site, not here: on the loopback cluster's ssh
 * site, gcc and a toolchain whose binaries that site's node cannot run, each row named as its platform there.
 */
@Tag("tools")
@Tag("slow")
@ExtendWith(LoopbackCluster.Shared.class)
class ToolchainsCheckClusterTest {
    static LoopbackCluster cluster;

    @BeforeAll
    static void startCluster(LoopbackCluster shared) {
        cluster = shared;
    }

    @Test
    void theCheckRunsAtTheSiteOverSshAndNamesEachPlatformThere() throws Exception {
        long before = LoopbackCluster.files(cluster.base.resolve("work/ssh/cache"));
        RemoteClusterTest.Proc r = cluster.fparity(
                "toolchains",
                "--check",
                "--cluster",
                "local-ssh",
                "--toolchains",
                "gcc,java",
                "--check-programs",
                "2",
                "--check-inputs",
                "2");
        assertEquals(0, r.exit(), r.out() + r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(
                "check at local-ssh: IEEE-exact programs (2 per precision, 2 inputs each) against gcc -O0 -ffp-contract=off",
                lines.getFirst());
        // one row per toolchain named on the command line, at its contraction-off level at that site
        assertEquals(3, lines.size(), r.out());
        assertTrue(lines.get(1).matches("gcc@O0@local-ssh +ok: ([0-9]+) of \\1 runs bit-identical"), lines.get(1));
        assertTrue(lines.get(2).matches("java@O0@local-ssh +ok: ([0-9]+) of \\1 runs bit-identical"), lines.get(2));
        // the builds happened there: the ssh site's cache grew
        assertTrue(LoopbackCluster.files(cluster.base.resolve("work/ssh/cache")) > before, "nothing built over ssh");
    }

    @Test
    void aSiteThatCannotBeReachedIsOneLineAndExitThree() throws Exception {
        Path profiles = Files.createDirectories(cluster.work.resolve("unreachable-profiles"));
        Files.writeString(profiles.resolve("nowhere.json"), """
                {"name": "nowhere", "executor": "ssh", "host": "fparity-nowhere.invalid",
                 "ssh": ["-o", "BatchMode=yes", "-o", "ConnectTimeout=5"], "workdir": "/tmp/fparity-nowhere"}
                """);
        RemoteClusterTest.Proc r = cluster.fparityWith(
                profiles,
                "toolchains",
                "--check",
                "--cluster",
                "nowhere",
                "--toolchains",
                "gcc",
                "--check-programs",
                "1");
        assertEquals(3, r.exit(), r.out() + r.err());
        List<String> err = r.err()
                .lines()
                .filter(l -> l.startsWith("fparity: cluster nowhere"))
                .toList();
        assertEquals(1, err.size(), r.err());
        assertTrue(err.getFirst().contains("cannot reach it"), r.err());
    }
}
