package org.fparity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.fparity.gen.Grammar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that is there but cannot be read is an I/O failure (exit 4), not bad input; one that is not there is bad input. */
class FparityErrorTest {
    @TempDir
    Path tmp;

    @Test
    void permissionDeniedIsExit4AndSaysSo() {
        FparityError e = FparityError.cannotRead("g.json", new AccessDeniedException("g.json"));
        assertEquals(4, e.exitCode());
        assertEquals("cannot read g.json: permission denied", e.getMessage());
    }

    @Test
    void aMissingFileIsBadInput() {
        FparityError e = FparityError.cannotRead("g.json", new NoSuchFileException("g.json"));
        assertEquals(2, e.exitCode());
        assertEquals("g.json: not found", e.getMessage());
    }

    @Test
    void aFolderWhereAFileBelongsIsAnIoFailureForEveryUser() throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("grammar.json"));
        FparityError e = org.junit.jupiter.api.Assertions.assertThrows(FparityError.class, () -> Grammar.load(dir));
        assertEquals(4, e.exitCode(), e.getMessage());
        assertEquals("cannot read " + dir + ": is a directory", e.getMessage());
    }

    @Test
    void anUnreadableGrammarIsExit4() throws IOException {
        assumeFalse(
                "root".equals(System.getProperty("user.name")),
                "root reads files whatever their mode (the mapping is tested above)");
        Path f = Files.writeString(tmp.resolve("g.json"), "{}");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
        FparityError e = org.junit.jupiter.api.Assertions.assertThrows(FparityError.class, () -> Grammar.load(f));
        assertEquals(4, e.exitCode(), e.getMessage());
        assertEquals("cannot read " + f + ": permission denied", e.getMessage());
    }
}
