package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
    @Test
    void replacesContentLeavesNoTempAndIsReadableByOthers(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sub/report.json");
        AtomicFiles.write(f, "one");
        AtomicFiles.write(f, "two");
        assertEquals("two", Files.readString(f));
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(f)));
        try (Stream<Path> s = Files.list(f.getParent())) {
            assertEquals(1, s.count(), "a temporary file was left behind");
        }
    }
}
