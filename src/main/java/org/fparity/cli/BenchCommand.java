package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.bench.Bench;
import org.fparity.bench.CausesCurve;
import org.fparity.bench.FparityProcess;
import org.fparity.bench.FprevPeer;
import org.fparity.bench.PhaseProfile;
import org.fparity.bench.VarityBench;
import org.fparity.bench.VarityPeer;
import org.fparity.bench.WorkFolder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import org.fparity.fprev.Fprev;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.run.CampaignRunner;
import org.fparity.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fparity bench}: runs per minute, batched against a Varity-style baseline, plus nvcc seconds per program; with
 * {@code --varity DIR}, against the real Varity instead.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        subcommands = {BenchReduceCommand.class, BenchScaleCommand.class},
        description = {
            "Measure fparity's runs/min against a Varity-style baseline (one compile per program × toolchain × opt, one process per run), in one run on this machine.",
            "With --varity DIR: against the real Varity (a scratch copy, its -lm link order fixed), both as whole processes: runs/min, discrepant cases and programs per CPU-hour, CPU-s per phase."
        })
public final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--programs",
            paramLabel = "N",
            defaultValue = "200",
            description = "FP64 programs (default: ${DEFAULT-VALUE}).")
    int programs;

    @Option(
            names = "--inputs",
            paramLabel = "K",
            defaultValue = "5",
            description = "Inputs per program (default: ${DEFAULT-VALUE}).")
    int inputs;

    @picocli.CommandLine.Mixin
    BenchOptions common;

    @Option(
            names = "--toolchains",
            paramLabel = "LIST",
            split = ",",
            description = "C toolchains (default: gcc,clang-19; with --varity gcc,clang-14).")
    List<String> toolchains;

    @Option(
            names = "--opt",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "O0,O1,O2,O3,O3_FM",
            description = "Opt levels (default: ${DEFAULT-VALUE}).")
    List<String> opts;

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "200",
            description = "Programs per batch in fparity mode (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(
            names = "--nvcc-programs",
            paramLabel = "N",
            defaultValue = "8",
            description = "Programs for the nvcc figure; 0 skips it (default: ${DEFAULT-VALUE}).")
    int nvccPrograms;

    @Option(
            names = "--nvcc-unbatched",
            paramLabel = "N",
            defaultValue = "3",
            description = "Of those, how many to compile one per file (default: ${DEFAULT-VALUE}).")
    int nvccUnbatched;

    @Option(
            names = "--gpu-compile",
            description =
                    "Only the GPU compile cost: each GPU toolchain's batch built as an executable (host harness + kernels, the old form) and as device code only (the form campaigns use; its host loader built once per toolchain), seconds per program.")
    boolean gpuCompile;

    @Option(
            names = "--gpu-programs",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "50,200",
            description = "With --gpu-compile: batch sizes (default: ${DEFAULT-VALUE}).")
    List<Integer> gpuPrograms;

    @Option(
            names = "--gpu-toolchains",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "nvcc-sm80,hipcc-gfx90a",
            description = "With --gpu-compile: toolchains (default: ${DEFAULT-VALUE}).")
    List<String> gpuToolchains;

    @Option(
            names = "--gpu-opt",
            paramLabel = "OPT",
            defaultValue = "O3",
            description = "With --gpu-compile: opt level (default: ${DEFAULT-VALUE}).")
    String gpuOpt;

    @Option(
            names = "--varity",
            paramLabel = "DIR",
            description =
                    "A checkout of LLNL/Varity (e.g. ../shared/peers/varity): measure against it instead of the in-process baseline.")
    Path varity;

    @Option(
            names = "--varity-programs",
            paramLabel = "N",
            defaultValue = "40",
            description = "Programs for Varity, which is slower (default: ${DEFAULT-VALUE}).")
    int varityPrograms;

    @Option(
            names = "--repeat",
            paramLabel = "R",
            defaultValue = "1",
            description =
                    "With --varity: measure both tools R times, alternating; 0 measures only the yield curve and the phases (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--no-phases", description = "With --varity: skip fparity's per-phase CPU profile.")
    boolean noPhases;

    @Option(
            names = "--varity-inputs",
            paramLabel = "K",
            defaultValue = "5",
            description = "Inputs per program for Varity, as Varity's own default (default: ${DEFAULT-VALUE}).")
    int varityInputs;

    @Option(
            names = "--yield-inputs",
            paramLabel = "LIST",
            split = ",",
            description =
                    "With --varity: also run fparity at each of these inputs per program (same programs) and print the yield curve against Varity.")
    List<Integer> yieldInputs;

    @Option(
            names = "--causes-programs",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "5,10,20,50,100,200",
            description =
                    "With --varity: root causes per CPU-second, fparity run at its defaults (50 inputs, triage included) at each of these"
                            + " program counts against Varity's campaign imported and triaged by the same code; 0 skips it (default: ${DEFAULT-VALUE}).")
    List<Integer> causesPrograms;

    @Option(
            names = "--fprev",
            paramLabel = "DIR",
            description =
                    "A checkout of peichenxie/FPRev (e.g. ../shared/peers/fprev): fparity's FPRev against it on numpy float32 dot, warm and as whole processes.")
    Path fprev;

    @Option(
            names = "--fprev-n",
            paramLabel = "N",
            defaultValue = "8192",
            description = "With --fprev: summands (default: ${DEFAULT-VALUE}).")
    int fprevN;

    @Option(
            names = "--toolchain-dir",
            paramLabel = "DIR",
            description = "Folder of toolchain descriptors (default: runners/toolchains).")
    Path toolchainDir;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        if (fprev != null) return againstFprev(o);
        if (gpuCompile) return gpuCompile(o);
        if (programs < 1 || inputs < 1 || batch < 1)
            throw new FparityError("--programs, --inputs and --batch must be at least 1");
        if (varity != null && (varityPrograms < 1 || repeat < 0))
            throw new FparityError("--varity-programs must be at least 1 and --repeat at least 0");
        if (toolchains == null) toolchains = varity != null ? List.of("gcc", "clang-14") : List.of("gcc", "clang-19");
        if (varity != null) org.fparity.bench.VarityPeer.sourceDir(varity);
        Toolchains tcs = Toolchains.load(toolchainDir == null ? Toolchains.defaultDir() : toolchainDir);
        List<DetectedToolchain> chosen = new ArrayList<>();
        for (DetectedToolchain d : org.fparity.run.ToolchainChoice.detectAll(
                toolchains.stream().map(n -> tcs.get(n.strip())).toList())) {
            if (!d.canCompile() || !d.canRun())
                throw new FparityError(
                        "bench needs " + d.name() + " to compile and run here: "
                                + (d.canCompile() ? d.runProblem() : d.compileProblem()),
                        ExitCode.MISSING_TOOL);
            chosen.add(d);
        }
        Path work = WorkFolder.create(common.out, "fparity-bench", false);
        if (varity != null) {
            for (String opt : opts) org.fparity.bench.VarityPeer.optFlag(opt.strip());
            return againstVarity(o, work, chosen);
        }
        Grammar g = Grammar.defaults();
        List<Program> ps = new Generator(g, common.seed).generate(Precision.FP64, programs);
        InputGenerator ig = new InputGenerator(g, common.seed);
        Map<String, List<Input>> ins = new LinkedHashMap<>();
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>();
        for (Program p : ps) {
            ins.put(p.id(), ig.inputs(p, inputs));
            entries.add(new CampaignMeta.ProgramEntry(p.id(), null, Precision.FP64, p.canonical(), ins.get(p.id())));
        }
        int workers = Runtime.getRuntime().availableProcessors();
        int runs = programs * inputs * chosen.size() * opts.size();
        o.printf(
                "bench: %d programs × %d inputs × %s × %s = %d runs, %d workers, load average %.1f%n",
                programs,
                inputs,
                String.join(",", toolchains),
                String.join(",", opts),
                runs,
                workers,
                java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                        .getSystemLoadAverage());
        o.flush();

        CampaignRunner.Spec cs = new CampaignRunner.Spec(
                Main.VERSION, common.seed, null, Map.of("bench", "true"), entries, chosen, opts, batch);
        // Warm-up: the JVM's JIT work would otherwise be charged to whichever mode runs first (the batched one); a
        // campaign of a few programs, its results discarded, puts both timed modes on a warm JVM.
        List<CampaignMeta.ProgramEntry> few = entries.subList(0, Math.min(3, entries.size()));
        Bench.fparity(
                work.resolve("warmup"),
                new CampaignRunner.Spec(
                        Main.VERSION, common.seed, null, Map.of("bench", "warmup"), few, chosen, opts, batch),
                workers,
                new LinkedHashMap<>());
        Map<String, String> fast = new LinkedHashMap<>();
        Bench.Mode f = Bench.fparity(work.resolve("fparity"), cs, workers, fast);
        line(o, f);
        Map<String, String> slow = new LinkedHashMap<>();
        Bench.Mode b = Bench.baseline(
                Files.createDirectories(work.resolve("baseline")), ps, ins, chosen, opts, workers, slow, s -> {});
        line(o, b);
        double ratio = f.runsPerMinute() / b.runsPerMinute();
        double cpuRatio = f.runsPerCpuMinute() / b.runsPerCpuMinute();
        List<List<String>> diff = Bench.differences(fast, slow);
        int agree = slow.size() - diff.size();
        o.printf(
                "ratio: %.1f× wall, %.1f× CPU (goal ≥ 20×); both modes agree on %d of %d runs%n",
                ratio, cpuRatio, agree, slow.size());

        Bench.NvccFigures nv = null;
        if (nvccPrograms > 0) {
            DetectedToolchain nvcc = DetectedToolchain.detect(tcs.get("nvcc-sm80"));
            if (!nvcc.canCompile()) {
                o.println("nvcc: skipped (" + nvcc.compileProblem() + ")");
            } else {
                nv = Bench.nvcc(
                        work.resolve("nvcc"),
                        nvcc,
                        "O3",
                        ps.subList(0, Math.min(nvccPrograms, ps.size())),
                        nvccUnbatched);
                o.printf(
                        "nvcc-sm80 O3: %d programs in one file %.1f s = %.2f s/program; one file per program %.2f s/program (%d files); %.1f× less per program%n",
                        nv.batched(),
                        nv.batchedSeconds(),
                        nv.batchedPerProgram(),
                        nv.unbatchedPerProgram(),
                        nv.unbatched(),
                        nv.unbatchedPerProgram() / nv.batchedPerProgram());
            }
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("programs", programs);
        json.put("inputs", inputs);
        json.put("toolchains", toolchains);
        json.put("opts", opts);
        json.put("fparity", f);
        json.put("baseline", b);
        json.put("fparityRunsPerMinute", Math.round(f.runsPerMinute()));
        json.put("baselineRunsPerMinute", Math.round(b.runsPerMinute()));
        json.put("ratio", Math.round(ratio * 10) / 10.0);
        json.put("cpuRatio", Math.round(cpuRatio * 10) / 10.0);
        json.put("agreeingRuns", agree);
        json.put("differences", diff);
        if (nv != null) json.put("nvcc", nv);
        AtomicFiles.write(work.resolve("bench.json"), org.fparity.ir.ProgramJson.toJson(json) + "\n");
        o.println("details: " + work.resolve("bench.json"));
        o.flush();
        return ExitCode.OK.code();
    }

    private int gpuCompile(PrintWriter o) throws Exception {
        for (int n : gpuPrograms)
            if (n < 1) throw new FparityError("--gpu-programs: every batch size must be at least 1, got " + n);
        Toolchains tcs = Toolchains.load(toolchainDir == null ? Toolchains.defaultDir() : toolchainDir);
        Path work = WorkFolder.create(common.out, "fparity-bench-gpu", false);
        int max = gpuPrograms.stream().mapToInt(Integer::intValue).max().orElse(1);
        List<Program> ps = new Generator(Grammar.defaults(), common.seed).generate(Precision.FP64, max);
        o.printf("bench --gpu-compile: FP64 programs of seed %d at %s; load average %s%n", common.seed, gpuOpt, load());
        List<Bench.GpuCompile> rows = new ArrayList<>();
        for (String name : gpuToolchains) {
            DetectedToolchain dt = DetectedToolchain.detect(tcs.get(name.strip()));
            if (!dt.canCompile()) {
                o.println(dt.name() + ": skipped (" + dt.compileProblem() + ")");
                continue;
            }
            if (dt.toolchain().deviceOnly() == null)
                throw new FparityError(
                        "toolchain " + dt.name() + " has no device-only form (\"deviceOnly\" in its descriptor)");
            if (!dt.toolchain().opt().containsKey(gpuOpt))
                throw new FparityError("toolchain " + dt.name() + " has no opt level " + gpuOpt);
            double loader = Bench.gpuLoader(work.resolve(dt.name()), dt);
            for (int n : gpuPrograms) {
                Bench.GpuCompile g = Bench.gpuCompile(
                        work.resolve(dt.name()).resolve(Integer.toString(n)), dt, gpuOpt, ps.subList(0, n), loader);
                rows.add(g);
                o.printf(
                        "%s %s, %d programs: executable form %.1f s wall, %.1f CPU-s = %.3f CPU-s/program; device code only %.1f s wall, %.1f CPU-s = %.3f CPU-s/program (loader %.2f s once per toolchain); %.1f× less CPU; load %.1f → %.1f%n",
                        g.toolchain(),
                        g.opt(),
                        g.programs(),
                        g.executableSeconds(),
                        g.executableCpuSeconds(),
                        g.executableCpuPerProgram(),
                        g.deviceSeconds(),
                        g.deviceCpuSeconds(),
                        g.deviceCpuPerProgram(),
                        g.loaderSeconds(),
                        g.executableCpuSeconds() / g.deviceCpuSeconds(),
                        g.loadBefore(),
                        g.loadAfter());
                o.flush();
            }
        }
        AtomicFiles.write(
                work.resolve("bench-gpu.json"), org.fparity.ir.ProgramJson.toJson(Map.of("gpuCompile", rows)) + "\n");
        o.println("details: " + work.resolve("bench-gpu.json"));
        return ExitCode.OK.code();
    }

    private int againstVarity(PrintWriter o, Path work, List<DetectedToolchain> chosen) throws Exception {
        var vs = new VarityBench.Spec(
                common.seed,
                programs,
                inputs,
                batch,
                chosen,
                opts.stream().map(String::strip).toList(),
                varityPrograms,
                varityInputs,
                varity);
        o.printf(
                "bench --varity: fparity %d programs × %d inputs (batch %d), Varity %d programs × %d inputs; %s × %s (Varity: %s); load average %s%n",
                programs,
                inputs,
                batch,
                varityPrograms,
                varityInputs,
                String.join(",", toolchains),
                String.join(",", vs.opts()),
                String.join(" ", vs.opts().stream().map(VarityPeer::optFlag).toList()),
                load());
        o.flush();
        // Any build or AOT-cache making the launcher does happens here, outside the timed runs.
        FparityProcess.run(List.of("--version"), work.resolve("warmup.log"), 1200);
        List<Map<String, Object>> rounds = new ArrayList<>();
        VarityBench.Side f = null;
        VarityBench.VarityRun v = null;
        for (int i = 0; i < repeat; i++) {
            if (repeat > 1) o.printf("round %d of %d (load average %s)%n", i + 1, repeat, load());
            f = VarityBench.fparity(work.resolve("fparity-" + i), vs);
            VarityBench.line(o, f);
            v = VarityBench.varity(work.resolve("varity-" + i), vs, s -> o.println(s));
            VarityBench.line(o, v.side());
            if (v.aborted() > 0)
                o.printf(
                        "varity: %d campaign(s) aborted by a binary's non-zero exit before this one (not counted)%n",
                        v.aborted());
            VarityBench.ratios(o, f, v.side());
            Map<String, Object> round = new LinkedHashMap<>();
            round.put("fparity", f);
            round.put("varity", v.side());
            round.put("varityPhases", v.phases());
            round.put("varityAborted", v.aborted());
            round.put("loadAverageAfter", load());
            rounds.add(round);
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("programs", programs);
        json.put("inputs", inputs);
        json.put("batch", batch);
        json.put("varityPrograms", varityPrograms);
        json.put("toolchains", toolchains);
        json.put("opts", opts);
        json.put("rounds", rounds);
        if (yieldInputs != null) {
            o.printf(
                    "yield vs inputs per program (fparity %d programs, batch %d; Varity as above, %d inputs):%n",
                    programs, batch, varityInputs);
            o.println(
                    "  inputs    runs   CPU-s  disc.cases  disc.programs  cases/CPU-h  programs/CPU-h  ×Varity cases  ×Varity programs  load");
            List<Map<String, Object>> curve = new ArrayList<>();
            for (int k : yieldInputs) {
                if (k < 1) throw new FparityError("--yield-inputs: every value must be at least 1, is " + k);
                VarityBench.Side y = VarityBench.fparity(
                        work.resolve("yield-" + k),
                        new VarityBench.Spec(
                                common.seed,
                                programs,
                                k,
                                batch,
                                chosen,
                                vs.opts(),
                                varityPrograms,
                                varityInputs,
                                varity));
                VarityBench.yieldLine(o, k, y, v == null ? null : v.side(), load());
                curve.add(Map.of("inputs", k, "fparity", y, "load", load()));
            }
            json.put("yield", curve);
        }
        if (!causesPrograms.equals(List.of(0))) {
            for (int n : causesPrograms)
                if (n < 1)
                    throw new FparityError(
                            "--causes-programs: every value must be at least 1 (or the list 0 to skip), is " + n);
            if (v == null) v = VarityBench.varity(work.resolve("varity-causes"), vs, s -> o.println(s));
            CausesCurve.Point vp = CausesCurve.varity(
                    work.resolve("causes"),
                    v.results(),
                    VarityBench.names(vs),
                    varityPrograms,
                    varityInputs,
                    v.side().cpuMillis());
            List<CausesCurve.Point> fp = new ArrayList<>();
            for (int n : causesPrograms) fp.add(CausesCurve.fparity(work.resolve("causes-" + n), vs, n));
            CausesCurve.print(o, vp, fp);
            json.put("causes", Map.of("varity", vp, "fparity", fp));
        }
        if (!noPhases) {
            long jvm = Long.MAX_VALUE;
            for (int i = 0; i < 3; i++)
                jvm = Math.min(
                        jvm,
                        FparityProcess.run(List.of("run", "--help"), work.resolve("help.log"), 600)
                                .cpuMillis());
            List<PhaseProfile.Phase> ph = PhaseProfile.measure(
                    work.resolve("profile"),
                    new PhaseProfile.Spec(
                            common.seed,
                            programs,
                            inputs,
                            chosen,
                            vs.opts(),
                            batch,
                            Runtime.getRuntime().availableProcessors()));
            VarityBench.phases(o, ph, jvm, v == null ? List.of() : v.phases(), f, v == null ? null : v.side());
            long compile = ph.stream()
                    .filter(p -> p.name().equals("compile"))
                    .mapToLong(PhaseProfile.Phase::cpuMillis)
                    .sum();
            double floor = compile / 1000.0 / Runtime.getRuntime().availableProcessors();
            if (f != null && v != null)
                o.printf(
                        java.util.Locale.ROOT,
                        "compile-only limit: %.1f CPU-s of compiles on %d cores = %.1f s wall; fparity took %.1f s (%.0f%% of its wall time is above the limit); runs/min at the limit %.0f = %.1f× Varity%n",
                        compile / 1000.0,
                        Runtime.getRuntime().availableProcessors(),
                        floor,
                        f.millis() / 1000.0,
                        100 * (1 - floor * 1000 / f.millis()),
                        f.runs() / (floor / 60),
                        f.runs() / (floor / 60) / v.side().runsPerMinute());
            json.put("jvmStartCpuMillis", jvm);
            json.put("fparityPhases", ph);
        }
        o.printf("load average at the end: %s%n", load());
        AtomicFiles.write(work.resolve("bench.json"), org.fparity.ir.ProgramJson.toJson(json) + "\n");
        o.println("details: " + work.resolve("bench.json"));
        o.flush();
        return ExitCode.OK.code();
    }

    /**
     * fparity's FPRev against the original in one run, rounds interleaved so both see the same load: warm (best of 5
     * reveals in one process each round) and whole processes (one reveal each, best of the rounds).
     */
    private int againstFprev(PrintWriter o) throws Exception {
        Path peer = FprevPeer.check(fprev);
        if (fprevN < 2) throw new FparityError("--fprev-n must be at least 2");
        int rounds = Math.max(1, repeat) * 5;
        Path work = WorkFolder.create(common.out, "fparity-bench", false);
        Path driver = FprevPeer.prepare(work.resolve("fprev-peer"));
        o.printf(
                "bench --fprev: numpy.dot float32 n=%d, fparity's default (incremental) beside Algorithm 7 (advanced); %d rounds; load average %s%n",
                fprevN, rounds, load());
        o.flush();
        // the original runs as its user types it (python3: through pyenv's shim where there is one), and, when fparity
        // skips that shim (Runners.python), once more with the interpreter fparity runs, so that both ratios show
        String typed = org.fparity.fprev.Runners.pythonAsTyped(), direct = org.fparity.fprev.Runners.python();
        boolean second = !typed.equals(direct);
        o.printf(
                "interpreters: fparity runs %s; the original runs as typed, python3 = %s%s%n",
                direct,
                typed,
                second ? ", and again with " + direct + " (the shim skipped, as fparity does)" : " (the same)");
        FparityProcess.run(List.of("--version"), work.resolve("warmup.log"), 1200);
        double fw = Double.MAX_VALUE, pw = Double.MAX_VALUE, aw = Double.MAX_VALUE;
        long fProbes = 0, aProbes = 0;
        long[] fWhole = {Long.MAX_VALUE, 0}, pWhole = {Long.MAX_VALUE, 0}, qWhole = {Long.MAX_VALUE, 0};
        List<Map<String, Object>> rs = new ArrayList<>();
        for (int i = 0; i < rounds; i++) {
            FprevPeer.Warm fa = FprevPeer.fparityWarm(fprevN, 5, Fprev.Algo.INCREMENTAL);
            FprevPeer.Warm fb = FprevPeer.fparityWarm(fprevN, 5, Fprev.Algo.ADVANCED);
            double a = fa.seconds();
            double b = FprevPeer.originalWarm(driver, peer, fprevN, 5);
            fProbes = fa.probes();
            aProbes = fb.probes();
            aw = Math.min(aw, fb.seconds());
            long[] c = FprevPeer.fparityWhole(work, fprevN);
            long[] d = FprevPeer.originalWhole(driver, peer, fprevN, typed);
            long[] e = second ? FprevPeer.originalWhole(driver, peer, fprevN, direct) : d;
            fw = Math.min(fw, a);
            pw = Math.min(pw, b);
            if (c[0] < fWhole[0]) fWhole = c;
            if (d[0] < pWhole[0]) pWhole = d;
            if (e[0] < qWhole[0]) qWhole = e;
            String l = load();
            o.printf(
                    java.util.Locale.ROOT,
                    "round %d: warm fparity %.4f s (advanced %.4f s), original %.4f s; whole process fparity %.2f s (%.2f CPU-s), original %.2f s (%.2f CPU-s)%s; load %s%n",
                    i + 1,
                    a,
                    fb.seconds(),
                    b,
                    c[0] / 1000.0,
                    c[1] / 1000.0,
                    d[0] / 1000.0,
                    d[1] / 1000.0,
                    second
                            ? String.format(
                                    java.util.Locale.ROOT,
                                    ", shim skipped %.2f s (%.2f CPU-s)",
                                    e[0] / 1000.0,
                                    e[1] / 1000.0)
                            : "",
                    l);
            o.flush();
            Map<String, Object> round = new java.util.LinkedHashMap<>(Map.of(
                    "fparityWarm",
                    a,
                    "fparityWarmAdvanced",
                    fb.seconds(),
                    "originalWarm",
                    b,
                    "fparityWholeMillis",
                    c[0],
                    "fparityWholeCpuMillis",
                    c[1],
                    "originalWholeMillis",
                    d[0],
                    "originalWholeCpuMillis",
                    d[1],
                    "load",
                    l));
            if (second) {
                round.put("originalDirectWholeMillis", e[0]);
                round.put("originalDirectWholeCpuMillis", e[1]);
            }
            rs.add(round);
        }
        o.printf(
                java.util.Locale.ROOT,
                "warm (best of 5 per round, best round): fparity %.4f s, original %.4f s = %.2f× (goal ≤ 0.5×); %d probes%n",
                fw,
                pw,
                fw / pw,
                fProbes);
        o.printf(
                java.util.Locale.ROOT,
                "warm, Algorithm 7 (fprev --algo advanced): %.4f s = %.2f× the original; %d probes%n",
                aw,
                aw / pw,
                aProbes);
        o.printf(
                java.util.Locale.ROOT,
                "whole process (best round): fparity %.2f s (%.2f CPU-s), original as typed %.2f s (%.2f CPU-s) = %.2f× wall, %.2f× CPU (goal ≤ 1×)%n",
                fWhole[0] / 1000.0,
                fWhole[1] / 1000.0,
                pWhole[0] / 1000.0,
                pWhole[1] / 1000.0,
                (double) fWhole[0] / pWhole[0],
                (double) fWhole[1] / pWhole[1]);
        if (second) {
            o.printf(
                    java.util.Locale.ROOT,
                    "whole process, the original with the shim skipped too (%s): %.2f s (%.2f CPU-s) = %.2f× wall, %.2f× CPU%n",
                    direct,
                    qWhole[0] / 1000.0,
                    qWhole[1] / 1000.0,
                    (double) fWhole[0] / qWhole[0],
                    (double) fWhole[1] / qWhole[1]);
        }
        o.printf("load average at the end: %s%n", load());
        AtomicFiles.write(
                work.resolve("bench-fprev.json"),
                org.fparity.ir.ProgramJson.toJson(
                                Map.of("n", fprevN, "fparityPython", direct, "originalPython", typed, "rounds", rs))
                        + "\n");
        o.println("details: " + work.resolve("bench-fprev.json"));
        o.flush();
        return ExitCode.OK.code();
    }

    private static String load() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (java.io.IOException e) {
            return String.format(
                    java.util.Locale.ROOT,
                    "%.2f",
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean()
                            .getSystemLoadAverage());
        }
    }

    private static void line(PrintWriter o, Bench.Mode m) {
        o.printf(
                "%-24s %6d runs in %6.1f s = %8.0f runs/min; %6.1f CPU-s = %8.0f runs/CPU-min  (%d compiles, %d processes)%n",
                m.name() + ":",
                m.runs(),
                m.millis() / 1000.0,
                m.runsPerMinute(),
                m.cpuMillis() / 1000.0,
                m.runsPerCpuMinute(),
                m.compiles(),
                m.processes());
        o.flush();
    }
}
