package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Size;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that ended differently by timing out: its bundle's build.sh ran that side with no limit, so a vendor's shell
 * hung where the campaign had given up after its limit. Two planted compilers (shell scripts, no real compiler): one
 * whose binary never answers, one whose binary prints a result.
 */
class BundleTimeoutTest {
    @TempDir
    Path tmp;

    private DetectedToolchain planted(Path dir, String name) throws Exception {
        Path script = dir.resolve(name);
        try (InputStream in = getClass().getResourceAsStream("/reduce/planted-timeout/" + name)) {
            Files.writeString(script, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
        assertTrue(script.toFile().setExecutable(true));
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(
                dir.resolve(name + ".json"),
                gcc.replace("\"name\": \"gcc\"", "\"name\": \"" + name + "\"")
                        .replace("[\"gcc\", \"{opt}\"", "[\"" + script + "\", \"{opt}\""));
        return new DetectedToolchain(Toolchains.load(dir).get(name), null, true, null, true, null);
    }

    @Test
    void aSideRecordedAsTimedOutIsRunUnderItsRecordedLimitAndPrintsTimeout() throws Exception {
        Ended e = endsAsRecorded("hang-cc", 30);
        assertEquals("", e.stderr(), "TERM ended it: nothing but the two lines");
        String sh = e.script();
        assertTrue(sh.contains("t='timeout -k " + Bundle.KILL_AFTER + " 1'"), "the recorded limit: " + sh);
    }

    @Test
    void aSideDeafToTermIsKilledAfterTheLimitAndStillPrintsTimeout() throws Exception {
        // stdout is build.sh's contract; the shell may say on stderr that the run was killed.
        endsAsRecorded("deaf-cc", 1 + Bundle.KILL_AFTER + 20);
    }

    /** A build.sh that ended: its script and its stderr (stdout already checked). */
    private record Ended(String script, String stderr) {}

    /** build.sh of a bundle pairing print-cc's value with {@code hanging}'s recorded timeout, run, its stdout checked. */
    private Ended endsAsRecorded(String hanging, int waitSeconds) throws Exception {
        Assumptions.assumeTrue(Executables.find("timeout") != null, "coreutils' timeout is not on PATH");
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        DetectedToolchain print = planted(dir, "print-cc");
        DetectedToolchain hang = planted(dir, hanging);
        Outcome a = new Outcome(
                BundleEndedDifferentlyTest.P.id(), 0, "print-cc", "O0", Outcome.Status.OK, "0x1p+0", null, "local", 0);
        Outcome b = new Outcome(
                BundleEndedDifferentlyTest.P.id(),
                0,
                hanging,
                "O3",
                Outcome.Status.TIMEOUT,
                null,
                "no answer within 1 s; process tree killed",
                "local",
                0);
        Path bundle = Bundle.write(
                tmp.resolve("reproducers"),
                Bundle.Contents.of("0123456789ab", BundleEndedDifferentlyTest.P, new Input(List.of("1", "2")), null)
                        .a(print, "O0", a)
                        .b(hang, "O3", b)
                        .original(Size.of(BundleEndedDifferentlyTest.P))
                        .host(Map.of())
                        .build());
        String sh = Files.readString(bundle.resolve("build.sh"));
        Path log = tmp.resolve("build.log");
        Path err = tmp.resolve("build.err");
        Process p = new ProcessBuilder("sh", bundle.resolve("build.sh").toString())
                .redirectError(err.toFile())
                .redirectOutput(log.toFile())
                .directory(tmp.toFile())
                .start();
        boolean ended = p.waitFor(waitSeconds, TimeUnit.SECONDS);
        if (!ended) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        String out = Files.readString(log);
        assertTrue(ended, "build.sh still running after " + waitSeconds + " s, its run unbounded:\n" + out + "\n" + sh);
        String stderr = Files.readString(err);
        assertEquals("print-cc@O0 0x1p+0\n" + hanging + "@O3 TIMEOUT\n", out, stderr);
        assertEquals(0, p.exitValue(), "a value against a timeout: the finding is there");
        return new Ended(sh, stderr);
    }
}
