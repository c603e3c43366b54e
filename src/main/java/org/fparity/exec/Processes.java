package org.fparity.exec;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fparity.util.Executables;

/**
 * Child processes that always die with their children. nvcc, hipcc and javac drivers spawn helpers that keep pipes
 * open after the driver is killed, so a timeout kills the whole tree ({@link ProcessHandle#descendants()}), which
 * Commons Exec's watchdog does not (notes/environment.md §1.4). Output goes to a file, never a pipe we might stop
 * reading (a compiler blocked on a full pipe looks like a hang).
 */
public final class Processes {
    private Processes() {}

    /** How a finished command ended. */
    public record Result(int exitCode, boolean timedOut, long micros) {
        public boolean ok() {
            return !timedOut && exitCode == 0;
        }
    }

    /** Runs argv with stdout and stderr merged into {@code output}; kills the tree after {@code timeoutSeconds}. */
    public static Result run(List<String> argv, Map<String, String> env, Path workDir, Path output, long timeoutSeconds)
            throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(output.toFile());
        pb.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (workDir != null) pb.directory(workDir.toFile());
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        try {
            boolean done = p.waitFor(timeoutSeconds, TimeUnit.SECONDS);
            if (!done) {
                killTree(p);
                return new Result(-1, true, (System.nanoTime() - t0) / 1000);
            }
            return new Result(p.exitValue(), false, (System.nanoTime() - t0) / 1000);
        } finally {
            if (p.isAlive()) killTree(p);
        }
    }

    /** Runs a short probe and returns its merged output, or null when it could not start or failed. */
    public static String probe(List<String> argv, Map<String, String> env, long timeoutSeconds) {
        Path out = null;
        try {
            out = Files.createTempFile("fparity-probe", ".txt");
            Result r = run(argv, env, null, out, timeoutSeconds);
            String text = Files.readString(out, StandardCharsets.UTF_8);
            return r.ok() ? text : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } finally {
            if (out != null) {
                try {
                    Files.deleteIfExists(out);
                } catch (IOException ignored) {
                    // a stray temp file is harmless
                }
            }
        }
    }

    /** Kills a process and every descendant, children first so none is re-parented and survives. */
    public static void killTree(Process p) {
        killTree(p.toHandle());
    }

    public static void killTree(ProcessHandle h) {
        // Snapshot first: once the parent dies its children are re-parented to init and drop out of descendants().
        List<ProcessHandle> kids = h.descendants().toList();
        h.destroyForcibly();
        for (ProcessHandle k : kids) k.destroyForcibly();
        try {
            h.onExit().get(5, TimeUnit.SECONDS);
        } catch (Exception ignored) {
            // best effort: a zombie we cannot reap does not hold our pipes
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
