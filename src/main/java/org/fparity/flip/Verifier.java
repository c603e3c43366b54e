package org.fparity.flip;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fparity.FparityError;
import org.fparity.emit.JavaEmitter;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.run.Emitters;
import org.fparity.run.LocalSite;
import org.fparity.run.SiteRuns;

/**
 * Runs candidates on real platforms through the engine, this machine as a site ({@link LocalSite}, {@link SiteRuns}):
 * the branch's probe build ({@link Probe}), one batch per platform holding every candidate of the round as an input
 * line, so a round is one job document and costs one compile per platform (cached after the first) and one process.
 * Platforms are {@code toolchain@opt} (real toolchains) and {@code model:NAME} (the probe emitted in Java under an
 * evaluation model, run by the {@code java} toolchain at an opt level of its own with O2's flags, so that each model is
 * a batch of its own).
 */
public final class Verifier implements AutoCloseable {
    /**
     * Where a candidate runs: a platform of this machine, or an evaluation model emulated on {@code java@O2}.
     *
     * @param id       how results name it: the platform's {@link Platform#label} ({@code gcc@O0}), or {@code model:NAME}
     * @param platform the toolchain and opt level it runs at (for a model, {@code java@O2})
     */
    public record Target(String id, DetectedToolchain toolchain, Platform platform, EvaluationModel model) {
        /** A real toolchain, as opposed to an emulated evaluation model. */
        public boolean real() {
            return model == null;
        }

        public String opt() {
            return platform.opt();
        }
    }

    /**
     * What the platforms said for one candidate: the branch per platform id, and why where there was no answer; for a
     * branch inside a loop ({@link Probe.Branch#INSTANCES}) each platform's outcome per iteration in {@code traces}.
     */
    public record Result(Map<String, Probe.Branch> branches, Map<String, String> problems, Map<String, String> traces) {
        public Result(Map<String, Probe.Branch> branches, Map<String, String> problems) {
            this(branches, problems, Map.of());
        }
    }

    private final Program probe;
    private final boolean loop;
    private final List<Target> platforms;
    /** Each platform's descriptor as its jobs carry it (a model's: java with the model's own level). */
    private final List<Toolchain> descriptors = new ArrayList<>();

    private final LocalSite site;
    private long nanos;

    private Verifier(Program probe, boolean loop, List<Target> platforms, Path buildDir, int workers) {
        this.probe = probe;
        this.loop = loop;
        this.platforms = platforms;
        Map<String, BatchEmitter> models = new LinkedHashMap<>();
        List<DetectedToolchain> known = new ArrayList<>();
        for (int i = 0; i < platforms.size(); i++) {
            Target p = platforms.get(i);
            DetectedToolchain dt = p.toolchain();
            if (!p.real()) {
                String level = modelLevel(i);
                dt = dt.withToolchain(
                        dt.toolchain().withLevel(level, dt.toolchain().opt().get(p.opt())));
                models.put(level, modelEmitter(p.model()));
            }
            descriptors.add(dt.toolchain());
            known.add(dt);
        }
        this.site = new LocalSite(
                        Platform.LOCAL,
                        new BinaryCache(buildDir),
                        workers,
                        m -> {},
                        spec -> models.containsKey(spec.opt())
                                ? models.get(spec.opt())
                                : Emitters.forToolchain(spec.toolchain(), programs(spec)))
                .detected(known);
    }

    /** The opt level a model's probe runs at (java's O2 flags under a name of its own). */
    private static String modelLevel(int platform) {
        return "model" + platform;
    }

    /** The probe under each of a job's program ids. */
    private Map<String, Program> programs(JobSpec spec) {
        Map<String, Program> out = new LinkedHashMap<>();
        for (JobSpec.ProgramText t : spec.programs()) out.put(t.id(), probe);
        return out;
    }

