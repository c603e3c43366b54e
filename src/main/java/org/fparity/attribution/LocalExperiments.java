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
    private final Path build;
    private final boolean twoPart;
    private final Map<String, java.util.Optional<Path>> harnesses = new HashMap<>();
    private int batch;

    /** How the harness of a two-part batch is compiled: once per toolchain, an object file; no flag of a level is in it. */
    static final List<String> HARNESS_FLAGS = List.of("-O1", "-c");

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
        this(toolchains, models, work, workers, true);
    }

    /**
     * @param twoPart whether a C toolchain's experiments are built in two parts (the harness compiled once per
     *                toolchain, each flag set compiling only the programs, {@link Emitters#splitsHarness}), else in one
     *                file as campaigns build
     */
    LocalExperiments(
            Function<String, DetectedToolchain> toolchains,
            Function<String, FlagModel> models,
            Path work,
            int workers,
            boolean twoPart) {
        this.toolchains = toolchains;
        this.models = models;
        this.build = work.resolve("build");
        this.twoPart = twoPart;
        this.executor = new LocalExecutor(new BinaryCache(build), workers, s -> {});
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
            List<String> words = new ArrayList<>(models.apply(first.toolchain()).argv(first.flags()));
            Path harness = harness(dt);
            if (harness != null) words.add(harness.toString());
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
                    harness != null ? Emitters.programsOnly(tc, programs) : Emitters.forToolchain(tc, programs),
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

    /**
     * The compiled harness of a toolchain's two-part batch, or null where it has none (not C, a device-only form, no
     * compiler here) or the harness does not compile (its experiments are then built in one file, as campaigns build).
     * Compiled once per toolchain and harness text into the build folder, with {@link #HARNESS_FLAGS}: the harness reads
     * and parses lines and sets up arrays, which no flag of a level changes, while every program, and the code that
     * calls it, is compiled with the experiment's flags. A flush-to-zero object on the link line still applies to the
     * whole process, as in the one-file build.
     */
    private Path harness(DetectedToolchain dt) throws InterruptedException {
        Toolchain tc = dt.toolchain();
        if (!twoPart || !dt.canCompile() || !Emitters.splitsHarness(tc)) return null;
        java.util.Optional<Path> known = harnesses.get(tc.name());
        if (known != null) return known.orElse(null);
        Path obj = compileHarness(tc);
        harnesses.put(tc.name(), java.util.Optional.ofNullable(obj));
        return obj;
    }

    private Path compileHarness(Toolchain tc) throws InterruptedException {
        String text = Emitters.harness(tc);
        Toolchain form = tc.withLevel("harness", HARNESS_FLAGS);
        String key = Hashes.sha256Hex(
                        text + "\u0000" + String.join("\u0000", form.compileArgv("harness", "{src}", "{bin}", "x")))
                .substring(0, 16);
        Path dir = build.resolve("harness").resolve(tc.name() + "-" + key).toAbsolutePath();
        Path obj = dir.resolve("harness.o");
        if (java.nio.file.Files.isRegularFile(obj)) return obj;
        try {
            java.nio.file.Files.createDirectories(dir);
            Path src = java.nio.file.Files.writeString(dir.resolve("harness." + tc.extension()), text);
            Path part = dir.resolve("harness.o.part");
            org.fparity.util.Processes.Captured r = org.fparity.util.Processes.command(
                            form.compileArgv("harness", src.toString(), part.toString(), "x"))
                    .dir(dir)
                    .env(tc.env() == null ? Map.of() : tc.env())
                    .timeoutSeconds(tc.compileTimeout())
                    .capture();
            if (!r.ok() || !java.nio.file.Files.isRegularFile(part)) return null;
            java.nio.file.Files.move(part, obj, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            return obj;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    @Override
    String where() {
        return Platform.LOCAL;
    }
}
