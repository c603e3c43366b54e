package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one process runner: timeouts fire even when a grandchild holds the output open, and the whole tree dies. */
class ProcessesTest {
    @TempDir
    Path tmp;

    /** A shell that starts a long sleep in the background, records its pid and waits for it: the classic hanging build. */
    private List<String> childWithSleepingGrandchild(Path pidFile) {
        return List.of("sh", "-c", "sleep 600 & echo $! > " + pidFile + "; echo started; wait");
    }

    /** True while the pid names a live process that is not a zombie (init here may never reap orphans). */
    private static boolean running(long pid) throws Exception {
        Optional<ProcessHandle> h = ProcessHandle.of(pid);
        if (h.isEmpty() || !h.get().isAlive()) return false;
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        if (!Files.exists(stat)) return false;
        String s = Files.readString(stat);
        char state = s.charAt(s.lastIndexOf(')') + 2);
        return state != 'Z' && state != 'X';
    }

    private static long pidFrom(Path pidFile) throws Exception {
        assertTrue(Files.exists(pidFile), "the child never started its grandchild");
        return Long.parseLong(Files.readString(pidFile).strip());
    }

    @Test
    void runTimeoutKillsChildAndGrandchild() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        Path out = tmp.resolve("out.txt");
        Processes.Result r = Processes.command(childWithSleepingGrandchild(pidFile)).output(out).timeoutSeconds(5).run();
        assertTrue(r.timedOut());
        assertEquals(-1, r.exitCode());
        assertFalse(r.ok());
        assertEquals("started\n", Files.readString(out));
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived the timeout");
    }

    @Test
    void captureTimeoutKillsTheTreeAndKeepsWhatWasPrinted() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        Processes.Captured c = Processes.command(childWithSleepingGrandchild(pidFile)).timeoutSeconds(5).capture();
        assertTrue(c.result().timedOut());
        assertEquals("started\n", c.stdout());
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived the timeout");
    }

    @Test
    void closingAnInteractiveChildKillsItsTree() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        long child;
        try (Processes.Running p = Processes.command(childWithSleepingGrandchild(pidFile)).start()) {
            child = p.pid();
            BufferedReader r = new BufferedReader(new InputStreamReader(p.stdout(), StandardCharsets.UTF_8));
            assertEquals("started", r.readLine());
            assertTrue(p.isAlive());
        }
        assertFalse(running(child), "the child survived close()");
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived close()");
    }

    @Test
    void finishKillsTheTreeAfterTheTimeout() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        try (Processes.Running p = Processes.command(childWithSleepingGrandchild(pidFile)).stdin(Path.of("/dev/null"))
                .stdout(tmp.resolve("out.txt")).timeoutSeconds(5).start()) {
            Processes.Result r = p.finish();
            assertTrue(r.timedOut());
            assertFalse(running(p.pid()));
        }
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived finish()");
    }

    @Test
    void capturesStdoutStderrAndExitCodeSeparately() throws Exception {
        Processes.Captured c = Processes.command("sh", "-c", "echo out; echo err >&2; exit 7").capture();
        assertEquals(new Processes.Result(7, false, c.result().micros()), c.result());
        assertEquals("out\n", c.stdout());
        assertEquals("err\n", c.stderr());
        Processes.Captured merged = Processes.command("sh", "-c", "echo out; echo err >&2").mergeStderr().capture();
        assertTrue(merged.ok());
        assertEquals("out\nerr\n", merged.stdout());
        assertEquals("", merged.stderr());
    }

    @Test
    void environmentWorkingFolderAndStdinReachTheChild() throws Exception {
        Path in = Files.writeString(tmp.resolve("in.txt"), "from stdin\n");
        Processes.Captured c = Processes.command("sh", "-c", "pwd; echo \"$FPARITY_TEST_VAR\"; cat")
                .env(Map.of("FPARITY_TEST_VAR", "x=1")).dir(tmp).stdin(in).capture();
        assertEquals(tmp.toRealPath() + "\nx=1\nfrom stdin\n", c.stdout());
        // without stdin the child reads /dev/null and ends at once instead of waiting for us
        assertEquals("", Processes.command("cat").timeoutSeconds(60).capture().stdout());
    }

    @Test
    void probeReturnsOutputOnlyOnSuccess() {
        assertEquals("hi\n", Processes.probe(List.of("sh", "-c", "echo hi"), Map.of(), 60));
        assertEquals(null, Processes.probe(List.of("sh", "-c", "echo hi; exit 1"), Map.of(), 60));
        assertEquals(null, Processes.probe(List.of("fparity-no-such-program-xyz"), Map.of(), 60));
    }

    @Test
    void signalNames() {
        assertEquals("SIGSEGV", Processes.signalName(139));
        assertEquals("SIGKILL", Processes.signalName(137));
        assertEquals("signal 33", Processes.signalName(161));
        assertEquals(null, Processes.signalName(1));
        assertEquals(null, Processes.signalName(128));
    }
}
