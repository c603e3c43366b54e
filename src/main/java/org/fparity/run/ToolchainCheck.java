package org.fparity.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.IeeeExact;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * {@code fparity toolchains --check}: emitter fidelity on this node. Programs whose result IEEE-754 alone decides
 * ({@link IeeeExact}: {@code + - * /}, sqrt, fabs, ceil, floor) run on every toolchain that can run here at its
 * contraction-off level ({@code nofma} where it has one, else {@code O0}) and must give the bits of gcc
 * {@code -O0 -ffp-contract=off}; a difference is a fault of the emitter, the harness or the platform's IEEE conformance
 * (subnormal flushing), never of the random program.
 */
public final class ToolchainCheck {
    private ToolchainCheck() {}

    /** One toolchain's verdict: {@code agree} of {@code total} runs bit-identical, the first difference, or why not checked. */
    public record Row(String toolchain, String opt, int agree, int total, String firstDifference, String skipped) {
        public boolean ok() {
            return skipped == null && agree == total;
        }
    }

    /** Math functions whose results are exact or correctly rounded everywhere (no fmin/fmax: the sign of a ±0 tie is open). */
    static final EnumSet<MathFn> EXACT = EnumSet.of(MathFn.SQRT, MathFn.FABS, MathFn.CEIL, MathFn.FLOOR);

    /** The contraction-off opt level of a toolchain. */
    static String level(Toolchain tc) {
        return tc.opt().containsKey("nofma") ? "nofma" : "O0";
    }

    /**
     * The check on this machine: the reference and every toolchain that can compile and run here, as one job document for
     * this machine as a site ({@link LocalSite}, told what was detected here), each toolchain one batch.
     */
    public static List<Row> run(
            Path work, DetectedToolchain gcc, List<DetectedToolchain> toolchains, int programs, int inputs, long seed)
            throws InterruptedException {
        DetectedToolchain ref = gcc.withToolchain(reference(gcc.toolchain()));
        List<DetectedToolchain> known = new ArrayList<>(toolchains);
        known.add(ref);
        LocalSite here = new LocalSite(
                        Platform.LOCAL,
                        new BinaryCache(work.resolve("build")),
                        Math.max(1, Runtime.getRuntime().availableProcessors()),
                        s -> {})
                .detected(known);
        Map<String, String> skipped = new LinkedHashMap<>();
        for (DetectedToolchain dt : toolchains) {
            if (!dt.canCompile()) skipped.put(dt.name(), "cannot compile here: " + dt.compileProblem());
            else if (!dt.canRun()) skipped.put(dt.name(), "cannot run here: " + dt.runProblem());
        }
        return run(
                here,
                ref.toolchain(),
                toolchains.stream().map(DetectedToolchain::toolchain).toList(),
                skipped,
                programs,
                inputs,
                seed);
    }

    /**
     * The check at a cluster profile's site ({@code toolchains --check --cluster NAME}): the toolchains its profile
     * names, else {@code named}, against gcc's descriptor as the reference, all in one job document there. Nothing is
     * detected on this machine: a toolchain the site's node cannot run is skipped with the node's reason.
     *
     * @param work where a Slurm site keeps its state (a temporary folder will do)
     */
    public static List<Row> atCluster(
            ClusterProfile profile,
            Toolchains tcs,
            List<String> named,
            Path work,
            int programs,
            int inputs,
            long seed,
            Consumer<String> log)
            throws InterruptedException {
        List<Toolchain> there = Sites.toolchains(profile, tcs, named);
        Toolchain ref = reference(tcs.get("gcc"));
        try (SiteExecutor site =
                Sites.open(profile, work, Math.max(1, Runtime.getRuntime().availableProcessors()), log)) {
            return run(site, ref, there, Map.of(), programs, inputs, seed);
        }
    }

