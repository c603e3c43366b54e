package org.fparity.util;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Temporary folders and files that a killed command cannot leak for good: each is locked (a {@link FileChannel} lock,
 * which the operating system drops when its process dies) for as long as its command works in it, and the next start
 * of the same command removes those of its kind whose lock is free. One without a lock (made by an fparity before this,
 * or caught between its creation and its lock, or its release and its rename) is removed only once it is older than
 * {@link #GRACE_MILLIS}, so a temporary another process is just renaming into place is never taken from it.
 */
public final class Leftovers {
    private Leftovers() {}

    /** Unlocked temporaries younger than this are left alone. */
    static final long GRACE_MILLIS = 60_000;
    /** The lock file inside a temporary folder. */
    public static final String LOCK = ".lock";

    private record Held(FileChannel ch, FileLock lock) {}

    private static final Map<Path, Held> HELD = new ConcurrentHashMap<>();
    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    /** A new folder {@code prefix}… in {@code parent}, locked until {@link #release}; {@code parent} is created when missing. */
    public static Path tempDir(Path parent, String prefix) throws IOException {
        Files.createDirectories(parent);
        // not createTempDirectory, whose folders are 0700: a report or campaign renamed from here keeps the umask's
        // mode
        Path dir;
        while (true) {
            try {
                dir = Files.createDirectory(parent.resolve(prefix + Long.toUnsignedString(RANDOM.nextLong(), 36)));
                break;
            } catch (java.nio.file.FileAlreadyExistsException taken) {
                // another name
            }
        }
        FileChannel ch = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock l = tryLock(ch);
        if (l == null) {
            ch.close();
            throw new IOException("cannot lock the new folder " + dir);
        }
        HELD.put(dir.toAbsolutePath(), new Held(ch, l));
        return dir;
    }

    /**
     * Gives back the lock of a temporary folder from {@link #tempDir} and removes its lock file: before it is renamed into
     * place (or deleted).
     */
    public static void release(Path dir) {
        Held h = HELD.remove(dir.toAbsolutePath());
        if (h == null) return;
        try {
            h.ch().close(); // releases the lock
            Files.deleteIfExists(dir.resolve(LOCK));
        } catch (IOException ignored) {
            // the folder is being renamed or deleted next; a stray lock file in it harms nothing
        }
    }

    /** A locked channel on {@code file} (created) that the caller writes through and closes: the file is in use until then. */
    public static FileChannel lockedFile(Path file) throws IOException {
        FileChannel ch = FileChannel.open(
                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        if (tryLock(ch) == null) {
            ch.close();
            throw new IOException("cannot lock the new file " + file);
        }
        return ch;
    }

    /**
     * Removes what a killed command left in {@code parent}: folders and files whose names start with {@code prefix} and
     * end with {@code suffix} that nobody holds. Returns what it removed. Best effort: whatever cannot be removed stays.
     */
    public static List<Path> clean(Path parent, String prefix, String suffix) {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(parent)) return removed;
        List<Path> candidates;
        try (var s = Files.list(parent)) {
            candidates = s.filter(p -> {
                        String n = p.getFileName().toString();
                        return n.startsWith(prefix)
                                && n.endsWith(suffix)
                                && n.length() > prefix.length() + suffix.length();
                    })
                    .toList();
        } catch (IOException e) {
            return removed;
        }
        for (Path p : candidates) {
            if (HELD.containsKey(p.toAbsolutePath())) continue;
            try {
                if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    if (inUse(p.resolve(LOCK), p, false)) continue;
                    deleteTree(p);
                } else if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    if (inUse(p, p, true)) continue;
                    Files.deleteIfExists(p);
                } else {
                    continue;
                }
                removed.add(p);
            } catch (IOException | RuntimeException e) {
                // best effort
            }
        }
        return removed;
    }

    /**
     * Whether {@code lockFile}'s lock is held by a live process, or {@code what} is too young to tell: always when it
     * has no lock file, and with {@code graceAnyway} (a file that is its own lock, free again between its last write and
     * its rename) also when its lock is free.
     */
    private static boolean inUse(Path lockFile, Path what, boolean graceAnyway) throws IOException {
        if (Files.isRegularFile(lockFile)) {
            try (FileChannel ch = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
                FileLock l = tryLock(ch);
                if (l == null) return true;
                l.release();
                if (!graceAnyway) return false;
            }
        }
        return System.currentTimeMillis() - Files.getLastModifiedTime(what).toMillis() < GRACE_MILLIS;
    }

    private static FileLock tryLock(FileChannel ch) throws IOException {
        try {
            return ch.tryLock();
        } catch (OverlappingFileLockException e) {
            return null;
        }
    }

    /** {@link #deleteTree}, for a temporary folder whose leftovers are harmless: what cannot be removed stays. */
    public static void deleteTreeQuietly(Path dir) {
        try {
            deleteTree(dir);
        } catch (IOException ignored) {
            // a temporary folder left behind is harmless
        }
    }

    /** Deletes a folder and everything in it, deepest first; symbolic links are removed, never followed. */
    public static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) return;
        try (var s = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(s.toList());
            java.util.Collections.reverse(all);
            for (Path q : all) Files.deleteIfExists(q);
        }
    }
}
