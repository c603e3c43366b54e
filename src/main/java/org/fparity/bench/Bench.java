package org.fparity.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import org.fparity.emit.Emitter;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.run.CampaignRunner;
import org.fparity.run.Emitters;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
import org.fparity.util.CpuTime;
import org.fparity.util.Processes;

/**
 * fparity's throughput against the way Varity works, measured in one process on the same programs: batched builds
 * and one process per batch, versus one source file and one compile per (program, toolchain, opt level) and one
 * process per run (Varity's {@code varity.py -c} then {@code -r}, with its link-order bug fixed).
 */
public final class Bench {
    private Bench() {}

    /**
     * One mode's figures: wall time, and CPU time of fparity plus every process it waited for (compilers with their
     * cc1/as/ld, binaries), which unlike wall time hardly moves when the machine is shared.
     */
    public record Mode(String name, int runs, long millis, long cpuMillis, int compiles, int processes) {
        public double runsPerMinute() {
            return runs / (millis / 60000.0);
        }

        public double runsPerCpuMinute() {
            return runs / (cpuMillis / 60000.0);
        }
    }

    /** The batched mode: a real campaign into {@code dir} with a cold binary cache. */
    public static Mode fparity(Path dir, CampaignRunner.Spec spec, int workers, Map<String, String> results)
            throws InterruptedException {
        long t0 = System.nanoTime();
        long c0 = CpuTime.cpuMillis();
        LocalSite ex = new LocalSite(
                        org.fparity.exec.Platform.LOCAL, new BinaryCache(dir.resolve("build")), workers, s -> {})
                .detected(spec.toolchains());
        CampaignRunner.Result r = CampaignRunner.run(
                dir,
                spec,
                ex,
                n -> new Progress(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), false, n),
                s -> {});
        long ms = (System.nanoTime() - t0) / 1_000_000;
        for (Outcome o : r.campaign().outcomes())
            results.put(
                    o.key(),
                    o.status() == Outcome.Status.OK ? o.hex() : o.status().name());
        int batches = (int) r.campaign().outcomes().stream()
                .map(o -> o.toolchain() + o.opt())
                .distinct()
                .count();
        return new Mode(
                "fparity (batched)",
                r.campaign().outcomes().size(),
                ms,
                CpuTime.cpuMillis() - c0,
                ex.cache().compiles(),
                batches);
    }

    /**
     * The baseline: every (program, toolchain, opt) its own source file and compile ({@code workers} compiles at a
     * time, like Varity's Pool), then every run its own process, one after another (Varity's {@code runTestsSerial}).
     */
    public static Mode baseline(
            Path dir,
            List<Program> programs,
            Map<String, List<Input>> inputs,
            List<DetectedToolchain> tcs,
            List<String> opts,
            int workers,
            Map<String, String> results,
            Consumer<String> log)
            throws InterruptedException {
        long t0 = System.nanoTime();
        long c0 = CpuTime.cpuMillis();
        record Build(Program p, DetectedToolchain dt, String opt, Path exe) {}
        List<Build> builds = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        List<Future<Build>> fs = new ArrayList<>();
        try {
            for (Program p : programs) {
                for (DetectedToolchain dt : tcs) {
                    Emitter e = Emitters.of(dt.toolchain());
                    for (String opt : opts) {
                        fs.add(pool.submit(() -> {
                            Path d = Files.createDirectories(dir.resolve(p.id()).resolve(dt.name() + "-" + opt));
                            Files.writeString(d.resolve("prog.c"), e.single(p), StandardCharsets.UTF_8);
                            List<String> argv = dt.toolchain().compileArgv(opt, "prog.c", "prog.exe", "prog");
                            Processes.Result r = Processes.run(
                                    argv,
                                    dt.toolchain().env(),
                                    d,
                                    d.resolve("build.log"),
                                    dt.toolchain().compileTimeout());
                            return new Build(p, dt, opt, r.ok() ? d.resolve("prog.exe") : null);
                        }));
                    }
                }
            }
            for (Future<Build> f : fs) builds.add(f.get());
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
        int runs = 0;
        try {
            Path out = Files.createTempFile(dir, "run", ".txt");
            for (Build b : builds) {
                List<Input> ins = inputs.get(b.p().id());
                for (int i = 0; i < ins.size(); i++) {
                    String key = Outcome.key(
                            b.p().id(),
                            i,
                            new Platform(b.dt().name(), b.opt(), Platform.LOCAL, null)); // the batched runs' spelling
                    runs++;
                    if (b.exe() == null) {
                        results.put(key, "COMPILE_ERROR");
                        continue;
                    }
                    List<String> argv = new ArrayList<>();
                    argv.add(b.exe().toString());
                    argv.addAll(ins.get(i).args());
                    Processes.Result r = Processes.run(argv, Map.of(), b.exe().getParent(), out, 10);
                    String text = Files.readString(out).strip();
                    String hex = text.isEmpty() ? "" : text.split("\\s+")[0];
                    results.put(
                            key, r.ok() ? HexFloat.format(HexFloat.parse(hex)) : (r.timedOut() ? "TIMEOUT" : "CRASH"));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        long ms = (System.nanoTime() - t0) / 1_000_000;
        return new Mode("baseline (Varity-style)", runs, ms, CpuTime.cpuMillis() - c0, builds.size(), runs);
    }

    /** nvcc seconds per program: one batch file of all programs, against one file per program. */
    public record NvccFigures(int batched, double batchedSeconds, int unbatched, double unbatchedSeconds) {
        public double batchedPerProgram() {
            return batchedSeconds / batched;
        }

        public double unbatchedPerProgram() {
            return unbatchedSeconds / unbatched;
        }
    }

    public static NvccFigures nvcc(Path dir, DetectedToolchain nvcc, String opt, List<Program> programs, int unbatched)
            throws IOException, InterruptedException {
        Emitter e = Emitters.of(nvcc.toolchain());
        Path b = Files.createDirectories(dir.resolve("batched"));
        Files.writeString(b.resolve("batch.cu"), e.batch(programs));
        long t0 = System.nanoTime();
        Processes.Result r = Processes.run(
                nvcc.toolchain().compileArgv(opt, "batch.cu", "batch.exe", "batch"),
                nvcc.toolchain().env(),
                b,
                b.resolve("build.log"),
                nvcc.toolchain().compileTimeout());
        double batched = (System.nanoTime() - t0) / 1e9;
        if (!r.ok()) throw new IllegalStateException("nvcc failed on the batch: see " + b.resolve("build.log"));
        double single = 0;
        int n = Math.min(unbatched, programs.size());
        for (int i = 0; i < n; i++) {
            Path d = Files.createDirectories(dir.resolve("single-" + i));
            Files.writeString(d.resolve("prog.cu"), e.single(programs.get(i)));
            long s0 = System.nanoTime();
            Processes.Result rs = Processes.run(
                    nvcc.toolchain().compileArgv(opt, "prog.cu", "prog.exe", "prog"),
                    nvcc.toolchain().env(),
                    d,
                    d.resolve("build.log"),
                    nvcc.toolchain().compileTimeout());
            single += (System.nanoTime() - s0) / 1e9;
            if (!rs.ok())
                throw new IllegalStateException("nvcc failed on program " + i + ": see " + d.resolve("build.log"));
        }
        return new NvccFigures(programs.size(), batched, n, single);
    }

    /**
     * One GPU toolchain's compile cost for one batch, both forms side by side: the executable form (host harness and
     * kernels in one nvcc/hipcc run, as before) and the device-only form (kernels only; the host loader is built once
     * per toolchain, its seconds given apart). Wall seconds and the compiler processes' CPU seconds (user + system of
     * the whole process tree, which on a loaded machine is what the build costs; wall is that plus waiting for a core).
     * Load averages before and after each build.
     */
    public record GpuCompile(
            String toolchain,
            String opt,
            int programs,
            double executableSeconds,
            double deviceSeconds,
            double loaderSeconds,
            double executableCpuSeconds,
            double deviceCpuSeconds,
            double loadBefore,
            double loadAfter) {
        public double executablePerProgram() {
            return executableSeconds / programs;
        }

        public double devicePerProgram() {
            return deviceSeconds / programs;
        }

        public double executableCpuPerProgram() {
            return executableCpuSeconds / programs;
        }

        public double deviceCpuPerProgram() {
            return deviceCpuSeconds / programs;
        }
    }

    /** Wall and CPU seconds (user + system of the compiler and everything it started) of one build. */
    private record Timed(double wall, double cpu) {}

    public static GpuCompile gpuCompile(
            Path dir, DetectedToolchain dt, String opt, List<Program> programs, double loaderSeconds)
            throws IOException, InterruptedException {
        org.fparity.exec.Toolchain tc = dt.toolchain();
        if (tc.deviceOnly() == null)
            throw new IllegalArgumentException("toolchain " + tc.name() + " has no device-only form");
        Emitter e = Emitters.of(tc);
        String src = "batch." + tc.extension();
        double load0 = load();
        Path x = Files.createDirectories(dir.resolve("executable"));
        Files.writeString(x.resolve(src), e.batch(programs));
        Timed exe = timed(tc.compileArgv(opt, src, "batch.exe", "batch"), tc, x);
        Path d = Files.createDirectories(dir.resolve("device"));
        Files.writeString(d.resolve(src), e.deviceBatch(programs));
        Timed dev = timed(tc.deviceForm().compileArgv(opt, src, "batch.module", "batch"), tc, d);
        return new GpuCompile(
                tc.name(),
                opt,
                programs.size(),
                exe.wall(),
                dev.wall(),
                loaderSeconds,
                exe.cpu(),
                dev.cpu(),
                load0,
                load());
    }

    /** Seconds to build the host loader of a device-only toolchain (once per toolchain in a campaign). */
    public static double gpuLoader(Path dir, DetectedToolchain dt) throws IOException, InterruptedException {
        org.fparity.exec.Toolchain tc = dt.toolchain();
        Path l = Files.createDirectories(dir.resolve("loader"));
        Files.writeString(
                l.resolve("fp_loader.c"),
                org.fparity.emit.GpuLoader.source(tc.deviceOnly().loader()));
        return timed(tc.loaderForm().compileArgv("host", "fp_loader.c", "fp_loader", "fp_loader"), tc, l)
                .wall();
    }

    private static Timed timed(List<String> argv, org.fparity.exec.Toolchain tc, Path dir)
            throws IOException, InterruptedException {
        long t0 = System.nanoTime();
        long c0 = CpuTime.childCpuMillis();
        Processes.Result r = Processes.run(argv, tc.env(), dir, dir.resolve("build.log"), tc.compileTimeout());
        double s = (System.nanoTime() - t0) / 1e9;
        double cpu = (CpuTime.childCpuMillis() - c0) / 1000.0;
        if (!r.ok())
            throw new IllegalStateException(String.join(" ", argv) + " failed: see " + dir.resolve("build.log"));
        return new Timed(s, cpu);
    }

    private static double load() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** The runs on which the two modes differ: key, batched result, baseline result (both should be the same build). */
    public static List<List<String>> differences(Map<String, String> batched, Map<String, String> baseline) {
        List<List<String>> out = new ArrayList<>();
        for (var e : baseline.entrySet()) {
            String f = batched.get(e.getKey());
            if (!e.getValue().equals(f)) out.add(List.of(e.getKey(), String.valueOf(f), e.getValue()));
        }
        return out;
    }
}
