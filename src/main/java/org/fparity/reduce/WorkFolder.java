package org.fparity.reduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A reduction's scratch folder (batch builds, standalone builds, traces, sanitised runs), removed when it is done. */
public final class WorkFolder {
    private WorkFolder() {}

    /** Deletes {@code dir} and everything in it; a file that cannot be deleted is reported on stderr, not thrown. */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
        } catch (IOException e) {
            System.err.println("fparity: could not remove the work folder " + dir + ": " + e.getMessage());
        }
    }
}
