package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Remote data is data: whatever an argv element holds reaches the remote command as that one element. */
class ShellQuotingTest {
    @TempDir
    Path tmp;

    private List<String> nasty() {
        Path marker = tmp.resolve("pwned");
        return List.of(
                "plain",
                "two words",
                "it's",
                "\"double\"",
                "$(touch " + marker + ")",
                "`touch " + marker + "`",
                "a; touch " + marker,
                "x && touch " + marker,
                "$HOME",
                "back\\slash",
                "new\nline",
                "*",
                "",
                "-n",
                "tab\there",
                "'; touch " + marker + "; '");
    }

    @Test
    void everyElementArrivesIntactThroughTheRemoteShellsCommandLine() throws Exception {
        List<String> argv = new ArrayList<>(List.of("printf", "[%s]\\n"));
        argv.addAll(nasty());
        // What ssh hands the remote login shell: the setup-free command line SshShell builds, run by sh -c as sshd
        // would.
        String remote = new SshShell("nowhere.invalid", List.of(), List.of()).remoteCommand(argv);
        Shell.Result r = Commands.run(List.of("sh", "-c", remote), null, 30);
        assertEquals(0, r.exit(), r.err());
        StringBuilder expected = new StringBuilder();
        for (String s : nasty()) expected.append('[').append(s).append("]\n");
        assertEquals(expected.toString(), r.out());
        assertFalse(Files.exists(tmp.resolve("pwned")), "a value was run as a command");
    }

    @Test
    void theLocalShellPassesArgumentsAfterSetupLinesWithoutInterpreting() throws Exception {
        List<String> argv = new ArrayList<>(List.of("printf", "[%s]\\n"));
        argv.addAll(nasty());
        Shell.Result r = new LocalShell(List.of("export FPARITY_TEST_SETUP=1")).run(argv, null, 30);
        assertEquals(0, r.exit(), r.err());
        assertEquals(nasty().size(), r.out().split("]\n", -1).length - 1);
        assertFalse(Files.exists(tmp.resolve("pwned")), "a value was run as a command");
    }

    @Test
    void plainWordsStayReadable() {
        assertEquals(
                "squeue -h -j 12,13 -o %i|%T",
                Shell.commandLine(List.of("squeue", "-h", "-j", "12,13", "-o", "%i|%T"))
                        .replace("'%i|%T'", "%i|%T"));
        assertEquals("'%i|%T'", Shell.quote("%i|%T"));
        assertEquals("'it'\\''s'", Shell.quote("it's"));
        assertEquals("''", Shell.quote(""));
    }
}
