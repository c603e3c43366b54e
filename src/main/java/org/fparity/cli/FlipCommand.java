package org.fparity.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.flip.Domain;
import org.fparity.flip.EvaluationModel;
import org.fparity.flip.FlipReport;
import org.fparity.flip.FlipRun;
import org.fparity.flip.FlipSearch;
import org.fparity.flip.Verifier;
import org.fparity.flip.Z3Session;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity flip}: inputs that send one branch different ways on different platforms (Z3 search, verified on real toolchains). */
@Command(
        name = "flip",
        mixinStandardHelpOptions = true,
        description =
                "Finds inputs on which a branch goes different ways on different platforms (Gu, Wahl, Bayati, Leeser), "
                        + "verified on real toolchains; writes flips.json.")
public final class FlipCommand implements Callable<Integer> {
    /** The platforms verified on when --verify is not given. */
    static final String DEFAULT_VERIFY =
            "gcc@O0,gcc-fma@O2,clang-19@O3_FM,pocl@O0,java@O0,model:gcc-fma,model:strided4";

    @Parameters(index = "0", paramLabel = "PROGRAM", description = "a program file (.fp canonical text or .json)")
    Path file;

    @Option(
            names = "--branch",
            paramLabel = "N",
            defaultValue = "0",
            description = "which if statement, pre-order from 0 (default: ${DEFAULT-VALUE})")
    int branch;

    @Option(
            names = "--domain",
            paramLabel = "VAR=LO:HI",
            description =
                    "range of an input (repeatable); the file's '// flip domain:' line, "
                            + "then [-100, 100], otherwise; a loop bound takes N:N; an element-wise array A=LO:HI gives every element A[i] that range")
    List<String> domain = new ArrayList<>();

    @Option(
            names = "--split",
            paramLabel = "W",
            defaultValue = "0.01",
            description =
                    "cell width per variable, the paper's 0.01 by default; 0: no splitting (default: ${DEFAULT-VALUE})")
    double split;

    @Option(
            names = "--models",
            paramLabel = "M,M",
            defaultValue = "all",
            description = "evaluation models reported per candidate (default: ${DEFAULT-VALUE})")
    String models;

    @Option(
            names = "--verify",
            paramLabel = "P,P",
            defaultValue = DEFAULT_VERIFY,
            description = "platforms to verify on: TOOLCHAIN@OPT or "
                    + "model:NAME (Java under a model); 'none' to skip (default: ${DEFAULT-VALUE})")
    String verify;

