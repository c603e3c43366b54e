package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.fparity.campaign.Campaign;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Program;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("tools")
class RunCommandTest {
    @TempDir
    Path tmp;

    static String[] cli(String... args) {
        return ToolchainsCommandTest.cli(args);
    }

    @Test
    void runsAGeneratedCampaignEndToEndAndResumesWithoutRedoingAnything() throws Exception {
        Path out = tmp.resolve("c");
        String[] r = cli(
                "run",
                "--programs",
                "4",
                "--inputs",
                "2",
                "--precision",
                "both",
                "--toolchains",
                "gcc," + org.fparity.exec.Fixtures.requireAClang(),
                "--opt",
                "O0,O3_FM",
                "--batch",
                "3",
                "--seed",
                "11",
                "--out",
                out.toString(),
                "--report",
                tmp.resolve("report").toString(),
                "--no-triage"); // about running and resuming; RunTriageTest is about the triage a run does
        // exit 1 exactly when the end screen counts disagreeing cases or runs that ended differently (the ExitCode rule
        // for commands that compare)
        java.util.regex.Matcher cases =
                java.util.regex.Pattern.compile("disagreeing cases: (\\d+)").matcher(r[1]);
        assertTrue(cases.find(), r[1]);
        boolean disagree = Integer.parseInt(cases.group(1)) > 0
                || r[1].contains("unstable in ")
                || r[1].contains("cases where a run ended differently");
        assertEquals(disagree ? "1" : "0", r[0], r[2]);
        Campaign c = Campaign.load(out);
        assertEquals(8, c.programEntries().size());
        assertEquals(8 * 2 * 2 * 2, c.outcomes().size());
        assertEquals(List.of(), c.problems());
        assertEquals(4, c.platforms().size());
        assertEquals(11L, c.meta().seed());
        assertTrue(
                c.meta().grammar().sha256() != null
                        && c.meta().grammar().content().has("statements"),
                "grammar and its hash recorded");
        for (var p : c.programEntries()) {
            assertEquals(p.id(), Program.parse(p.source()).id(), "the stored canonical form is the program");
            assertEquals(p.id(), p.sha256().substring(0, 16));
            assertEquals(2, p.inputs().size());
        }
        // Generated programs do not crash or hang: every run printed a number, except on platforms a corpus finding
        // documents to crash (clang 16 and 19 at O3_FM: corpora/fastmath-poison-branch), where a crash is that finding
        Set<String> mayCrash = org.fparity.exec.Fixtures.documentedCrashes();
        assertTrue(mayCrash.contains("clang-19@O3_FM"), "the corpus documents clang-19's O3_FM crash: " + mayCrash);
        assertEquals(
                List.of(),
                c.outcomes().stream()
                        .filter(o ->
                                o.status() != Outcome.Status.OK && !mayCrash.contains(o.toolchain() + "@" + o.opt()))
                        .map(o -> o.toolchain() + "@" + o.opt() + " " + o.status())
                        .toList());
        assertTrue(r[1].contains("campaign " + out + ": 64 runs recorded (64 this time, 0 already done)"), r[1]);
        assertTrue(r[1].lines().anyMatch(l -> l.matches("  gcc +32 +0 +0 +0 +0 +0  O0,O3_FM")), r[1]);
        assertTrue(r[1].lines().anyMatch(l -> l.matches("  disagreeing cases: \\d+ of 16 \\(\\d+\\.\\d %\\)")), r[1]);
        // the end screen: the verdict first, then the runs per toolchain (health) as detail, then the report's path
        int verdict = r[1].indexOf("\nverdict: ");
        int health = r[1].indexOf("\nruns per toolchain (a run = one program on one input on one platform");
        assertTrue(verdict > 0 && health > verdict && r[1].indexOf("\nreport: ") > health, r[1]);
        assertTrue(Files.exists(tmp.resolve("report").resolve("report.html")), "the run ends with a report");

        String[] again = cli(
                "run",
                "--programs",
                "4",
                "--inputs",
                "2",
                "--precision",
                "both",
                "--toolchains",
                "gcc," + org.fparity.exec.Fixtures.requireAClang(),
                "--opt",
                "O0,O3_FM",
                "--batch",
                "3",
                "--seed",
                "11",
                "--out",
                out.toString(),
                "--no-report");
        assertEquals("0", again[0], again[2]);
        assertTrue(again[1].contains("64 runs recorded (0 this time, 64 already done), 0 compiles"), again[1]);

        String[] other = cli("run", "--programs", "5", "--inputs", "2", "--toolchains", "gcc", "--out", out.toString());
        assertEquals("2", other[0]);
        assertTrue(other[2].contains("fparity: " + out + " holds a different campaign (8 programs, seed 11"), other[2]);
    }