    /**
     * The check at a site: the reference ({@link #reference}) and each toolchain not in {@code skipped} (name → why)
     * run the same IEEE-exact programs in one job document there ({@link SiteRuns}).
     */
    static List<Row> run(
            SiteExecutor site,
            Toolchain ref,
            List<Toolchain> toolchains,
            Map<String, String> skipped,
            int programs,
            int inputs,
            long seed)
            throws InterruptedException {
        Grammar g = Grammar.defaults().withMathFunctions(EXACT);
        List<Program> ps = new ArrayList<>();
        for (Precision p : List.of(Precision.FP32, Precision.FP64)) {
            for (Program q : new Generator(g, seed).generate(p, programs)) if (IeeeExact.test(q)) ps.add(q);
        }
        // each case once: a program's inputs in order ({@code program/i} names the case in a difference)
        List<String> cases = new ArrayList<>();
        List<SiteRuns.Run> refRuns = new ArrayList<>();
        InputGenerator ig = new InputGenerator(g, seed);
        for (Program p : ps) {
            List<Input> in = ig.inputs(p, inputs);
            for (int i = 0; i < in.size(); i++) {
                cases.add(p.id() + "/" + i);
                refRuns.add(new SiteRuns.Run(p, in.get(i), ref, "O0"));
            }
        }
        List<SiteRuns.Run> runs = new ArrayList<>(refRuns);
        List<Toolchain> checked = new ArrayList<>();
        for (Toolchain tc : toolchains) {
            if (skipped.containsKey(tc.name())) continue;
            checked.add(tc);
            for (SiteRuns.Run r : refRuns) runs.add(new SiteRuns.Run(r.program(), r.input(), tc, level(tc)));
        }
        List<Outcome> got = SiteRuns.run(site, "Check", runs);
        int n = cases.size();
        Map<String, String> expected = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Outcome o = got.get(i);
            if (o != null && o.status() == Outcome.Status.OK) expected.put(cases.get(i), o.hex());
        }
        if (expected.isEmpty() && n > 0) {
            // nothing to hold a platform to: every row would read "0 of 0 bit-identical", which is not a pass
            throw new FparityError(
                    "the reference gcc -O0 -ffp-contract=off gave no result at " + site.site() + ": "
                            + why(got.getFirst()),
                    ExitCode.MISSING_TOOL);
        }
        List<Row> rows = new ArrayList<>();
        int at = n;
        for (Toolchain tc : toolchains) {
            String opt = level(tc);
            if (skipped.containsKey(tc.name())) {
                rows.add(new Row(tc.name(), opt, 0, 0, null, skipped.get(tc.name())));
                continue;
            }
            String cannot = cannotRun(got.subList(at, at + n));
            if (cannot != null) {
                rows.add(new Row(tc.name(), opt, 0, 0, null, "cannot run at " + site.site() + ": " + cannot));
                at += n;
                continue;
            }
            int agree = 0;
            int total = 0;
            String first = null;
            for (int i = 0; i < n; i++) {
                Outcome o = got.get(at + i);
                String want = expected.get(cases.get(i));
                if (want == null) continue; // the reference itself gave no value: nothing to hold the platform to
                total++;
                if (o != null && o.status() == Outcome.Status.OK && sameResult(want, o.hex())) agree++;
                else if (first == null) {
                    String[] c = cases.get(i).split("/");
                    first = "program " + c[0] + " input " + c[1] + ": gcc -O0 -ffp-contract=off " + want + ", "
                            + new Platform(tc.name(), opt, site.site(), null) + " "
                            + (o != null && o.status() == Outcome.Status.OK ? o.hex() : why(o));
                }
            }
            at += n;
            rows.add(new Row(tc.name(), opt, agree, total, first, null));
        }
        return rows;
    }

    /** How a run ended without a result, in words: {@code CRASH (signal 11)}, or {@code no outcome}. */
    private static String why(Outcome o) {
        if (o == null) return "no outcome";
        return o.status() + (o.detail() == null ? "" : " (" + o.detail() + ")");
    }

    /** The node's reason when it could run none of a toolchain's runs ({@code CANNOT_RUN} each time), else null. */
    static String cannotRun(List<Outcome> os) {
        String why = null;
        for (Outcome o : os) {
            if (o == null || o.status() != Outcome.Status.CANNOT_RUN) return null;
            if (why == null) why = o.detail() == null ? "no reason given" : o.detail();
        }
        return why;
    }

    /** The campaign's rule for "the same result" ({@link org.fparity.exec.DiscrepancyClass#same}): a NaN's sign is not an emitter's fidelity. */
    static boolean sameResult(String want, String got) {
        return org.fparity.exec.DiscrepancyClass.same(want, got);
    }

    /** gcc with contraction off at O0, whatever the descriptor's O0 says. */
    static Toolchain reference(Toolchain gcc) {
        List<String> flags = new ArrayList<>(gcc.opt().getOrDefault("O0", List.of("-O0")));
        if (!flags.contains("-ffp-contract=off")) flags.add("-ffp-contract=off");
        return new Toolchain(
                gcc.name(),
                gcc.description(),
                gcc.language(),
                gcc.extension(),
                gcc.emit(),
                gcc.compile(),
                Map.of("O0", flags),
                null,
                null,
                gcc.run(),
                gcc.env(),
                null,
                gcc.version(),
                gcc.versionPattern(),
                gcc.runsHereIf(),
                gcc.compileTimeoutSeconds(),
                gcc.runTimeoutSeconds(),
                gcc.startupTimeoutSeconds(),
                null);
    }
}
