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
import org.fparity.exec.ProgramBlobs;
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
    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "JOBFILE|-",
            description = "Job documents, or - for standard input.")
    String jobFile;

    @Option(
            names = "--programs",
            paramLabel = "DIR",
            description =
                    "This site's program store: where job documents that name programs by key find them (fparity stages them there).")
    Path programs;

    @Option(
            names = "--missing",
            description = "With --programs: read program keys, one a line, and print those the store lacks.")
    boolean missing;

    @Option(
            names = "--receive",
            description =
                    "With --programs: store the programs of a transfer read from standard input (each checked against its key).")
    boolean receive;

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
            if (jobFile == null) throw new FparityError("worker --detect: a file of toolchain descriptors, or -");
            try (Reader r = jobFile.equals("-")
                    ? new InputStreamReader(System.in, StandardCharsets.UTF_8)
                    : Files.newBufferedReader(Path.of(jobFile))) {
                System.out.println(org.fparity.exec.NodeCheck.detect(r));
            }
            return ExitCode.OK.code();
        }
        if (missing || receive) {
            if (programs == null || missing == receive || jobFile != null)
                throw new FparityError("worker: --missing or --receive, with --programs DIR and no job file");
            ProgramBlobs store = new ProgramBlobs(programs);
            if (receive) {
                store.receive(System.in);
            } else {
                List<String> keys = new java.io.BufferedReader(
                                new InputStreamReader(System.in, StandardCharsets.US_ASCII))
                        .lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .toList();
                for (String k : store.missing(keys)) System.out.println(k);
            }
            return ExitCode.OK.code();
        }
        if (jobFile == null) throw new FparityError("worker: a job file, or - for standard input");
        ProgramBlobs store = programs == null ? null : new ProgramBlobs(programs);
        List<JobSpec> specs;
        if (jobFile.equals("-")) {
            Reader in = new InputStreamReader(System.in, StandardCharsets.UTF_8);
            specs = store == null ? Worker.read(in, "standard input") : Worker.read(in, "standard input", store);
        } else {
            try (Reader r = Files.newBufferedReader(Path.of(jobFile), StandardCharsets.UTF_8)) {
                specs = store == null ? Worker.read(r, jobFile) : Worker.read(r, jobFile, store);
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
