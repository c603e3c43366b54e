package org.fparity.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkFolderTest {
    @TempDir
    Path tmp;

    @Test
    void aGivenFolderIsMadeAndAFreshOneMustBeEmpty() throws Exception {
        Path out = tmp.resolve("a/b");
        assertEquals(out, WorkFolder.create(out, "x", true));
        assertTrue(Files.isDirectory(out));
        Files.writeString(out.resolve("left.txt"), "earlier run");
        // bench keeps working in a folder it used before; bench scale refuses one with files in it
        assertEquals(out, WorkFolder.create(out, "x", false));
        FparityError e = assertThrows(FparityError.class, () -> WorkFolder.create(out, "x", true));
        assertEquals(out + " is not empty; give a new folder (--out)", e.getMessage());
        assertEquals(ExitCode.BAD_INPUT.code(), e.exitCode());
    }

    @Test
    void aFileInTheWayIsAnIoFailureInOneLine() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "");
        FparityError e = assertThrows(FparityError.class, () -> WorkFolder.create(file.resolve("w"), "x", false));
        assertEquals(ExitCode.IO_FAILURE.code(), e.exitCode());
        assertEquals("cannot create " + file.resolve("w") + ": " + file + " is a file, not a folder", e.getMessage());
    }

    @Test
    void noFolderGivenIsANewTemporaryOne() throws Exception {
        Path t = WorkFolder.create(null, "fparity-test-", true);
        try {
            assertTrue(Files.isDirectory(t));
            assertTrue(t.getFileName().toString().startsWith("fparity-test-"));
        } finally {
            Files.delete(t);
        }
    }
}