    @Test
    void aMalformedFileIsOneLineAndAMissingToolchainAskedForByNameIsExitThree() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        Files.copy(Path.of("runners/toolchains/gcc.json"), dir.resolve("gcc.json"));
        Files.writeString(
                dir.resolve("icc.json"),
                Files.readString(dir.resolve("gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"icc\"")
                        .replace("\"gcc\",", "\"icc-not-installed\","));
        Files.writeString(dir.resolve("broken.json"), "[1, 2");
        Path out = tmp.resolve("c");
        String[] r = cli(
                "run",
                "--programs",
                "2",
                "--inputs",
                "1",
                "--toolchains",
                "gcc",
                "--opt",
                "O2",
                "--toolchain-dir",
                dir.toString(),
                "--out",
                out.toString(),
                "--no-report");
        assertEquals("0", r[0], r[2]);
        List<String> err = r[2].lines().filter(l -> l.contains("broken.json")).toList();
        assertEquals(1, err.size(), r[2]);
        assertTrue(err.get(0).startsWith("fparity: toolchain file " + dir.resolve("broken.json") + ": "), err.get(0));
        assertEquals(2, Campaign.load(out).outcomes().size());

        // a nightly that asks for a compiler must not quietly test without it
        Path out2 = tmp.resolve("c2");
        String[] missing = cli(
                "run",
                "--programs",
                "2",
                "--inputs",
                "1",
                "--toolchains",
                "gcc,icc",
                "--opt",
                "O2",
                "--toolchain-dir",
                dir.toString(),
                "--out",
                out2.toString(),
                "--no-report");
        assertEquals("3", missing[0], missing[2]);
        List<String> lines =
                missing[2].lines().filter(l -> !l.contains("broken.json")).toList();
        assertEquals(1, lines.size(), missing[2]);
        assertTrue(
                lines.get(0)
                        .startsWith(
                                "fparity: toolchain icc: compiler 'icc-not-installed' not found on PATH (asked for with --toolchains"),
                lines.get(0));
        assertTrue(!Files.exists(out2.resolve(Campaign.OUTCOMES)), "nothing ran");
    }

