package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.fparity.reduce.WorkFolder;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/fparity starts a reveal's numpy server before the JVM and the JVM kills it when the reveal stops early (a bad
 * option). The user must then see the JVM's one line and nothing from bash about the killed background job. The
 * launcher runs here as it is (real bash, real Python server) in a copy of the fparity folder whose JDK is a script
 * standing in for the JVM: it kills the server it is handed, as fparity does, and prints fparity's error line.
 */
class LauncherServerTest {
    @TempDir
    Path tmp;

    @Test
    void aRevealStoppedByABadOptionPrintsOnlyTheJvmsLine() throws Exception {
        Assumptions.assumeTrue(Executables.find("bash") != null, "bash is not installed");
        Assumptions.assumeTrue(
                Runners.python(System.getenv(), Path.of("").toAbsolutePath()) != null,
                "python3 is not on PATH (the launcher starts no server)");
        Path home = tmp.resolve("fparity");
        for (String f : new String[] {"bin/fparity", "bin/jdk.sh", "bin/python.sh", "runners/fprev/numpy_target.py"}) {
            Path to = home.resolve(f);
            Files.createDirectories(to.getParent());
            Files.copy(Path.of(f), to);
        }
        Files.createDirectories(home.resolve("target"));
        Files.writeString(home.resolve("target/fparity.jar"), "");
        Path jdk = tmp.resolve("jdk");
        Files.createDirectories(jdk.resolve("bin"));
        Files.writeString(jdk.resolve("release"), "JAVA_VERSION=\"25\"\n");
        Path seen = tmp.resolve("server-pid");
        script(jdk.resolve("bin/javac"), "exit 0\n");
        // the JVM's part: wait until the server has bound its socket, kill it, wait until it is gone, fail
        script(jdk.resolve("bin/java"), """
                for a in "$@"; do
                  case "$a" in -Dfparity.fprev.server=*) spec=${a#*=} ;; esac
                done
                [[ -n "${spec:-}" ]] || exit 99
                { read -r pid; read -r sock; } <<< "$spec"
                echo "$pid" > "SEEN"
                for ((i = 0; i < 400; i++)); do [[ -S "$sock" ]] && break; sleep 0.05; done
                kill -9 "$pid"
                for ((i = 0; i < 200; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
                echo "fparity: --n must be at least 2 (got 1)" >&2
                exit 2
                """.replace("SEEN", seen.toString()));
        // the launcher puts its socket under $TMPDIR and starts no server when that path would not fit in a Unix
        // socket's
        // 107 bytes: give it a short folder of the test's own, so the caller's $TMPDIR (any length) decides nothing
        Path sockets = tmp.toString().length() <= 60 ? tmp : Files.createTempDirectory(Path.of("/tmp"), "fparity-");
        Processes.Captured c;
        try {
            c = Processes.command(home.resolve("bin/fparity").toString(), "fprev", "--target", "numpy.dot", "--n", "1")
                    .env(Map.of(
                            "JAVA_HOME",
                            jdk.toString(),
                            "FPARITY_AOT",
                            "0",
                            "FPARITY_EARLY",
                            "1",
                            "TMPDIR",
                            sockets.toString()))
                    .dir(tmp)
                    .timeoutSeconds(60)
                    .capture();
        } finally {
            if (sockets != tmp) WorkFolder.delete(sockets);
        }
        assertTrue(Files.isRegularFile(seen), "the stand-in JVM was handed a server: " + c.stderr());
        assertEquals(2, c.result().exitCode(), c.stderr());
        assertEquals("fparity: --n must be at least 2 (got 1)\n", c.stderr());
        assertEquals("", c.stdout());
    }

    private static void script(Path f, String body) throws Exception {
        Files.writeString(f, "#!/usr/bin/env bash\n" + body);
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
