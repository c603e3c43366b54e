package org.fparity.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Decimal;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.fparity.ir.ProgramJson;
import org.fparity.ir.Ulps;
import org.fparity.oracle.AccumulatorState;
import org.fparity.oracle.ExactAccumulator;
import org.fparity.oracle.ExactSums;
import org.fparity.oracle.NumberReader;
import org.fparity.oracle.Rounding;
import org.fparity.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity exsum}: exact, correctly rounded sums and dot products; accumulator state saved and merged through files. */
@Command(
        name = "exsum",
        mixinStandardHelpOptions = true,
        description = "Sums numbers (one per line, decimal or hex) exactly and rounds once; --dot for a dot product; "
                + "--save-acc/--merge carry the exact partial sum between machines.")
public final class ExsumCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "FILE",
            description = "numbers, one per line ('-' for stdin); optional with --merge")
    String file;

    @Option(
            names = "--dot",
            paramLabel = "FILE2",
            description = "second vector: print the exact dot product FILE·FILE2")
    String dot;

    @Option(
            names = "--parallel",
            paramLabel = "N",
            defaultValue = "1",
            description = "threads (fork/join; bit-identical for any N) (default: ${DEFAULT-VALUE})")
    int parallel;

    @Option(names = "--save-acc", paramLabel = "F", description = "write the exact accumulator state (JSON) to F")
    Path saveAcc;

    @Option(
            names = "--merge",
            paramLabel = "F",
            arity = "1..*",
            description = "accumulator states to merge in (from --save-acc)")
    List<Path> merge = new ArrayList<>();

    @Option(
            names = "--precision",
            paramLabel = "P",
            defaultValue = "fp64",
            description = "inputs and result: fp64 or fp32 (default: ${DEFAULT-VALUE})")
    String precision;

    @Option(
            names = "--rounding",
            paramLabel = "MODE",
            defaultValue = "RN",
            description = "RN, RZ, RU or RD (default: ${DEFAULT-VALUE})")
    String rounding;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Precision f;
        Rounding r;
        f = Precision.parse(precision, "exsum", Precision.PROGRAMS);
        try {
            r = Rounding.parse(rounding);
        } catch (IllegalArgumentException e) {
            throw new FparityError(e.getMessage());
        }
        if (parallel < 1 || parallel > 1024) throw new FparityError("--parallel must be between 1 and 1024");
        if (file == null && merge.isEmpty())
            throw new FparityError("give a FILE of numbers ('-' for stdin) or --merge accumulator states");
        if (dot != null && file == null) throw new FparityError("--dot needs FILE as its first vector");
        // read everything first, so that bad input loses nothing that was already saved
        long tRead = System.nanoTime();
        NumberReader.Numbers xs = file == null ? null : NumberReader.read(file, f, System.in);
        NumberReader.Numbers ys = dot == null ? null : NumberReader.read(dot, f, System.in);
        double[] x = xs == null ? new double[0] : xs.values();
        double[] y = ys == null ? null : ys.values();
        if (y != null && y.length != x.length) {
            throw new FparityError("--dot: " + file + " has " + x.length + " numbers, " + dot + " has " + y.length);
        }
        List<ExactAccumulator> merged = new ArrayList<>();
        for (Path m : merge) merged.add(load(m));

        ExactAccumulator acc;
        long t0 = System.nanoTime();
        if (parallel > 1) {
            try (ForkJoinPool pool = new ForkJoinPool(parallel)) {
                acc = y == null ? ExactSums.sumParallel(x, pool) : ExactSums.dotParallel(x, y, pool);
            }
        } else {
            acc = new ExactAccumulator();
            if (y == null) acc.addAll(x);
            else acc.addDot(x, y, 0, x.length);
        }
        for (ExactAccumulator m : merged) acc.merge(m);
        double result = acc.round(f, r);
        long t1 = System.nanoTime();
        if (saveAcc != null) AtomicFiles.write(saveAcc, ProgramJson.toJson(acc.state()) + "\n");

        PrintWriter out = spec.commandLine().getOut();
        String what = y == null ? "sum" : "dot product";
        boolean lost = (xs != null && xs.lost()) || (ys != null && ys.lost());
        boolean rounded = (xs != null && xs.rounded()) || (ys != null && ys.rounded());
        // shortest round-trip decimals (0.1) name their value: said once in the headline, never warned about
        boolean shortest = (xs != null && !xs.exact()) || (ys != null && !ys.exact());
        String exactness = lost
                ? "NOT the exact " + what + " of the numbers written: see 'input' below"
                : rounded
                        ? "exact " + what + " of the inputs as rounded to "
                                + f.name().toLowerCase() + " when read"
                        : shortest
                                ? "exact " + what + " of the " + f.name().toLowerCase()
                                        + " values whose shortest decimals were written"
                                : "exact";
        out.printf(
                "%s  %s   (%s, %s, %s; %d term%s%s; %.1f ms: read %.1f, %s %.1f)%n",
                HexFloat.format(result),
                Decimal.g(result, f == Precision.FP32 ? 9 : 17),
                exactness,
                f.name().toLowerCase(),
                r,
                acc.count(),
                acc.count() == 1 ? "" : "s",
                merged.isEmpty() ? "" : ", " + merged.size() + " merged state" + (merged.size() == 1 ? "" : "s"),
                (t1 - tRead) / 1e6,
                (t0 - tRead) / 1e6,
                what,
                (t1 - t0) / 1e6);
        for (NumberReader.Numbers ns : java.util.Arrays.asList(xs, ys)) {
            if (ns == null || ns.exact()) continue;
            for (NumberReader.Fate fate :
                    List.of(NumberReader.Fate.OVERFLOWED, NumberReader.Fate.UNDERFLOWED, NumberReader.Fate.ROUNDED)) {
                int n = ns.count(fate);
                if (n == 0) continue;
                String how = switch (fate) {
                    case OVERFLOWED -> "overflowed to infinity";
                    case UNDERFLOWED -> "underflowed to zero";
                    default -> "were rounded to the nearest " + f.name().toLowerCase();
                };
                out.printf(
                        "input: %d of %d number%s %s when read (first: %s)%n",
                        n, ns.values().length, ns.values().length == 1 ? "" : "s", how, ns.firstOf(fate));
            }
        }
        if (merged.isEmpty() && r == Rounding.RN && x.length > 0) {
            double naive = 0;
            if (f == Precision.FP32) {
                float s = 0;
                for (int i = 0; i < x.length; i++) s += y == null ? (float) x[i] : (float) x[i] * (float) y[i];
                naive = s;
            } else {
                for (int i = 0; i < x.length; i++) naive += y == null ? x[i] : x[i] * y[i];
            }
            out.printf(
                    "naive left-to-right %s: %s   (%s)%n",
                    y == null ? "sum" : "dot", HexFloat.format(naive), Ulps.betweenText(result, naive, f));
        }
        if (saveAcc != null) out.println("accumulator state written to " + saveAcc);
        out.flush();
        return ExitCode.OK.code();
    }

    static ExactAccumulator load(Path p) {
        String text;
        try {
            text = Files.readString(p);
        } catch (NoSuchFileException e) {
            throw new FparityError(p + ": no such file");
        } catch (IOException e) {
            throw FparityError.cannotRead(p, e);
        }
        try {
            var tree = ProgramJson.MAPPER.readTree(text);
            if (tree == null
                    || !tree.isObject()
                    || !AccumulatorState.FORMAT.equals(tree.path("format").asText())) {
                throw new FparityError(p + ": not an exact-accumulator state (written by 'fparity exsum --save-acc')");
            }
            AccumulatorState s = ProgramJson.MAPPER.treeToValue(tree, AccumulatorState.class);
            if (s == null) throw new FparityError(p + ": not an accumulator state (empty)");
            return ExactAccumulator.fromState(s);
        } catch (JsonProcessingException e) {
            throw new FparityError(p + ": not an accumulator state (" + ProgramJson.oneLine(e) + ")");
        } catch (IllegalArgumentException e) {
            throw new FparityError(p + ": " + e.getMessage());
        }
    }
}
