package org.fparity.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.FparityError;

/**
 * The temporary files of one fparity process's comparisons ({@link Spill}, {@link CaseSpill}): one folder under the
 * system's temporary folder ({@code FPARITY_TMPDIR} or {@code -Djava.io.tmpdir}), removed when the process ends.
 */
final class SpillFiles {
    private SpillFiles() {}

    private static Path dir;

    /** A new empty file in this process's folder. */
    static synchronized Path create(String prefix) throws IOException {
        if (dir == null) {
            String base = System.getenv("FPARITY_TMPDIR");
            Path d = base == null
                    ? Files.createTempDirectory("fparity-compare-")
                    : Files.createTempDirectory(Path.of(base), "fparity-compare-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(d)));
            dir = d;
        }
        return Files.createTempFile(dir, prefix, ".bin");
    }

    /** Removes a file as soon as it is no longer needed (the folder goes at exit in any case). */
    static void delete(Path p) {
        try {
            if (Files.isDirectory(p)) {
                try (var s = Files.list(p)) {
                    for (Path c : (Iterable<Path>) s::iterator) delete(c);
                }
            }
            Files.deleteIfExists(p);
        } catch (IOException e) {
            // a temporary file left behind is no failure of the command
        }
    }

    static FparityError io(IOException e) {
        return FparityError.io("cannot write a temporary file of the comparison (FPARITY_TMPDIR picks the folder)", e);
    }
}
