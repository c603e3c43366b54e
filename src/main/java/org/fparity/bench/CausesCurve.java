package org.fparity.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.varity.RecordedPlatform;
import org.fparity.varity.VarityCampaign;
import org.fparity.varity.VarityImport;

/**
 * Root causes found per CPU-second, fparity against the real Varity, both campaigns triaged by the same code ({@code
 * fparity triage}): fparity's points are whole {@code fparity run} processes at its defaults (50 inputs per program,
 * batches of 200, triage included) at growing program counts; Varity's is its whole campaign (its own CPU, then
 * {@code import-varity} of its results and {@code fparity triage} of that, CPU counted apart). A cause is a decided
 * root cause (flags, operation and library, or a crash bucket); undecided ones are counted beside it.
 */
public final class CausesCurve {
    private CausesCurve() {}

    /**
     * One point: a campaign's causes and what they cost.
     *
     * @param cpuMillis   the tool's own CPU (fparity: its whole run, triage included; Varity: generate, compile, run)
     * @param triageMillis the CPU of {@code fparity triage} when it ran apart (Varity's side), else 0
     */
    public record Point(
            String tool,
            int programs,
            int inputs,
            long cpuMillis,
            long triageMillis,
            int causes,
            int undecided,
            int triaged,
            List<String> keys) {}

    /** fparity at its defaults on {@code programs} programs: one {@code fparity run} process, triage included. */
    public static Point fparity(Path work, VarityBench.Spec s, int programs) throws IOException, InterruptedException {
        FparityProcess.Run r = VarityBench.run(work, s, programs, List.of());
        return point("fparity", programs, DEFAULT_INPUTS, r.cpuMillis(), 0, read(work.resolve("campaign"), r.log()));
    }

    /** fparity run's default inputs per program. */
    static final int DEFAULT_INPUTS = 50;

    /**
     * Varity's campaign ({@code results}, its results.json) imported as a campaign with fparity's names for the
     * compilers and opt levels it was given ({@code names}: Varity's compiler name or opt label to fparity's), then
     * {@code fparity triage} of it as a process of its own.
     */
    public static Point varity(
            Path work, Path results, Map<String, String> names, int programs, int inputs, long varityCpuMillis)
            throws IOException, InterruptedException {
        VarityImport.Result imported = renamed(VarityImport.read(results), names);
        Path dir = work.resolve("varity-campaign");
        VarityCampaign.write(imported, dir, "bench", results);
        FparityProcess.Run t = FparityProcess.run(
                List.of("triage", dir.toString()), Files.createDirectories(work).resolve("triage.log"), 3 * 3600);
        if (!ExitCode.finished(t.exitCode()))
            throw new FparityError(
                    "fparity triage of Varity's campaign failed (exit " + t.exitCode() + "); see " + t.log(),
                    ExitCode.MISSING_TOOL);
        return point("varity", programs, inputs, varityCpuMillis, t.cpuMillis(), read(dir, t.log()));
    }

    /**
     * An import with each platform's compiler and opt label renamed through {@code names} (unnamed ones kept), and its
     * site this machine's: the bench ran Varity here, with this machine's compilers, so triage rebuilds its cases with
     * this machine's toolchains (Varity's own flags, e.g. {@code -std=c99}, stay recorded; a case they made differ
     * that fparity's build of the level does not reproduce is undecided, said why).
     */
    static VarityImport.Result renamed(VarityImport.Result r, Map<String, String> names) {
        Map<RecordedPlatform, RecordedPlatform> to = new java.util.HashMap<>();
        for (RecordedPlatform p : r.platforms())
            to.put(
                    p,
                    new RecordedPlatform(
                            names.getOrDefault(p.toolchain(), p.toolchain()),
                            names.getOrDefault(p.opt(), p.opt()),
                            org.fparity.exec.Platform.LOCAL,
                            p.node(),
                            p.flags(),
                            p.version(),
                            p.source()));
        List<VarityImport.ImportedOutcome> outcomes = r.outcomes().stream()
                .map(o -> new VarityImport.ImportedOutcome(
                        o.program(), o.input(), to.getOrDefault(o.platform(), o.platform()), o.hex(), o.micros()))
                .toList();
        return new VarityImport.Result(
                r.layouts(),
                r.programs(),
                outcomes,
                r.platforms().stream().map(p -> to.getOrDefault(p, p)).toList(),
                r.casesNamed(),
                r.casesNotImported(),
                r.resultsNamed(),
                r.resultsNotImported(),
                r.problems());
    }

