package org.fparity.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.gen.Grammar;
import org.fparity.gen.SampleWriter;
import org.fparity.ir.Precision;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code fparity generate}: draws programs and inputs from a grammar and writes them, emitted in each language. */
@Command(
        name = "generate",
        mixinStandardHelpOptions = true,
        description = "Generate random programs and inputs from a grammar and emit them as source files.")
final class GenerateCommand implements Callable<Integer> {
    @Option(names = "--seed", description = "random seed (default: ${DEFAULT-VALUE})", defaultValue = "1")
    long seed;

    @Option(names = "--count", description = "programs per precision (default: ${DEFAULT-VALUE})", defaultValue = "20")
    int count;

    @Option(
            names = "--precision",
            description = "fp32, fp64 or both (default: ${DEFAULT-VALUE})",
            defaultValue = "fp64")
    String precision;

    @Option(names = "--inputs", description = "inputs per program (default: ${DEFAULT-VALUE})", defaultValue = "3")
    int inputs;

    @Option(names = "--grammar", description = "grammar file (default: the built-in grammar/varity.json)")
    Path grammar;

    @Option(names = "--out", required = true, description = "output folder (must not exist or be empty)")
    Path out;

    @Option(
            names = "--emit",
            split = ",",
            description = "languages to emit: c,cuda,hip,hipify,opencl,java (default: all)")
    List<String> emit;

    @Option(
            names = "--batch",
            description = "programs per emitted batch file (default: ${DEFAULT-VALUE})",
            defaultValue = "100")
    int batch;

    @Option(
            names = "--force",
            description = "Generate beyond the size limits (" + CampaignCost.MAX_GENERATE + " programs, "
                    + CampaignCost.MAX_INPUTS + " inputs each).")
    boolean force;

    @Override
    public Integer call() {
        if (count < 0) throw new FparityError("--count must be >= 0, is " + count);
        if (inputs < 1) throw new FparityError("--inputs must be >= 1, is " + inputs);
        if (batch < 1) throw new FparityError("--batch must be >= 1, is " + batch);
        CampaignCost.checkGenerate(count, precisions(precision).size(), inputs, force, System.err);
        Grammar g = grammar == null ? Grammar.defaults() : Grammar.load(grammar);
        List<SampleWriter.Entry> entries = new ArrayList<>();
        for (Precision p : precisions(precision)) entries.addAll(SampleWriter.draw(g, seed, p, count, inputs));
        Emission emission = new Emission(emit, batch);
        SampleWriter.write(out, g, seed, entries, Main.VERSION, emission::write);
        System.out.printf(
                "fparity: %d programs, %d inputs each, written to %s%s%n",
                entries.size(), inputs, out, emission.summary());
        return ExitCode.OK.code();
    }

    static List<Precision> precisions(String s) {
        if (s.equalsIgnoreCase("both")) return List.of(Precision.FP64, Precision.FP32);
        try {
            return List.of(Precision.parseProgram(s));
        } catch (IllegalArgumentException e) {
            throw new FparityError("--precision: " + e.getMessage().replace("fp32 or fp64", "fp32, fp64 or both"));
        }
    }
}
