package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity toolchains}: every toolchain descriptor with its detected version and what it can do here. */
@Command(name = "toolchains", mixinStandardHelpOptions = true,
        description = "List toolchains (runners/toolchains/*.json) with their exact version and whether they can compile and run here; "
                + "a descriptor that does not load is one line on stderr and exit 2, the others still listed.")
public final class ToolchainsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--toolchain-dir", paramLabel = "DIR", description = "Folder of toolchain descriptors (default: runners/toolchains of this fparity).")
    Path dir;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Toolchains tcs = Toolchains.load(dir == null ? Toolchains.defaultDir() : dir);
        for (String p : tcs.problems()) err.println("fparity: " + p);
        List<DetectedToolchain> found = org.fparity.campaign.ToolchainChoice.detectAll(tcs.all());
        int w = found.stream().mapToInt(d -> d.name().length()).max().orElse(4);
        out.printf("%-" + w + "s  %-8s %-7s %-7s %s%n", "name", "language", "compile", "run", "version / why not");
        for (DetectedToolchain d : found) {
            String info = d.canCompile() ? d.version() + (d.canRun() ? "" : "  (cannot run here: " + d.runProblem() + ")") : d.compileProblem();
            out.printf("%-" + w + "s  %-8s %-7s %-7s %s%n", d.name(), d.toolchain().language().toLowerCase(java.util.Locale.ROOT),
                    d.canCompile() ? "yes" : "no", d.canRun() ? "yes" : "no", info);
        }
        out.flush();
        // A descriptor that does not load is bad input: each was one line on stderr above, the rest are listed.
        return (tcs.problems().isEmpty() ? org.fparity.ExitCode.OK : org.fparity.ExitCode.BAD_INPUT).code();
    }
}
