package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.HexFloat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("tools")
class LocalExecutorTest {
    @TempDir
    Path tmp;

    static DetectedToolchain gcc(Integer runTimeout) {
        return DetectedToolchain.detect(Fixtures.shipped().get("gcc").withTimeouts(null, runTimeout, 5));
    }

    List<Outcome> execute(LocalExecutor ex, List<Job> jobs) throws InterruptedException {
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        ex.execute(jobs, out::add);
        return out;
    }

    static Map<String, Outcome> byKey(List<Outcome> out) {
        Map<String, Outcome> m =
                out.stream().collect(Collectors.toMap(o -> o.program() + "/" + o.input(), Function.identity()));
        assertEquals(out.size(), m.size(), "one outcome per line");
        return m;
    }

    @Test
    void aHangAndASegfaultCostOnlyTheirOwnLines() throws Exception {
        DetectedToolchain gcc = gcc(1);
        List<Job.Line> lines = List.of(
                Fixtures.line("add", 0, 1.5, 2.25),
                Fixtures.line("hang", 0, -1, 7), // returns 7: does not hang
                Fixtures.line("hang", 1, 1, 7), // hangs
                Fixtures.line("add", 1, 0x1p-1074, 0),
                Fixtures.line("segv", 0, -1, 0), // SIGSEGV
                Fixtures.line("segv", 1, 5, 2),
                Fixtures.line("abort", 0, 0, 0), // SIGABRT
                Fixtures.line("mul", 0, 3, 0.1));
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 2, s -> {});
        // a hang is cut at the run timeout: hang/1 is a TIMEOUT below, and the lines after it still ran
        Map<String, Outcome> m = byKey(execute(ex, List.of(Fixtures.job("Batch0", gcc, "O2", lines))));
        assertEquals(8, m.size());
        assertEquals(Status.OK, m.get("add/0").status());
        assertEquals("0x1.ep+1", m.get("add/0").hex());
        assertEquals("0x1.cp+2", m.get("hang/0").hex());
        assertEquals(Status.TIMEOUT, m.get("hang/1").status());
        assertTrue(
                m.get("hang/1").detail().contains("process tree killed"),
                m.get("hang/1").detail());
        assertEquals("0x0.0000000000001p-1022", m.get("add/1").hex());
        assertEquals(Status.CRASH, m.get("segv/0").status());
        assertTrue(
                m.get("segv/0").detail().startsWith("SIGSEGV"), m.get("segv/0").detail());
        assertEquals("0x1.8p+1", m.get("segv/1").hex());
        assertEquals(Status.CRASH, m.get("abort/0").status());
        assertTrue(
                m.get("abort/0").detail().startsWith("SIGABRT"),
                m.get("abort/0").detail());
        assertEquals(HexFloat.format(3 * 0.1), m.get("mul/0").hex());
        for (Outcome o : m.values()) {
            assertEquals("gcc", o.toolchain());
            assertEquals("O2", o.opt());
            assertEquals("gcc-O2", o.platform());
        }
        assertEquals(1, ex.cache().compiles());
    }

    @Test
    void aProgramThatDoesNotCompileIsRecordedAndTheRestOfItsBatchRuns() throws Exception {
        DetectedToolchain gcc = gcc(5);
        List<Job.Line> lines = new ArrayList<>();
        String[] ids = {"add", "mul", "sqrt_sum", "bad", "fmod_ulp"};
        for (String id : ids) for (int i = 0; i < 2; i++) lines.add(Fixtures.line(id, i, 4 + i, 2));
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 2, log::add);
        Map<String, Outcome> m = byKey(execute(ex, List.of(Fixtures.job("Batch1", gcc, "O0", lines))));
        assertEquals(10, m.size());
        for (int i = 0; i < 2; i++) {
            Outcome bad = m.get("bad/" + i);
            assertEquals(Status.COMPILE_ERROR, bad.status());
            assertTrue(bad.detail().contains("error: expected expression"), bad.detail());
            assertTrue(bad.detail().contains("build.log"), bad.detail());
            assertNull(bad.hex());
        }
        assertEquals("0x1.8p+2", m.get("add/0").hex());
        assertEquals("0x1.4p+3", m.get("mul/1").hex());
        assertEquals(
                HexFloat.format(Math.sqrt(4) + Math.sqrt(2)),
                m.get("sqrt_sum/0").hex());
        assertEquals("0x1p+0", m.get("fmod_ulp/1").hex());
        assertTrue(
                log.stream().anyMatch(l -> l.startsWith("compile failed: gcc O0 Batch1 (5 programs)")), log.toString());
        int compiles = ex.cache().compiles();
        assertTrue(compiles >= 4 && compiles <= 9, "bisection, not one compile per program: " + compiles);

        // The rerun finds every build, good and failed, in the cache: it compiles nothing and gives the same outcomes.
        LocalExecutor again = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 2, log::add);
        Map<String, Outcome> m2 = byKey(execute(again, List.of(Fixtures.job("Batch1", gcc, "O0", lines))));
        assertEquals(0, again.cache().compiles());
        for (var e : m.entrySet()) {
            assertEquals(e.getValue().status(), m2.get(e.getKey()).status());
            assertEquals(e.getValue().hex(), m2.get(e.getKey()).hex());
        }
        assertTrue(Files.exists(tmp.resolve("build")));
    }

    @Test
    void aToolchainWideCompileFailureIsOneMessageNotABisection() throws Exception {
        Toolchain broken = Fixtures.shipped().get("gcc").withTimeouts(null, 5, 5);
        // -lno-such-library makes every link fail, whatever the program.
        List<String> compile = new ArrayList<>(broken.compile());
        compile.add("-lno-such-library-fparity");
        broken = new Toolchain(
                broken.name(),
                null,
                "C",
                "c",
                null,
                compile,
                broken.opt(),
                null,
                null,
                broken.run(),
                null,
                null,
                broken.version(),
                null,
                null,
                null,
                5,
                5,
                null);
        DetectedToolchain dt = DetectedToolchain.detect(broken);
        List<Job.Line> lines = new ArrayList<>();
        for (String id : List.of("add", "mul", "sqrt_sum", "fmod_ulp", "ceil_tiny", "log_nan"))
            lines.add(Fixtures.line(id, 0, 1, 2));
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {});
        List<Outcome> out = execute(ex, List.of(Fixtures.job("Batch2", dt, "O1", lines)));
        assertEquals(6, out.size());
        for (Outcome o : out) {
            assertEquals(Status.COMPILE_ERROR, o.status());
            assertTrue(o.detail().contains("cannot find -lno-such-library-fparity"), o.detail());
        }
        assertEquals(3, ex.cache().compiles(), "the batch, then its first and last program alone");
    }

    /**
     * A compiler that double-forks (its helper re-parented to init, no descendant of the driver any more) and hangs:
     * the compile timeout kills the helper too, and nothing carrying the marker is left in the process table.
     */
    @Test
    void aDoubleForkingCompilerLeavesNoProcessAfterItsTimeout() throws Exception {
        Toolchain base = Fixtures.shipped().get("gcc");
        String marker = "1000." + ProcessHandle.current().pid() + System.nanoTime() % 100000;
        Toolchain hangs = new Toolchain(
                "gcc-hangs",
                null,
                "C",
                "c",
                null,
                List.of("sh", "-c", "(sleep " + marker + " &); sleep " + marker),
                base.opt(),
                null,
                null,
                base.run(),
                null,
                null,
                List.of(List.of("sh", "-c", "echo 1")),
                null,
                null,
                2,
                5,
                5,
                null);
        DetectedToolchain dt = DetectedToolchain.detect(hangs);
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {});
        List<Outcome> out =
                execute(ex, List.of(Fixtures.job("Batch9", dt, "O0", List.of(Fixtures.line("add", 0, 1, 2)))));
        assertEquals(1, out.size());
        assertEquals(
                Status.COMPILE_ERROR, out.getFirst().status(), out.getFirst().detail());
        List<Long> left = ProcessHandle.allProcesses()
                .filter(h -> {
                    try {
                        return new String(Files.readAllBytes(Path.of("/proc", Long.toString(h.pid()), "cmdline")))
                                        .contains(marker)
                                && !Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"))
                                        .matches("^\\d+ \\(.*\\) [ZX] .*");
                    } catch (java.io.IOException gone) {
                        return false;
                    }
                })
                .map(ProcessHandle::pid)
                .toList();
        assertEquals(List.of(), left, "the double-forked compiler helper outlived the compile timeout");
    }

    @Test
    void aMissingCompilerGivesOneClearOutcomePerLine() throws Exception {
        Toolchain gone = Fixtures.shipped().get("gcc");
        List<String> compile = new ArrayList<>(gone.compile());
        compile.set(0, "gcc-not-installed-fparity");
        gone = new Toolchain(
                "gcc-gone",
                null,
                "C",
                "c",
                null,
                compile,
                gone.opt(),
                null,
                null,
                gone.run(),
                null,
                null,
                List.of(List.of("gcc-not-installed-fparity", "--version")),
                null,
                null,
                null,
                null,
                null,
                null);
        DetectedToolchain dt = DetectedToolchain.detect(gone);
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {});
        List<Outcome> out =
                execute(ex, List.of(Fixtures.job("Batch3", dt, "O0", List.of(Fixtures.line("add", 0, 1, 2)))));
        assertEquals(1, out.size());
        assertEquals(Status.COMPILE_ERROR, out.getFirst().status());
        assertEquals(
                "compiler 'gcc-not-installed-fparity' not found on PATH",
                out.getFirst().detail());
    }

    @Test
    void harnessExit3IsCannotRunAndExit4IsAHarnessErrorForEveryLine() throws Exception {
        Toolchain base = Fixtures.shipped().get("gcc");
        for (var c : List.of(
                Map.entry("FPARITY_FIXTURE_NO_DEVICE", Status.CANNOT_RUN),
                Map.entry("FPARITY_FIXTURE_BROKEN", Status.HARNESS_ERROR))) {
            Toolchain tc = new Toolchain(
                    "gcc-env",
                    null,
                    "C",
                    "c",
                    null,
                    base.compile(),
                    base.opt(),
                    null,
                    null,
                    base.run(),
                    Map.of(c.getKey(), "1"),
                    null,
                    base.version(),
                    null,
                    null,
                    null,
                    5,
                    5,
                    null);
            DetectedToolchain dt = DetectedToolchain.detect(tc);
            LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build-" + c.getKey())), 1, s -> {});
            List<Outcome> out = execute(
                    ex,
                    List.of(Fixtures.job(
                            "Batch4",
                            dt,
                            "O0",
                            List.of(
                                    Fixtures.line("add", 0, 1, 2),
                                    Fixtures.line("mul", 0, 1, 2),
                                    Fixtures.line("add", 1, 3, 2)))));
            assertEquals(3, out.size());
            for (Outcome o : out) {
                assertEquals(c.getValue(), o.status());
                assertTrue(o.detail().contains("fparity-harness: "), o.detail());
            }
        }
    }

    @Test
    void fakeToolchainProducesThePlantedFaults() throws Exception {
        Path fake = Files.createDirectories(tmp.resolve("fake"));
        Fixtures.copy("fake/planted.h", fake, false);
        Path script = Fixtures.copy("fake/fake-gcc", fake, true);
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        Files.writeString(
                dir.resolve("fake-gcc.json"),
                Files.readString(Path.of("runners/toolchains/gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"fake-gcc\"")
                        .replace("[\"gcc\", \"{opt}\"", "[\"" + script + "\", \"{opt}\""));
        Toolchains tcs = Toolchains.load(dir);
        assertEquals(List.of(), tcs.problems());
        DetectedToolchain fakeGcc = DetectedToolchain.detect(tcs.get("fake-gcc"));
        DetectedToolchain gcc = gcc(5);
        List<Job.Line> lines = List.of(
                Fixtures.line("ceil_tiny", 0, 0x1p-1000, 0),
                Fixtures.line("ceil_tiny", 1, 2.5, 0),
                Fixtures.line("fmod_ulp", 0, 5.5, 2),
                Fixtures.line("log_nan", 0, -1, 1),
                Fixtures.line("log_nan", 1, Math.E, 1),
                Fixtures.line("add", 0, 1, 2));
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 2, s -> {});
        List<Outcome> out = execute(
                ex, List.of(Fixtures.job("Batch5", gcc, "O0", lines), Fixtures.job("Batch5", fakeGcc, "O0", lines)));
        Map<String, String> real = new java.util.HashMap<>();
        Map<String, String> planted = new java.util.HashMap<>();
        for (Outcome o : out)
            (o.toolchain().equals("gcc") ? real : planted).put(o.program() + "/" + o.input(), o.hex());
        assertEquals("0x1p+0", real.get("ceil_tiny/0"));
        assertEquals("0x0p+0", planted.get("ceil_tiny/0")); // Zero vs Number
        assertEquals(real.get("ceil_tiny/1"), planted.get("ceil_tiny/1")); // untouched away from the fault
        assertEquals("0x1.8p+0", real.get("fmod_ulp/0"));
        assertEquals("0x1.8000000000001p+0", planted.get("fmod_ulp/0")); // one ulp
        assertTrue(real.get("log_nan/0").endsWith("nan"), real.get("log_nan/0"));
        assertEquals("-inf", planted.get("log_nan/0")); // -Inf where the truth is NaN
        assertEquals(real.get("log_nan/1"), planted.get("log_nan/1"));
        assertEquals("0x1.8p+1", planted.get("add/0"));
        assertTrue(fakeGcc.version().startsWith("gcc"), fakeGcc.version());
    }
}
