package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.ExitCode;
import org.fparity.FparityError;
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

    @Test
    void aFailingCheckLeavesNeitherTheTargetNorTheTempFileAndAnOldTargetAsItWas(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("sub/blob");
        List<String> seen = new ArrayList<>();
        FparityError e = assertThrows(
                FparityError.class,
                () -> AtomicFiles.write(f, "half".getBytes(StandardCharsets.UTF_8), false, written -> {
                    seen.add(Files.readString(written));
                    throw new FparityError("refused", ExitCode.IO_FAILURE);
                }));
        assertEquals("refused", e.getMessage());
        assertEquals(List.of("half"), seen, "the check read the written bytes");
        assertEquals(List.of(), names(f.getParent()), "no target, no temporary file");
        // an I/O failure in the check is the write's: exit 4, named by the target
        Files.writeString(f, "old");
        FparityError io = assertThrows(
                FparityError.class,
                () -> AtomicFiles.write(f, "new".getBytes(StandardCharsets.UTF_8), true, written -> {
                    throw new IOException("disk gone");
                }));
        assertEquals(ExitCode.IO_FAILURE, io.code());
        assertEquals("cannot write " + f + ": disk gone", io.getMessage());
        assertEquals("old", Files.readString(f));
        assertEquals(List.of("blob"), names(f.getParent()));
        // a passing check: renamed into place
        AtomicFiles.write(f, "new".getBytes(StandardCharsets.UTF_8), false, written -> {});
        assertEquals("new", Files.readString(f));
        assertEquals(List.of("blob"), names(f.getParent()));
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
