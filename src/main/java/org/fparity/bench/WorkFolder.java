package org.fparity.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.ExitCode;
import org.fparity.FparityError;

/** The folder a benchmark works in: the one given ({@code --out}), or a new temporary one; kept either way. */
public final class WorkFolder {
    private WorkFolder() {}

    /**
     * {@code out} made if missing, or a new temporary folder named {@code prefix…} when {@code out} is null. With
     * {@code fresh}, a given folder must be new or empty (what is measured there must not meet an earlier run's files).
     */
    public static Path create(Path out, String prefix, boolean fresh) {
        try {
            if (out == null) return Files.createTempDirectory(prefix);
            if (fresh && Files.exists(out) && !isEmptyDir(out))
                throw new FparityError(out + " is not empty; give a new folder (--out)");
            return Files.createDirectories(out);
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create " + (out == null ? "a work folder" : out) + ": " + FparityError.reason(e),
                    ExitCode.IO_FAILURE,
                    e);
        }
    }

    private static boolean isEmptyDir(Path d) throws IOException {
        if (!Files.isDirectory(d)) return false;
        try (var s = Files.list(d)) {
            return s.findAny().isEmpty();
        }
    }
}