    @Test
    @Tag("slow")
    void nvccAndHipccCampaignsCompileHereAndRecordWhyTheyCannotRun() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners/toolchains"));
        DetectedToolchain nvcc = DetectedToolchain.detect(tcs.get("nvcc-sm80"));
        DetectedToolchain hip = DetectedToolchain.detect(tcs.get("hipcc-gfx90a"));
        assumeTrue(nvcc.canCompile(), "nvcc not installed: " + nvcc.compileProblem());
        assumeTrue(hip.canCompile(), "hipcc not installed: " + hip.compileProblem());
        Path out = tmp.resolve("gpu");
        String[] r = cli(
                "run",
                "--programs",
                "3",
                "--inputs",
                "2",
                "--toolchains",
                "nvcc-sm80,hipcc-gfx90a",
                "--opt",
                "O3_FM,nofma",
                "--out",
                out.toString(),
                "--no-report");
        assertEquals("0", r[0], r[2]);
        // each toolchain either runs here (a GPU node) or says, once, why it cannot
        assertEquals(
                !nvcc.canRun(),
                r[2].contains("fparity: nvcc-sm80 compiles here but cannot run: no NVIDIA driver here"),
                r[2]);
        assertEquals(
                !hip.canRun(),
                r[2].contains("fparity: hipcc-gfx90a compiles here but cannot run: no AMD GPU here"),
                r[2]);
        Campaign c = Campaign.load(out);
        // both have O3_FM and nofma: 3 programs × 2 inputs × 4 platforms.
        assertEquals(24, c.outcomes().size());
        for (Outcome o : c.outcomes()) {
            boolean runs = (o.toolchain().startsWith("nvcc") ? nvcc : hip).canRun();
            if (runs) {
                assertEquals(Outcome.Status.OK, o.status(), o.toString());
                assertTrue(o.hex() != null, o.toString());
            } else {
                assertEquals(Outcome.Status.CANNOT_RUN, o.status(), o.toString());
                assertTrue(
                        o.detail().contains(o.toolchain().startsWith("nvcc") ? "no NVIDIA driver" : "no AMD GPU"),
                        o.detail());
            }
        }
        // They really compiled: a binary exists for each build.
        try (var s = Files.walk(out.resolve("build"))) {
            assertEquals(
                    4, s.filter(p -> p.getFileName().toString().equals("ok")).count());
        }
        // Each platform says how its batches were really built (device code only) and what ran them.
        assertEquals(4, c.platforms().size());
        for (var p : c.platforms()) {
            assertTrue(
                    p.deviceCompile() != null
                            && p.deviceCompile().contains(p.toolchain().startsWith("nvcc") ? "-fatbin" : "--genco"),
                    p.toString());
            assertTrue(p.loader() != null && !p.loader().isBlank(), p.toString());
        }
    }

    @Test
    @Tag("slow")
    void killNineOfFparityRunAtRandomMomentsThenRerunEqualsAnUninterruptedRun() throws Exception {
        String[] args = {
            "run",
            "--programs",
            "10",
            "--inputs",
            "3",
            "--toolchains",
            "gcc," + org.fparity.exec.Fixtures.requireAClang(),
            "--batch",
            "2",
            "--seed",
            "5",
            "--no-report"
        };
        Path clean = tmp.resolve("clean");
        long t0 = System.nanoTime();
        Processes.Running c0 = child(clean, args);
        assertTrue(c0.waitFor(300_000));
        long cleanMs = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(0, c0.exitValue(), Files.readString(tmp.resolve("clean.log")));
        Map<String, String> want = essence(Campaign.load(clean).outcomes());
        assertEquals(10 * 3 * 2 * 5, want.size());

        Path dir = tmp.resolve("killed");
        Random rnd = new Random(7);
        int kills = 0;
        for (int attempt = 0; attempt < 12 && kills < 4; attempt++) {
            long before = outcomeLines(dir);
            Processes.Running p = child(dir, args);
            if (attempt == 0) {
                // a random moment early on: JVM start, generation, the first builds
                p.waitFor(300 + rnd.nextInt((int) Math.max(300, cleanMs / 4)));
            } else {
                // a random moment while outcomes are being appended: after 1..8 new lines, however fast or loaded
                long target = before + 1 + rnd.nextInt(8);
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                while (p.isAlive() && outcomeLines(dir) < target && System.nanoTime() < deadline) Thread.sleep(1);
            }
            if (!p.isAlive()) continue;
            p.handle().destroyForcibly(); // SIGKILL to the JVM only: no shutdown hook, no flush, children orphaned
            // mid-work
            p.handle().onExit().join();
            kills++;
        }
        assertTrue(kills >= 3, "killed mid-campaign at least 3 times, got " + kills);
        Processes.Running last = child(dir, args);
        assertTrue(last.waitFor(300_000));
        assertEquals(0, last.exitValue(), Files.readString(tmp.resolve("killed.log")));
        Campaign c = Campaign.load(dir);
        assertEquals(List.of(), c.problems());
        assertEquals(
                want.size(),
                Files.readAllLines(dir.resolve(Campaign.OUTCOMES)).stream()
                        .filter(l -> l.startsWith("["))
                        .count(),
                "no duplicates, nothing lost (the compact log's runs; its other lines declare platforms)");
        assertEquals(want, essence(c.outcomes()));
    }

    /** Complete lines in outcomes.jsonl so far (0 before the file exists). */
    static long outcomeLines(Path dir) throws IOException {
        Path f = dir.resolve(Campaign.OUTCOMES);
        if (!Files.exists(f)) return 0;
        byte[] b = Files.readAllBytes(f);
        long n = 0;
        for (byte x : b) if (x == '\n') n++;
        return n;
    }

    static Map<String, String> essence(List<Outcome> os) {
        Map<String, String> m = new TreeMap<>();
        for (Outcome o : os) m.put(o.key(), o.status() + " " + o.hex() + " " + o.detail() + " " + o.platform());
        return m;
    }

    private Processes.Running child(Path out, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(Cli.childJvm(List.of(), args));
        cmd.addAll(List.of("--out", out.toString()));
        return Processes.command(cmd)
                .output(tmp.resolve(out.getFileName() + ".log"))
                .stdin(Path.of("/dev/null"))
                .start();
    }
}
