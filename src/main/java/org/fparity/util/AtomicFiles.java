package org.fparity.util;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** Writes files by temp-then-rename, so a reader (or a killed run) never sees half a file. */
public final class AtomicFiles {
    private AtomicFiles() {}

    /**
     * A temporary file in {@code target}'s folder, to be renamed onto it, readable by others: createTempFile makes 0600
     * files, and reports and campaigns are meant to be read by others (colleagues, CI, web servers).
     */
    public static Path tempBeside(Path target) throws IOException {
        Path tmp = Files.createTempFile(target.toAbsolutePath().getParent(), "." + target.getFileName() + ".", ".tmp");
        try {
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            // not a POSIX file system: keep the default
        }
        return tmp;
    }

    /**
     * A check of the written temporary file before it takes the target's name; it throws to refuse the file, which is
     * then deleted, so the target keeps what it had (or stays absent).
     */
    @FunctionalInterface
    public interface Check {
        void check(Path written) throws IOException;
    }

    /** Writes {@code content} to {@code target} whole or not at all, forced to the disk before the rename. */
    public static void write(Path target, byte[] content) {
        write(target, content, true, written -> {});
    }

    /**
     * Writes {@code content} to a temporary file beside {@code target}, runs {@code check} on it, then renames it onto
     * {@code target}. {@code sync}: whether the bytes are forced to the disk before the rename (about 3.6 ms a file
     * here); a store of many small files that checks each file when it reads it can leave that out.
     */
    public static void write(Path target, byte[] content, boolean sync, Check check) {
        Path dir = target.toAbsolutePath().getParent();
        try {
            Files.createDirectories(dir);
            Path tmp = tempBeside(target);
            try {
                if (sync)
                    Files.write(
                            tmp,
                            content,
                            StandardOpenOption.WRITE,
                            StandardOpenOption.TRUNCATE_EXISTING,
                            StandardOpenOption.SYNC);
                else Files.write(tmp, content, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                check.check(tmp);
                replace(tmp, target);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write " + target, e);
        }
    }

    /**
     * Renames the finished {@code tmp} onto {@code target}, replacing what was there: atomically where the file system
     * can, else as a plain replacing move.
     */
    public static void replace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    public static void write(Path target, String content) {
        write(target, content.getBytes(StandardCharsets.UTF_8));
    }
}