    private static Causes read(Path dir, Path log) {
        return Causes.read(dir)
                .orElseThrow(() -> new FparityError(
                        "no causes.json in " + dir + " after triage; see " + log, ExitCode.MISSING_TOOL));
    }

    private static Point point(String tool, int programs, int inputs, long cpu, long triage, Causes c) {
        List<String> keys = c.causes().stream()
                .filter(x -> x.kind() != RootCause.Kind.UNDECIDED)
                .map(RootCause::key)
                .toList();
        return new Point(
                tool, programs, inputs, cpu, triage, keys.size(), c.causes().size() - keys.size(), c.triaged(), keys);
    }

    /** The curve: Varity's point, then fparity's, and what they say against each other. */
    public static void print(PrintWriter o, Point varity, List<Point> fparity) {
        double vRun = varity.cpuMillis() / 1000.0;
        double vAll = (varity.cpuMillis() + varity.triageMillis()) / 1000.0;
        o.printf(
                Locale.ROOT,
                "root causes per CPU-second (decided causes; both campaigns triaged by fparity triage):%n"
                        + "  varity  %4d programs × %d inputs: %d causes (%d undecided) for %d discrepancies and runs that ended differently;"
                        + " Varity %.1f CPU-s, its triage %.1f CPU-s%n",
                varity.programs(),
                varity.inputs(),
                varity.causes(),
                varity.undecided(),
                varity.triaged(),
                vRun,
                varity.triageMillis() / 1000.0);
        o.println("  fparity run at its defaults (inputs " + DEFAULT_INPUTS
                + ", triage included), whole process:  programs  CPU-s  causes  undecided  Varity's CPU / this");
        for (Point p : fparity)
            o.printf(
                    Locale.ROOT,
                    "  %51d %6.1f %7d %10d %12.1f×%n",
                    p.programs(),
                    p.cpuMillis() / 1000.0,
                    p.causes(),
                    p.undecided(),
                    vRun / (p.cpuMillis() / 1000.0));
        Point reach = fparity.stream()
                .filter(p -> p.causes() >= varity.causes())
                .findFirst()
                .orElse(null);
        if (reach == null)
            o.printf(
                    Locale.ROOT,
                    "  fparity did not reach Varity's %d causes at these sizes (most: %d)%n",
                    varity.causes(),
                    fparity.stream().mapToInt(Point::causes).max().orElse(0));
        else
            o.printf(
                    Locale.ROOT,
                    "  fparity reaches Varity's %d causes at %d programs in %.1f CPU-s = 1/%.1f of Varity's %.1f CPU-s"
                            + " (1/%.1f with Varity's triage counted; goal 1/20)%n",
                    varity.causes(),
                    reach.programs(),
                    reach.cpuMillis() / 1000.0,
                    vRun / (reach.cpuMillis() / 1000.0),
                    vRun,
                    vAll / (reach.cpuMillis() / 1000.0));
        Point same = null;
        for (Point p : fparity) if (p.cpuMillis() <= varity.cpuMillis()) same = p;
        if (same != null) {
            List<String> more = new ArrayList<>(same.keys());
            more.removeAll(varity.keys());
            List<String> only = new ArrayList<>(varity.keys());
            only.removeAll(same.keys());
            o.printf(
                    Locale.ROOT,
                    "  within Varity's CPU: fparity %d programs, %.1f CPU-s, %d causes against Varity's %d (%d of fparity's not in Varity's, %d of Varity's not in fparity's)%n",
                    same.programs(),
                    same.cpuMillis() / 1000.0,
                    same.causes(),
                    varity.causes(),
                    more.size(),
                    only.size());
        }
        o.flush();
    }
}
