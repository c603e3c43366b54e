package org.fparity.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.fparity.util.AtomicFiles;
import org.fparity.util.Hashes;
import org.fparity.util.Processes;

/**
 * Built batch binaries, one folder per (source hash, toolchain, exact version, compile argv, environment), holding the
 * source, the build log and the binary. A folder appears only complete (built in a temp folder, then renamed), so a
 * killed campaign never finds half a binary, and a rerun compiles nothing it already built, failures included.
 */
public final class BinaryCache {
    private final Path root;
    private final ConcurrentHashMap<String, CompletableFuture<Build>> inFlight = new ConcurrentHashMap<>();
    private final AtomicInteger compiles = new AtomicInteger();

    /** The result of one build, fresh or cached. {@code bin} exists only when {@code ok}. */
    public record Build(boolean ok, Path dir, Path bin, String log, boolean cached, long micros) {
        /** The compiler's own words for a failure: its error lines, or the end of the log. */
        public String message() {
            List<String> lines = log.lines().filter(l -> !l.isBlank()).toList();
            List<String> errors =
                    lines.stream().filter(BinaryCache::isErrorLine).limit(4).toList();
            List<String> pick = errors.isEmpty() ? lines.subList(Math.max(0, lines.size() - 4), lines.size()) : errors;
            String msg = String.join(" | ", pick.stream().map(String::strip).toList());
            if (msg.length() > 1200) msg = msg.substring(0, 1200) + "…";
            return msg.isEmpty() ? "(the compiler printed nothing)" : msg;
        }
    }

    private static boolean isErrorLine(String l) {
        String s = l.toLowerCase(java.util.Locale.ROOT);
        return !s.startsWith("$ ")
                && (s.contains("error")
                        || s.contains("fatal")
                        || s.contains("cannot find")
                        || s.contains("undefined reference"));
    }

    public BinaryCache(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    /** How many real compiler runs this cache has done (not counting hits). */
    public int compiles() {
        return compiles.get();
    }

    /** The cache key: everything that can change the binary. */
    public static String key(DetectedToolchain dt, String opt, String className, String source) {
        Toolchain tc = dt.toolchain();
        String src = className + "." + tc.extension();
        List<String> argv = tc.compileArgv(opt, src, "bin", className);
        StringBuilder sb = new StringBuilder();
        sb.append(Hashes.sha256Hex(source))
                .append('\0')
                .append(tc.name())
                .append('\0')
                .append(dt.version())
                .append('\0');
        sb.append(String.join("\u0001", argv)).append('\0').append(new java.util.TreeMap<>(tc.env()));
        return Hashes.sha256Hex(sb.toString()).substring(0, 24);
    }

    /** Builds (or finds) the binary; at most one compile per key runs at a time, others wait for it. */
    public Build build(DetectedToolchain dt, String opt, String className, String source) throws InterruptedException {
        String key = key(dt, opt, className, source);
        CompletableFuture<Build> mine = new CompletableFuture<>();
        CompletableFuture<Build> running = inFlight.putIfAbsent(key, mine);
        if (running != null) {
            try {
                return running.get();
            } catch (java.util.concurrent.ExecutionException e) {
                throw new IllegalStateException(e.getCause());
            }
        }
        try {
            Build b = buildNow(key, dt, opt, className, source);
            mine.complete(b);
            return b;
        } catch (RuntimeException | InterruptedException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inFlight.remove(key);
        }
    }

    private Build buildNow(String key, DetectedToolchain dt, String opt, String className, String source)
            throws InterruptedException {
        Toolchain tc = dt.toolchain();
        Path dir = root.resolve(key.substring(0, 2)).resolve(key);
        Build hit = read(dir, false);
        if (hit != null) return hit;
        try {
            Files.createDirectories(dir.getParent());
            Path tmp = Files.createTempDirectory(dir.getParent(), "." + key + ".");
            try {
                String src = className + "." + tc.extension();
                Files.writeString(tmp.resolve(src), source, StandardCharsets.UTF_8);
                List<String> argv = tc.compileArgv(opt, src, "bin", className);
                Path log = tmp.resolve("build.log");
                compiles.incrementAndGet();
                Processes.Result r = Processes.run(argv, tc.env(), tmp, log, tc.compileTimeout());
                String header = "$ " + String.join(" ", argv) + "\n";
                String text = Files.readString(log, StandardCharsets.UTF_8);
                boolean ok = r.ok() && Files.exists(tmp.resolve("bin"));
                if (r.timedOut())
                    text += "\nfparity: compile timed out after " + tc.compileTimeout()
                            + " s; its process tree was killed\n";
                else if (r.exitCode() == 0 && !ok) text += "\nfparity: the compiler exited 0 but wrote no output\n";
                else if (!ok) text += "\nfparity: the compiler exited with status " + r.exitCode() + "\n";
                Files.writeString(log, header + text, StandardCharsets.UTF_8);
                AtomicFiles.write(tmp.resolve(ok ? "ok" : "failed"), Long.toString(r.micros()));
                try {
                    Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
                } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException e) {
                    // another fparity process built the same key meanwhile: keep its folder
                } catch (java.nio.file.FileSystemException e) {
                    // Linux reports rename(2)'s ENOTEMPTY as a plain FileSystemException ("Directory not empty"): the
                    // same
                    // race (two workers on one shared cache, e.g. a resubmitted shard beside a task still running).
                    if (!Files.isDirectory(dir)) throw e;
                }
                Build b = read(dir, false);
                if (b == null) throw new IOException("build folder " + dir + " vanished");
                return new Build(b.ok(), b.dir(), b.bin(), b.log(), false, r.micros());
            } finally {
                deleteTree(tmp);
            }
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot build in " + dir, e);
        }
    }

    private static Build read(Path dir, boolean cached) {
        try {
            boolean ok = Files.exists(dir.resolve("ok"));
            if (!ok && !Files.exists(dir.resolve("failed"))) return null;
            String log = Files.readString(dir.resolve("build.log"), StandardCharsets.UTF_8);
            return new Build(ok, dir, ok ? dir.resolve("bin") : null, log, true, 0);
        } catch (IOException e) {
            return null;
        }
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(q);
        } catch (IOException ignored) {
            // leftovers are dot-folders the cache never reads
        }
    }
}
