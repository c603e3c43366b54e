package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.campaign.Campaign;
import org.fparity.exec.Outcome;
import org.fparity.exec.SlurmExecutor;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Processes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Campaigns over ssh and through Slurm against real daemons: runners/local-cluster/start brings up munge, slurmctld,
 * slurmd and an sshd on loopback for this class, stop takes them down. fparity runs as a separate process (as a user
 * would run it on a login node), so it can be killed with -9.
 */
@Tag("tools")
@Tag("slow")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteClusterTest {
    static Path base;
    static Path work;
    static Path clusters;
    static Map<String, String> baseline;
    /** fparity processes started in the background, killed (with their trees) when the class ends. */
    static final List<Processes.Running> STARTED = new ArrayList<>();
    static final List<String> CAMPAIGN = List.of("--programs", "12", "--inputs", "3", "--seed", "7", "--toolchains", "gcc,java", "--opt", "O0,O1,O2,O3,O3_FM",
            "--batch", "6", "--no-report");

    @BeforeAll
    static void startCluster() throws Exception {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "the local cluster needs root (slurmd, a throwaway user); running as " + System.getProperty("user.name"));
        // Readable by munge and the throwaway ssh user: daemons and logins under it must get in.
        work = Files.createTempDirectory("fparity-remote-test", java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
        base = work.resolve("cluster");
        Proc p = proc(List.of("runners/local-cluster/start", base.toString()), Map.of(), 180);
        Assumptions.assumeTrue(p.exit == 0, "the local cluster did not start: " + p.err.strip());
        clusters = work.resolve("clusters");
        Files.createDirectories(clusters);
        for (String f : List.of("local-ssh.json", "local-slurm.json")) Files.copy(Path.of("runners", "clusters", f), clusters.resolve(f));
        // An undisturbed local run: what every remote or disturbed run must equal, bit for bit.
        Proc local = fparity(work.resolve("local"), List.of());
        assertEquals(0, local.exit, local.err);
        baseline = bits(work.resolve("local"));
        assertEquals(12 * 3 * 2 * 5, baseline.size());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        STARTED.forEach(Processes.Running::close); // what a failed test left running
        if (base != null && Files.exists(base.resolve("ports"))) proc(List.of("runners/local-cluster/stop", base.toString()), Map.of(), 120);
        if (work != null) {
            try (var s = Files.walk(work)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }

    record Proc(int exit, String out, String err) {}

    static Proc proc(List<String> argv, Map<String, String> env, long seconds) throws Exception {
        Path out = Files.createTempFile(work == null ? Path.of("/tmp") : work, "out", ".txt");
        Path err = Files.createTempFile(work == null ? Path.of("/tmp") : work, "err", ".txt");
        Processes.Result r = Processes.command(argv).env(env).stdout(out).stderr(err).timeoutSeconds(seconds).run();
        if (r.timedOut()) throw new AssertionError(argv + " did not finish in " + seconds + " s: " + Files.readString(err));
        return new Proc(r.exitCode(), Files.readString(out), Files.readString(err));
    }

    /** fparity as its own process: java with this test's class path (target/classes and the dependencies). */
    static List<String> fparityArgv(Path out, List<String> extra) {
        List<String> a = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "--enable-native-access=ALL-UNNAMED", "-Xss8m",
                "-cp", System.getProperty("java.class.path"), "org.fparity.cli.Main", "run"));
        a.addAll(CAMPAIGN);
        a.addAll(List.of("--out", out.toString()));
        a.addAll(extra);
        return a;
    }

    static Map<String, String> env() {
        return Map.of("FPARITY_LOCAL_CLUSTER", base.toString(), "FPARITY_CLUSTERS", clusters.toString());
    }

    static Proc fparity(Path out, List<String> extra) throws Exception {
        return proc(fparityArgv(out, extra), env(), 900);
    }

    /** (program, input, toolchain, opt) → status and bits: the site left out, so runs at different sites compare. */
    static Map<String, String> bits(Path dir) {
        return bits(Campaign.load(dir).outcomes(), null);
    }

    static Map<String, String> bits(List<Outcome> os, String site) {
        Map<String, String> m = new TreeMap<>();
        for (Outcome o : os) {
            if (site != null && !o.site().equals(site)) continue;
            String k = o.program() + "/" + o.input() + "/" + o.toolchain() + "/" + o.opt();
            if (m.put(k, o.status() + " " + o.hex()) != null) throw new AssertionError("two outcomes for " + k + " at " + o.site());
        }
        return m;
    }

    @Test
    @Order(1)
    void theSameCampaignHereOverSshAndThroughSlurmGivesTheSameBitsWithPlatformsToldApartBySite() throws Exception {
        Path dir = work.resolve("three");
        Proc r = fparity(dir, List.of("--cluster", "local,local-ssh,local-slurm"));
        assertEquals(0, r.exit, r.err);
        Campaign c = Campaign.load(dir);
        for (String site : List.of("local", "local-ssh", "local-slurm")) assertEquals(baseline, bits(c.outcomes(), site), site);
        assertEquals(3 * baseline.size(), c.outcomes().size());
        // One platform record per toolchain × opt × site, each written from what the node detected.
        Map<String, Integer> perSite = new TreeMap<>();
        for (var p : c.platforms()) perSite.merge(p.site(), 1, Integer::sum);
        assertEquals(Map.of("local", 10, "local-ssh", 10, "local-slurm", 10), perSite);
        assertTrue(r.err.contains("[local-slurm: "), "per-cluster progress: " + r.err);
    }

    @Test
    @Order(2)
    void remoteDataIsDataEvenInAWorkFolderFullOfShellSyntax() throws Exception {
        Path marker = work.resolve("pwned");
        Path odd = base.resolve("work").resolve("we'ird \"dir\" $(touch " + marker + "); `touch " + marker + "`");
        Files.createDirectories(odd);
        proc(List.of("chown", "-R", Files.readString(base.resolve("user")).strip(), base.resolve("work").toString()), Map.of(), 30);
        Path profiles = work.resolve("odd-clusters");
        Files.createDirectories(profiles);
        String json = Files.readString(Path.of("runners", "clusters", "local-ssh.json")).replace("\"name\": \"local-ssh\"", "\"name\": \"odd\"")
                .replace("${FPARITY_LOCAL_CLUSTER}/work/ssh", ProgramJson.MAPPER.writeValueAsString(odd.toString()).replaceAll("^\"|\"$", ""));
        Files.writeString(profiles.resolve("odd.json"), json);
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        Proc r = proc(fparityArgv(work.resolve("odd"), List.of("--cluster", "odd")), env, 900);
        assertEquals(0, r.exit, r.err);
        assertEquals(baseline, bits(work.resolve("odd")));
        assertFalse(Files.exists(marker), "a path was run as a command");
        try (var s = Files.list(odd.resolve("jars"))) {
            assertTrue(s.count() > 0, "jars staged into the odd folder itself");
        }
    }

    @Test
    @Order(3)
    void killingTheSshMasterMidCampaignCostsOnlyTheLinesInFlight() throws Exception {
        Path dir = work.resolve("ssh-kill");
        Processes.Running p = background(dir, "local-ssh", "ssh-kill.log");
        long killed = waitForLinesThenKill(p, dir.resolve("outcomes.jsonl"), 20, () -> masters().forEach(ProcessHandle::destroyForcibly));
        assertTrue(killed > 0, "no ssh master to kill");
        assertTrue(p.waitFor(TimeUnit.SECONDS.toMillis(900)));
        String log = Files.readString(work.resolve("ssh-kill.log"));
        assertEquals(0, p.exitValue(), log);
        assertTrue(log.contains("connection lost"), log);
        assertEquals(baseline, bits(dir));
    }

    @Test
    @Order(4)
    void killMinus9OnTheLoginNodeThenRerunCollectsAndNoShardRunsTwice() throws Exception {
        Path dir = work.resolve("slurm-kill");
        Processes.Running p = background(dir, "local-slurm", "slurm-kill.log");
        // Killed once a job id is persisted and some outcomes are in: tasks keep running without it.
        waitForLinesThenKill(p, dir.resolve("outcomes.jsonl"), 5, () -> {
            assertTrue(state(dir).submissions().getFirst().jobId() != null, "killed before the job id was persisted");
            p.kill(); // the whole tree, like kill -9 of the login session
        });
        p.waitFor(TimeUnit.SECONDS.toMillis(60));
        SlurmExecutor.State before = state(dir);
        assertEquals(1, before.submissions().size());
        Proc r = fparity(dir, List.of("--cluster", "local-slurm"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains("collecting"), r.err);
        assertEquals(baseline, bits(dir));
        SlurmExecutor.State after = state(dir);
        assertEquals(1, after.submissions().size(), "resubmitted instead of collecting: " + after);
        // Slurm's own record (jobcomp/filetxt: one line per finished task): every shard of this campaign ran exactly once.
        Map<String, Integer> runs = taskRuns(after.submissions().getFirst().jobId());
        assertEquals(after.submissions().getFirst().shards().size(), runs.size(), runs.toString());
        runs.forEach((task, n) -> assertEquals(1, n, "task " + task + " ran " + n + " times"));
    }

    @Test
    @Order(5)
    void aTaskCancelledFromOutsideIsResubmittedAndTheCampaignCompletes() throws Exception {
        Path dir = work.resolve("slurm-scancel");
        Processes.Running p = background(dir, "local-slurm", "slurm-scancel.log");
        String id = null;
        for (int i = 0; i < 600 && id == null; i++) {
            Thread.sleep(200);
            if (Files.exists(dir.resolve("clusters/local-slurm/slurm.json"))) id = state(dir).submissions().getFirst().jobId();
        }
        assertTrue(id != null, "no job id persisted");
        Proc c = proc(List.of("scancel", id + "_0"), Map.of("SLURM_CONF", base.resolve("slurm.conf").toString()), 60);
        assertEquals(0, c.exit, c.err);
        assertTrue(p.waitFor(TimeUnit.SECONDS.toMillis(900)));
        String log = Files.readString(work.resolve("slurm-scancel.log"));
        assertEquals(0, p.exitValue(), log);
        assertEquals(baseline, bits(dir));
        SlurmExecutor.State s = state(dir);
        if (log.contains("ended CANCELLED")) assertEquals(2, s.submissions().size(), log);
    }

    @Test
    @Order(6)
    void infrastructureProblemsAreOneLineAndExit3() throws Exception {
        Path profiles = work.resolve("bad-clusters");
        Files.createDirectories(profiles);
        String ssh = Files.readString(Path.of("runners", "clusters", "local-ssh.json"));
        Files.writeString(profiles.resolve("nohost.json"), ssh.replace("\"local-ssh\"", "\"nohost\"").replace("fparity-local", "no-such-host.invalid"));
        Files.writeString(profiles.resolve("oldjdk.json"), ssh.replace("\"local-ssh\"", "\"oldjdk\"").replace("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", "java"));
        String badConf = Files.readString(base.resolve("slurm.conf")).replaceAll("AuthInfo=socket=\\S+", "AuthInfo=socket=" + base.resolve("munge/absent.socket"));
        Files.writeString(base.resolve("nomunge.conf"), badConf);
        Files.writeString(profiles.resolve("nomunge.json"), Files.readString(Path.of("runners", "clusters", "local-slurm.json"))
                .replace("\"local-slurm\"", "\"nomunge\"").replace("${FPARITY_LOCAL_CLUSTER}/slurm.conf", "${FPARITY_LOCAL_CLUSTER}/nomunge.conf"));
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        Map<String, String> expect = Map.of("nohost", "fparity: cluster nohost: cannot reach it (ssh no-such-host.invalid): ",
                "oldjdk", "fparity: cluster oldjdk: 'java' on ssh fparity-local is Java ",
                "nomunge", "fparity: cluster nomunge: Slurm does not answer: munge is down or unreachable (");
        for (var e : expect.entrySet()) {
            Proc r = proc(fparityArgv(work.resolve("bad-" + e.getKey()), List.of("--cluster", e.getKey())), env, 300);
            assertEquals(3, r.exit, r.err);
            List<String> lines = r.err.lines().filter(l -> l.startsWith("fparity: cluster")).toList();
            assertEquals(1, lines.size(), r.err);
            assertTrue(lines.getFirst().startsWith(e.getValue()), lines.getFirst());
            assertFalse(r.err.contains("Exception"), r.err);
        }
    }

    @Test
    @Order(7)
    void aToolchainTheNodeLacksIsReportedByTheNodeInItsOutcomes() throws Exception {
        Path tcs = work.resolve("toolchains");
        Files.createDirectories(tcs);
        Files.writeString(tcs.resolve("ghostcc.json"), Files.readString(Path.of("runners", "toolchains", "gcc.json"))
                .replace("\"name\": \"gcc\"", "\"name\": \"ghostcc\"").replace("[\"gcc\",", "[\"ghostcc-not-installed\","));
        Path dir = work.resolve("ghost");
        List<String> argv = new ArrayList<>(fparityArgv(dir, List.of("--cluster", "local-ssh", "--toolchain-dir", tcs.toString())));
        argv.set(argv.indexOf("gcc,java"), "ghostcc");
        Proc r = proc(argv, env(), 600);
        assertEquals(0, r.exit, r.err);
        List<Outcome> os = Campaign.load(dir).outcomes();
        assertEquals(12 * 3 * 5, os.size());
        for (Outcome o : os) {
            assertEquals(Outcome.Status.COMPILE_ERROR, o.status());
            assertEquals("compiler 'ghostcc-not-installed' not found on PATH", o.detail());
            assertEquals("local-ssh", o.site());
        }
        // The platform record is the node's: its facts were collected there (as the throwaway user's worker saw them).
        assertTrue(Campaign.load(dir).platforms().stream().allMatch(p -> p.version().startsWith("(not found: compiler 'ghostcc-not-installed'")));
    }

    @Test
    @Order(8)
    void slurmdAndSshdStoppedAndRestartedMidCampaignLoseNothing() throws Exception {
        Path dir = work.resolve("slurmd-restart");
        Processes.Running p = background(dir, "local-slurm", "slurmd-restart.log");
        waitForLinesThenKill(p, dir.resolve("outcomes.jsonl"), 5, () -> stopDaemon("slurmd.pid"));
        Thread.sleep(3000);
        Proc up = proc(List.of("slurmd", "-f", base.resolve("slurm.conf").toString(), "-N", "node0"), Map.of("SLURM_CONF", base.resolve("slurm.conf").toString()), 60);
        assertEquals(0, up.exit, up.err);
        assertTrue(p.waitFor(TimeUnit.SECONDS.toMillis(900)));
        assertEquals(0, p.exitValue(), Files.readString(work.resolve("slurmd-restart.log")));
        assertEquals(baseline, bits(dir));

        Path dir2 = work.resolve("sshd-restart");
        Processes.Running q = background(dir2, "local-ssh", "sshd-restart.log");
        waitForLinesThenKill(q, dir2.resolve("outcomes.jsonl"), 5, () -> stopDaemon("ssh/sshd.pid"));
        Thread.sleep(3000);
        Proc sshd = proc(List.of("/usr/sbin/sshd", "-f", base.resolve("ssh/sshd_config").toString(), "-E", base.resolve("ssh/sshd.log").toString()), Map.of(), 60);
        assertEquals(0, sshd.exit, sshd.err);
        assertTrue(q.waitFor(TimeUnit.SECONDS.toMillis(900)));
        assertEquals(0, q.exitValue(), Files.readString(work.resolve("sshd-restart.log")));
        assertEquals(baseline, bits(dir2));
    }

    @Test
    @Order(9)
    void aTaskKilledByItsTimeLimitEndsAsTimeoutOutcomes() throws Exception {
        // Every run sleeps past the task's one-minute limit; with no resubmission the runs are recorded as TIMEOUT.
        Path tcs = work.resolve("slow-toolchains");
        Files.createDirectories(tcs);
        Files.writeString(tcs.resolve("slowgcc.json"), Files.readString(Path.of("runners", "toolchains", "gcc.json"))
                .replace("\"name\": \"gcc\"", "\"name\": \"slowgcc\"").replaceFirst("\"run\": \\[\"\\{bin}\"]",
                        "\"run\": [\"sh\", \"-c\", \"sleep 300; exec \\\\\"\\$0\\\\\"\", \"{bin}\"], \"runTimeoutSeconds\": 900, \"startupTimeoutSeconds\": 900"));
        Path profiles = work.resolve("timeout-clusters");
        Files.createDirectories(profiles);
        Files.writeString(profiles.resolve("short.json"), Files.readString(Path.of("runners", "clusters", "local-slurm.json"))
                .replace("\"local-slurm\"", "\"short\"").replace("\"0:30:00\"", "\"1\"").replace("\"resubmits\": 2", "\"resubmits\": 0"));
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        Path dir = work.resolve("timeout");
        List<String> argv = new ArrayList<>(fparityArgv(dir, List.of("--cluster", "short", "--toolchain-dir", tcs.toString())));
        argv.set(argv.indexOf("gcc,java"), "slowgcc");
        argv.set(argv.indexOf("O0,O1,O2,O3,O3_FM"), "O0");
        argv.set(argv.indexOf("12"), "2");
        Proc r = proc(argv, env, 900);
        assertEquals(0, r.exit, r.err);
        List<Outcome> os = Campaign.load(dir).outcomes();
        assertEquals(2 * 3, os.size(), r.err);
        for (Outcome o : os) {
            assertEquals(Outcome.Status.TIMEOUT, o.status(), o.toString());
            assertTrue(o.detail().startsWith("slurm: task ended TIMEOUT in 1 attempts"), o.detail());
        }
    }

    /** Stops one of the daemons this class started, by its pid file. */
    static void stopDaemon(String pidFile) {
        try {
            long pid = Long.parseLong(Files.readString(base.resolve(pidFile)).strip());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            for (int i = 0; i < 50 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false); i++) Thread.sleep(100);
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** fparity in the background, its output in {@code log} under the work folder. */
    static Processes.Running background(Path dir, String cluster, String log) throws IOException {
        Processes.Running p = Processes.command(fparityArgv(dir, List.of("--cluster", cluster))).env(env()).stdin(Path.of("/dev/null"))
                .output(work.resolve(log)).timeoutSeconds(1800).start();
        STARTED.add(p);
        return p;
    }

    static SlurmExecutor.State state(Path dir) {
        try {
            return ProgramJson.MAPPER.readValue(Files.readString(dir.resolve("clusters/local-slurm/slurm.json")), SlurmExecutor.State.class);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Finished tasks of one array job by task id, counted from jobcomp/filetxt's log. */
    static Map<String, Integer> taskRuns(String arrayJobId) throws IOException {
        Map<String, Integer> m = new TreeMap<>();
        Pattern p = Pattern.compile("ArrayJobId=" + arrayJobId + " ArrayTaskId=(\\d+)");
        for (String l : Files.readAllLines(base.resolve("log/jobcomp.txt"), StandardCharsets.UTF_8)) {
            Matcher x = p.matcher(l);
            if (x.find()) m.merge(x.group(1), 1, Integer::sum);
        }
        return m;
    }

    /** The ssh control masters fparity started (their command line names our control folders). */
    static List<ProcessHandle> masters() {
        // ssh retitles its master "ssh: <control path> [mux]"; ProcessHandle cannot parse that, /proc can.
        return ProcessHandle.allProcesses().filter(h -> {
            try {
                String c = Files.readString(Path.of("/proc", Long.toString(h.pid()), "cmdline"));
                return c.startsWith("ssh: /tmp/fpssh") && c.contains("[mux]");
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }).toList();
    }

    /** Waits until the outcome log has {@code n} lines, then kills; returns how many masters there were (or 1). */
    static long waitForLinesThenKill(Processes.Running p, Path outcomes, int n, Runnable kill) throws Exception {
        for (int i = 0; i < 3000; i++) {
            if (!p.isAlive()) throw new AssertionError("finished before it could be disturbed");
            if (Files.exists(outcomes) && Files.readAllLines(outcomes).size() >= n) {
                long k = masters().size();
                kill.run();
                return k;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no outcomes appeared");
    }
}
