package org.fparity.cli;

import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Worker;
import org.fparity.exec.WorkerLine;
import org.fparity.run.Emitters;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fparity worker JOBFILE|-}: turns job documents into outcome lines on the node that runs it. */
@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Run job documents (JSON, one after another) on this node: detect toolchains and node facts here, write one line per outcome as it arrives.")
public final class WorkerCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "JOBFILE|-", description = "Job documents, or - for standard input.")
    String jobFile;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description =
                    "Append lines to FILE (each line one write) instead of standard output; runs FILE already records are not run again.")
    Path out;

    @Option(
            names = "--cache",
            paramLabel = "DIR",
            description = "Build cache (default: $FPARITY_CACHE, else ~/.cache/fparity/build).")
    Path cache;

    @Option(
            names = "--jobs",
            paramLabel = "N",
            description = "Parallel builds and runs (default: the cores this process may use).")
    Integer jobs;

    @Option(
            names = "--detect",
            description =
                    "Read toolchain descriptors instead of jobs; print what this node can compile and run, and its facts.")
    boolean detect;

    @Override
    public Integer call() throws Exception {
        if (detect) {
            try (Reader r = jobFile.equals("-")
                    ? new InputStreamReader(System.in, StandardCharsets.UTF_8)
                    : Files.newBufferedReader(Path.of(jobFile))) {
                System.out.println(org.fparity.exec.NodeCheck.detect(r));
            }
            return ExitCode.OK.code();
        }
        List<JobSpec> specs;
        if (jobFile.equals("-")) {
            specs = Worker.read(new InputStreamReader(System.in, StandardCharsets.UTF_8), "standard input");
        } else {
            try (Reader r = Files.newBufferedReader(Path.of(jobFile), StandardCharsets.UTF_8)) {
                specs = Worker.read(r, jobFile);
            } catch (NoSuchFileException e) {
                throw new FparityError("job file " + jobFile + " not found");
            }
        }
        Path cacheDir = cache != null ? cache : defaultCache();
        int n = jobs != null ? Math.max(1, jobs) : Runtime.getRuntime().availableProcessors();
        Worker w = new Worker(
                new BinaryCache(cacheDir), n, Emitters::forToolchain, s -> System.err.println("fparity-worker: " + s));
        if (out == null) {
            OutputStream so = System.out;
            WorkerLine.Writer spell = new WorkerLine.Writer();
            w.run(specs, l -> {
                synchronized (so) {
                    try {
                        so.write(spell.bytes(l));
                        so.flush();
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException("cannot write to standard output: " + e.getMessage(), e);
                    }
                }
            });
        } else {
            if (out.getParent() != null) Files.createDirectories(out.getParent());
            // A requeued or restarted task appends to what it wrote before: what is there is not run again.
            specs = Worker.resume(out, specs);
            try (FileChannel ch = FileChannel.open(
                    out, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                WorkerLine.Writer spell = new WorkerLine.Writer();
                w.run(specs, l -> {
                    synchronized (ch) {
                        try {
                            ByteBuffer buf = ByteBuffer.wrap(spell.bytes(l));
                            while (buf.hasRemaining()) ch.write(buf);
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(
                                    "cannot append to " + out + ": " + e.getMessage(), e);
                        }
                    }
                });
                ch.force(true);
            }
        }
        return ExitCode.OK.code();
    }

    static Path defaultCache() {
        String env = System.getenv("FPARITY_CACHE");
        if (env != null && !env.isBlank()) return Path.of(env);
        return Path.of(System.getProperty("user.home"), ".cache", "fparity", "build");
    }
}
