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
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Campaigns over ssh and through Slurm against real daemons: the run's one loopback cluster ({@link LoopbackCluster}:
 * munge, slurmctld, slurmd and an sshd that runners/local-cluster/start brings up, shared with the other classes that
 * run at sites, each test that stops a daemon starting it again). fparity runs as a separate process (as a user would
 * run it on a login node), so it can be killed with -9.
 */
@Tag("tools")
@Tag("slow")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@ExtendWith(LoopbackCluster.Shared.class)
class RemoteClusterTest {
    static Path base;
    static Path work;
    static Path clusters;
    static Map<String, String> baseline;
    /** fparity processes started in the background, killed (with their trees) when the class ends. */
    static final List<Processes.Running> STARTED = new ArrayList<>();
    /**
     * The campaign of the fault tests. Without reruns: they count submissions and how often each run was written, and the
     * stability reruns (more submissions, the same runs again, on purpose) are exercised by the three-site campaign.
     */
    static final List<String> CAMPAIGN = List.of(
            "--programs",
            "12",
            "--inputs",
            "3",
            "--seed",
            "7",
            "--toolchains",
            "gcc,java",
            "--opt",
            "O0,O1,O2,O3,O3_FM",
            "--batch",
            "6",
            "--no-report",
            "--reruns",
            "0");

    /**
     * The run's loopback cluster (started on first use: skipped only for a daemon that is not installed; as root with
     * everything there, a cluster that does not come up is a failure) and a work folder of this class's own in it.
     */
    @BeforeAll
    static void startCluster(LoopbackCluster shared) throws Exception {
        // Readable by munge and the throwaway ssh user: daemons and logins under it must get in.
        work = Files.createTempDirectory(
                shared.work,
                "remote-test",
                java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                        java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x")));
        base = shared.base;
        clusters = shared.clusters;
        // An undisturbed local run: what every remote or disturbed run must equal, bit for bit.
        Proc local = fparity(work.resolve("local"), List.of());
        assertEquals(0, local.exit, local.err);
        baseline = bits(work.resolve("local"));
        assertEquals(12 * 3 * 2 * 5, baseline.size());
    }

    /** What a failed test left running, and this class's folder; the cluster stops when the run ends. */
    @AfterAll
    static void cleanUp() throws Exception {
        STARTED.forEach(Processes.Running::close);
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
        Processes.Result r = Processes.command(argv)
                .env(env)
                .stdout(out)
                .stderr(err)
                .timeoutSeconds(seconds)
                .run();
        if (r.timedOut())
            throw new AssertionError(argv + " did not finish in " + seconds + " s: " + Files.readString(err));
        return new Proc(r.exitCode(), Files.readString(out), Files.readString(err));
    }

    /** fparity as its own process: java with this test's class path (target/classes and the dependencies). */
    static List<String> fparityArgv(Path out, List<String> extra) {
        List<String> a = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xss8m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main",
                "run"));
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

