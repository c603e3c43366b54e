package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.run.ToolchainCheck;
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
            "With --check: run IEEE-exact programs on every toolchain that can run here, at its contraction-off level (nofma, else O0), and check that each gives gcc -O0 -ffp-contract=off's bits (exit 1 when one does not).",
            "With --check --cluster NAME: the same check at that cluster profile's site (runners/clusters/NAME.json, ssh or Slurm), on the toolchains its profile names or --toolchains names; a site that cannot be reached is one line, exit 3."
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
            names = "--cluster",
            paramLabel = "NAME",
            description = "With --check: check at this cluster profile's site instead of here.")
    String cluster;

    @Option(
            names = "--toolchains",
            paramLabel = "LIST",
            split = ",",
            description =
                    "With --cluster: the toolchains to check there when its profile names none (e.g. gcc,clang-19).")
    List<String> toolchains = List.of();

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description = "With --check: build folder, kept (default: a temporary folder, deleted).")
    Path work;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (cluster != null && !check)
            throw new FparityError("--cluster is for --check (toolchains --check --cluster NAME)");
        if (!toolchains.isEmpty() && cluster == null)
            throw new FparityError("--toolchains is for --check --cluster; here every toolchain that runs is checked");
        Toolchains tcs = Toolchains.load(dir == null ? Toolchains.defaultDir() : dir);
        for (String p : tcs.problems()) err.println("fparity: " + p);
        if (cluster != null) {
            // what is detected here says nothing about there: the site's nodes say, in their outcomes
            int exit = checkAt(out, err, tcs);
            return tcs.problems().isEmpty() ? exit : ExitCode.BAD_INPUT.code();
        }
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

    private int checkAt(PrintWriter out, PrintWriter err, Toolchains tcs) throws Exception {
        checkCounts();
        ClusterProfile profile =
                Clusters.load(Clusters.defaultDir(), System.getenv()).get(cluster.strip());
        Path dir = workDir();
        out.printf(
                "check at %s: IEEE-exact programs (%d per precision, %d inputs each) against gcc -O0 -ffp-contract=off%n",
                profile.name(), checkPrograms, checkInputs);
        out.flush();
        List<ToolchainCheck.Row> rows;
        try {
            rows = ToolchainCheck.atCluster(
                    profile, tcs, toolchains, dir, checkPrograms, checkInputs, 14L, s -> err.println("fparity: " + s));
        } finally {
            if (work == null) org.fparity.util.Leftovers.deleteTreeQuietly(dir);
        }
        return print(out, rows, profile.name());
    }

    private void checkCounts() {
        if (checkPrograms < 1 || checkInputs < 1)
            throw new FparityError("--check-programs and --check-inputs must be at least 1");
    }

    private Path workDir() throws java.io.IOException {
        return work != null
                ? java.nio.file.Files.createDirectories(work)
                : java.nio.file.Files.createTempDirectory("fparity-check");
    }

    private int check(PrintWriter out, Toolchains tcs, List<DetectedToolchain> found) throws Exception {
        checkCounts();
        DetectedToolchain gcc =
                found.stream().filter(d -> d.name().equals("gcc")).findFirst().orElse(null);
        if (gcc == null || !gcc.canCompile() || !gcc.canRun()) {
            throw new FparityError(
                    "--check needs the reference toolchain gcc to compile and run here: "
                            + (gcc == null
                                    ? "no gcc.json among the toolchains"
                                    : gcc.canCompile() ? gcc.runProblem() : gcc.compileProblem()),
                    ExitCode.MISSING_TOOL);
        }
        Path dir = workDir();
        out.printf(
                "%ncheck: IEEE-exact programs (%d per precision, %d inputs each) against gcc -O0 -ffp-contract=off%n",
                checkPrograms, checkInputs);
        out.flush();
        List<ToolchainCheck.Row> rows;
        try {
            rows = ToolchainCheck.run(dir, gcc, found, checkPrograms, checkInputs, 14L);
        } finally {
            if (work == null) org.fparity.util.Leftovers.deleteTreeQuietly(dir);
        }
        return print(out, rows, Platform.LOCAL);
    }

    /** One line per toolchain, named as its platform at {@code site}; findings when one differs. */
    private static int print(PrintWriter out, List<ToolchainCheck.Row> rows, String site) {
        int bad = 0;
        int w = rows.stream()
                .mapToInt(r ->
                        new Platform(r.toolchain(), r.opt(), site, null).label().length())
                .max()
                .orElse(4);
        for (var r : rows) {
            String label = new Platform(r.toolchain(), r.opt(), site, null).label();
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
