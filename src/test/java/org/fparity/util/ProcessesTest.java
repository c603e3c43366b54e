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
        Processes.Result r = Processes.command(childWithSleepingGrandchild(pidFile))
                .output(out)
                .timeoutSeconds(5)
                .run();
        assertTrue(r.timedOut());
        assertEquals(-1, r.exitCode());
        assertFalse(r.ok());
        assertEquals("started\n", Files.readString(out));
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived the timeout");
    }

    /** Live processes whose command line carries {@code marker} (not zombies). */
    private static List<Long> withMarker(String marker) throws Exception {
        List<Long> found = new java.util.ArrayList<>();
        for (ProcessHandle h : ProcessHandle.allProcesses().toList()) {
            Path cmdline = Path.of("/proc", Long.toString(h.pid()), "cmdline");
            try {
                if (new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).contains(marker)
                        && running(h.pid())) found.add(h.pid());
            } catch (java.io.IOException gone) {
                // exited while we looked
            }
        }
        return found;
    }

    /**
     * A double fork: the subshell exits at once, so its sleep is re-parented to init and is no descendant of the
     * child any more when the timeout fires. It stays in the child's session, which the kill takes whole. The odd
     * duration is the marker that finds it in the process table.
     */
    @Test
    void timeoutKillsADoubleForkedGrandchild() throws Exception {
        String marker = "1000." + ProcessHandle.current().pid() + System.nanoTime() % 100000;
        Processes.Result r = Processes.command("sh", "-c", "(sleep " + marker + " &); sleep " + marker)
                .timeoutSeconds(2)
                .run();
        assertTrue(r.timedOut());
        assertEquals(List.of(), withMarker(marker), "a double-forked grandchild outlived the timeout");
    }

    /** The same through capture() and an interactive child's close(). */
    @Test
    void captureAndCloseKillADoubleForkedGrandchild() throws Exception {
        String marker = "1000." + ProcessHandle.current().pid() + System.nanoTime() % 100000 + "1";
        Processes.Captured c = Processes.command("sh", "-c", "(sleep " + marker + " &); echo up; sleep " + marker)
                .timeoutSeconds(2)
                .capture();
        assertTrue(c.result().timedOut());
        assertEquals("up\n", c.stdout());
        assertEquals(List.of(), withMarker(marker), "capture: a double-forked grandchild outlived the timeout");
        String marker2 = marker + "2";
        try (Processes.Running p = Processes.command("sh", "-c", "(sleep " + marker2 + " &); echo up; sleep " + marker2)
                .start()) {
            BufferedReader in = new BufferedReader(new InputStreamReader(p.stdout(), StandardCharsets.UTF_8));
            assertEquals("up", in.readLine());
            assertFalse(withMarker(marker2).isEmpty(), "the command runs before close");
        }
        assertEquals(List.of(), withMarker(marker2), "close: a double-forked grandchild outlived it");
    }

    /** A command that does not exist still fails to start (setsid does not turn it into an exit code). */
    @Test
    void aMissingCommandStillFailsToStart() {
        org.junit.jupiter.api.Assertions.assertThrows(
                java.io.IOException.class,
                () -> Processes.command("fparity-no-such-command-xyz")
                        .timeoutSeconds(2)
                        .run());
    }

    @Test
    void captureTimeoutKillsTheTreeAndKeepsWhatWasPrinted() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        Processes.Captured c = Processes.command(childWithSleepingGrandchild(pidFile))
                .timeoutSeconds(5)
                .capture();
        assertTrue(c.result().timedOut());
        assertEquals("started\n", c.stdout());
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived the timeout");
    }

    @Test
    void closingAnInteractiveChildKillsItsTree() throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        long child;
        try (Processes.Running p =
                Processes.command(childWithSleepingGrandchild(pidFile)).start()) {
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
        try (Processes.Running p = Processes.command(childWithSleepingGrandchild(pidFile))
                .stdin(Path.of("/dev/null"))
                .stdout(tmp.resolve("out.txt"))
                .timeoutSeconds(5)
                .start()) {
            Processes.Result r = p.finish();
            assertTrue(r.timedOut());
            assertFalse(running(p.pid()));
        }
        assertFalse(running(pidFrom(pidFile)), "the grandchild survived finish()");
    }

    @Test
    void capturesStdoutStderrAndExitCodeSeparately() throws Exception {
        Processes.Captured c =
                Processes.command("sh", "-c", "echo out; echo err >&2; exit 7").capture();
        assertEquals(new Processes.Result(7, false, c.result().micros()), c.result());
        assertEquals("out\n", c.stdout());
        assertEquals("err\n", c.stderr());
        Processes.Captured merged = Processes.command("sh", "-c", "echo out; echo err >&2")
                .mergeStderr()
                .capture();
        assertTrue(merged.ok());
        assertEquals("out\nerr\n", merged.stdout());
        assertEquals("", merged.stderr());
    }

    @Test
    void environmentWorkingFolderAndStdinReachTheChild() throws Exception {
        Path in = Files.writeString(tmp.resolve("in.txt"), "from stdin\n");
        Processes.Captured c = Processes.command("sh", "-c", "pwd; echo \"$FPARITY_TEST_VAR\"; cat")
                .env(Map.of("FPARITY_TEST_VAR", "x=1"))
                .dir(tmp)
                .stdin(in)
                .capture();
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
