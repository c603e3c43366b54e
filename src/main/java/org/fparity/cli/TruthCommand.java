package org.fparity.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Decimal;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import org.fparity.ir.ProgramJson;
import org.fparity.oracle.MathCall;
import org.fparity.oracle.ReferenceEvaluator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity truth PROGRAM --input …}: the ideal IEEE platform's result, the exact real value, and the math-call trace. */
@Command(
        name = "truth",
        mixinStandardHelpOptions = true,
        description =
                "Evaluates a program as the ideal IEEE platform (every call correctly rounded) and in exact real arithmetic (MPFR, Ziv's loop), with the trace of math calls.")
public final class TruthCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "PROGRAM",
            description = "a program file: .json or the canonical text form (.fp)")
    Path file;

    @Option(
            names = "--input",
            paramLabel = "TOKENS",
            description = "input values, one token per parameter (default: the file's '// input:' lines)")
    List<String> inputs = new ArrayList<>();

    @Option(
            names = "--max-precision",
            paramLabel = "BITS",
            defaultValue = "8192",
            description = "ceiling of the Ziv loop (default: ${DEFAULT-VALUE})")
    int maxPrecision;

    @Option(
            names = "--timeout",
            paramLabel = "SECONDS",
            defaultValue = "60",
            description =
                    "give up (one line, exit 2) when the evaluations take longer than this in all (default: ${DEFAULT-VALUE})")
    int timeoutSeconds;

    @Option(names = "--json", description = "print JSON instead of text")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (maxPrecision < 64 || maxPrecision > 1 << 20)
            throw new FparityError("--max-precision must be between 64 and 1048576 bits");
        if (timeoutSeconds < 1) throw new FparityError("--timeout must be at least 1 second, is " + timeoutSeconds);
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(timeoutSeconds);
        ProgramFiles.ProgramFile pf = ProgramFiles.read(file);
        Program p = pf.program();
        List<Input> ins = new ArrayList<>();
        for (String s : inputs) ins.add(ProgramFiles.tokens(s));
        if (ins.isEmpty()) ins.addAll(pf.inputs());
        if (ins.isEmpty())
            throw new FparityError(file
                    + " carries no input ('// input:' line or \"inputs\"); give the values with --input 'tok tok …'");
        PrintWriter out = spec.commandLine().getOut();
        ArrayNode all = ProgramJson.MAPPER.createArrayNode();
        for (Input in : ins) {
            if (in.args().size() != p.params().size()) {
                throw new FparityError("the program has " + p.params().size() + " parameters, the input '"
                        + String.join(" ", in.args()) + "' gives " + in.args().size());
            }
            long t0 = System.nanoTime();
            ReferenceEvaluator.Ideal ideal = bounded(() -> ReferenceEvaluator.ideal(p, in), deadline, p, in);
            long t1 = System.nanoTime();
            ReferenceEvaluator.ExactValue exact =
                    bounded(() -> ReferenceEvaluator.exact(p, in, maxPrecision), deadline, p, in);
            long t2 = System.nanoTime();
            if (json) {
                ObjectNode o = all.addObject();
                o.put("program", p.id());
                o.putPOJO("input", in.args());
                o.put("ideal", HexFloat.format(ideal.comp()));
                ObjectNode e = o.putObject("exact");
                e.put("comp", HexFloat.format(exact.comp()));
                e.put("status", exact.status().name().toLowerCase());
                e.put("precisionBits", exact.precisionBits());
                e.put("passes", exact.passes());
                ArrayNode u = e.putArray("unstableBranches");
                for (var b : exact.unstable()) {
                    u.addObject()
                            .put("comparison", b.seq())
                            .put("op", b.op())
                            .put("left", HexFloat.format(b.left()))
                            .put("right", HexFloat.format(b.right()))
                            .put("why", "undecided at " + exact.precisionBits() + " bits");
                }
                ReferenceEvaluator.divergent(ideal, exact)
                        .ifPresent(b -> u.addObject()
                                .put("comparison", b.seq())
                                .put("op", b.op())
                                .put("left", HexFloat.format(b.left()))
                                .put("right", HexFloat.format(b.right()))
                                .put(
                                        "why",
                                        "ideal IEEE platform goes " + b.ideal() + ", exact arithmetic " + b.exact()));
                ArrayNode calls = o.putArray("calls");
                for (MathCall c : ideal.calls()) {
                    ObjectNode cn = calls.addObject().put("seq", c.seq()).put("fn", c.fn().canonicalName());
                    ArrayNode a = cn.putArray("args");
                    for (int i = 0; i < c.args().length; i++) {
                        a.add(
                                c.fn().args().get(i) == org.fparity.ir.MathFn.Arg.INT
                                        ? Integer.toString((int) c.args()[i])
                                        : HexFloat.format(c.args()[i]));
                    }
                    cn.put("result", HexFloat.format(c.result()));
                }
            } else {
                out.println(
                        "program " + p.id() + " (" + p.precision().id() + ")   input: " + String.join(" ", in.args()));
                out.printf(
                        "  ideal IEEE platform   comp = %-24s %s   (%.1f µs)%n",
                        HexFloat.format(ideal.comp()), Decimal.of(ideal.comp(), p.precision()), (t1 - t0) / 1e3);
                out.printf(
                        "  exact real value      comp = %-24s %s   (%s at %d bits, %d pass%s, %.1f µs)%n",
                        HexFloat.format(exact.comp()),
                        Decimal.of(exact.comp(), p.precision()),
                        exact.status().name().toLowerCase(),
                        exact.precisionBits(),
                        exact.passes(),
                        exact.passes() == 1 ? "" : "es",
                        (t2 - t1) / 1e3);
                ReferenceEvaluator.divergent(ideal, exact)
                        .ifPresent(b -> out.printf(
                                "  unstable branch: comparison #%d (%s %s %s on the ideal IEEE platform) is %s there but %s in exact arithmetic%n",
                                b.seq(),
                                HexFloat.format(b.left()),
                                b.op(),
                                HexFloat.format(b.right()),
                                b.ideal(),
                                b.exact()));
                for (var b : exact.unstable()) {
                    out.printf(
                            "  unstable branch: comparison #%d (%s %s %s) cannot be decided at %d bits%n",
                            b.seq(),
                            HexFloat.format(b.left()),
                            b.op(),
                            HexFloat.format(b.right()),
                            exact.precisionBits());
                }
                out.println(
                        "  math calls on the ideal platform (" + ideal.calls().size() + "):");
                for (MathCall call : ideal.calls()) out.println("    #" + call.seq() + " " + call.describe());
            }
        }
        if (json) out.println(ProgramJson.toJson(all));
        out.flush();
        return ExitCode.OK.code();
    }

    /**
     * Runs one evaluation on a thread of its own until {@code deadline}; past it the thread is interrupted (the
     * interpreter stops at its next loop iteration) and the command ends in one line, exit 2.
     */
    private <T> T bounded(java.util.concurrent.Callable<T> evaluation, long deadline, Program p, Input in) {
        java.util.concurrent.ExecutorService one = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fparity-truth");
            t.setDaemon(true);
            return t;
        });
        java.util.concurrent.Future<T> f = one.submit(evaluation);
        try {
            return f.get(Math.max(0, deadline - System.nanoTime()), java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            throw new FparityError(
                    "program " + p.id() + " with input '" + String.join(" ", in.args()) + "' took more than "
                            + timeoutSeconds
                            + " s to evaluate (its loops run as often as their int inputs say); give it longer with --timeout SECONDS");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FparityError("interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        } finally {
            f.cancel(true);
            one.shutdownNow();
        }
    }
}
