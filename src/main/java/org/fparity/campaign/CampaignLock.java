package org.fparity.campaign;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;

/**
 * A campaign folder has one writer: every command that writes one (run, reruns, a cluster run, import and merge into
 * their new folder) holds this advisory lock on {@code .lock} in it, taken with {@link FileChannel#tryLock}. A second
 * writer is refused at once with one line naming the holder (pid, host, command, since: what the holder wrote into the
 * file) and exit 4, instead of interleaving its lines with the first one's. The operating system releases the lock when
 * its process dies, so the lock of a killed run is simply taken over; the text in the file is information only.
 *
 * <p>Held per folder and thread: the thread that holds it may take it again (a run, then its reruns), each
 * {@link #close} giving one back; another thread of the same process is refused like another process.
 *
 * <p>A folder that cannot be written (a read-only mount, another user's folder) takes a shared lock on the file if it
 * is there, or none: this process cannot write the campaign either, so there is nothing to keep apart, and whatever it
 * would write fails on its own.
 */
public final class CampaignLock implements AutoCloseable {
    public static final String FILE = ".lock";

    /** What this process says it is, in the holder line (the command line, set by the CLI). */
    private static volatile String command = "fparity";

    private static final Map<Path, Held> HELD = new HashMap<>();

    private final Path key;
    private boolean closed;

    private CampaignLock(Path key) {
        this.key = key;
    }

    private static final class Held {
        final Thread owner;
        final FileChannel ch;
        final FileLock lock;
        int count = 1;

        Held(Thread owner, FileChannel ch, FileLock lock) {
            this.owner = owner;
            this.ch = ch;
            this.lock = lock;
        }
    }

    /** The command line the holder line names from now on (the CLI sets it to its invocation). */
    public static void command(String commandLine) {
        command = commandLine == null ? "fparity" : commandLine;
    }

    /**
     * Takes the lock of {@code dir} (created if missing) for this thread, or refuses with exit 4 naming the holder.
     */
    public static CampaignLock acquire(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw FparityError.io("cannot create campaign folder " + dir, e);
        }
        Path key;
        try {
            key = dir.toRealPath();
        } catch (IOException e) {
            throw FparityError.io("cannot open campaign folder " + dir, e);
        }
        synchronized (HELD) {
            Held h = HELD.get(key);
            if (h != null) {
                if (h.owner != Thread.currentThread()) throw busy(dir, holder(key.resolve(FILE)));
                h.count++;
                return new CampaignLock(key);
            }
            Path file = key.resolve(FILE);
            FileChannel ch;
            boolean write = true;
            try {
                ch = FileChannel.open(
                        file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (AccessDeniedException | NoSuchFileException e) {
                ch = readOnly(file);
                write = false;
            } catch (FileSystemException e) {
                // a read-only file system, among others: EROFS is only in the reason
                ch = readOnly(file);
                write = false;
            } catch (IOException e) {
                throw FparityError.io("cannot open " + file, e);
            }
            if (ch == null) { // cannot be written and has no lock file: nobody can write it
                HELD.put(key, new Held(Thread.currentThread(), null, null));
                return new CampaignLock(key);
            }
            FileLock lock;
            try {
                lock = ch.tryLock(0, Long.MAX_VALUE, !write);
            } catch (OverlappingFileLockException e) {
                lock = null;
            } catch (IOException e) {
                // no locks on this file system (some network mounts): go on without, as before locks existed
                close(ch);
                HELD.put(key, new Held(Thread.currentThread(), null, null));
                return new CampaignLock(key);
            }
            if (lock == null) {
                String who = holder(file);
                close(ch);
                throw busy(dir, who);
            }
            if (write) {
                try {
                    byte[] line = (describeSelf() + "\n").getBytes(StandardCharsets.UTF_8);
                    ch.truncate(0);
                    ByteBuffer b = ByteBuffer.wrap(line);
                    while (b.hasRemaining()) ch.write(b, b.position());
                    ch.force(false);
                } catch (IOException e) {
                    close(ch);
                    throw FparityError.io("cannot write " + file, e);
                }
            }
            HELD.put(key, new Held(Thread.currentThread(), ch, lock));
            return new CampaignLock(key);
        }
    }

    private static FileChannel readOnly(Path file) {
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            return null;
        }
    }

    private static void close(FileChannel ch) {
        try {
            ch.close();
        } catch (IOException ignored) {
            // closing a lock file we only read
        }
    }

    private static FparityError busy(Path dir, String who) {
        return new FparityError(
                dir + " is being written by another fparity (" + who
                        + "); wait for it to finish, or stop it, then run this again",
                ExitCode.IO_FAILURE);
    }

    /** {@code pid 1234 on host node7, 'fparity run …', since 2026-11-27T02:30:00Z}: what the holder line says of this process. */
    static String describeSelf() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown host";
        }
        String cmd = command.replaceAll("\\p{Cntrl}", "?");
        return "pid " + ProcessHandle.current().pid() + " on host " + host + ", '" + cmd + "', since "
                + Instant.now().truncatedTo(ChronoUnit.SECONDS);
    }

    /** The holder named in a folder's lock file (its first line, control characters replaced), or a placeholder. */
    static String holder(Path file) {
        try {
            String text = Files.readString(file, StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElse("")
                    .strip();
            if (text.length() > 300) text = text.substring(0, 300) + "…";
            text = text.replaceAll("\\p{Cntrl}", "?");
            return text.isEmpty() ? "a process that has not said who it is yet" : text;
        } catch (IOException | java.io.UncheckedIOException e) {
            return "holder unknown: " + FparityError.reason(e instanceof IOException io ? io : new IOException(e));
        }
    }

    /**
     * Who else holds the lock of {@code dir} now, or null when nobody does (no lock file, or its lock is free) or this
     * thread does. For commands that would write a folder another one is writing, or read one still being written, to
     * say so.
     */
    public static String holderOf(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.isRegularFile(file)) return null;
        Path key;
        try {
            key = dir.toRealPath();
        } catch (IOException e) {
            return null;
        }
        synchronized (HELD) {
            Held h = HELD.get(key);
            if (h != null) return h.owner == Thread.currentThread() ? null : holder(file);
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                FileLock l = ch.tryLock(0, Long.MAX_VALUE, true);
                if (l == null) return holder(file);
                l.release();
                return null;
            } catch (IOException | OverlappingFileLockException e) {
                return null;
            }
        }
    }

    /** Gives the lock back (the last close of this thread's holds releases it; the file stays). */
    @Override
    public void close() {
        synchronized (HELD) {
            if (closed) return;
            closed = true;
            Held h = HELD.get(key);
            if (h == null || --h.count > 0) return;
            HELD.remove(key);
            if (h.ch != null) {
                try {
                    if (h.lock != null) h.lock.release();
                } catch (IOException ignored) {
                    // closing the channel releases it too
                }
                close(h.ch);
            }
        }
    }
}