    /** The blobs in a site's program store ({@code ssh}, {@code slurm}: its work folder in the shared cluster). */
    static java.util.Set<String> blobs(String site) throws IOException {
        Path store = base.resolve("work").resolve(site).resolve("programs");
        if (!Files.isDirectory(store)) return java.util.Set.of();
        try (var s = Files.list(store)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(org.fparity.exec.ProgramBlobs::isKey)
                    .collect(java.util.stream.Collectors.toSet());
        }
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
            if (m.put(k, o.status() + " " + o.hex()) != null)
                throw new AssertionError("two outcomes for " + k + " at " + o.site());
        }
        return m;
    }

    /**
     * The issue's campaign: 200 programs × 3 inputs, gcc + java + pocl at every opt level, generated once and run in one
     * fparity process at three sites side by side (this machine, ssh to localhost, loopback Slurm). Every
     * (program, input, toolchain, opt) must end with the same status and bits at each site, and the platforms must be
     * told apart by site (15 per site, 45 in all).
     */
    @Test
    @Order(1)
    void theSameCampaignHereOverSshAndThroughSlurmGivesTheSameBitsWithPlatformsToldApartBySite() throws Exception {
        Path dir = work.resolve("three");
        List<String> argv = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xss8m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main",
                "run",
                "--programs",
                "200",
                "--inputs",
                "3",
                "--seed",
                "7",
                "--toolchains",
                "gcc,java,pocl",
                "--no-report",
                "--out",
                dir.toString(),
                "--cluster",
                "local,local-ssh,local-slurm"));
        // the sites' stores are the shared cluster's: other classes' programs may be there already
        Map<String, java.util.Set<String>> before = new HashMap<>();
        for (String site : List.of("ssh", "slurm")) before.put(site, blobs(site));
        Proc r = proc(argv, env(), 3600);
        assertEquals(0, r.exit, r.err);
        // Each program reached each site's program store once: 200 new blobs there, sent in one go (the stability
        // rerun at the same site sent none again), and the Slurm shards name programs by key, carrying no program text.
        for (String site : List.of("ssh", "slurm")) {
            java.util.Set<String> added = new java.util.HashSet<>(blobs(site));
            assertTrue(added.containsAll(before.get(site)), site + "'s program store lost blobs");
            added.removeAll(before.get(site));
            assertEquals(200, added.size(), site + "'s program store");
        }
        assertEquals(1, r.err.split("local-ssh: staged 200 of 200 programs", -1).length - 1, r.err);
        assertEquals(1, r.err.split("local-slurm: wrote 200 of 200 programs", -1).length - 1, r.err);
        assertEquals(
                1, r.err.split(" programs in ", -1).length - 1, "programs staged over ssh more than once: " + r.err);
        try (var s = Files.list(dir.resolve("clusters/local-slurm/shards"))) {
            for (Path shard : s.filter(p -> p.toString().endsWith(".jobs")).toList()) {
                String text = Files.readString(shard);
                assertTrue(text.contains("\"stored\":[["), shard + " names its programs by key");
                assertFalse(text.contains("\"source\""), shard + " carries program text");
            }
        }
        Campaign c = Campaign.load(dir);
        Map<String, String> here = new TreeMap<>(bits(c.outcomes(), "local"));
        assertEquals(200 * 3 * 3 * 5, here.size());
        // the cases that disagree were rerun for stability, each at the site that ran it
        assertEquals(2, c.reruns().size());
        java.util.Set<String> rerunAt = new java.util.TreeSet<>();
        for (org.fparity.exec.Outcome o : c.reruns().getFirst()) rerunAt.add(o.site());
        assertEquals(java.util.Set.of("local", "local-ssh", "local-slurm"), rerunAt);
        Map<String, String> ssh = bits(c.outcomes(), "local-ssh");
        Map<String, String> slurm = bits(c.outcomes(), "local-slurm");
        // A run whose bits differ between sites must be shown to differ between repeats on this machine alone (a
        // program the toolchain leaves undefined, e.g. reading an uninitialised value): only those are set aside.
        java.util.Set<String> differ = new java.util.TreeSet<>();
        for (String k : here.keySet())
            if (!here.get(k).equals(ssh.get(k)) || !here.get(k).equals(slurm.get(k))) differ.add(k);
        java.util.Set<String> unstable = unstableHere(dir, differ);
        assertEquals(differ, unstable, "runs that differ between sites although repeats here agree");
        assertTrue(unstable.size() * 100 < here.size(), "more than 1 % of the runs are unstable: " + unstable);
        if (!unstable.isEmpty())
            System.err.println("RemoteClusterTest: unstable at every site, set aside: " + unstable);
        for (Map<String, String> m : List.of(here, ssh, slurm)) m.keySet().removeAll(unstable);
        assertEquals(here, ssh, "ssh");
        assertEquals(here, slurm, "slurm");
        assertEquals(3 * 200 * 3 * 3 * 5, c.outcomes().size());
        // Equal because they ran, not because all three failed alike: every toolchain × opt has runs that gave bits.
        Map<String, Integer> ok = new TreeMap<>();
        for (var e : here.entrySet())
            if (e.getValue().startsWith("OK ")) ok.merge(e.getKey().replaceFirst("^[^/]+/[^/]+/", ""), 1, Integer::sum);
        assertEquals(15, ok.size(), "toolchain/opt pairs with OK runs: " + ok);
        // One platform record per toolchain × opt × site, each written from what the node detected.
        Map<String, Integer> perSite = new TreeMap<>();
        for (var p : c.platforms()) perSite.merge(p.site(), 1, Integer::sum);
        assertEquals(Map.of("local", 15, "local-ssh", 15, "local-slurm", 15), perSite);
        assertEquals(
                45, c.platforms().stream().map(p -> p.id()).distinct().count(), "platform ids must differ by site");
        assertTrue(r.err.contains("[local-slurm: "), "per-cluster progress: " + r.err);
    }

    /**
     * Values that are shell syntax reach the other side as data on both remote paths: the work folder (ssh and Slurm:
     * staging, the batch script's variables, sbatch's options) and a toolchain flag (inside the job documents, then the
     * node's compiler argv) hold spaces, both quotes, {@code $()}, backquotes and {@code ;}, each of which would touch a
     * marker file if any shell ever read it as code. The runs give the baseline's bits, and the compiler got the flag
     * as one argument.
     */
    @Test
    @Order(2)
    void remoteDataIsDataOverSshAndThroughSlurm() throws Exception {
        Path marker = work.resolve("pwned");
        String evil = "we'ird \"dir\" $(touch " + marker + "); `touch " + marker + "`; touch " + marker + " ;";
        Path odd = base.resolve("work").resolve(evil);
        Files.createDirectories(odd.resolve("ssh"));
        Files.createDirectories(odd.resolve("slurm"));
        proc(
                List.of(
                        "chown",
                        "-R",
                        Files.readString(base.resolve("user")).strip(),
                        base.resolve("work").toString()),
                Map.of(),
                30);
        Path profiles = work.resolve("odd-clusters");
        Files.createDirectories(profiles);
        String json = ProgramJson.MAPPER.writeValueAsString(odd.toString()).replaceAll("^\"|\"$", "");
        Files.writeString(
                profiles.resolve("odd-ssh.json"),
                Files.readString(Path.of("runners", "clusters", "local-ssh.json"))
                        .replace("\"name\": \"local-ssh\"", "\"name\": \"odd-ssh\"")
                        .replace("${FPARITY_LOCAL_CLUSTER}/work/ssh", json + "/ssh"));
        Files.writeString(
                profiles.resolve("odd-slurm.json"),
                Files.readString(Path.of("runners", "clusters", "local-slurm.json"))
                        .replace("\"name\": \"local-slurm\"", "\"name\": \"odd-slurm\"")
                        .replace("${FPARITY_LOCAL_CLUSTER}/work/slurm", json + "/slurm"));
        // gcc with one more flag that changes nothing (an include folder that does not exist) but is all shell syntax.
        Path tcs = work.resolve("odd-toolchains");
        Files.createDirectories(tcs);
        String flag = "-iquote" + evil;
        Files.writeString(
                tcs.resolve("oddgcc.json"),
                Files.readString(Path.of("runners", "toolchains", "gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"oddgcc\"")
                        .replace(
                                "[\"gcc\", \"{opt}\"",
                                "[\"gcc\", " + ProgramJson.MAPPER.writeValueAsString(flag) + ", \"{opt}\""));
        Files.copy(Path.of("runners", "toolchains", "java.json"), tcs.resolve("java.json"));
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        Path dir = work.resolve("odd");
        List<String> argv = new ArrayList<>(
                fparityArgv(dir, List.of("--cluster", "odd-ssh,odd-slurm", "--toolchain-dir", tcs.toString())));
        argv.set(argv.indexOf("gcc,java"), "oddgcc,java");
        Proc r = proc(argv, env, 900);
        assertEquals(0, r.exit, r.err);
        Campaign c = Campaign.load(dir);
        for (String site : List.of("odd-ssh", "odd-slurm")) {
            Map<String, String> got = new TreeMap<>();
            bits(c.outcomes(), site).forEach((k, v) -> got.put(k.replace("/oddgcc/", "/gcc/"), v));
            assertEquals(baseline, got, site);
        }
        assertFalse(Files.exists(marker), "a value was run as a command");
        for (var p : c.platforms()) {
            if (p.toolchain().equals("oddgcc"))
                assertTrue(
                        p.compile().contains(flag),
                        "the platform record keeps the flag as one argument: " + p.compile());
        }
        for (String sub : List.of("ssh", "slurm")) {
            try (var st = Files.list(odd.resolve(sub).resolve("jars"))) {
                assertTrue(st.count() > 0, "jars staged into the odd folder itself (" + sub + ")");
            }
        }
        try (var st = Files.list(odd.resolve("slurm").resolve("out"))) {
            assertTrue(st.count() > 0, "Slurm tasks wrote their outcomes into the odd folder");
        }
    }

    @Test
    @Order(3)
    void killingTheSshMasterMidCampaignCostsOnlyTheLinesInFlight() throws Exception {
        Path dir = work.resolve("ssh-kill");
        Processes.Running p = background(dir, "local-ssh", "ssh-kill.log");
        long killed = waitForLinesThenKill(
                p, dir.resolve("outcomes.jsonl"), 20, () -> masters().forEach(ProcessHandle::destroyForcibly));
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
        // Slurm's own record (jobcomp/filetxt: one line per finished task): every shard of this campaign ran exactly
        // once.
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
            if (Files.exists(dir.resolve("clusters/local-slurm/slurm.json")))
                id = state(dir).submissions().getFirst().jobId();
        }
        assertTrue(id != null, "no job id persisted");
        Proc c = proc(
                List.of("scancel", id + "_0"),
                Map.of("SLURM_CONF", base.resolve("slurm.conf").toString()),
                60);
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
        Files.writeString(
                profiles.resolve("nohost.json"),
                ssh.replace("\"local-ssh\"", "\"nohost\"").replace("fparity-local", "no-such-host.invalid"));
        // A node of another platform with only an old java: fparity's runtime (Linux x86_64) cannot go there either.
        Path arm = Files.createDirectories(work.resolve("arm-bin"));
        Files.writeString(arm.resolve("uname"), "#!/bin/sh\necho Linux aarch64\n");
        assertTrue(arm.resolve("uname").toFile().setExecutable(true, false));
        Files.writeString(
                profiles.resolve("armnode.json"),
                ssh.replace("\"local-ssh\"", "\"armnode\"")
                        .replace(
                                "\"/usr/lib/jvm/temurin-25-jdk-amd64/bin/java\"",
                                "\"java\", \"setup\": [\"export PATH=" + arm + ":$PATH\"]"));
        String badConf = Files.readString(base.resolve("slurm.conf"))
                .replaceAll("AuthInfo=socket=\\S+", "AuthInfo=socket=" + base.resolve("munge/absent.socket"));
        Files.writeString(base.resolve("nomunge.conf"), badConf);
        Files.writeString(
                profiles.resolve("nomunge.json"),
                Files.readString(Path.of("runners", "clusters", "local-slurm.json"))
                        .replace("\"local-slurm\"", "\"nomunge\"")
                        .replace("${FPARITY_LOCAL_CLUSTER}/slurm.conf", "${FPARITY_LOCAL_CLUSTER}/nomunge.conf"));
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        Map<String, String> expect = Map.of(
                "nohost",
                "fparity: cluster nohost: cannot reach it (ssh no-such-host.invalid): ",
                "armnode",
                "fparity: cluster armnode: 'java' is Java 17 on ssh fparity-local, and fparity's own runtime is for Linux x86_64 but that node is "
                        + "Linux aarch64: install a JDK >= 25 there and set \"java\" in its profile",
                "nomunge",
                "fparity: cluster nomunge: Slurm does not answer: munge is down or unreachable (");
        for (var e : expect.entrySet()) {
            Proc r = proc(fparityArgv(work.resolve("bad-" + e.getKey()), List.of("--cluster", e.getKey())), env, 300);
            assertEquals(3, r.exit, r.err);
            List<String> lines =
                    r.err.lines().filter(l -> l.startsWith("fparity: cluster")).toList();
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
        Files.writeString(
                tcs.resolve("ghostcc.json"),
                Files.readString(Path.of("runners", "toolchains", "gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"ghostcc\"")
                        .replace("[\"gcc\",", "[\"ghostcc-not-installed\","));
        Path dir = work.resolve("ghost");
        List<String> argv =
                new ArrayList<>(fparityArgv(dir, List.of("--cluster", "local-ssh", "--toolchain-dir", tcs.toString())));
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
        assertTrue(Campaign.load(dir).platforms().stream()
                .allMatch(p -> p.version().startsWith("(not found: compiler 'ghostcc-not-installed'")));
    }

    /**
     * slurmd stopped with the node's tasks lost (their slurmstepd and everything under it killed, as when a node goes
     * down): Slurm marks the node down and the tasks NODE_FAIL, slurmd comes back, fparity resubmits only what those
     * tasks had not delivered. Evidence from Slurm's own record and the tasks' files, not just the final outcomes.
     */
    @Test
    @Order(8)
    void slurmdStoppedWithItsTasksLostResubmitsOnlyTheUndeliveredRunsAndNothingRunsTwice() throws Exception {
        Path dir = work.resolve("slurmd-restart");
        Processes.Running p = background(dir, "local-slurm", "slurmd-restart.log");
        // Watched in the tasks' own files, not in outcomes.jsonl: fparity collects those only every pollSeconds, and
        // on a fast machine every task had finished by the time five lines were collected (no task left to lose).
        int lost = waitForTaskLinesThenLoseTheNode(p, dir, 5);
        String first = state(dir).submissions().getFirst().jobId();
        try {
            // Slurm notices the node is gone after SlurmdTimeout (30 s here) and ends its tasks as NODE_FAIL.
            for (int i = 0; i < 240 && !taskStates(first).containsValue("NODE_FAIL"); i++) Thread.sleep(500);
        } finally {
            Proc up = proc(
                    List.of("slurmd", "-f", base.resolve("slurm.conf").toString(), "-N", "node0"),
                    Map.of("SLURM_CONF", base.resolve("slurm.conf").toString()),
                    60);
            assertEquals(0, up.exit, up.err);
        }
        assertTrue(lost > 0, "no running task to lose");
        assertTrue(
                taskStates(first).containsValue("NODE_FAIL"),
                "Slurm never failed the lost tasks: " + taskStates(first));
        assertTrue(p.waitFor(TimeUnit.SECONDS.toMillis(900)));
        String log = Files.readString(work.resolve("slurmd-restart.log"));
        assertEquals(0, p.exitValue(), log);
        assertTrue(log.contains("ended NODE_FAIL"), log);
        assertEquals(baseline, bits(dir));
        SlurmExecutor.State s = state(dir);
        assertTrue(s.submissions().size() >= 2, "nothing was resubmitted: " + s);
        for (var sub : s.submissions().subList(1, s.submissions().size())) {
            taskRuns(sub.jobId())
                    .forEach((task, n) -> assertEquals(
                            1, n, "resubmitted task " + sub.jobId() + "_" + task + " ran " + n + " times"));
        }
        // Every run was written by exactly one task: the lost tasks' delivered runs were not sent again.
        Map<String, Integer> written = new TreeMap<>();
        for (var sub : s.submissions()) {
            for (int i : sub.shards()) {
                Path f = base.resolve("work/slurm/out").resolve(sub.tag() + "-" + i + ".jsonl");
                if (!Files.exists(f)) continue;
                var reader = new org.fparity.exec.WorkerLine.Reader();
                for (String l : Files.readAllLines(f)) {
                    if (reader.parse(l) instanceof org.fparity.exec.WorkerLine.Result res)
                        written.merge(res.outcome().key(), 1, Integer::sum);
                }
            }
        }
        assertEquals(baseline.size(), written.size());
        written.forEach((k, n) -> assertEquals(1, n, k + " written " + n + " times"));
    }

    /**
     * sshd stopped with every session it carried (the master connection and the remote worker under it), then started
     * again: fparity must notice, back off while nothing answers, open a new master connection and send only the runs
     * in flight again.
     */
    @Test
    @Order(8)
    void sshdStoppedWithItsSessionsAndRestartedForcesANewMasterConnection() throws Exception {
        Path dir = work.resolve("sshd-restart");
        Processes.Running q = background(dir, "local-ssh", "sshd-restart.log");
        List<Long> before = new ArrayList<>();
        int[] sessions = {0};
        waitForLinesThenKill(q, dir.resolve("outcomes.jsonl"), 5, () -> {
            masters().forEach(h -> before.add(h.pid()));
            sessions[0] = stopSshdWithItsSessions();
        });
        Thread.sleep(3000);
        Proc sshd = proc(
                List.of(
                        "/usr/sbin/sshd",
                        "-f",
                        base.resolve("ssh/sshd_config").toString(),
                        "-E",
                        base.resolve("ssh/sshd.log").toString()),
                Map.of(),
                60);
        assertEquals(0, sshd.exit, sshd.err);
        assertTrue(sessions[0] > 0, "sshd carried no session to drop");
        assertFalse(before.isEmpty(), "no master connection before the restart");
        long fresh = -1;
        for (int i = 0; i < 6000 && fresh < 0 && q.isAlive(); i++) {
            fresh = masters().stream()
                    .mapToLong(ProcessHandle::pid)
                    .filter(pid -> !before.contains(pid))
                    .findFirst()
                    .orElse(-1);
            if (fresh < 0) Thread.sleep(50);
        }
        assertTrue(q.waitFor(TimeUnit.SECONDS.toMillis(900)));
        String log = Files.readString(work.resolve("sshd-restart.log"));
        assertEquals(0, q.exitValue(), log);
        assertTrue(fresh > 0, "no new master connection was opened: " + log);
        assertTrue(log.contains("connection lost"), log);
        assertEquals(baseline, bits(dir));
    }

    @Test
    @Order(9)
    void aTaskKilledByItsTimeLimitEndsAsTimeoutOutcomes() throws Exception {
        // Every run sleeps past the task's one-minute limit; with no resubmission the runs are recorded as TIMEOUT.
        Path tcs = work.resolve("slow-toolchains");
        Files.createDirectories(tcs);
        Files.writeString(
                tcs.resolve("slowgcc.json"),
                Files.readString(Path.of("runners", "toolchains", "gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"slowgcc\"")
                        .replaceFirst(
                                "\"run\": \\[\"\\{bin}\"]",
                                "\"run\": [\"sh\", \"-c\", \"sleep 300; exec \\\\\"\\$0\\\\\"\", \"{bin}\"], \"runTimeoutSeconds\": 900, \"startupTimeoutSeconds\": 900"));
        Path profiles = work.resolve("timeout-clusters");
        Files.createDirectories(profiles);
        Files.writeString(
                profiles.resolve("short.json"),
                Files.readString(Path.of("runners", "clusters", "local-slurm.json"))
                        .replace("\"local-slurm\"", "\"short\"")
                        .replace("\"0:30:00\"", "\"1\"")
                        .replace("\"resubmits\": 2", "\"resubmits\": 0"));
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        Path dir = work.resolve("timeout");
        List<String> argv =
                new ArrayList<>(fparityArgv(dir, List.of("--cluster", "short", "--toolchain-dir", tcs.toString())));
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

    /**
     * Ctrl-C (SIGINT) and SIGTERM to fparity on the login node cancel the campaign's Slurm jobs (scancel from its
     * shutdown hook): nothing of it is left in the queue, Slurm records the tasks CANCELLED, and a rerun completes.
     */
    @Test
    @Order(10)
    void ctrlCAndSigtermCancelTheCampaignsJobsAndARerunCompletes() throws Exception {
        Map<String, String> slurm =
                Map.of("SLURM_CONF", base.resolve("slurm.conf").toString());
        Proc env = proc(List.of("env", "--default-signal=INT,TERM", "true"), Map.of(), 30);
        Assumptions.assumeTrue(
                env.exit == 0,
                "env cannot reset signal dispositions here (GNU coreutils >= 8.31 needed): " + env.err.strip());
        for (String sig : List.of("INT", "TERM")) {
            Path dir = work.resolve("signal-" + sig);
            // A shell without job control starts background commands with SIGINT ignored, and the JVM keeps an ignored
            // SIGINT ignored (no shutdown hook runs): a test JVM started that way (CI in the background) would hand it
            // on
            // to fparity. A user's Ctrl-C reaches a foreground fparity, so the test restores the default first.
            List<String> argv = new ArrayList<>(List.of("env", "--default-signal=INT,TERM"));
            argv.addAll(fparityArgv(dir, List.of("--cluster", "local-slurm")));
            Processes.Running p = Processes.command(argv)
                    .env(env())
                    .stdin(Path.of("/dev/null"))
                    .output(work.resolve("signal-" + sig + ".log"))
                    .timeoutSeconds(1800)
                    .start();
            STARTED.add(p);
            String id = waitForJobId(dir, p); // by now the process is fparity's JVM, past env's exec
            String ignored = Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status")).stream()
                    .filter(l -> l.startsWith("SigIgn:"))
                    .findFirst()
                    .orElseThrow()
                    .substring(7)
                    .strip();
            assertEquals(
                    0,
                    Long.parseLong(ignored, 16) & ((1L << 1) | (1L << 14)),
                    "fparity started with SIGINT or SIGTERM ignored (SigIgn " + ignored + ")");
            boolean running = false;
            for (int i = 0; i < 600 && !running; i++) {
                Thread.sleep(100);
                running = !proc(List.of("squeue", "-h", "-j", id, "-t", "RUNNING"), slurm, 60)
                        .out
                        .isBlank();
            }
            assertTrue(running, "no task of " + id + " started");
            Proc k = proc(List.of("kill", "-" + sig, Long.toString(p.pid())), Map.of(), 30);
            assertEquals(0, k.exit, k.err);
            assertTrue(p.waitFor(TimeUnit.SECONDS.toMillis(120)), "fparity did not stop on SIG" + sig);
            String log = Files.readString(work.resolve("signal-" + sig + ".log"));
            assertTrue(log.contains("cancelled job " + id), log);
            String queued = "?";
            for (int i = 0; i < 120 && !queued.isBlank(); i++) {
                queued = proc(List.of("squeue", "-h", "-r", "-j", id), slurm, 60).out;
                if (!queued.isBlank()) Thread.sleep(500);
            }
            assertEquals("", queued.strip(), "tasks of " + id + " still queued after SIG" + sig);
            assertTrue(
                    taskStates(id).containsValue("CANCELLED"), "Slurm recorded no cancelled task: " + taskStates(id));
            Proc r = fparity(dir, List.of("--cluster", "local-slurm"));
            assertEquals(0, r.exit, r.err);
            assertEquals(baseline, bits(dir));
        }
    }

    /**
     * The window between sbatch and persisting its job id: the submission (whose tag is the job's name) is persisted
     * before sbatch, so a process killed inside the window leaves a submission without an id. The rerun finds the
     * job by its name in the queue and collects it instead of submitting again. Reproduced by killing fparity while
     * its tasks run and taking the id out of its state, which is exactly what a kill inside the window leaves.
     */
    @Test
    @Order(11)
    void aJobIdLostBetweenSbatchAndPersistingItIsFoundByNameOnRerun() throws Exception {
        Path dir = work.resolve("lost-id");
        Processes.Running p = background(dir, "local-slurm", "lost-id.log");
        String id = waitForJobId(dir, p);
        p.kill();
        p.waitFor(TimeUnit.SECONDS.toMillis(60));
        Path f = dir.resolve("clusters/local-slurm/slurm.json");
        SlurmExecutor.State s = state(dir);
        var sub = s.submissions().getFirst();
        Files.writeString(
                f,
                ProgramJson.MAPPER.writeValueAsString(new SlurmExecutor.State(List.of(
                        new SlurmExecutor.Submission(sub.tag(), null, sub.attempt(), sub.shards(), sub.finished())))));
        Proc r = fparity(dir, List.of("--cluster", "local-slurm"));
        assertEquals(0, r.exit, r.err);
        assertTrue(r.err.contains("collecting"), r.err);
        assertEquals(baseline, bits(dir));
        SlurmExecutor.State after = state(dir);
        assertEquals(1, after.submissions().size(), "submitted again instead of finding the job: " + after);
        assertEquals(id, after.submissions().getFirst().jobId());
        Map<String, Integer> runs = taskRuns(id);
        assertEquals(sub.shards().size(), runs.size(), runs.toString());
        runs.forEach((task, n) -> assertEquals(1, n, "task " + task + " ran " + n + " times"));
    }

    /** {@code fparity clusters}: each profile checked where it points; a host that does not exist is a problem, exit 3. */
    @Test
    @Order(12)
    void clustersChecksEachProfileWhereItPoints() throws Exception {
        Path profiles = work.resolve("check-clusters");
        Files.createDirectories(profiles);
        for (String f : List.of("local-ssh.json", "local-slurm.json"))
            Files.copy(Path.of("runners", "clusters", f), profiles.resolve(f));
        Files.writeString(
                profiles.resolve("nohost.json"),
                Files.readString(Path.of("runners", "clusters", "local-ssh.json"))
                        .replace("\"local-ssh\"", "\"nohost\"")
                        .replace("fparity-local", "no-such-host.invalid"));
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        List<String> java = List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main",
                "clusters");
        List<String> good = new ArrayList<>(java);
        good.addAll(List.of("local-ssh", "local-slurm"));
        Proc r = proc(good, env, 600);
        assertEquals(0, r.exit, r.out + r.err);
        List<String> lines = r.out.lines().toList();
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("local-ssh (ssh, ")), r.out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("local-slurm (slurm, ")), r.out);
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("  partitions: ") && l.contains("debug")), r.out);
        // gcc and java compile and run on both (each profile's node said so); the java the node has is >= 25.
        for (String tc : List.of("gcc", "java"))
            assertEquals(
                    2,
                    lines.stream()
                            .filter(l -> l.matches("  " + tc + " +compiles +runs +.*"))
                            .count(),
                    r.out);
        assertEquals(
                2,
                lines.stream()
                        .filter(l -> l.matches("  node: .*, Java (2[5-9]|[3-9]\\d).*"))
                        .count(),
                r.out);
        assertEquals(
                2,
                lines.stream()
                        .filter(l -> l.equals("  runtime: JDK "
                                + Runtime.version().feature() + " at /usr/lib/jvm/temurin-25-jdk-amd64"))
                        .count(),
                r.out);
        assertFalse(r.out.contains("problem:"), r.out);
        List<String> bad = new ArrayList<>(java);
        bad.add("nohost");
        Proc b = proc(bad, env, 300);
        assertEquals(3, b.exit, b.out + b.err);
        assertTrue(b.out.lines().anyMatch(l -> l.startsWith("  problem: ")), b.out);
    }

    /**
     * A node user with no JDK on its PATH (every command of /usr/bin but a JDK's, and the profile's java is plain
     * {@code java}): fparity stages its own runtime once per site's work folder, by hash, and workers run from it over
     * ssh and through Slurm; {@code fparity clusters} says so.
     */
    @Test
    @Order(13)
    void aNodeWithNoJdkOnItsPathRunsWorkersFromFparitysStagedRuntimeOverSshAndThroughSlurm() throws Exception {
        Path noJdk = Files.createDirectories(work.resolve("nojdk-bin"));
        for (String dir : List.of("/usr/local/bin", "/usr/bin", "/bin")) {
            if (!Files.isDirectory(Path.of(dir))) continue;
            try (var s = Files.list(Path.of(dir))) {
                for (Path c : s.toList()) {
                    Path link = noJdk.resolve(c.getFileName().toString());
                    if (Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                            || !Files.isExecutable(c)
                            || Files.isDirectory(c)) continue;
                    if (c.toRealPath().startsWith("/usr/lib/jvm")) continue;
                    Files.createSymbolicLink(link, c);
                }
            }
        }
        Proc which = proc(
                List.of(
                        "ssh",
                        "-F",
                        base.resolve("ssh/ssh_config").toString(),
                        "fparity-local",
                        "export PATH=" + noJdk + "; command -v java; echo rc=$?"),
                Map.of(),
                60);
        assertEquals("rc=1", which.out.strip(), "the node user's PATH has a java: " + which.out);
        Path profiles = Files.createDirectories(work.resolve("nojdk-clusters"));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        for (String kind : List.of("ssh", "slurm")) {
            var p = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(
                    Path.of("runners", "clusters", "local-" + kind + ".json").toFile());
            p.put("name", "nojdk-" + kind)
                    .put("java", "java")
                    .put("workdir", "${FPARITY_LOCAL_CLUSTER}/work/nojdk-" + kind);
            var setup = p.has("setup")
                    ? (com.fasterxml.jackson.databind.node.ArrayNode) p.get("setup")
                    : p.putArray("setup");
            setup.add("export PATH=" + noJdk);
            Files.writeString(profiles.resolve("nojdk-" + kind + ".json"), mapper.writeValueAsString(p));
        }
        Map<String, String> env = new HashMap<>(env());
        env.put("FPARITY_CLUSTERS", profiles.toString());
        String sha = org.fparity.exec.NodeRuntime.image().sha();
        Path dir = work.resolve("nojdk");
        Proc r = proc(
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-Xss8m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.fparity.cli.Main",
                        "run",
                        "--programs",
                        "2",
                        "--inputs",
                        "2",
                        "--seed",
                        "7",
                        "--toolchains",
                        "gcc",
                        "--opt",
                        "O0,O2",
                        "--no-report",
                        "--reruns",
                        "0",
                        "--out",
                        dir.toString(),
                        "--cluster",
                        "nojdk-ssh,nojdk-slurm"),
                env,
                600);
        assertEquals(0, r.exit, r.out + r.err);
        Map<String, String> ssh = bits(Campaign.load(dir).outcomes(), "nojdk-ssh");
        assertEquals(2 * 2 * 2, ssh.size());
        assertEquals(ssh, bits(Campaign.load(dir).outcomes(), "nojdk-slurm"));
        // Staged once at each site (its own work folder), and only the runtime of this JDK is there.
        for (String kind : List.of("ssh", "slurm")) {
            assertEquals(
                    1,
                    r.err.lines()
                            .filter(l -> l.startsWith("fparity: nojdk-" + kind + ": staged fparity's runtime (sha "
                                            + sha.substring(0, 12) + ") on ")
                                    && l.endsWith(": no JDK at 'java' there"))
                            .count(),
                    r.err);
            try (var s = Files.list(base.resolve("work/nojdk-" + kind + "/runtime"))) {
                assertEquals(
                        List.of(sha.substring(0, 32)),
                        s.map(f -> f.getFileName().toString()).toList());
            }
        }
        Proc c = proc(
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "org.fparity.cli.Main",
                        "clusters",
                        "nojdk-ssh",
                        "nojdk-slurm"),
                env,
                600);
        assertEquals(0, c.exit, c.out + c.err);
        List<String> lines = c.out.lines().toList();
        assertEquals(
                2,
                lines.stream()
                        .filter(l -> l.equals("  runtime: fparity's runtime (staged, sha " + sha.substring(0, 12)
                                + ", Java " + Runtime.version().feature() + ")"))
                        .count(),
                c.out);
        assertEquals(
                2,
                lines.stream()
                        .filter(l -> l.matches("  gcc +compiles +runs +.*"))
                        .count(),
                c.out);
        assertEquals(
                2,
                lines.stream()
                        .filter(l -> l.matches("  node: .*, Java "
                                + java.util.regex.Pattern.quote(
                                        Runtime.version().toString())))
                        .count(),
                c.out);
        assertFalse(c.err.contains("staged"), c.err);
    }

    /**
     * Of {@code keys} (program/input/toolchain/opt), those whose status or bits differ between three repeats of the
     * run on this machine: their job documents (from the campaign's Slurm shards) run through {@code fparity worker}
     * here, each repeat its own process.
     */
    static java.util.Set<String> unstableHere(Path dir, java.util.Set<String> keys) throws Exception {
        java.util.Set<String> out = new java.util.TreeSet<>();
        if (keys.isEmpty()) return out;
        StringBuilder docs = new StringBuilder();
        java.util.Set<String> taken = new java.util.HashSet<>();
        try (var st = Files.list(dir.resolve("clusters/local-slurm/shards"))) {
            for (Path f :
                    st.filter(x -> x.toString().endsWith(".jobs")).sorted().toList()) {
                List<org.fparity.exec.JobSpec> js;
                try (var r = Files.newBufferedReader(f)) {
                    js = org.fparity.exec.Worker.read(r, f.toString());
                }
                for (var j : js) {
                    var ls = j.lines().stream()
                            .filter(l -> keys.contains(l.program() + "/" + l.input() + "/"
                                            + j.toolchain().name() + "/" + j.opt())
                                    && taken.add(l.program() + "/" + l.input() + "/"
                                            + j.toolchain().name() + "/" + j.opt()))
                            .toList();
                    if (!ls.isEmpty())
                        docs.append(org.fparity.exec.WorkerLine.COMPACT.writeValueAsString(j.withLines(ls)))
                                .append('\n');
                }
            }
        }
        assertEquals(keys, new java.util.TreeSet<>(taken), "every differing run is in the campaign's shards");
        Path jobs = work.resolve("repeat.jobs");
        Files.writeString(jobs, docs);
        Map<String, java.util.Set<String>> seen = new TreeMap<>();
        for (int rep = 0; rep < 3; rep++) {
            Proc w = proc(
                    List.of(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "--enable-native-access=ALL-UNNAMED",
                            "-Xss8m",
                            "-cp",
                            System.getProperty("java.class.path"),
                            "org.fparity.cli.Main",
                            "worker",
                            jobs.toString(),
                            "--cache",
                            work.resolve("repeat-cache").toString()),
                    Map.of(),
                    900);
            assertEquals(0, w.exit, w.err);
            var reader = new org.fparity.exec.WorkerLine.Reader();
            for (String l : w.out.lines().toList()) {
                if (reader.parse(l) instanceof org.fparity.exec.WorkerLine.Result res) {
                    Outcome o = res.outcome();
                    seen.computeIfAbsent(
                                    o.program() + "/" + o.input() + "/" + o.toolchain() + "/" + o.opt(),
                                    k -> new java.util.HashSet<>())
                            .add(o.status() + " " + o.hex());
                }
            }
        }
        seen.forEach((k, v) -> {
            if (v.size() > 1) out.add(k);
        });
        return out;
    }

    /** Waits for the Slurm campaign in {@code dir} to persist its first job id. */
    static String waitForJobId(Path dir, Processes.Running p) throws Exception {
        String id = null;
        for (int i = 0; i < 1200 && id == null; i++) {
            Thread.sleep(100);
            if (!p.isAlive()) throw new AssertionError("fparity ended before submitting");
            if (Files.exists(dir.resolve("clusters/local-slurm/slurm.json"))) {
                var subs = state(dir).submissions();
                if (!subs.isEmpty()) id = subs.getFirst().jobId();
            }
        }
        assertTrue(id != null, "no job id persisted");
        return id;
    }

    /** /proc/PID/FILE as text, or "" (gone, or not ours to read). */
    static String procFile(long pid, String file) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), file)), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    /** True for processes started with this class's cluster in their environment (its slurmstepd, its ssh clients). */
    static boolean ours(ProcessHandle h) {
        String env = procFile(h.pid(), "environ");
        return env.contains("SLURM_CONF=" + base.resolve("slurm.conf") + "\0")
                || env.contains("FPARITY_LOCAL_CLUSTER=" + base + "\0");
    }

    /** Kills this cluster's running tasks as a node crash would: each slurmstepd first (so it reports nothing), then its tree. */
    static int killOurTasks() {
        int n = 0;
        for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
            if (!procFile(h.pid(), "comm").strip().equals("slurmstepd") || !ours(h)) continue;
            List<ProcessHandle> tree = h.descendants().toList();
            h.destroyForcibly();
            tree.forEach(ProcessHandle::destroyForcibly);
            n++;
        }
        return n;
    }

    /** Stops this class's sshd and every session under it (as a host going down would); returns how many sessions. */
    static int stopSshdWithItsSessions() {
        try {
            long pid = Long.parseLong(
                    Files.readString(base.resolve("ssh/sshd.pid")).strip());
            ProcessHandle d = ProcessHandle.of(pid).orElseThrow();
            List<ProcessHandle> tree = d.descendants().toList();
            int sessions = (int) d.children().count();
            d.destroyForcibly();
            tree.forEach(ProcessHandle::destroyForcibly);
            for (int i = 0; i < 50 && d.isAlive(); i++) Thread.sleep(100);
            return sessions;
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** Task id → final state of one array job, from jobcomp/filetxt (Slurm's record of finished tasks). */
    static Map<String, String> taskStates(String arrayJobId) throws IOException {
        Map<String, String> m = new TreeMap<>();
        Pattern p = Pattern.compile("JobState=(\\S+) .*ArrayJobId=" + arrayJobId + " ArrayTaskId=(\\d+)");
        Path f = base.resolve("log/jobcomp.txt");
        if (!Files.exists(f)) return m;
        for (String l : Files.readAllLines(f, StandardCharsets.UTF_8)) {
            Matcher x = p.matcher(l);
            if (x.find()) m.put(x.group(2), x.group(1));
        }
        return m;
    }

    /** Stops one of the daemons this class started, by its pid file. */
    static void stopDaemon(String pidFile) {
        try {
            long pid = Long.parseLong(Files.readString(base.resolve(pidFile)).strip());
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
            for (int i = 0;
                    i < 50 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
                    i++) Thread.sleep(100);
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** fparity in the background, its output in {@code log} under the work folder. */
    static Processes.Running background(Path dir, String cluster, String log) throws IOException {
        Processes.Running p = Processes.command(fparityArgv(dir, List.of("--cluster", cluster)))
                .env(env())
                .stdin(Path.of("/dev/null"))
                .output(work.resolve(log))
                .timeoutSeconds(1800)
                .start();
        STARTED.add(p);
        return p;
    }

    static SlurmExecutor.State state(Path dir) {
        try {
            return ProgramJson.MAPPER.readValue(
                    Files.readString(dir.resolve("clusters/local-slurm/slurm.json")), SlurmExecutor.State.class);
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

    /**
     * The ssh control masters fparity started to this class's sshd. ssh retitles a master "ssh: CONTROLPATH [mux]"
     * (which also overwrites what /proc shows of its environment); fparity's control paths are /tmp/fpssh…/%C, and %C
     * is the SHA-1 of local host name, host, port and user, so it names this cluster's sshd and throwaway user.
     */
    static List<ProcessHandle> masters() {
        String c;
        try {
            String[] ports = Files.readString(base.resolve("ports")).strip().split("\\s+");
            String id = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip() + "127.0.0.1" + ports[2]
                    + Files.readString(base.resolve("user")).strip();
            c = java.util.HexFormat.of()
                    .formatHex(java.security.MessageDigest.getInstance("SHA-1")
                            .digest(id.getBytes(StandardCharsets.UTF_8)));
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
        return ProcessHandle.allProcesses()
                .filter(h -> {
                    String cmd = procFile(h.pid(), "cmdline");
                    return cmd.startsWith("ssh: /tmp/fpssh") && cmd.contains("/" + c + " [mux]");
                })
                .toList();
    }

    /**
     * Waits until this cluster's Slurm tasks have written n lines between them into their own output files while one
     * of them still runs, then stops slurmd and kills the running tasks as a node crash would; returns how many.
     */
    static int waitForTaskLinesThenLoseTheNode(Processes.Running p, Path dir, int n) throws Exception {
        Path out = base.resolve("work/slurm/out");
        for (int i = 0; i < 60000; i++) {
            if (!p.isAlive()) throw new AssertionError("finished before it could be disturbed");
            long lines = 0;
            String tag = null;
            try {
                if (Files.exists(dir.resolve("clusters/local-slurm/slurm.json")))
                    tag = state(dir).submissions().getFirst().tag();
            } catch (RuntimeException e) {
                // being replaced: read again at the next look
            }
            String prefix = tag + "-";
            if (tag != null && Files.isDirectory(out)) {
                try (var files = Files.list(out)) {
                    for (Path f : files.filter(f -> f.getFileName().toString().startsWith(prefix)
                                    && f.getFileName().toString().endsWith(".jsonl"))
                            .toList()) {
                        try (var ls = Files.lines(f)) {
                            lines += ls.count();
                        } catch (IOException | java.io.UncheckedIOException e) {
                            // being written: counted at the next look
                        }
                    }
                }
            }
            if (lines >= n) {
                // Frozen first (SIGSTOP, the task and everything under it), so none can finish while slurmd takes its
                // time to stop: on a quiet machine a shard's task ends within seconds.
                List<ProcessHandle> tasks = ourTasks();
                List<String> kill = new ArrayList<>(List.of("kill", "-STOP"));
                for (ProcessHandle h : tasks) {
                    kill.add(Long.toString(h.pid()));
                    h.descendants().forEach(d -> kill.add(Long.toString(d.pid())));
                }
                if (kill.size() > 2) {
                    proc(
                            kill, Map.of(),
                            30); // a process that ended meanwhile makes kill exit 1: the others are stopped
                    if (tasks.stream().anyMatch(ProcessHandle::isAlive)) {
                        stopDaemon("slurmd.pid");
                        return killOurTasks();
                    }
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no task wrote " + n + " lines");
    }

    /** This cluster's running Slurm tasks: their slurmstepd processes. */
    static List<ProcessHandle> ourTasks() {
        return ProcessHandle.allProcesses()
                .filter(h -> procFile(h.pid(), "comm").strip().equals("slurmstepd") && ours(h))
                .toList();
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