    /**
     * Resolves {@code specs} ({@code gcc@O0}, {@code model:gcc-fma}) against the toolchains of this machine;
     * {@code skipped} hears about each that cannot run here (the search goes on without it).
     */
    public static Verifier open(
            Program program, int branch, List<String> specs, Path buildDir, int workers, Consumer<String> skipped) {
        Program probe = Probe.of(program, branch);
        Toolchains tcs = Toolchains.load(Toolchains.defaultDir());
        Map<String, DetectedToolchain> detected = new LinkedHashMap<>();
        List<Target> ps = new ArrayList<>();
        for (String spec : specs) {
            String s = spec.strip();
            if (s.isEmpty()) continue;
            if (s.startsWith("model:")) {
                EvaluationModel m = EvaluationModel.parse(s.substring(6)).getFirst();
                DetectedToolchain java = detected.computeIfAbsent("java", n -> DetectedToolchain.detect(tcs.get(n)));
                if (!java.canCompile() || !java.canRun()) {
                    skipped.accept(s + ": " + (java.canCompile() ? java.runProblem() : java.compileProblem()));
                    continue;
                }
                ps.add(new Target(s, java, Platform.local("java", "O2"), m));
                continue;
            }
            Platform pl = Platform.parse(s);
            if (pl == null || !pl.isPlain())
                throw new FparityError(
                        "--verify " + s + ": expected TOOLCHAIN@OPT of this machine (gcc@O0) or model:NAME");
            String name = pl.toolchain();
            String opt = pl.opt();
            Toolchain tc = tcs.get(name);
            if (!tc.opt().containsKey(opt))
                throw new FparityError("--verify " + s + ": toolchain " + name + " has no opt level " + opt
                        + " (it has " + tc.opt().keySet() + ")");
            DetectedToolchain dt = detected.computeIfAbsent(name, n -> DetectedToolchain.detect(tc));
            if (!dt.canCompile() || !dt.canRun()) {
                skipped.accept(s + ": " + (dt.canCompile() ? dt.runProblem() : dt.compileProblem()));
                continue;
            }
            ps.add(new Target(pl.label(), dt, pl, null));
        }
        return new Verifier(probe, Probe.inLoop(program, branch), ps, buildDir, workers);
    }

    public List<Target> platforms() {
        return platforms;
    }

    public Program probe() {
        return probe;
    }

    /** Runs every candidate on every platform; one result per candidate, in order. */
    public List<Result> verify(List<Candidate> cs) throws InterruptedException {
        long t0 = System.nanoTime();
        List<SiteRuns.Run> runs = new ArrayList<>();
        for (int k = 0; k < platforms.size(); k++) {
            String opt = platforms.get(k).real() ? platforms.get(k).opt() : modelLevel(k);
            for (Candidate c : cs) runs.add(new SiteRuns.Run(probe, new Input(c.inputs()), descriptors.get(k), opt));
        }
        List<Outcome> got = cs.isEmpty() ? List.of() : SiteRuns.run(site, "FlipProbe", runs);
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < cs.size(); i++) {
            Map<String, Probe.Branch> br = new LinkedHashMap<>();
            Map<String, String> problems = new LinkedHashMap<>();
            Map<String, String> traces = new LinkedHashMap<>();
            for (int k = 0; k < platforms.size(); k++) {
                Target p = platforms.get(k);
                Outcome o = got.get(k * cs.size() + i);
                if (o == null || o.status() != Outcome.Status.OK) {
                    br.put(p.id(), Probe.Branch.NO_ANSWER);
                    problems.put(
                            p.id(),
                            o == null ? "no outcome" : o.status() + (o.detail() == null ? "" : ": " + o.detail()));
                } else if (loop) {
                    String t = Probe.trace(o.value());
                    if (t != null) {
                        br.put(p.id(), t.isEmpty() ? Probe.Branch.NOT_REACHED : Probe.Branch.INSTANCES);
                        traces.put(p.id(), t);
                    } else {
                        br.put(
                                p.id(),
                                Probe.read(o.value()) == Probe.Branch.NOT_REACHED
                                        ? Probe.Branch.NOT_REACHED
                                        : Probe.Branch.NO_ANSWER);
                    }
                } else {
                    br.put(p.id(), Probe.read(o.value()));
                }
            }
            out.add(new Result(br, problems, traces));
        }
        nanos += System.nanoTime() - t0;
        return out;
    }

    private BatchEmitter modelEmitter(EvaluationModel m) {
        ModelProgram mp = ModelProgram.of(probe, m);
        JavaEmitter e = mp.emitter(JavaEmitter.MathLib.MATH);
        return new BatchEmitter() {
            @Override
            public String emit(String className, List<String> programIds) {
                return e.batch(List.of(mp.program()));
            }

            @Override
            public String className(String batchName) {
                return JavaEmitter.CLASS_NAME;
            }
        };
    }

    /** Wall time spent verifying, in milliseconds. */
    public long millis() {
        return nanos / 1_000_000;
    }

    @Override
    public void close() {
        site.close();
    }
}
