package org.fparity.fprev;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
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
            Path jar = Paths.get(Runners.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = jar; p != null; p = p.getParent()) roots.add(p);
        } catch (Exception ignored) {
            // not from a file
        }
        roots.add(Paths.get("").toAbsolutePath());
        for (Path r : roots) {
            Path c = r.resolve("runners").resolve("fprev").resolve(file);
            if (Files.isRegularFile(c)) return c;
        }
        throw new FparityError("cannot find runners/fprev/" + file + " (set FPARITY_HOME to the fparity folder)", FparityError.MISSING_TOOL);
    }

    /** python3 on PATH (or $FPARITY_PYTHON). */
    public static String python() {
        String py = System.getenv("FPARITY_PYTHON");
        if (py != null && !py.isBlank()) return py;
        String found = onPath("python3");
        if (found == null) throw new FparityError("python3 not found on PATH; numpy targets need it", FparityError.MISSING_TOOL);
        return found;
    }

    /** Full path of an executable on PATH, or null. */
    public static String onPath(String exe) {
        Path p = Executables.find(exe);
        return p == null ? null : p.toString();
    }
}
