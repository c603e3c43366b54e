package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest {
    @TempDir
    Path tmp;

    @Test
    void versionNamesTheToolAndExitsZero() {
        java.io.PrintStream was = System.out;
        java.io.ByteArrayOutputStream buf = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(buf, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            assertEquals(0, Main.run("--version"));
            assertEquals(0, Main.run("-V"));
        } finally {
            System.setOut(was);
        }
        String text = buf.toString(java.nio.charset.StandardCharsets.UTF_8);
        String line = "fparity " + Main.VERSION + " (Java " + Runtime.version() + ")";
        assertEquals(line + System.lineSeparator() + line + System.lineSeparator(), text);
    }

    /**
     * A command that runs out of heap (a forced 50-million-summand reveal in a 32 MiB JVM) ends with one line saying
     * so and how to raise the limit, and exit 4 — not a JVM stack trace and exit 1, which a nightly reads as findings.
     */
    @Test
    void runningOutOfHeapIsOneLineAndExitFour() throws Exception {
        List<String> cmd =
                Cli.childJvm(List.of("-Xmx32m"), "fprev", "--target", "java.seq", "--n", "50000000", "--force");
        org.fparity.util.Processes.Captured c =
                org.fparity.util.Processes.command(cmd).timeoutSeconds(120).capture();
        assertEquals(ExitCode.IO_FAILURE.code(), c.result().exitCode(), c.stdout() + c.stderr());
        List<String> err = c.stderr().strip().lines().toList();
        // the cost warning --force prints first, then the one line
        // (the limit the JVM reports can be a little under -Xmx, depending on its collector)
        assertEquals(
                "fparity: " + Main.outOfMemory(0),
                err.get(err.size() - 1).replaceFirst("\\(\\d+ MiB\\)", "(0 MiB)"),
                c.stderr());
        assertFalse(c.stderr().contains("Exception in thread") || c.stderr().contains("\tat "), c.stderr());
    }

    @Test
    void unknownOptionIsAUsageError() {
        String[] r = ToolchainsCommandTest.cli("--bogus-option");
        assertEquals("2", r[0]);
        assertEquals("", r[1]);
        assertEquals(
                List.of("fparity: Unknown option: '--bogus-option'", "try 'fparity --help'"),
                r[2].strip().lines().toList());
    }

    /** picocli's "Unmatched argument at index 0" and "Missing required parameter" in words, one line and a hint (issue 30). */
    @Test
    void usageMistakesAreOneLineInWordsWithAHint() {
        String[] cmd = ToolchainsCommandTest.cli("bogus");
        assertEquals("2", cmd[0]);
        assertTrue(
                cmd[2].startsWith("fparity: unknown command 'bogus' (commands: bench, bounds, clusters, compare, "),
                cmd[2]);
        assertEquals("try 'fparity --help'", cmd[2].strip().lines().toList().getLast());
        assertEquals(2, cmd[2].strip().lines().count(), cmd[2]);
        String[] extra = ToolchainsCommandTest.cli("compare", "a", "b");
        assertEquals(
                List.of("fparity: unexpected argument 'b'", "try 'fparity compare --help'"),
                extra[2].strip().lines().toList());
        String[] missing = ToolchainsCommandTest.cli("show");
        assertEquals(
                List.of("fparity: missing PROGRAM|CAMPAIGN", "try 'fparity show --help'"),
                missing[2].strip().lines().toList());
        String[] value = ToolchainsCommandTest.cli("run", "--programs");
        assertEquals(
                List.of("fparity: option --programs needs a value (N)", "try 'fparity run --help'"),
                value[2].strip().lines().toList());
    }

    @Test
    void oneLineJoinsMultiLineMessages() {
        String s = Main.oneLine(new IllegalStateException("a\nb"));
        assertEquals("a b", s);
        assertTrue(Main.oneLine(new RuntimeException()).contains("RuntimeException"));
    }

    @Test
    void theExitCodePolicyIsFixed() {
        assertEquals(
                List.of(0, 1, 2, 3, 4, 5),
                java.util.Arrays.stream(ExitCode.values()).map(ExitCode::code).toList());
        assertEquals(ExitCode.IO_FAILURE, ExitCode.of(4));
        assertEquals(null, ExitCode.of(9));
        assertEquals(ExitCode.FINDINGS, ExitCode.found(true));
        assertEquals(ExitCode.OK, ExitCode.found(false));
    }

    @Test
    void aUsageMistakeIsOneLineAndAHintNotTheUsageText() {
        String[] r = ToolchainsCommandTest.cli("run", "--programs", "many");
        assertEquals("2", r[0]);
        assertEquals(
                List.of(
                        "fparity: Invalid value for option '--programs': 'many' is not an int",
                        "try 'fparity run --help'"),
                r[2].strip().lines().toList());
        String[] u = ToolchainsCommandTest.cli("exsum", "--colour", "red");
        assertEquals("2", u[0]);
        assertEquals(2, u[2].strip().lines().count(), u[2]);
        assertTrue(u[2].startsWith("fparity: Unknown option: '--colour'"), u[2]);
    }

    @Test
    void everyHelpListsTheExitCodesAndTheSwitchesThatWorkEverywhere() {
        for (String cmd : List.of(
                "run",
                "compare",
                "report",
                "exsum",
                "truth",
                "show",
                "generate",
                "fprev",
                "eval",
                "bounds",
                "toolchains",
                "bench")) {
            String[] r = ToolchainsCommandTest.cli(cmd, "--help");
            assertEquals("0", r[0], cmd);
            assertTrue(r[1].contains("Exit codes:"), cmd + ": " + r[1]);
            for (ExitCode e : ExitCode.values())
                assertTrue(r[1].contains(e.code() + "   " + e.meaning()), cmd + " lacks " + e + ": " + r[1]);
            assertTrue(r[1].contains("--debug") && r[1].contains("FPARITY_HOME"), cmd + ": " + r[1]);
        }
    }

    @Test
    void aFolderThatCannotBeCreatedIsAnIoFailureWithTheReason() throws Exception {
        Path file = Files.writeString(tmp.resolve("plain-file"), "x");
        Path numbers = Files.writeString(tmp.resolve("numbers.txt"), "1\n2\n");
        String[] r = ToolchainsCommandTest.cli(
                "exsum",
                numbers.toString(),
                "--save-acc",
                file.resolve("acc.json").toString());
        // writing the state under a plain file must fail with the operating system's reason
        assertEquals("4", r[0], r[2]);
        assertEquals(1, r[2].strip().lines().count(), r[2]);
        assertTrue(r[2].startsWith("fparity: cannot write " + file.resolve("acc.json") + ": "), r[2]);
        assertFalse(
                r[2].strip().endsWith(file.resolve("acc.json").toString()), "the reason, not the path again: " + r[2]);
    }

    @Test
    void jobsBelowOneAreRefusedBeforeAnythingRuns() {
        for (String j : List.of("0", "-1")) {
            String[] r = ToolchainsCommandTest.cli(
                    "run", "--jobs", j, "--out", tmp.resolve("never").toString());
            assertEquals("2", r[0], r[2]);
            assertEquals("fparity: --jobs must be at least 1, is " + j, r[2].strip());
            assertFalse(Files.exists(tmp.resolve("never")));
        }
    }
}
