package org.fparity.fprev;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.util.Executables;

/** Finds the helper files in runners/fprev and the tools they need. */
public final class Runners {
    private Runners() {}

    /** runners/fprev/NAME, looked up from $FPARITY_HOME, the jar's folder and the working directory. */
    public static Path find(String file) {
        String home = System.getenv("FPARITY_HOME");
        java.util.List<Path> roots = new java.util.ArrayList<>();
        if (home != null) roots.add(Paths.get(home));
        try {
            Path jar = Paths.get(Runners.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (Path p = jar; p != null; p = p.getParent()) roots.add(p);
        } catch (Exception ignored) {
            // not from a file
        }
        roots.add(Paths.get("").toAbsolutePath());
        for (Path r : roots) {
            Path c = r.resolve("runners").resolve("fprev").resolve(file);
            if (Files.isRegularFile(c)) return c;
        }
        throw new FparityError(
                "cannot find runners/fprev/" + file + " (set FPARITY_HOME to the fparity folder)",
                ExitCode.MISSING_TOOL);
    }

    private static volatile String python;

    /**
     * The Python fparity runs: $FPARITY_PYTHON, else python3 on PATH, or the interpreter behind it when that is pyenv's
     * shim ({@link #python(Map, Path)}; bin/python.sh is the same rule for the launcher, which must choose the same
     * command for the JVM to take over the probe server it started).
     */
    public static String python() {
        String py = python;
        if (py == null) python = py = python(System.getenv(), workingDirectory(System.getenv("PWD")));
        if (py == null)
            throw new FparityError("python3 not found on PATH; numpy targets need it", ExitCode.MISSING_TOOL);
        return py;
    }

    /** What a user types: $FPARITY_PYTHON, else python3 on PATH as it is (a pyenv shim stays one). */
    public static String pythonAsTyped() {
        String py = System.getenv("FPARITY_PYTHON");
        if (py != null && !py.isBlank()) return py;
        String found = onPath("python3");
        if (found == null)
            throw new FparityError("python3 not found on PATH; numpy targets need it", ExitCode.MISSING_TOOL);
        return found;
    }

    /**
     * The working directory as the shell names it ($PWD when it is this directory, symbolic links kept), which is where
     * pyenv starts looking for .python-version; else the JVM's own.
     */
    static Path workingDirectory(String pwd) {
        Path here = Paths.get("").toAbsolutePath();
        try {
            if (pwd != null && pwd.startsWith("/") && Files.isSameFile(Path.of(pwd), here)) return Path.of(pwd);
        } catch (IOException | RuntimeException e) {
            // not a folder: the JVM's own
        }
        return here;
    }

    /**
     * The rule of {@link #python()} on a given environment and working directory; null when there is no python3. A
     * pyenv shim is python3 in a folder {@code shims} with {@code ../versions} beside it (pyenv's root); the shim runs
     * the version pyenv chooses: $PYENV_VERSION, else the first .python-version from {@code cwd} upward, else
     * ROOT/version, reading the first word of each line that is not empty or a comment. When that is exactly one
     * version, not {@code system}, and ROOT/versions/V/bin/python3 is an executable file, that file is the
     * interpreter; in every other case (also $PYENV_DIR set) the shim stays.
     */
    static String python(Map<String, String> env, Path cwd) {
        String py = env.get("FPARITY_PYTHON");
        if (py != null && !py.isBlank()) return py;
        Path shim = Executables.find("python3", env.get("PATH"));
        if (shim == null) return null;
        Path shims = shim.getParent(), root = shims == null ? null : shims.getParent();
        String pyenvDir = env.get("PYENV_DIR");
        if (root == null
                || !shims.getFileName().toString().equals("shims")
                || !Files.isDirectory(root.resolve("versions"))
                || (pyenvDir != null && !pyenvDir.isEmpty())) {
            return shim.toString();
        }
        String v = env.get("PYENV_VERSION");
        if (v == null || v.isEmpty()) {
            Path file = root.resolve("version");
            for (Path d = cwd; d != null; d = d.getParent()) {
                if (Files.isRegularFile(d.resolve(".python-version"))) {
                    file = d.resolve(".python-version");
                    break;
                }
            }
            List<String> vs = new ArrayList<>();
            try {
                for (String line :
                        Files.readString(file, StandardCharsets.UTF_8).split("\n")) {
                    // words as bash's read splits them with pyenv's IFS (space, tab, CR)
                    String[] w = line.replaceFirst("^[ \t\r]+", "").split("[ \t\r]+", 2);
                    if (!w[0].isEmpty() && !w[0].startsWith("#")) vs.add(w[0]);
                }
            } catch (IOException | RuntimeException e) {
                return shim.toString();
            }
            if (vs.size() != 1) return shim.toString();
            v = vs.getFirst();
        }
        if (v.equals("system") || v.equals(".") || v.equals("..") || v.contains(":") || v.contains("/"))
            return shim.toString();
        Path exe = root.resolve("versions").resolve(v).resolve("bin").resolve("python3");
        return Files.isRegularFile(exe) && Files.isExecutable(exe) ? exe.toString() : shim.toString();
    }

    /** Full path of an executable on PATH, or null. */
    public static String onPath(String exe) {
        Path p = Executables.find(exe);
        return p == null ? null : p.toString();
    }
}
