package org.fparity.util;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The one way fparity starts a child process. nvcc, hipcc, javac and shell wrappers spawn helpers that keep running
 * (and keep pipes open) after the driver dies, so every timeout kills the whole tree ({@link ProcessHandle#descendants()}),
 * which Commons Exec's watchdog does not (notes/environment.md). Output always goes to files, never to a pipe we read
 * to the end before waiting: a child blocked on a full pipe, or a grandchild holding the pipe open, would otherwise
 * make the timeout unreachable. Interactive children ({@link #start}) get pipes, and their owner kills the tree on
 * close.
 *
 * <p>Where {@code setsid} exists (Linux), every child starts as the leader of a session of its own, and a kill takes
 * the whole session: a grandchild that double-forked ({@code (sleep 1000 &)}) is re-parented to init and drops out of
 * {@link ProcessHandle#descendants()}, but it stays in the session. Only a process that starts a session of its own
 * (a daemon) leaves; it is no longer part of the command.
 */
public final class Processes {
    private Processes() {}

    /** How a finished command ended: exit code (-1 when killed by our timeout), whether the timeout fired, wall time. */
    public record Result(int exitCode, boolean timedOut, long micros) {
        public boolean ok() {
            return !timedOut && exitCode == 0;
        }
    }

    /** A finished command and what it printed (stderr is empty when it was merged into stdout or discarded). */
    public record Captured(Result result, String stdout, String stderr) {
        public boolean ok() {
            return result.ok();
        }
    }

    /** Starts describing a command; nothing runs until {@link Command#run}, {@link Command#capture} or {@link Command#start}. */
    public static Command command(List<String> argv) {
        return new Command(argv);
    }

    public static Command command(String... argv) {
        return new Command(List.of(argv));
    }

    /** Runs argv with stdout and stderr merged into {@code output}; kills the tree after {@code timeoutSeconds}. */
    public static Result run(List<String> argv, Map<String, String> env, Path workDir, Path output, long timeoutSeconds)
            throws IOException, InterruptedException {
        return command(argv)
                .env(env)
                .dir(workDir)
                .output(output)
                .timeoutSeconds(timeoutSeconds)
                .run();
    }

    /** Runs a short probe and returns its merged output, or null when it could not start, timed out or failed. */
    public static String probe(List<String> argv, Map<String, String> env, long timeoutSeconds) {
        try {
            Captured c = command(argv)
                    .env(env)
                    .mergeStderr()
                    .timeoutSeconds(timeoutSeconds)
                    .capture();
            return c.ok() ? c.stdout() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** One child process to run: argv, extra environment, working folder, where its streams go, how long it may take. */
    public static final class Command {
        private final List<String> argv;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Path dir;
        private Path stdin;
        private Path stdout;
        private Path stderr;
        private boolean merge;
        private boolean discardStderr;
        private long timeoutMillis = TimeUnit.MINUTES.toMillis(10);

        private Command(List<String> argv) {
            if (argv.isEmpty()) throw new IllegalArgumentException("empty command");
            this.argv = List.copyOf(argv);
        }

        /** Variables added to (or replacing) the inherited environment. */
        public Command env(Map<String, String> vars) {
            env.putAll(vars);
            return this;
        }

        public Command dir(Path workDir) {
            this.dir = workDir;
            return this;
        }

        /** Standard input from a file (default: /dev/null, so a child that reads stdin never waits for us). */
        public Command stdin(Path file) {
            this.stdin = file;
            return this;
        }

        /** stdout and stderr, merged, into this file. */
        public Command output(Path file) {
            this.stdout = file;
            this.merge = true;
            return this;
        }

        public Command stdout(Path file) {
            this.stdout = file;
            return this;
        }

        public Command stderr(Path file) {
            this.stderr = file;
            return this;
        }

        /** stderr joins stdout (in a captured or file output). */
        public Command mergeStderr() {
            this.merge = true;
            return this;
        }

        public Command discardStderr() {
            this.discardStderr = true;
            return this;
        }

        /** Wall-clock limit; when it passes the whole process tree is killed and the result says so. */
        public Command timeoutSeconds(long seconds) {
            return timeoutMillis(TimeUnit.SECONDS.toMillis(seconds));
        }

        public Command timeoutMillis(long millis) {
            if (millis <= 0) throw new IllegalArgumentException("timeout must be positive, is " + millis + " ms");
            this.timeoutMillis = millis;
            return this;
        }

        public List<String> argv() {
            return argv;
        }

        /** Runs to the end or to the timeout; output goes where {@link #output}/{@link #stdout}/{@link #stderr} said (else nowhere). */
        public Result run() throws IOException, InterruptedException {
            ProcessBuilder pb = builder();
            pb.redirectOutput(
                    stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
            redirectStderr(pb);
            return waitBounded(pb);
        }

        /** Runs to the end or to the timeout and returns what it printed (drained to temporary files, then read). */
        public Captured capture() throws IOException, InterruptedException {
            Path out = Files.createTempFile("fparity-out", ".txt");
            Path err = merge || discardStderr || stderr != null ? null : Files.createTempFile("fparity-err", ".txt");
            try {
                ProcessBuilder pb = builder().redirectOutput(out.toFile());
                if (err != null) pb.redirectError(err.toFile());
                else redirectStderr(pb);
                Result r = waitBounded(pb);
                return new Captured(
                        r,
                        Files.readString(out, StandardCharsets.UTF_8),
                        err == null ? "" : Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                if (err != null) Files.deleteIfExists(err);
            }
        }

        /**
         * Starts a child that talks over pipes (stdin and stdout); stderr goes to the file given, else nowhere. The
         * caller bounds each exchange itself and must close the returned handle, which kills what is left of the tree.
         * The timeout set here bounds {@link Running#finish()}.
         */
        public Running start() throws IOException {
            ProcessBuilder pb = builder();
            if (stdin == null) pb.redirectInput(ProcessBuilder.Redirect.PIPE);
            pb.redirectOutput(
                    stdout == null ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.to(stdout.toFile()));
            redirectStderr(pb);
            Running r = new Running(pb.start(), timeoutMillis);
            if (SETSID != null) LIVE.add(r.handle);
            return r;
        }

        private ProcessBuilder builder() {
            ProcessBuilder pb = new ProcessBuilder(sessionArgv(argv, dir));
            pb.redirectInput(
                    stdin == null
                            ? ProcessBuilder.Redirect.from(new File("/dev/null"))
                            : ProcessBuilder.Redirect.from(stdin.toFile()));
            if (dir != null) pb.directory(dir.toFile());
            pb.environment().putAll(env);
            return pb;
        }

        private void redirectStderr(ProcessBuilder pb) {
            if (merge) pb.redirectErrorStream(true);
            else if (stderr != null) pb.redirectError(stderr.toFile());
            else pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        }

        private Result waitBounded(ProcessBuilder pb) throws IOException, InterruptedException {
            long t0 = System.nanoTime();
            Process p = pb.start();
            ProcessHandle h = p.toHandle();
            if (SETSID != null) LIVE.add(h);
            try {
                if (!p.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
                    killTree(p);
                    return new Result(-1, true, (System.nanoTime() - t0) / 1000);
                }
                return new Result(p.exitValue(), false, (System.nanoTime() - t0) / 1000);
            } finally {
                // also on interrupt: a cancelled campaign must not leave compilers behind
                if (p.isAlive()) killTree(p);
                LIVE.remove(h);
            }
        }
    }

    /**
     * A process some other part of fparity started (bin/fparity starts the numpy probe server before the JVM, which
     * takes it over by its pid), talking over the streams given; it behaves as a {@link Running} child: closing it
     * kills whatever is left of its tree. It is not this JVM's child, so its exit value is known only on Linux and
     * only while it is a zombie its own parent has not reaped yet (else -1).
     */
    public static Running adopt(ProcessHandle handle, OutputStream stdin, InputStream stdout, long timeoutMillis) {
        return new Running(null, handle, stdin, stdout, timeoutMillis);
    }

    /** A started interactive child; closing it kills whatever is left of its tree. */
    public static final class Running implements AutoCloseable {
        private final Process process;
        private final ProcessHandle handle;
        private final OutputStream stdin;
        private final InputStream stdout;
        private final long timeoutMillis;

        private Running(Process process, long timeoutMillis) {
            this(process, process.toHandle(), process.getOutputStream(), process.getInputStream(), timeoutMillis);
        }

        private Running(
                Process process, ProcessHandle handle, OutputStream stdin, InputStream stdout, long timeoutMillis) {
            this.process = process;
            this.handle = handle;
            this.stdin = stdin;
            this.stdout = stdout;
            this.timeoutMillis = timeoutMillis;
        }

        public OutputStream stdin() {
            return stdin;
        }

        public InputStream stdout() {
            return stdout;
        }

        public long pid() {
            return handle.pid();
        }

        public ProcessHandle handle() {
            return handle;
        }

        public boolean isAlive() {
            return process != null ? process.isAlive() : !gone(handle);
        }

        /** Waits up to {@code millis} for the child to exit by itself; false if it is still running. */
        public boolean waitFor(long millis) throws InterruptedException {
            if (process != null) return process.waitFor(millis, TimeUnit.MILLISECONDS);
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            while (!gone(handle)) {
                if (System.nanoTime() - deadline >= 0) return false;
                Thread.sleep(2);
            }
            return true;
        }

        /** Exit value once it has exited; -1 while it still runs (or, adopted, when it cannot be known). */
        public int exitValue() {
            if (process != null) return process.isAlive() ? -1 : process.exitValue();
            return zombieExit(handle.pid());
        }

        /** Waits for exit within the command's timeout, killing the tree when it passes. */
        public Result finish() throws InterruptedException {
            long t0 = System.nanoTime();
            if (!waitFor(timeoutMillis)) {
                killTree(handle);
                return new Result(-1, true, (System.nanoTime() - t0) / 1000);
            }
            return new Result(exitValue(), false, (System.nanoTime() - t0) / 1000);
        }

        public void kill() {
            killTree(handle);
        }

        @Override
        public void close() {
            if (process == null) {
                try {
                    stdin.close();
                    stdout.close();
                } catch (IOException ignored) {
                    // the connection is going away anyway
                }
            }
            if (isAlive() || handle.descendants().findAny().isPresent()) killTree(handle);
            LIVE.remove(handle);
        }
    }

    /**
     * The exit value of a process that has exited but is not reaped yet (a zombie), as Process.exitValue() gives it
     * (128 + n after signal n), from /proc/PID/stat's exit_code; -1 when it still runs, is gone, or this cannot be read.
     */
    static int zombieExit(long pid) {
        if (!PROC) return -1;
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            // f[0] is field 3 (state); exit_code is field 52
            if (f[0].charAt(0) != 'Z' || f.length < 50) return -1;
            int status = Integer.parseInt(f[49].strip());
            return (status & 0x7f) != 0 ? 128 + (status & 0x7f) : (status >> 8) & 0xff;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static final Path SETSID = Files.isDirectory(Path.of("/proc/self")) ? Executables.find("setsid") : null;

    /** Set once this JVM has begun to stop (SIGTERM, SIGINT, System.exit): see {@link #stoppingWithin}. */
    private static volatile boolean stopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stopping = true, "fparity-stopping"));
    }

    /**
     * Whether this JVM has begun to stop, or begins within {@code millis}. A scheduler's time limit (Slurm's) or a
     * Ctrl-C signals fparity and its children alike, so a child that died of such a signal may have died of the stop:
     * waiting a moment for the JVM's own stop to show tells the two apart.
     */
    public static boolean stoppingWithin(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000L;
        while (!stopping && System.nanoTime() < end) Thread.sleep(20);
        return stopping;
    }

    /**
     * Children running in sessions of their own, which a Ctrl-C at the terminal no longer reaches: when fparity is
     * stopped (SIGINT, SIGTERM, System.exit) a shutdown hook kills what is still running.
     */
    private static final java.util.Set<ProcessHandle> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        if (SETSID != null) {
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(() -> List.copyOf(LIVE).forEach(Processes::killTree), "fparity-kill-children"));
        }
    }

    /**
     * argv run through {@code setsid}, which makes the child a session (and process group) leader in place (a child
     * of the JVM is not a group leader, so setsid execs without forking and the pid is the child's). A command that
     * cannot be found is left as it is, so that starting it fails the same way as without setsid.
     */
    static List<String> sessionArgv(List<String> argv, Path dir) {
        if (SETSID == null || !runnable(argv.getFirst(), dir)) return new ArrayList<>(argv);
        List<String> a = new ArrayList<>(argv.size() + 1);
        a.add(SETSID.toString());
        a.addAll(argv);
        return a;
    }

    private static boolean runnable(String command, Path dir) {
        if (command.contains("/")) {
            Path p = Path.of(command);
            if (!p.isAbsolute() && dir != null) p = dir.resolve(p);
            return Files.isExecutable(p) && !Files.isDirectory(p);
        }
        return Executables.find(command) != null;
    }

    /** Kills a process and every descendant (and, when it leads a session, everything left in that session). */
    public static void killTree(Process p) {
        killTree(p.toHandle());
    }

    public static void killTree(ProcessHandle h) {
        // Snapshot first: once the parent dies its children are re-parented to init and drop out of descendants().
        // The parent dies first so it cannot start replacements; each snapshotted child's own descendants are looked
        // up again before it dies, catching a grandchild forked after the snapshot.
        // A session leader's session id is its pid; read it before the leader dies.
        boolean leader = PROC && session(h.pid()) == h.pid();
        List<ProcessHandle> doomed = new ArrayList<>(h.descendants().toList());
        h.destroyForcibly();
        for (ProcessHandle k : List.copyOf(doomed)) {
            k.descendants().forEach(g -> {
                g.destroyForcibly();
                doomed.add(g);
            });
            k.destroyForcibly();
        }
        doomed.add(h);
        if (leader) doomed.addAll(killSession(h.pid()));
        // SIGKILL is asynchronous: wait (bounded) until each is gone, so a caller that returns "killed" means it.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (ProcessHandle k : doomed) {
            while (!gone(k) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(2);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static final boolean PROC = Files.isDirectory(Path.of("/proc/self"));

    /**
     * Kills every process of session {@code sid} (double-forked grandchildren included), again until none is left
     * running (one that forks while the sweep runs is caught by the next), for at most 5 s. The session id cannot be
     * reused while any member lives, so nothing outside the session is touched.
     */
    private static List<ProcessHandle> killSession(long sid) {
        List<ProcessHandle> killed = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            List<ProcessHandle> members = ProcessHandle.allProcesses()
                    .filter(p -> p.pid() != ProcessHandle.current().pid() && session(p.pid()) == sid && !gone(p))
                    .toList();
            if (members.isEmpty()) break;
            for (ProcessHandle m : members) {
                m.destroyForcibly();
                killed.add(m);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return killed;
    }

    /** The session id of a process from /proc/PID/stat (field 6), or -1 when it is gone or cannot be read. */
    static long session(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[3]); // f[0] is field 3 (state): ppid, pgrp, session follow
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Whether the process still runs: not exited, not a zombie. */
    public static boolean alive(ProcessHandle h) {
        return !gone(h);
    }

    /**
     * Dead, or a zombie: {@link ProcessHandle#isAlive()} says true for a zombie, and an orphan's zombie may never be
     * reaped where PID 1 does not reap (containers), though it holds no CPU, memory or pipe.
     */
    private static boolean gone(ProcessHandle h) {
        if (!h.isAlive()) return true;
        if (!PROC) return false;
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(h.pid()), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state == 'Z' || state == 'X';
        } catch (IOException | RuntimeException e) {
            return true; // vanished between the two looks
        }
    }

    /** Name of the signal behind a JDK exit value ({@code 128 + n} on Linux), or null if it is a plain exit. */
    public static String signalName(int exitValue) {
        if (exitValue <= 128 || exitValue > 128 + 64) return null;
        int sig = exitValue - 128;
        return switch (sig) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 3 -> "SIGQUIT";
            case 4 -> "SIGILL";
            case 5 -> "SIGTRAP";
            case 6 -> "SIGABRT";
            case 7 -> "SIGBUS";
            case 8 -> "SIGFPE";
            case 9 -> "SIGKILL";
            case 11 -> "SIGSEGV";
            case 13 -> "SIGPIPE";
            case 15 -> "SIGTERM";
            case 24 -> "SIGXCPU";
            case 25 -> "SIGXFSZ";
            default -> "signal " + sig;
        };
    }

    /** The executable argv[0] names: an absolute/relative path as is, else the first match on PATH; null if none. */
    public static Path which(String command) {
        return Executables.find(command);
    }
}
