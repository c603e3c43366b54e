package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Precision;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python fparity runs when python3 on PATH is pyenv's shim: Runners.python (the JVM) and bin/python.sh (the
 * launcher, which starts the probe server before the JVM) on fake pyenv roots; every case also checks that both
 * choose the same command, which is what lets the JVM take over the launcher's server.
 */
class RunnersTest {
    @TempDir
    Path tmp;

    /** A fake pyenv root: shims/python3, versions/V/bin/python3 for each V, and ROOT/version if {@code global} is not null. */
    private Path root(String name, String global, String... versions) throws IOException {
        Path root = tmp.resolve(name);
        exe(root.resolve("shims/python3"));
        for (String v : versions) exe(root.resolve("versions").resolve(v).resolve("bin/python3"));
        Files.createDirectories(root.resolve("versions"));
        if (global != null) Files.writeString(root.resolve("version"), global);
        return root;
    }

    private static Path exe(Path p) throws IOException {
        Files.createDirectories(p.getParent());
        Files.writeString(p, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private Path dir(String name) throws IOException {
        return Files.createDirectories(tmp.resolve(name));
    }

    private static Map<String, String> env(Path root, String... kv) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("PATH", root.resolve("shims") + ":" + root.resolve("nothing"));
        for (int i = 0; i < kv.length; i += 2) env.put(kv[i], kv[i + 1]);
        return env;
    }

    /** What bin/python.sh chooses in exactly this environment (nothing inherited) and folder; null when it returns 1. */
    private static String launcher(Map<String, String> env, Path cwd) throws Exception {
        Path bash = org.fparity.util.Executables.find("bash");
        Path envExe = org.fparity.util.Executables.find("env");
        assumeTrue(bash != null && envExe != null, "no bash or env on PATH (the launcher is a bash script)");
        List<String> argv = new ArrayList<>(List.of(envExe.toString(), "-i", "PWD=" + cwd));
        env.forEach((k, v) -> argv.add(k + "=" + v));
        argv.addAll(List.of(
                bash.toString(),
                "-c",
                "source \"$1\"; fparity_python || exit 3; printf %s \"$py\"",
                "_",
                Path.of("bin/python.sh").toAbsolutePath().toString()));
        Processes.Captured c =
                Processes.command(argv).dir(cwd).timeoutSeconds(30).capture();
        if (c.result().exitCode() == 3) return null;
        assertTrue(c.ok(), c.stderr());
        assertEquals("", c.stderr());
        return c.stdout();
    }

    /** Runners' choice, checked to be the launcher's; returns it. */
    private static String choice(Map<String, String> env, Path cwd) throws Exception {
        String jvm = Runners.python(env, cwd);
        assertEquals(
                launcher(env, cwd), jvm, "the launcher and the JVM choose the same python for " + env + " in " + cwd);
        return jvm;
    }

    private static String python(Path root, String version) {
        return root.resolve("versions").resolve(version).resolve("bin/python3").toString();
    }

    private static String shim(Path root) {
        return root.resolve("shims/python3").toString();
    }

    @Test
    void theGlobalVersionFileNamesTheInterpreterBehindTheShim() throws Exception {
        Path r = root("r", "3.11.7\n", "3.11.7", "3.12.1");
        assertEquals(python(r, "3.11.7"), choice(env(r), dir("w")));
        // comments, blank lines, CRLF, leading blanks and words after the version, as pyenv reads them
        Files.writeString(r.resolve("version"), "# pinned\n\n  3.12.1 # newest\r\n# end\n");
        assertEquals(python(r, "3.12.1"), choice(env(r), dir("w")));
        // no newline at the end
        Files.writeString(r.resolve("version"), "3.11.7");
        assertEquals(python(r, "3.11.7"), choice(env(r), dir("w")));
    }

    @Test
    void pyenvVersionWinsOverEveryFile() throws Exception {
        Path r = root("r", "3.11.7\n", "3.11.7", "3.12.1", "3.13.0");
        Path w = dir("w");
        Files.writeString(w.resolve(".python-version"), "3.13.0\n");
        assertEquals(python(r, "3.13.0"), choice(env(r), w));
        assertEquals(python(r, "3.12.1"), choice(env(r, "PYENV_VERSION", "3.12.1"), w));
    }

    @Test
    void theNearestPythonVersionFileUpwardWinsOverTheGlobalOne() throws Exception {
        Path r = root("r", "3.11.7\n", "3.11.7", "3.12.1", "3.13.0");
        Path a = dir("p/a"), b = dir("p/a/b"), c = dir("p/a/b/c");
        Files.writeString(tmp.resolve("p/.python-version"), "3.12.1\n");
        assertEquals(python(r, "3.12.1"), choice(env(r), c), "found two folders up");
        Files.writeString(b.resolve(".python-version"), "3.13.0\n");
        assertEquals(python(r, "3.13.0"), choice(env(r), c), "the nearest");
        assertEquals(python(r, "3.12.1"), choice(env(r), a), "not below the working folder");
        // a folder of that name is not a version file
        Files.createDirectories(c.resolve(".python-version"));
        assertEquals(python(r, "3.13.0"), choice(env(r), c));
    }

    @Test
    void everyOtherCaseKeepsTheShim() throws Exception {
        Path r = root("r", "3.11.7\n", "3.11.7", "3.12.1");
        Path w = dir("w");
        assertEquals(shim(r), choice(env(r, "PYENV_VERSION", "system"), w), "system");
        assertEquals(shim(r), choice(env(r, "PYENV_VERSION", "3.11.7:3.12.1"), w), "two versions");
        assertEquals(shim(r), choice(env(r, "PYENV_VERSION", "3.9.1"), w), "not installed");
        assertEquals(shim(r), choice(env(r, "PYENV_VERSION", "../r/versions/3.11.7"), w), "a path");
        assertEquals(shim(r), choice(env(r, "PYENV_VERSION", ".."), w), "a path");
        assertEquals(shim(r), choice(env(r, "PYENV_DIR", w.toString()), w), "pyenv told to look elsewhere");
        Files.writeString(r.resolve("version"), "3.11.7\n3.12.1\n");
        assertEquals(shim(r), choice(env(r), w), "two versions in the file");
        Files.writeString(r.resolve("version"), "# nothing\n\n");
        assertEquals(shim(r), choice(env(r), w), "no version in the file (system)");
        Files.delete(r.resolve("version"));
        assertEquals(shim(r), choice(env(r), w), "no version file (system)");
        // an empty local file is pyenv's choice (system): the global one is not read
        Files.writeString(r.resolve("version"), "3.11.7\n");
        Files.writeString(w.resolve(".python-version"), "");
        assertEquals(shim(r), choice(env(r), w), "an empty .python-version");
        Files.delete(w.resolve(".python-version"));
        assertEquals(python(r, "3.11.7"), choice(env(r), w));
        // the version's python3 is not an executable file
        Path py = r.resolve("versions/3.11.7/bin/python3");
        Files.setPosixFilePermissions(py, PosixFilePermissions.fromString("rw-r--r--"));
        assertEquals(shim(r), choice(env(r), w), "not executable");
        Files.delete(py);
        Files.createDirectories(py);
        assertEquals(shim(r), choice(env(r), w), "a folder");
    }

    @Test
    void onlyAShimIsLookedBehind() throws Exception {
        // python3 in a folder not named shims, beside a versions folder: as it is
        Path r = root("r", "3.11.7\n", "3.11.7");
        Path bin = exe(r.resolve("bin/python3"));
        Path w = dir("w");
        assertEquals(bin.toString(), choice(Map.of("PATH", r.resolve("bin").toString()), w));
        // a folder named shims without ../versions: as it is
        Path s = exe(tmp.resolve("other/shims/python3"));
        assertEquals(s.toString(), choice(Map.of("PATH", s.getParent().toString()), w));
        // the first python3 on PATH is the one looked at
        assertEquals(bin.toString(), choice(Map.of("PATH", r.resolve("bin") + ":" + r.resolve("shims")), w));
        assertEquals(python(r, "3.11.7"), choice(Map.of("PATH", r.resolve("shims") + ":" + r.resolve("bin")), w));
    }

    @Test
    void fparityPythonWinsOverEverything() throws Exception {
        Path r = root("r", "3.11.7\n", "3.11.7");
        Path w = dir("w");
        Files.writeString(w.resolve(".python-version"), "3.11.7\n");
        assertEquals(
                "/opt/my/python", choice(env(r, "FPARITY_PYTHON", "/opt/my/python", "PYENV_VERSION", "3.11.7"), w));
    }

    @Test
    void noPython3OnPathIsNoChoice() throws Exception {
        Path empty = dir("empty");
        assertNull(choice(Map.of("PATH", empty.toString()), empty));
    }

    @Test
    void theJvmTakesOverAServerTheLauncherStartedWithTheInterpreterItChose() throws Exception {
        Path r = root("r", "3.11.7\n", "3.11.7");
        Path w = dir("w");
        Map<String, String> env = env(r);
        String launched = launcher(env, w), jvm = Runners.python(env, w);
        assertEquals(python(r, "3.11.7"), launched);
        // the hand-over bin/fparity passes (pid, socket, stderr, threads, command), for a process that lives
        try (Processes.Running server = Processes.command("sleep", "30").start()) {
            String spec = server.pid() + "\n" + w.resolve("s.sock") + "\n" + w.resolve("s.err") + "\n\n" + launched
                    + "\n" + Runners.find("numpy_target.py") + "\ndot";
            ProcessTarget.adoptLaunched(spec);
            ProcessTarget other = ProcessTarget.numpy(jvm, "dot", Precision.FP32, 1);
            assertFalse(other.hasEarly(), "another environment (BLAS threads) is another command: not taken");
            assertTrue(
                    ProcessTarget.numpy(jvm, "dot", Precision.FP32, null).hasEarly(),
                    "the JVM's command is the launcher's");
            // and not the shim's: one chosen differently would start a second server
            assertFalse(
                    ProcessTarget.numpy(shim(r), "dot", Precision.FP32, null).hasEarly());
        }
    }

    @Test
    void onThisMachineTheLauncherAndTheJvmChooseTheSamePython() throws Exception {
        Path cwd = Runners.workingDirectory(System.getenv("PWD"));
        Map<String, String> env = new LinkedHashMap<>();
        for (String k : List.of("PATH", "HOME", "FPARITY_PYTHON", "PYENV_VERSION", "PYENV_DIR")) {
            if (System.getenv(k) != null) env.put(k, System.getenv(k));
        }
        assertEquals(launcher(env, cwd), Runners.python(System.getenv(), cwd));
    }
}
