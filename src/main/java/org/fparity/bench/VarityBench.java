package org.fparity.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.compare.DiscrepantCases;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;

/**
 * fparity against the real Varity in one run on one machine: the same compilers and opt levels, each tool as a whole
 * process (fparity's JVM start, Varity's Python start included), figures counted the same way from each tool's own
 * output (fparity's outcomes.jsonl, Varity's results.json) by {@link DiscrepantCases}.
 */
public final class VarityBench {
    private VarityBench() {}

    /** Settings: fparity's campaign and Varity's, which is smaller because Varity is slower. */
    public record Spec(
            long seed,
            int programs,
            int inputs,
            int batch,
            List<DetectedToolchain> toolchains,
            List<String> opts,
            int varityPrograms,
            int varityInputs,
            Path varityDir) {}

    /** One tool's figures. */
    public record Side(String name, int runs, long millis, long cpuMillis, DiscrepantCases.Count count) {
        public double runsPerMinute() {
            return runs / (millis / 60000.0);
        }

        public double runsPerCpuMinute() {
            return runs / (cpuMillis / 60000.0);
        }

        public double casesPerCpuHour() {
            return count.discrepantCases() / (cpuMillis / 3_600_000.0);
        }

        public double programsPerCpuHour() {
            return count.discrepantPrograms() / (cpuMillis / 3_600_000.0);
        }
    }

    /** fparity's campaign as {@code fparity run} does it, started as a user starts it. */
    public static Side fparity(Path work, Spec s) throws IOException, InterruptedException {
        Path dir = work.resolve("campaign");
        FparityProcess.Run r = run(
                work,
                s,
                s.programs(),
                List.of(
                        "--inputs",
                        Integer.toString(s.inputs()),
                        "--batch",
                        Integer.toString(s.batch()),
                        // runs/min and discrepant cases per CPU-hour measure the run; the causes curve triages
                        // separately
                        "--no-triage"));
        List<Outcome> outcomes = Campaign.load(dir).outcomes();
        return new Side("fparity", outcomes.size(), r.millis(), r.cpuMillis(), DiscrepantCases.ofOutcomes(outcomes));
    }

