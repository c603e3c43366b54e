package org.fparity.reduce;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.fparity.confirm.Standalone;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Job;
import org.fparity.exec.LocalExecutor;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Params;
import org.fparity.ir.Program;
import org.fparity.run.Emitters;

/**
 * Tests candidates the way campaigns run programs: all candidates of a round in one batch binary per platform, one
 * process feeding it every candidate's input (the existing executor: compile cache, timeouts, bisection of a batch
 * that does not compile), both platforms in parallel.
 */
public final class LocalCandidateRunner implements CandidateRunner {
    private final DetectedToolchain a;
    private final String optA;
    private final DetectedToolchain b;
    private final String optB;
    private final LocalExecutor executor;
    private final Standalone single;
    private final Tracer tracer;
    private int round;

    public LocalCandidateRunner(DetectedToolchain a, String optA, DetectedToolchain b, String optB, Path work) {
        this.a = a;
        this.optA = optA;
        this.b = b;
        this.optB = optB;
        this.executor = new LocalExecutor(new BinaryCache(work.resolve("build")), 2, s -> {});
        this.single = new Standalone(work);
        this.tracer = new Tracer(work);
    }

    @Override
    public List<Map<org.fparity.ir.NodePath, Double>> values(Params.WithInput c) throws InterruptedException {
        List<Map<org.fparity.ir.NodePath, Double>> out = new ArrayList<>();
        for (Map<org.fparity.ir.NodePath, Double> m : both(
                () -> tracer.values(a, optA, c.program(), c.input()),
                () -> tracer.values(b, optB, c.program(), c.input()))) {
            if (!m.isEmpty()) out.add(m);
        }
        return out;
    }

    @Override
    public Outcome[] standalone(Params.WithInput c) throws InterruptedException {
        List<Outcome> o = both(
                () -> single.run(a, optA, c.program(), c.input()), () -> single.run(b, optB, c.program(), c.input()));
        return new Outcome[] {o.get(0), o.get(1)};
    }

    /** One side's build and run. */
    private interface SideWork<T> {
        T call() throws InterruptedException;
    }

    /** A's and B's work at the same time (two processes, as the batch executor runs them), A's result first. */
    private static <T> List<T> both(SideWork<T> x, SideWork<T> y) throws InterruptedException {
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<T> fy = ex.submit(y::call);
            T tx = x.call();
            try {
                return List.of(tx, fy.get());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) throw re;
                if (e.getCause() instanceof Error er) throw er;
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    @Override
    public int batches() {
        return 2 * round;
    }

    @Override
    public List<Outcome[]> run(List<Params.WithInput> candidates) throws InterruptedException {
        if (candidates.isEmpty()) return List.of();
        round++;
        Map<String, Program> programs = new LinkedHashMap<>();
        List<Job.Line> lines = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            String id = "c" + i;
            programs.put(id, candidates.get(i).program());
            lines.add(new Job.Line(id, 0, candidates.get(i).input().args()));
        }
        List<String> ids = List.copyOf(programs.keySet());
        String name = String.format("Reduce%04d", round);
        List<Job> jobs = new ArrayList<>();
        jobs.add(new Job(name, ids, Emitters.forToolchain(a.toolchain(), programs), shortRuns(a), optA, "A", lines));
        jobs.add(new Job(name, ids, Emitters.forToolchain(b.toolchain(), programs), shortRuns(b), optB, "B", lines));
        Map<String, Outcome> got = new ConcurrentHashMap<>();
        executor.execute(jobs, o -> got.put(o.platform() + "/" + o.program(), o));
        List<Outcome[]> out = new ArrayList<>(candidates.size());
        for (String id : ids) out.add(new Outcome[] {got.get("A/" + id), got.get("B/" + id)});
        return out;
    }

    /**
     * This runner with every candidate in its own single-program binary on both platforms, sequentially (both sides in
     * parallel), with a candidate's short run limit; {@link #standalone} and {@link #values} as here. For a run that ends
     * differently: a crash depends on the whole binary; in a batch a candidate whose compute function the optimiser
     * deleted runs on into whatever code follows it (an error line from the harness's canary when that is a neighbour's
     * fp_run, else a crash or a hang, depending on its batch mates).
     */
    @Override
    public CandidateRunner eachAlone() {
        LocalCandidateRunner self = this;
        return new CandidateRunner() {
            private int builds;

            @Override
            public List<Outcome[]> run(List<Params.WithInput> candidates) throws InterruptedException {
                DetectedToolchain sa = shortRuns(a);
                DetectedToolchain sb = shortRuns(b);
                List<Outcome[]> out = new ArrayList<>(candidates.size());
                for (Params.WithInput c : candidates) {
                    List<Outcome> o = both(
                            () -> single.run(sa, optA, c.program(), c.input()),
                            () -> single.run(sb, optB, c.program(), c.input()));
                    out.add(new Outcome[] {o.get(0), o.get(1)});
                }
                builds += 2 * candidates.size();
                return out;
            }

            @Override
            public int batches() {
                return builds;
            }

            @Override
            public Outcome[] standalone(Params.WithInput c) throws InterruptedException {
                return self.standalone(c);
            }

            @Override
            public List<Map<org.fparity.ir.NodePath, Double>> values(Params.WithInput c) throws InterruptedException {
                return self.values(c);
            }
        };
    }

    /**
     * Seconds a candidate's run may take in a batch. A candidate is the original with parts removed and loop bounds cut,
     * so it runs in microseconds like the original; one that does not answer within this (a platform that hangs on it)
     * is simply not interesting, and costs this instead of the toolchain's full run timeout (10 s by default). Process
     * start-up keeps its own timeout; single-program runs keep the toolchain's.
     */
    static final int CANDIDATE_RUN_SECONDS = 2;

    private static DetectedToolchain shortRuns(DetectedToolchain dt) {
        Toolchain tc = dt.toolchain();
        return tc.runTimeout() <= CANDIDATE_RUN_SECONDS ? dt : dt.withToolchain(shortRuns(tc));
    }

    /** The descriptor with a candidate's run limit ({@link #CANDIDATE_RUN_SECONDS}). */
    static Toolchain shortRuns(Toolchain tc) {
        if (tc.runTimeout() <= CANDIDATE_RUN_SECONDS) return tc;
        return tc.withTimeouts(tc.compileTimeoutSeconds(), CANDIDATE_RUN_SECONDS, tc.startupTimeoutSeconds());
    }

    /** Both sides' detected toolchains, for bundles and confirmation. */
    public Map<String, DetectedToolchain> toolchains() {
        Map<String, DetectedToolchain> m = new HashMap<>();
        m.put(a.name(), a);
        m.put(b.name(), b);
        return m;
    }
}
