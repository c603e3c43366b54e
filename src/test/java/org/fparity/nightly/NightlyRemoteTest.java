package org.fparity.nightly;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.campaign.Campaign;
import org.fparity.cli.Cli.Run;
import org.fparity.exec.Outcome;
import org.fparity.util.Processes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two sites for real: site A is this machine, site B is the shipped {@code runners/clusters/local-ssh.json} profile
 * (renamed site-b) — ssh to a throwaway user through the sshd of {@code runners/local-cluster/start}, with fparity's
 * jars staged there and a remote worker running the jobs.
 */
@Tag("tools")
@Tag("slow")
class NightlyRemoteTest {
    static Path work;
    static Path base;

    @BeforeAll
    static void startCluster() throws Exception {
        Assumptions.assumeTrue(
                "root".equals(System.getProperty("user.name")),
                "the local cluster needs root (a throwaway ssh user); running as " + System.getProperty("user.name"));
        // Readable by the throwaway ssh user: its worker runs fake-cc's runner from here.
        work = Files.createTempDirectory(
                "fparity-nightly-remote",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        base = work.resolve("cluster");
        Processes.Captured p = Processes.command("runners/local-cluster/start", base.toString())
                .timeoutSeconds(180)
                .capture();
        // Skipped only for a daemon that is not installed; as root with everything there, a cluster that does not come
        // up is a failure, not a skip.
        Assumptions.assumeFalse(
                !p.ok() && p.stderr().contains("' not found ("),
                "the local cluster cannot start here: " + p.stderr().strip());
        Assertions.assertTrue(
                p.ok(), "the local cluster did not start: " + p.stderr().strip());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (base != null && Files.exists(base.resolve("ports")))
            Processes.command("runners/local-cluster/stop", base.toString())
                    .timeoutSeconds(120)
                    .capture();
        if (work != null) {
            try (var s = Files.walk(work)) {
                for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
            }
        }
    }

    /** (program, input, toolchain, opt) → status and bits at one site. */
    private static Map<String, String> bits(List<Outcome> os, String site) {
        Map<String, String> m = new TreeMap<>();
        for (Outcome o : os) {
            if (!o.site().equals(site)) continue;
            String k = o.program() + "/" + o.input() + "/" + o.toolchain() + "/" + o.opt();
            if (m.put(k, o.status() + " " + o.hex()) != null)
                throw new AssertionError("two outcomes for " + k + " at " + site);
        }
        return m;
    }

    @Test
    void siteBOverSshRunsTheSameNightAndTheMergeTellsTheSitesApart() throws IOException {
        Path tc = NightlyTest.toolchains(work, work.resolve("tonight"));
        Path clusters = Files.createDirectories(work.resolve("clusters"));
        // The shipped profile as a site keeps it, with the loopback cluster's folder written in.
        String profile = Files.readString(Path.of("runners/clusters/local-ssh.json"))
                .replace("\"name\": \"local-ssh\"", "\"name\": \"site-b\"")
                .replace("${FPARITY_LOCAL_CLUSTER}", base.toString());
        Files.writeString(clusters.resolve("site-b.json"), profile);
        Path cfg = work.resolve("nightly.json");
        Files.writeString(cfg, """
                {"seed": 42, "programs": 3, "inputs": 2, "precision": "fp64", "opt": ["O0", "O2"], "toolchains": ["gcc", "fake-cc"],
                 "toolchain_dir": "%s", "clusters": [{"name": "site-a"}, "site-b"], "clusters_dir": "clusters", "history": "history", "jobs": 1,
                 "triage": false}
                """.formatted(tc));

        Run n1 = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-20");
        assertEquals(1, n1.exit(), n1.out() + n1.err());
        Path night = work.resolve("history/2026-11-20");
        Campaign merged = Campaign.load(night.resolve("nightly-2026-11-20"));
        // Nothing lost: 3 programs × 2 inputs × 2 toolchains × 2 levels at each site, and site B's bits are site A's.
        Map<String, String> a = bits(merged.outcomes(), "site-a");
        Map<String, String> b = bits(merged.outcomes(), "site-b");
        assertEquals(24, a.size());
        assertEquals(a, b);
        assertEquals(48, merged.outcomes().size());
        Map<String, Integer> perSite = new TreeMap<>();
        for (var p : merged.platforms()) perSite.merge(p.site(), 1, Integer::sum);
        assertEquals(Map.of("site-a", 4, "site-b", 4), perSite);
        // Site B's jobs really went over ssh: its worker staged fparity's jars into the profile's workdir.
        try (var s = Files.list(base.resolve("work/ssh/jars"))) {
            assertTrue(s.count() > 0, "jars staged at site B");
        }
        String report = Files.readString(night.resolve("report/report.json"));
        assertTrue(
                java.util.regex.Pattern.compile("\"a\" : \"[^\"]+@site-a\",\n    \"b\" : \"[^\"]+@site-b\"")
                        .matcher(report)
                        .find(),
                "cross-site pairs compared: " + report);

        // An unchanged night over the same two sites: exit 0 against last night. Judged in cases ("triage": false):
        // this test is about sites and their merge; NightlyCausesTest judges nights in root causes.
        Run n2 = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-21");
        assertEquals(0, n2.exit(), n2.out() + n2.err());
        assertTrue(n2.out().contains("0 cases new against nightly-2026-11-20"), n2.out());

        // fake-cc misbehaves tonight at both sites: exit 1, and the JUnit failures are exactly its new cases.
        Files.writeString(work.resolve("tonight"), "");
        Run n3 = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-22");
        assertEquals(1, n3.exit(), n3.out() + n3.err());
        // One testcase per case (program, input): the new discrepancies at both sites are one case, fake-cc's, and it
        // fails.
        var cases = org.fparity.ir.ProgramJson.MAPPER
                .readTree(work.resolve("history/2026-11-22/night.json").toFile())
                .path("newCases");
        assertTrue(
                cases.toString().contains("fake-cc@O0@site-b")
                        && cases.toString().contains("fake-cc@O0@site-a"),
                "new at both sites: " + cases);
        String[] c = cases.get(0).asText().split("/"); // program/input/pair class; the same case at both sites
        for (var other : cases) assertTrue(other.asText().startsWith(c[0] + "/" + c[1] + "/"), "one case: " + cases);
        List<String> failed = NightlyTest.failures(work.resolve("history/2026-11-22/report/junit.xml"));
        assertEquals(List.of("nightly-2026-11-22." + c[0] + " input " + c[1]), failed);
    }
}
