package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.attribution.AttributionText;
import org.fparity.attribution.CampaignTriage;
import org.fparity.attribution.CausesText;
import org.fparity.attribution.FlagAttribution;
import org.fparity.attribution.FlagModel;
import org.fparity.attribution.PassBisection;
import org.fparity.attribution.Soundness;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fparity triage CAMPAIGN}: every discrepancy of a campaign attributed and grouped into root causes; {@code
 * fparity triage PROGRAM.fp --input … --platforms gcc@O0,gcc@O3_FM}: which flags make one case differ.
 */
@Command(
        name = "triage",
        mixinStandardHelpOptions = true,
        description = {
            "With a campaign folder: attributes every discrepancy and every run that ended differently, groups them into root causes"
                    + " ranked by cases (each with its smallest representative and one command to reduce it), writes causes.json into the campaign"
                    + " and prints the causes; resumable (progress in CAMPAIGN/triage/). Exit 1 when there are causes, 0 when there is nothing to triage.",
            "With a program: attributes one case's discrepancy between two opt levels of one toolchain to the flags behind it, by experiment:"
                    + " every step a real build and run of the single-program form. Prints the minimal sets of flags that, added to the first"
                    + " platform's, give the second's result (dropping any one member does not), and the knobs that, turned off on the second,"
                    + " give the first's result. What each opt level is made of, and the knobs, are data: runners/knobs/.",
            "Exit 1 when a discrepancy was attributed, 0 when the two agree standalone, 2 for bad input, 3 when a toolchain cannot build or run here."
        })