    @Option(
            names = "--budget",
            paramLabel = "T",
            defaultValue = "60s",
            description = "time (60s, 2m) or a number of cells (500cells) (default: ${DEFAULT-VALUE})")
    String budget;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "seed for the order of domain cells (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--max-candidates",
            paramLabel = "N",
            defaultValue = "1000000",
            description = "stop after N candidates (default: ${DEFAULT-VALUE})")
    int maxCandidates;

    @Option(
            names = "--query-timeout",
            paramLabel = "MS",
            defaultValue = "2000",
            description = "Z3 timeout per query in ms (default: ${DEFAULT-VALUE})")
    int queryTimeout;

    @Option(
            names = "--round",
            paramLabel = "N",
            defaultValue = "32",
            description = "candidates verified together in one batch (default: ${DEFAULT-VALUE})")
    int round;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "output folder (default: reports/flip-<program id>-b<branch>)")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        Program p = ProgramFiles.read(file).program();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw FparityError.io("cannot read " + file, e);
        }
        List<String> items = new ArrayList<>(Domain.fromComments(text));
        items.addAll(domain); // the command line wins: later items replace earlier ones
        Domain dom = Domain.parse(p, items);
        if (split < 0) throw new FparityError("--split must be >= 0, is " + split);
        if (round < 1 || queryTimeout < 1 || maxCandidates < 1)
            throw new FparityError("--round, --query-timeout and --max-candidates must be at least 1");
        long budgetMillis = Long.MAX_VALUE / 4_000_000;
        int maxCells = Integer.MAX_VALUE;
        String b = budget.strip().toLowerCase(Locale.ROOT);
        try {
            if (b.endsWith("cells"))
                maxCells = Integer.parseInt(b.substring(0, b.length() - 5).strip());
            else if (b.endsWith("ms")) budgetMillis = Long.parseLong(b.substring(0, b.length() - 2));
            else if (b.endsWith("s"))
                budgetMillis = Math.round(Double.parseDouble(b.substring(0, b.length() - 1)) * 1000);
            else if (b.endsWith("m"))
                budgetMillis = Math.round(Double.parseDouble(b.substring(0, b.length() - 1)) * 60_000);
            else throw new NumberFormatException();
        } catch (NumberFormatException e) {
            throw new FparityError(
                    "--budget '" + budget + "': expected a time (60s, 2m, 500ms) or a number of cells (500cells)");
        }
        if (maxCells < 1 || budgetMillis < 1) throw new FparityError("--budget must be positive");
        FlipSearch.Settings s = new FlipSearch.Settings(
                branch,
                dom,
                split,
                EvaluationModel.parse(models),
                seed,
                budgetMillis,
                queryTimeout,
                15,
                maxCandidates,
                maxCells);
        Path dir = out != null ? out : Path.of("reports", "flip-" + p.id() + "-b" + branch);
        List<String> specs = verify.strip().equalsIgnoreCase("none") ? List.of() : List.of(verify.split(","));
        List<String> skipped = new ArrayList<>();
        var err = System.err;
        boolean terminal = System.console() != null && System.console().isTerminal();
        FlipRun.Result r;
        try (Verifier v = Verifier.open(
                        p,
                        branch,
                        specs,
                        dir.resolve("build"),
                        Runtime.getRuntime().availableProcessors(),
                        w -> {
                            skipped.add(w);
                            err.println("fparity: skipping platform " + w);
                        });
                Z3Session z3 = new Z3Session(queryTimeout)) {
            if (!specs.isEmpty()
                    && v.platforms().stream().filter(Verifier.Target::real).count() < 2) {
                throw new FparityError(
                        "fewer than two real platforms can run here (of " + String.join(",", specs)
                                + "): nothing could be verified",
                        ExitCode.MISSING_TOOL);
            }
            org.fparity.flip.ProgressLine line = new org.fparity.flip.ProgressLine(err, terminal);
            r = FlipRun.run(p, s, z3, specs.isEmpty() ? null : v, round, skipped, line);
            line.finish();
        }
        Path json = dir.resolve("flips.json");
        FlipReport.write(json, FlipReport.json(p, s, r));
        o.printf(
                "branch %d of %s: %d cells, %d candidates, %d verified flips (%d Z3 queries, Z3 %.1f s, verification %.1f s, total %.1f s)%n",
                branch,
                file,
                r.search().cells(),
                r.checked().size(),
                r.verified(),
                r.search().queries(),
                r.search().z3Millis() / 1000.0,
                r.verifyMillis() / 1000.0,
                r.millis() / 1000.0);
        r.pairs().forEach((k, n) -> o.printf("  %-40s %d%n", k, n));
        FlipRun.Checked best = r.best();
        if (best != null) {
            o.println("best flipping input: "
                    + String.join(" ", best.candidate().inputs()) + "   ("
                    + best.disagreeing().size() + " platform "
                    + (best.disagreeing().size() == 1 ? "pair disagrees" : "pairs disagree") + ": "
                    + String.join(
                            ", ",
                            best.disagreeing().stream()
                                    .map(d -> d.get(0) + " vs " + d.get(1))
                                    .limit(3)
                                    .toList())
                    + (best.disagreeing().size() > 3 ? ", …" : "") + ")");
            o.println("  see it: bin/fparity truth " + org.fparity.util.ShellWords.quote(file.toString()) + " --input "
                    + org.fparity.util.ShellWords.quote(
                            String.join(" ", best.candidate().inputs())));
        }
        for (String n : r.search().notes()) o.println("note: " + n);
        o.println("flips: " + json);
        o.flush();
        return ExitCode.found(r.verified() > 0).code();
    }
}
