package org.fparity.exec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Builds and runs batches as processes on this machine, {@code workers} jobs at a time (the core count by default):
 * each worker compiles its job's batch (or finds it in the cache) and then feeds it every line.
 */
public final class LocalExecutor implements Executor {
    private final BinaryCache cache;
    private final int workers;
    private final Consumer<String> log;

    public LocalExecutor(BinaryCache cache, int workers, Consumer<String> log) {
        this.cache = cache;
        this.workers = Math.max(1, workers);
        this.log = log;
    }

    public BinaryCache cache() {
        return cache;
    }

    @Override
    public String describe() {
        return "local (" + workers + " workers)";
    }

    @Override
    public void execute(List<Job> jobs, Consumer<Outcome> sink) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(
                workers, Thread.ofPlatform().daemon().name("fparity-worker-", 0).factory());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Job j : jobs)
                futures.add(pool.submit(() -> {
                    runJob(j, sink);
                    return null;
                }));
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable c = e.getCause();
                    if (c instanceof RuntimeException re) throw re;
                    if (c instanceof Error er) throw er;
                    throw new IllegalStateException(c);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Builds and runs one job; every line ends as exactly one outcome. */
    void runJob(Job job, Consumer<Outcome> sink) throws InterruptedException {
        DetectedToolchain dt = job.toolchain();
        if (!dt.canCompile()) {
            for (Job.Line l : job.lines())
                sink.accept(job.outcome(l, Outcome.Status.COMPILE_ERROR, null, dt.compileProblem(), 0));
            return;
        }
        runGroup(job, 0, job.programs(), job.lines(), sink);
    }

    /**
     * Builds the batch of {@code programs}; if it fails, bisects it so that only the programs that really do not compile
     * are lost. Before bisecting a whole job's batch, its first and last program are tried alone: if both fail, the
     * failure is the toolchain's, not a program's, and bisecting would cost a compile per program for nothing.
     * Sub-batches are named by their place in the job's batch, so the same subset is compiled (and cached) once.
     */
    private void runGroup(Job job, int offset, List<String> programs, List<Job.Line> lines, Consumer<Outcome> sink)
            throws InterruptedException {
        if (lines.isEmpty()) return;
        BinaryCache.Build b = build(job, offset, programs);
        if (b.ok()) {
            run(job, b, job.emitter().className(subName(job, offset, programs.size())), programs, lines, sink);
            return;
        }
        if (programs.size() == 1) {
            failAll(job, lines, b, sink);
            return;
        }
        if (programs.size() == job.programs().size() && programs.size() > 2) {
            BinaryCache.Build first = build(job, 0, programs.subList(0, 1));
            BinaryCache.Build last =
                    build(job, programs.size() - 1, programs.subList(programs.size() - 1, programs.size()));
            if (!first.ok() && !last.ok()) {
                failAll(job, lines, b, sink);
                return;
            }
        }
        int mid = programs.size() / 2;
        List<String> left = programs.subList(0, mid);
        List<String> right = programs.subList(mid, programs.size());
        runGroup(job, offset, left, linesOf(lines, left), sink);
        runGroup(job, offset + mid, right, linesOf(lines, right), sink);
    }

    /** The whole batch keeps the job's name; a part is named by its offset and size in it. */
    private static String subName(Job job, int offset, int size) {
        return size == job.programs().size() ? job.name() : job.name() + "_" + offset + "_" + size;
    }

    private BinaryCache.Build build(Job job, int offset, List<String> programs) throws InterruptedException {
        String name = subName(job, offset, programs.size());
        String cls = job.emitter().className(name);
        String source = job.emitter().emit(cls, programs);
        DetectedToolchain dt = job.toolchain();
        // a GPU toolchain with a device-only form compiles only the kernels per batch; the host side is the cached
        // loader
        if (dt.toolchain().deviceOnly() != null)
            dt = dt.withToolchain(dt.toolchain().deviceForm());
        BinaryCache.Build b = cache.build(dt, job.opt(), cls, source);
        if (!b.cached() && !b.ok())
            log.accept("compile failed: " + job.toolchain().name() + " " + job.opt() + " " + name + " ("
                    + programs.size() + " programs): " + b.message());
        return b;
    }

    private void failAll(Job job, List<Job.Line> lines, BinaryCache.Build b, Consumer<Outcome> sink) {
        String detail = b.message() + " (log: "
                + cache.root().getParent().relativize(b.dir().resolve("build.log")) + ")";
        for (Job.Line l : lines) sink.accept(job.outcome(l, Outcome.Status.COMPILE_ERROR, null, detail, 0));
    }

    private void run(
            Job job,
            BinaryCache.Build b,
            String name,
            List<String> programs,
            List<Job.Line> lines,
            Consumer<Outcome> sink)
            throws InterruptedException {
        DetectedToolchain dt = job.toolchain();
        if (!dt.canRun()) {
            for (Job.Line l : lines) sink.accept(job.outcome(l, Outcome.Status.CANNOT_RUN, null, dt.runProblem(), 0));
            return;
        }
        Map<String, Integer> pos = new HashMap<>();
        for (int i = 0; i < programs.size(); i++) pos.put(programs.get(i), i);
        int[] positions = new int[lines.size()];
        for (int i = 0; i < lines.size(); i++)
            positions[i] = pos.get(lines.get(i).program());
        Toolchain tc = dt.toolchain();
        if (tc.deviceOnly() != null && tc.deviceOnly().inProcess()) {
            int[] k = {0};
            new JCudaRunner(tc.runTimeout() + tc.startupTimeout()).run(b.bin(), lines, positions, a -> {
                Job.Line l = lines.get(k[0]++);
                sink.accept(job.outcome(l, a.status(), a.hex(), a.detail(), a.micros()));
            });
            return;
        }
        List<String> argv;
        if (tc.deviceOnly() != null) {
            BinaryCache.Build loader = loader(dt);
            if (!loader.ok()) {
                String why = "the GPU loader does not build: " + loader.message() + " (log: "
                        + cache.root().getParent().relativize(loader.dir().resolve("build.log")) + ")";
                for (Job.Line l : lines) sink.accept(job.outcome(l, Outcome.Status.HARNESS_ERROR, null, why, 0));
                return;
            }
            argv = List.of(
                    loader.bin().toAbsolutePath().toString(),
                    b.bin().toAbsolutePath().toString());
        } else {
            argv = tc.runArgv(job.opt(), b.bin().toAbsolutePath().toString(), name);
        }
        BatchRunner runner = new BatchRunner(argv, tc.env(), b.dir(), tc.runTimeout(), tc.startupTimeout());
        int[] k = {0};
        try {
            runner.run(lines, positions, a -> {
                Job.Line l = lines.get(k[0]++);
                sink.accept(job.outcome(l, a.status(), a.hex(), a.detail(), a.micros()));
            });
        } catch (IOException e) {
            // The binary could not even be started: every remaining line says so rather than vanishing.
            String why = "cannot start " + argv.getFirst() + ": " + e.getMessage();
            for (int i = k[0]; i < lines.size(); i++)
                sink.accept(job.outcome(lines.get(i), Outcome.Status.HARNESS_ERROR, null, why, 0));
        }
    }

    /** The host loader of a device-only toolchain: built on first use, then a cache hit for every batch. */
    BinaryCache.Build loader(DetectedToolchain dt) throws InterruptedException {
        Toolchain tc = dt.toolchain();
        BinaryCache.Build b = cache.build(
                dt.withToolchain(tc.loaderForm()),
                "host",
                "fp_loader",
                org.fparity.emit.GpuLoader.source(tc.deviceOnly().loader()));
        if (!b.cached() && !b.ok()) log.accept("GPU loader build failed for " + tc.name() + ": " + b.message());
        return b;
    }

    private static List<Job.Line> linesOf(List<Job.Line> lines, List<String> programs) {
        java.util.Set<String> keep = new java.util.HashSet<>(programs);
        return lines.stream().filter(l -> keep.contains(l.program())).toList();
    }
}