public final class TriageCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "CAMPAIGN|PROGRAM",
            description = "a campaign folder, or a program file: .json or the canonical text form (.fp)")
    Path file;

    @Option(
            names = "--input",
            paramLabel = "TOKENS",
            description = "the input, one token per parameter (default: the file's first '// input:' line)")
    String input;

    @Option(
            names = "--platforms",
            paramLabel = "A,B",
            description = "two opt levels of one toolchain, e.g. gcc@O0,gcc@O3_FM")
    String platforms;

    @Option(
            names = "--toolchain-dir",
            paramLabel = "DIR",
            description = "Folder of toolchain descriptors (default: runners/toolchains).")
    Path toolchainDir;

    @Option(
            names = "--knobs",
            paramLabel = "DIR",
            description = "Folder of knob files (default: runners/knobs beside the toolchains).")
    Path knobs;

    @Option(
            names = "--work",
            paramLabel = "DIR",
            description = "Build folder, kept (default: a temporary folder, deleted).")
    Path work;

    @Option(
            names = "--check-sound",
            paramLabel = "EVERY",
            description =
                    "After triage, rebuild every EVERY-th attributed flag set (1: all) in the"
                            + " single-program form with the real compiler: A + S must give B's result and A + S minus any one member must not. Campaigns only.")
    Integer checkSound;

    @Option(
            names = "--passes",
            paramLabel = "N",
            defaultValue = "" + CampaignTriage.PASSES,
            description =
                    "Campaigns: bisect the LLVM pass (-mllvm -opt-bisect-limit) behind the N largest flag causes of clang toolchains, on each"
                            + " cause's representative, single-program; 0: none (default: ${DEFAULT-VALUE}).")
    int passes;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Path dir = toolchainDir == null ? Toolchains.defaultDir() : toolchainDir;
        Path knobDir = knobs != null ? knobs : dir.resolveSibling("knobs");
        if (java.nio.file.Files.isDirectory(file)) {
            if (platforms != null || input != null || work != null)
                throw new FparityError(
                        "--platforms, --input and --work are for one program; a campaign is triaged whole");
            if (passes < 0) throw new FparityError("--passes takes N >= 0 (0: no pass bisection), got " + passes);
            CampaignTriage.Result r =
                    CampaignTriage.run(file, new CampaignTriage.Options(dir, knobDir, 2, System.err, null, passes));
            PrintWriter out = spec.commandLine().getOut();
            for (String line : CausesText.lines(r)) out.println(line);
            if (checkSound != null) {
                if (checkSound < 1)
                    throw new FparityError(
                            "--check-sound takes EVERY >= 1 (1 checks every flag set), got " + checkSound);
                out.flush();
                Soundness.Report s = Soundness.check(file, dir, knobDir, checkSound);
                for (String line : CausesText.soundness(s)) out.println(line);
            }
            out.flush();
            return r.causes().causes().isEmpty() ? ExitCode.OK.code() : ExitCode.FINDINGS.code();
        }
        if (platforms == null)
            throw new FparityError(
                    "--platforms A,B is needed for one program (e.g. gcc@O0,gcc@O3_FM); give a campaign folder to triage a campaign");
        String[] sides = platforms.split(",", -1);
        if (sides.length != 2)
            throw new FparityError("--platforms takes two platforms, e.g. gcc@O0,gcc@O3_FM; got '" + platforms + "'");
        Platform a = here(sides[0]);
        Platform b = here(sides[1]);
        if (!a.toolchain().equals(b.toolchain())) {
            throw new FparityError("--platforms " + platforms
                    + ": flag attribution needs two opt levels of one toolchain (" + a.toolchain() + " and "
                    + b.toolchain() + " share no flags); give two levels of one, e.g. " + a.at("O0") + ","
                    + a.at("O3_FM"));
        }
        ProgramFiles.ProgramFile pf = ProgramFiles.read(file);
        Program p = pf.program();
        Input in = input != null
                ? ProgramFiles.tokens(p, input)
                : pf.inputs().isEmpty()
                        ? null
                        : ProgramFiles.tokens(
                                p, String.join(" ", pf.inputs().getFirst().args()));
        if (in == null)
            throw new FparityError(file + " carries no input ('// input:' line); give one with --input 'tok tok …'");
        if (in.args().size() != p.params().size()) {
            throw new FparityError("the program has " + p.params().size() + " parameters, the input '"
                    + String.join(" ", in.args()) + "' gives " + in.args().size());
        }
        Toolchain tc = Toolchains.load(dir).get(a.toolchain());
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        if (!dt.canCompile())
            throw new FparityError(tc.name() + " cannot compile here: " + dt.compileProblem(), ExitCode.MISSING_TOOL);
        if (!dt.canRun())
            throw new FparityError(
                    tc.name() + " compiles here but cannot run: " + dt.runProblem(), ExitCode.MISSING_TOOL);
        FlagModel model = FlagModel.forToolchain(knobDir, tc.name());
        Path w = work != null ? work : java.nio.file.Files.createTempDirectory("fparity-triage");
        try {
            FlagAttribution.Result r = new FlagAttribution(w).attribute(dt, a.opt(), b.opt(), model, p, in);
            PrintWriter out = spec.commandLine().getOut();
            for (String line : AttributionText.lines(tc.name(), a.opt(), b.opt(), r)) out.println(line);
            if (r.cls() != null && "llvm".equals(model.passes())) {
                out.flush();
                out.println(AttributionText.pass(new PassBisection(w.resolve("bisect"))
                        .bisect(dt, tc.opt().get(b.opt()), p, in, r.b())));
            } else if (r.cls() != null) {
                out.println("pass: not bisected (" + tc.name() + " has no pass bisection in "
                        + (model.file() == null ? "runners/knobs" : model.file()) + ")");
            }
            out.flush();
            if (r.cls() == null) return ExitCode.OK.code();
            return r.undecided() == null ? ExitCode.FINDINGS.code() : ExitCode.OK.code();
        } finally {
            if (work == null) org.fparity.util.Leftovers.deleteTreeQuietly(w);
        }
    }

    /** A platform of this machine ({@link Platform#read}): one program is triaged here, not at a site. */
    private static Platform here(String s) {
        Platform p = Platform.read(s);
        if (!p.isPlain())
            throw new FparityError("--platforms: '" + s.strip()
                    + "' names a site; one program is triaged on this machine, give toolchain@opt (e.g. gcc@O3_FM)");
        return p;
    }
}
