package org.fparity.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Job;
import org.fparity.exec.LocalExecutor;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
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

    public static List<Row> run(
            Path work, DetectedToolchain gcc, List<DetectedToolchain> toolchains, int programs, int inputs, long seed)
            throws InterruptedException {
        Grammar g = Grammar.defaults().withMathFunctions(EXACT);
        List<Program> ps = new ArrayList<>();
        for (Precision p : List.of(Precision.FP32, Precision.FP64)) {
            for (Program q : new Generator(g, seed).generate(p, programs)) if (IeeeExact.test(q)) ps.add(q);
        }
        Map<String, Program> byId = new LinkedHashMap<>();
        List<Job.Line> lines = new ArrayList<>();
        InputGenerator ig = new InputGenerator(g, seed);
        for (Program p : ps) {
            byId.put(p.id(), p);
            List<Input> in = ig.inputs(p, inputs);
            for (int i = 0; i < in.size(); i++)
                lines.add(new Job.Line(p.id(), i, in.get(i).args()));
        }
        List<String> ids = List.copyOf(byId.keySet());
        Toolchain ref = reference(gcc.toolchain());
        DetectedToolchain refDt = gcc.withToolchain(ref);
        LocalExecutor ex = new LocalExecutor(
                new BinaryCache(work.resolve("build")),
                Math.max(1, Runtime.getRuntime().availableProcessors()),
                s -> {});
        Map<String, String> expected = new LinkedHashMap<>();
        for (Outcome o : run(ex, refDt, "O0", ids, byId, lines)) {
            if (o.status() == Outcome.Status.OK) expected.put(o.program() + "/" + o.input(), o.hex());
        }
        List<Row> rows = new ArrayList<>();
        for (DetectedToolchain dt : toolchains) {
            String opt = level(dt.toolchain());
            if (!dt.canCompile() || !dt.canRun()) {
                rows.add(new Row(
                        dt.name(),
                        opt,
                        0,
                        0,
                        null,
                        dt.canCompile()
                                ? "cannot run here: " + dt.runProblem()
                                : "cannot compile here: " + dt.compileProblem()));
                continue;
            }
            int agree = 0;
            int total = 0;
            String first = null;
            for (Outcome o : run(ex, dt, opt, ids, byId, lines)) {
                String want = expected.get(o.program() + "/" + o.input());
                if (want == null) continue; // the reference itself gave no value: nothing to hold the platform to
                total++;
                if (o.status() == Outcome.Status.OK && sameResult(want, o.hex())) agree++;
                else if (first == null) {
                    first = "program " + o.program() + " input " + o.input() + ": gcc -O0 -ffp-contract=off " + want
                            + ", " + dt.name() + "@" + opt + " "
                            + (o.status() == Outcome.Status.OK
                                    ? o.hex()
                                    : o.status() + (o.detail() == null ? "" : " (" + o.detail() + ")"));
                }
            }
            rows.add(new Row(dt.name(), opt, agree, total, first, null));
        }
        return rows;
    }

    /** The campaign's rule for "the same result" ({@link org.fparity.exec.DiscrepancyClass#same}): a NaN's sign is not an emitter's fidelity. */
    static boolean sameResult(String want, String got) {
        return org.fparity.exec.DiscrepancyClass.same(want, got);
    }

    private static List<Outcome> run(
            LocalExecutor ex,
            DetectedToolchain dt,
            String opt,
            List<String> ids,
            Map<String, Program> byId,
            List<Job.Line> lines)
            throws InterruptedException {
        Job job = new Job(
                "check", ids, Emitters.forToolchain(dt.toolchain(), byId), dt, opt, dt.name() + "@" + opt, lines);
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        ex.execute(List.of(job), out::add);
        return out;
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
