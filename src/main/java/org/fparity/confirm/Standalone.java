package org.fparity.confirm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.emit.JavaEmitter;
import org.fparity.emit.Language;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.run.Emitters;
import org.fparity.util.Processes;

/**
 * A program in its single-program form (what a reproducer ships), built and run once on one platform: the
 * confirmation that a discrepancy found in a batch is not an artefact of the code around it.
 */
public final class Standalone {
    private final BinaryCache cache;

    public Standalone(Path work) {
        this.cache = new BinaryCache(work.resolve("standalone"));
    }

    /** The single-program source for a toolchain and its class/file stem. */
    public static String source(DetectedToolchain dt, Program p) {
        return Emitters.of(dt.toolchain()).single(p);
    }

    public static String className(DetectedToolchain dt) {
        return Emitters.of(dt.toolchain()).language() == Language.JAVA ? JavaEmitter.CLASS_NAME : "test";
    }

    /** Builds {@code source} (cached by content) without running it: a build to read, such as its imported symbols. */
    public BinaryCache.Build build(DetectedToolchain dt, String opt, String source) throws InterruptedException {
        return cache.build(dt, opt, className(dt), source);
    }

    /** Builds and runs; the outcome's status says what went wrong when it did not print a result. */
    public Outcome run(DetectedToolchain dt, String opt, Program p, Input in) throws InterruptedException {
        return run(dt, opt, p, source(dt, p), in.args());
    }

    /**
     * Builds {@code source} (another form of {@code p}: a bundle's minimal source, whose input is built in) and runs
     * it with {@code args}, as {@link #run(DetectedToolchain, String, Program, Input)} does the single-program form.
     */
    public Outcome run(DetectedToolchain dt, String opt, Program p, String source, List<String> args)
            throws InterruptedException {
        String cls = className(dt);
        BinaryCache.Build b = cache.build(dt, opt, cls, source);
        if (!b.ok()) return outcome(p, dt, opt, Outcome.Status.COMPILE_ERROR, null, b.message());
        if (!dt.canRun()) return outcome(p, dt, opt, Outcome.Status.CANNOT_RUN, null, dt.runProblem());
        List<String> argv = new ArrayList<>(
                dt.toolchain().runArgv(opt, b.bin().toAbsolutePath().toString(), cls));
        argv.addAll(args);
        try {
            Path out = Files.createTempFile(b.dir(), ".run", ".txt");
            try {
                Processes.Result r = Processes.run(
                        argv, dt.toolchain().env(), b.dir(), out, dt.toolchain().runTimeout());
                String text = Files.readString(out, StandardCharsets.UTF_8);
                if (r.timedOut())
                    return outcome(
                            p,
                            dt,
                            opt,
                            Outcome.Status.TIMEOUT,
                            null,
                            "no answer within " + dt.toolchain().runTimeout() + " s");
                if (r.exitCode() == 3) return outcome(p, dt, opt, Outcome.Status.CANNOT_RUN, null, text.strip());
                if (r.exitCode() != 0)
                    return outcome(
                            p, dt, opt, Outcome.Status.CRASH, null, "exit " + r.exitCode() + ": " + lastLine(text));
                return parse(p, dt, opt, text);
            } finally {
                Files.deleteIfExists(out);
            }
        } catch (IOException e) {
            return outcome(
                    p,
                    dt,
                    opt,
                    Outcome.Status.HARNESS_ERROR,
                    null,
                    "cannot run " + argv.getFirst() + ": " + e.getMessage());
        }
    }

    /** The result line is {@code hex decimal}; a runtime may print warnings before it (PoCL does). */
    private static Outcome parse(Program p, DetectedToolchain dt, String opt, String text) {
        String[] lines = text.strip().split("\n");
        for (int i = lines.length - 1; i >= 0; i--) {
            String[] f = lines[i].strip().split("\\s+");
            try {
                return outcome(p, dt, opt, Outcome.Status.OK, HexFloat.format(HexFloat.parse(f[0])), null);
            } catch (RuntimeException e) {
                // not the result line
            }
        }
        return outcome(p, dt, opt, Outcome.Status.HARNESS_ERROR, null, "no result in: " + lastLine(text));
    }

    private static String lastLine(String s) {
        String[] l = s.strip().split("\n");
        return l[l.length - 1];
    }

    private static Outcome outcome(
            Program p, DetectedToolchain dt, String opt, Outcome.Status st, String hex, String detail) {
        return new Outcome(
                p.id(),
                0,
                dt.name(),
                opt,
                st,
                hex,
                detail,
                Platform.local(dt.name(), opt).label(),
                0);
    }
}
