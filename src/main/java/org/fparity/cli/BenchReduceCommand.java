package org.fparity.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.Toolchains;
import org.fparity.reduce.CampaignDiscrepancies;
import org.fparity.reduce.ReduceBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity bench reduce CAMPAIGN}: fparity's reducer beside C-Vise on the same discrepancies, in one run. */
@Command(
        name = "reduce",
        mixinStandardHelpOptions = true,
        description =
                "Reduce N discrepancies of CAMPAIGN with fparity and the first M C-only ones with cvise --n 2 as well; operations, wall and CPU seconds of each, CPU ratio, load average.")
public final class BenchReduceCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "CAMPAIGN")
    Path campaign;

    @Option(
            names = "--cases",
            paramLabel = "N",
            defaultValue = "20",
            description = "discrepancies to reduce, classes in turn (default: ${DEFAULT-VALUE})")
    int cases;

    @Option(
            names = "--min-ops",
            paramLabel = "K",
            defaultValue = "0",
            description =
                    "only discrepancies of programs with at least K operations; 0 takes any (default: ${DEFAULT-VALUE})")
    int minOps;

    @Option(
            names = "--cvise",
            paramLabel = "M",
            defaultValue = "5",
            description = "of those, how many C-only ones C-Vise reduces too (default: ${DEFAULT-VALUE})")
    int cvise;

    @Option(
            names = "--c-only",
            description = "only discrepancies between two C platforms, so that C-Vise can reduce each of them too")
    boolean cOnly;

    @Option(
            names = "--smallest",
            description =
                    "the N smallest programs of at least K operations (--min-ops), one discrepancy each, the vendor's own pair first: cases C-Vise can finish")
    boolean smallest;

    @Option(
            names = "--cvise-timeout",
            paramLabel = "S",
            defaultValue = "900",
            description =
                    "wall seconds C-Vise may take per case; a case it did not finish is marked * (default: ${DEFAULT-VALUE})")
    int cviseTimeout;

    @Option(
            names = "--ids",
            paramLabel = "ID",
            split = ",",
            description = "these discrepancies (ids from report.json), in this order, instead of --cases/--min-ops")
    java.util.List<String> ids;

    @Option(
            names = "--cvise-guard",
            paramLabel = "G",
            defaultValue = "SANITIZERS",
            description =
                    "what C-Vise's script rejects besides a lost discrepancy: SANITIZERS (an ASan/UBSan run, the issue's anchor) or STRICT "
                            + "(also gcc's format, implicit-declaration and uninitialised-read warnings as errors, and the same output from a build filling "
                            + "locals, heap and zero-initialised FP variables with a pattern as from one filling them with zeros: "
                            + "UB and new inputs the sanitizers do not see) (default: ${DEFAULT-VALUE})")
    ReduceBench.Guard cviseGuard;

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "150",
            description = "fparity candidates per batch (default: ${DEFAULT-VALUE})")
    int batch;

    @Option(names = "--out", paramLabel = "DIR", description = "work folder, kept (default: a temporary folder)")
    Path out;

    @Option(
            names = "--toolchain-dir",
            paramLabel = "DIR",
            description = "Folder of toolchain descriptors (default: runners/toolchains).")
    Path toolchainDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (cases < 1 || minOps < 0 || cvise < 0 || cviseTimeout < 1)
            throw new FparityError("--cases must be >= 1, --min-ops >= 0, --cvise >= 0, --cvise-timeout >= 1");
        if (!Files.isDirectory(campaign)) throw new FparityError(campaign + ": not a campaign folder");
        Toolchains tcs = Toolchains.load(toolchainDir == null ? Toolchains.defaultDir() : toolchainDir);
        Path work;
        try {
            work = out != null ? Files.createDirectories(out) : Files.createTempDirectory("fparity-bench-reduce");
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create " + (out == null ? "a work folder" : out) + ": " + e.getMessage(),
                    ExitCode.IO_FAILURE);
        }
        PrintWriter w = spec.commandLine().getOut();
        ReduceBench bench = new ReduceBench(tcs, work, w, cviseGuard);
        if (ids == null) bench.run(campaign, cases, minOps, cOnly, smallest, cvise, cviseTimeout, batch);
        else bench.run(CampaignDiscrepancies.find(campaign, ids), cvise, cviseTimeout, batch);
        w.println("work folder: " + work);
        return ExitCode.OK.code();
    }
}
