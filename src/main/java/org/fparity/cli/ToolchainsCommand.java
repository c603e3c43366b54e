package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity toolchains}: every toolchain descriptor with its detected version and what it can do here. */
@Command(
        name = "toolchains",
        mixinStandardHelpOptions = true,
        description = {
            "List toolchains (runners/toolchains/*.json) with their exact version and whether they can compile and run here; "
                    + "a descriptor that does not load is one line on stderr and exit 2, the others still listed.",
            "With --check: run IEEE-exact programs on every toolchain that can run here, at its contraction-off level (nofma, else O0), and check that each gives gcc -O0 -ffp-contract=off's bits (exit 1 when one does not)."
        })
public final class ToolchainsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--toolchain-dir",
            paramLabel = "DIR",
            description = "Folder of toolchain descriptors (default: runners/toolchains of this fparity).")
    Path dir;

    @Option(names = "--check", description = "Check emitter fidelity on this node (see above).")
    boolean check;

    @Option(
            names = "--check-programs",
            paramLabel = "N",
            defaultValue = "20",
            description = "With --check: programs per precision (default: ${DEFAULT-VALUE}).")
    int checkPrograms;

    @Option(
            names = "--check-inputs",
            paramLabel = "K",
            defaultValue = "5",
            description = "With --check: inputs per program (default: ${DEFAULT-VALUE}).")
    int checkInputs;

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description = "With --check: build folder, kept (default: a temporary folder, deleted).")
    Path work;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Toolchains tcs = Toolchains.load(dir == null ? Toolchains.defaultDir() : dir);
        for (String p : tcs.problems()) err.println("fparity: " + p);
        List<DetectedToolchain> found = org.fparity.run.ToolchainChoice.detectAll(tcs.all());
        int w = found.stream().mapToInt(d -> d.name().length()).max().orElse(4);
        out.printf("%-" + w + "s  %-8s %-7s %-7s %s%n", "name", "language", "compile", "run", "version / why not");
        for (DetectedToolchain d : found) {
            String info = d.canCompile()
                    ? d.version() + (d.canRun() ? "" : "  (cannot run here: " + d.runProblem() + ")")
                    : d.compileProblem();
            out.printf(
                    "%-" + w + "s  %-8s %-7s %-7s %s%n",
                    d.name(),
                    d.toolchain().lang() == null
                            ? d.toolchain().language()
                            : d.toolchain().lang().id(),
                    d.canCompile() ? "yes" : "no",
                    d.canRun() ? "yes" : "no",
                    info);
        }
        out.flush();
        int exit = check ? check(out, tcs, found) : ExitCode.OK.code();
        // A descriptor that does not load is bad input: each was one line on stderr above, the rest are listed.
        return tcs.problems().isEmpty() ? exit : org.fparity.ExitCode.BAD_INPUT.code();
    }

    private int check(PrintWriter out, Toolchains tcs, List<DetectedToolchain> found) throws Exception {
        if (checkPrograms < 1 || checkInputs < 1)
            throw new org.fparity.FparityError("--check-programs and --check-inputs must be at least 1");
        DetectedToolchain gcc =
                found.stream().filter(d -> d.name().equals("gcc")).findFirst().orElse(null);
        if (gcc == null || !gcc.canCompile() || !gcc.canRun()) {
            throw new org.fparity.FparityError(
                    "--check needs the reference toolchain gcc to compile and run here: "
                            + (gcc == null
                                    ? "no gcc.json among the toolchains"
                                    : gcc.canCompile() ? gcc.runProblem() : gcc.compileProblem()),
                    ExitCode.MISSING_TOOL);
        }
        Path dir = work != null
                ? java.nio.file.Files.createDirectories(work)
                : java.nio.file.Files.createTempDirectory("fparity-check");
        out.printf(
                "%ncheck: IEEE-exact programs (%d per precision, %d inputs each) against gcc -O0 -ffp-contract=off%n",
                checkPrograms, checkInputs);
        out.flush();
        List<org.fparity.run.ToolchainCheck.Row> rows;
        try {
            rows = org.fparity.run.ToolchainCheck.run(dir, gcc, found, checkPrograms, checkInputs, 14L);
        } finally {
            if (work == null) org.fparity.util.Leftovers.deleteTreeQuietly(dir);
        }
        int bad = 0;
        int w = rows.stream()
                .mapToInt(r -> r.toolchain().length() + r.opt().length() + 1)
                .max()
                .orElse(4);
        for (var r : rows) {
            String label = r.toolchain() + "@" + r.opt();
            if (r.skipped() != null) out.printf("%-" + w + "s  skipped: %s%n", label, r.skipped());
            else if (r.ok()) out.printf("%-" + w + "s  ok: %d of %d runs bit-identical%n", label, r.agree(), r.total());
            else {
                bad++;
                out.printf(
                        "%-" + w + "s  DIFFERS: %d of %d runs bit-identical; first: %s%n",
                        label,
                        r.agree(),
                        r.total(),
                        r.firstDifference());
            }
        }
        out.flush();
        return ExitCode.found(bad > 0).code();
    }
}
