package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.bench.ScaleBench;
import org.fparity.bench.WorkFolder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity bench scale}: compare, report, merge, export and import timed on synthetic campaigns of growing size. */
@Command(
        name = "scale",
        mixinStandardHelpOptions = true,
        description = {
            "Synthetic two-site campaigns of each size (real programs, outcome lines with the default campaign's discrepancy rates, two rerun attempts), "
                    + "then merge, compare, report, export and import, each as a whole process: wall, CPU, peak RSS, runs per CPU-second, and bytes on disk."
        })
public final class BenchScaleCommand implements Callable<Integer> {
    @Option(
            names = "--runs",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "100000,1000000,10000000",
            description = "Campaign sizes in runs, first attempts of both sites (default: ${DEFAULT-VALUE}).")
    List<Long> runs;

    @Option(
            names = "--inputs",
            paramLabel = "K",
            defaultValue = "50",
            description = "Inputs per program (default: ${DEFAULT-VALUE}).")
    int inputs;

    @picocli.CommandLine.Mixin
    BenchOptions common;

    @Option(
            names = "--commands",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "merge,compare,report,export,import",
            description =
                    "Commands to measure, in this order; all but merge read the merged campaign, merged first in any case (default: ${DEFAULT-VALUE}).")
    List<String> commands;

    @Option(
            names = "--java-opts",
            paramLabel = "OPTS",
            description = "FPARITY_JAVA_OPTS of the measured processes, e.g. -Xmx512m (default: as this shell has it).")
    String javaOpts;

    @Option(
            names = "--timeout",
            paramLabel = "S",
            defaultValue = "3600",
            description = "Seconds each measured command may take (default: ${DEFAULT-VALUE}).")
    long timeout;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (inputs < 1 || timeout < 1) throw new FparityError("--inputs and --timeout must be at least 1");
        for (long r : runs) if (r < 1) throw new FparityError("--runs: sizes must be at least 1");
        for (String c : commands)
            if (!ScaleBench.COMMANDS.contains(c))
                throw new FparityError("--commands: unknown command '" + c + "' (one of "
                        + String.join(",", ScaleBench.COMMANDS) + ")");
        Path work = WorkFolder.create(common.out, "fparity-bench-scale", true);
        PrintWriter w = spec.commandLine().getOut();
        String opts = javaOpts != null ? javaOpts : System.getenv("FPARITY_JAVA_OPTS");
        w.println("fparity bench scale: " + runs + " runs, " + inputs + " inputs, FPARITY_JAVA_OPTS="
                + (opts == null ? "" : opts) + ", work folder " + work);
        new ScaleBench(work, inputs, common.seed, opts, timeout, w).run(runs, commands, new ArrayList<>());
        w.println("work folder: " + work);
        return ExitCode.OK.code();
    }
}
