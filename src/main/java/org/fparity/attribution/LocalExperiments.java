package org.fparity.attribution;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.fparity.FparityError;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Job;
import org.fparity.exec.LocalExecutor;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Program;
import org.fparity.run.Emitters;
import org.fparity.util.Hashes;

/**
 * Runs experiments on this machine the way campaigns run programs: the experiments of one call that share a toolchain
 * and a flag set are one batch binary (each program once, fed every input it is asked on), built through the
 * campaign's executor and binary cache ({@code 2} jobs at a time); an experiment already run is answered from memory,
 * and a batch already built from the cache. A run gets {@link #RUN_SECONDS}: a flag set that makes a program hang
 * says nothing about a numerical cause.
 */
public final class LocalExperiments extends CachedExperiments {
    static final int RUN_SECONDS = 2;

    private final Function<String, DetectedToolchain> toolchains;
    private final Function<String, FlagModel> models;
    private final LocalExecutor executor;
    private int batch;

    /**
     * @param toolchains the detected toolchain of a name (one that cannot build or run here gives outcomes saying so)
     * @param models     the knob model of a toolchain (how its flag words become build words)
     * @param work       the build folder (binary cache)
     */
    public LocalExperiments(
            Function<String, DetectedToolchain> toolchains,
            Function<String, FlagModel> models,
            Path work,
            int workers) {
        this.toolchains = toolchains;
        this.models = models;
        this.executor = new LocalExecutor(new BinaryCache(work.resolve("build")), workers, s -> {});
    }

    @Override
    Batch runNew(List<Experiment> experiments) throws InterruptedException {
        Map<String, List<Experiment>> groups = new LinkedHashMap<>();
        for (Experiment e : experiments) {
            groups.computeIfAbsent(e.toolchain() + "\u0000" + String.join("\u0000", e.flags()), k -> new ArrayList<>())
                    .add(e);
        }
        List<Job> jobs = new ArrayList<>();
        Map<String, Experiment> byLine = new ConcurrentHashMap<>();
        for (List<Experiment> g : groups.values()) {
            Experiment first = g.getFirst();
            DetectedToolchain dt = toolchains.apply(first.toolchain());
            if (dt == null) throw new FparityError("no toolchain " + first.toolchain() + " in the toolchain folder");
            List<String> words = models.apply(first.toolchain()).argv(first.flags());
            String level = "t" + Hashes.sha256Hex(String.join("\u0000", words)).substring(0, 12);
            Toolchain tc = dt.toolchain().withLevel(level, words);
            if (tc.runTimeout() > RUN_SECONDS)
                tc = tc.withTimeouts(tc.compileTimeoutSeconds(), RUN_SECONDS, tc.startupTimeoutSeconds());
            DetectedToolchain withFlags = dt.withToolchain(tc);
            Map<String, Program> programs = new LinkedHashMap<>();
            Map<String, Integer> inputs = new HashMap<>();
            List<Job.Line> lines = new ArrayList<>();
            String platform = Platform.local(first.toolchain(), level).label();
            for (Experiment e : g) {
                String id = e.program().id();
                programs.putIfAbsent(id, e.program());
                int k = inputs.merge(id, 1, Integer::sum) - 1;
                lines.add(new Job.Line(id, k, e.input().args()));
                byLine.put(platform + "/" + id + "/" + k, e);
            }
            String name = String.format("Triage%05d", ++batch);
            jobs.add(new Job(
                    name,
                    List.copyOf(programs.keySet()),
                    Emitters.forToolchain(tc, programs),
                    withFlags,
                    level,
                    platform,
                    lines));
        }
        Map<Experiment.Key, Outcome> got = new ConcurrentHashMap<>();
        executor.execute(jobs, o -> {
            Experiment e = byLine.get(o.platform() + "/" + o.program() + "/" + o.input());
            if (e != null) got.put(e.key(), o);
        });
        return new Batch(got, jobs.size());
    }

    @Override
    String where() {
        return Platform.LOCAL;
    }
}
