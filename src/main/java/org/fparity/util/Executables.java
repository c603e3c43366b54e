package org.fparity.util;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/** Finds the program a command name runs, the way a shell does: one PATH lookup for every package. */
public final class Executables {
    private Executables() {}

    /** An absolute or relative path as is, else the first executable file of that name on PATH; null if none. */
    public static Path find(String command) {
        return find(command, System.getenv("PATH"));
    }

    /** The same with the given PATH (null: none). */
    public static Path find(String command, String path) {
        if (command.contains("/")) {
            Path p = Path.of(command);
            return Files.isExecutable(p) && !Files.isDirectory(p) ? p : null;
        }
        if (path == null) return null;
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) continue;
            Path p = Path.of(dir, command);
            if (Files.isExecutable(p) && !Files.isDirectory(p)) return p;
        }
        return null;
    }
}