    /**
     * {@code fparity run} as a whole process on {@code programs} programs of the spec's seed, toolchains and opt levels,
     * into {@code work/campaign} (report in {@code work/report}), with {@code more} options; a run that did not finish
     * (exit other than 0 or 1) is an error naming its log.
     */
    static FparityProcess.Run run(Path work, Spec s, int programs, List<String> more)
            throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of(
                "run",
                "--programs",
                Integer.toString(programs),
                "--seed",
                Long.toString(s.seed()),
                "--toolchains",
                String.join(
                        ",",
                        s.toolchains().stream().map(DetectedToolchain::name).toList()),
                "--opt",
                String.join(",", s.opts()),
                "--out",
                work.resolve("campaign").toString(),
                "--report",
                work.resolve("report").toString()));
        args.addAll(more);
        FparityProcess.Run r =
                FparityProcess.run(args, Files.createDirectories(work).resolve("fparity.log"), 3 * 3600);
        // 0 = nothing found, 1 = findings: both are a finished campaign.
        if (!ExitCode.finished(r.exitCode()))
            throw new FparityError(
                    "fparity run failed (exit " + r.exitCode() + "); see " + r.log(), ExitCode.MISSING_TOOL);
        return r;
    }

    /** Varity's figures, its three phases, and its results.json. */
    public record VarityRun(Side side, List<VarityPeer.Phase> phases, int aborted, Path results) {}

    /** Varity's compiler name for a toolchain ({@code clang_14}: Varity splits its binaries' names on '-'). */
    static String varityName(DetectedToolchain dt) {
        return dt.name().replace('-', '_').replace('.', '_');
    }

    /**
     * fparity's names for what Varity was given: each compiler's Varity name to the toolchain, each opt label Varity
     * records ({@code Ofast}) to fparity's opt level ({@code O3_FM}).
     */
    public static java.util.Map<String, String> names(Spec s) {
        java.util.Map<String, String> m = new java.util.LinkedHashMap<>();
        for (DetectedToolchain dt : s.toolchains()) m.put(varityName(dt), dt.name());
        for (String opt : s.opts()) m.put(VarityPeer.optFlag(opt).substring(1), opt);
        return m;
    }

    /** The real Varity in a scratch copy under {@code work}. */
    public static VarityRun varity(Path work, Spec s, Consumer<String> log) throws IOException, InterruptedException {
        List<VarityPeer.Compiler> compilers = new ArrayList<>();
        for (DetectedToolchain dt : s.toolchains()) {
            String exe = dt.toolchain().compileArgv("O0", "x.c", "x", "x").getFirst();
            Path p = org.fparity.util.Executables.find(exe);
            compilers.add(new VarityPeer.Compiler(varityName(dt), p == null ? exe : p.toString()));
        }
        List<String> flags = s.opts().stream().map(VarityPeer::optFlag).toList();
        Path copy = VarityPeer.prepare(
                s.varityDir(),
                Files.createDirectories(work),
                new VarityPeer.Config(s.varityPrograms(), s.varityInputs(), compilers, flags));
        VarityPeer.Result r = VarityPeer.run(copy, log);
        VarityResults.Parsed parsed = VarityResults.read(r.results());
        return new VarityRun(
                new Side("varity", parsed.runs(), r.millis(), r.cpuMillis(), DiscrepantCases.of(parsed.byTest())),
                r.phases(),
                r.aborted(),
                r.results());
    }

    /** One side's line. */
    public static void line(PrintWriter o, Side x) {
        DiscrepantCases.Count c = x.count();
        o.printf(
                Locale.ROOT,
                "%-8s %6d runs in %6.1f s, %6.1f CPU-s = %7.0f runs/min, %7.0f runs/CPU-min; discrepant: %d of %d cases, %d of %d programs"
                        + " = %.0f cases/CPU-h, %.0f programs/CPU-h%n",
                x.name() + ":",
                x.runs(),
                x.millis() / 1000.0,
                x.cpuMillis() / 1000.0,
                x.runsPerMinute(),
                x.runsPerCpuMinute(),
                c.discrepantCases(),
                c.cases(),
                c.discrepantPrograms(),
                c.programs(),
                x.casesPerCpuHour(),
                x.programsPerCpuHour());
        o.flush();
    }

    /** One point of the yield curve: fparity at {@code k} inputs per program against Varity's run. */
    public static void yieldLine(PrintWriter o, int k, Side f, Side v, String load) {
        DiscrepantCases.Count c = f.count();
        o.printf(
                Locale.ROOT,
                "  %6d %7d %7.1f %11d %14s %12.0f %15.0f %14s %17s  %s%n",
                k,
                f.runs(),
                f.cpuMillis() / 1000.0,
                c.discrepantCases(),
                c.discrepantPrograms() + "/" + c.programs(),
                f.casesPerCpuHour(),
                f.programsPerCpuHour(),
                v == null ? "–" : ratio(f.casesPerCpuHour(), v.casesPerCpuHour()),
                v == null ? "–" : ratio(f.programsPerCpuHour(), v.programsPerCpuHour()),
                load);
        o.flush();
    }

    /** The four ratios the issue asks for, fparity over Varity. */
    public static void ratios(PrintWriter o, Side f, Side v) {
        o.printf(
                Locale.ROOT,
                "ratio fparity/varity: runs/min %.1f×, runs/CPU-min %.1f×, discrepant cases/CPU-h %s, discrepant programs/CPU-h %s%n",
                f.runsPerMinute() / v.runsPerMinute(),
                f.runsPerCpuMinute() / v.runsPerCpuMinute(),
                ratio(f.casesPerCpuHour(), v.casesPerCpuHour()),
                ratio(f.programsPerCpuHour(), v.programsPerCpuHour()));
        o.flush();
    }

    private static String ratio(double a, double b) {
        if (b == 0) return a == 0 ? "– (neither found one)" : "∞ (Varity found none)";
        return String.format(Locale.ROOT, "%.1f×", a / b);
    }

    /** CPU seconds per phase, side by side; a dash where the tool has no such phase. */
    public static void phases(
            PrintWriter o, List<PhaseProfile.Phase> f, long jvmStartCpu, List<VarityPeer.Phase> v, Side fs, Side vs) {
        o.println("CPU-s per phase        fparity   varity");
        o.printf(Locale.ROOT, "  %-18s %8.2f %8s%n", "JVM start", jvmStartCpu / 1000.0, "–");
        for (String name : List.of("generate", "emit", "compile", "run", "compare", "report")) {
            String fv = f.stream()
                    .filter(p -> p.name().equals(name))
                    .findFirst()
                    .map(p -> String.format(Locale.ROOT, "%8.2f", p.cpuMillis() / 1000.0))
                    .orElse("       –");
            String vv = v.stream()
                    .filter(p -> p.name().equals(name))
                    .findFirst()
                    .map(p -> String.format(Locale.ROOT, "%8.2f", p.cpuMillis() / 1000.0))
                    .orElse("       –");
            o.printf(Locale.ROOT, "  %-18s %s %s%n", name, fv, vv);
        }
        long sum = jvmStartCpu
                + f.stream().mapToLong(PhaseProfile.Phase::cpuMillis).sum();
        if (fs != null && vs != null) {
            o.printf(
                    Locale.ROOT,
                    "  %-18s %8.2f %8.2f   (fparity's phases measured one after another in one JVM: %.2f)%n",
                    "whole process",
                    fs.cpuMillis() / 1000.0,
                    vs.cpuMillis() / 1000.0,
                    sum / 1000.0);
        } else {
            o.printf(Locale.ROOT, "  %-18s %8.2f%n", "sum of phases", sum / 1000.0);
        }
        o.println(
                "  (varity: generate = -g, compile = -c, run = -r including its input generation and results.json; each with Python's start)");
        o.flush();
    }
}
