package org.fparity.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.confirm.Side;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.reduce.CampaignDiscrepancies;
import org.fparity.reduce.ReduceException;
import org.fparity.reduce.ReduceSession;
import org.fparity.reduce.Reducer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity reduce}: a discrepancy confirmed, reduced, explained and bundled for a vendor. */
@Command(
        name = "reduce",
        mixinStandardHelpOptions = true,
        description =
                "Reduces a discrepancy (from a campaign, or a program and input on two platforms) to a small reproducer bundle under reproducers/<id>/.")
public final class ReduceCommand implements Callable<Integer> {
    @Parameters(
            index = "0",
            paramLabel = "CAMPAIGN|PROGRAM",
            description = "a campaign folder, or a program file (.fp canonical text or .json)")
    Path target;

    @Option(names = "--discrepancy", paramLabel = "ID", description = "the discrepancy's id (report.json) in CAMPAIGN")
    String discrepancy;

    @Option(
            names = "--top",
            paramLabel = "K",
            description =
                    "K discrepancies of CAMPAIGN with distinct root causes. After 'fparity triage' (causes.json): one per cause, "
                            + "causes that look like vendor bugs first, then those with a pair within one toolchain, then the larger; within a cause "
                            + "the pair a vendor owns. Without causes.json: the most severe with distinct first diverging operations: first a run that "
                            + "ended differently (a crash or the harness's error exit beside a result) for each platform that ended so, then NaN and Inf classes before "
                            + "Zero and Number ones, the larger ULP gap first, then the other runs that ended differently; pairs within one toolchain against its O0 "
                            + "before other pairs within one toolchain, before pairs across toolchains")
    Integer top;

    @Option(
            names = "--input",
            paramLabel = "TOKENS",
            description = "the input for PROGRAM, one token per parameter (default: its first '// input:' line)")
    String input;

    @Option(
            names = "--platforms",
            paramLabel = "A,B",
            description = "the two platforms for PROGRAM, e.g. gcc@O0,gcc@O3_FM")
    String platforms;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "reproducers",
            description = "where bundles go (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(
            names = "--min-ulps",
            paramLabel = "N",
            defaultValue = "1",
            description = "Number–Number only: keep a gap of at least N ULPs (default: ${DEFAULT-VALUE})")
    long minUlps;

    @Option(
            names = "--vs-reference",
            description = "platform A must also keep disagreeing with the correctly rounded reference")
    boolean vsReference;

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "150",
            description = "candidates per batch binary (default: ${DEFAULT-VALUE})")
    int batch;

    @Option(
            names = "--interesting",
            paramLabel = "SCRIPT",
            description =
                    "your own interestingness test, as in C-Vise: run in a folder holding the candidate "
                            + "(program.fp, min.c, input.txt; the path of program.fp is its argument), exit 0 = still interesting; a candidate must pass it as well as keep the discrepancy")
    Path interesting;

    @Option(
            names = "--time-limit",
            paramLabel = "SECONDS",
            description =
                    "stop taking steps after this long and keep the smallest program that still shows the discrepancy standalone")
    Long timeLimit;

    @Option(
            names = "--toolchain-dir",
            paramLabel = "DIR",
            description = "Folder of toolchain descriptors (default: runners/toolchains).")
    Path toolchainDir;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (minUlps < 1) throw new FparityError("--min-ulps must be at least 1");
        if (batch < 1) throw new FparityError("--batch must be at least 1");
        if (top != null && top < 1) throw new FparityError("--top must be at least 1");
        if (timeLimit != null && timeLimit < 1) throw new FparityError("--time-limit must be at least 1 second");
        if (interesting != null && !Files.isRegularFile(interesting))
            throw new FparityError(interesting + ": no such script");
        if (interesting != null && !Files.isExecutable(interesting))
            throw new FparityError(interesting + " is not executable (chmod +x it)");
        if (!Files.exists(target)) throw new FparityError(target + ": no such file or folder");
        if (Files.isDirectory(target)) {
            if (input != null || platforms != null)
                throw new FparityError("--input and --platforms go with a PROGRAM file, not a campaign");
            if ((discrepancy == null) == (top == null))
                throw new FparityError("give a campaign either --discrepancy ID or --top K");
        } else {
            if (discrepancy != null || top != null)
                throw new FparityError("--discrepancy and --top go with a campaign folder, not a program file");
            if (platforms == null)
                throw new FparityError("give the two platforms: --platforms A,B (e.g. gcc@O0,gcc@O3_FM)");
            if (platforms.split(",").length != 2)
                throw new FparityError("--platforms takes exactly two platforms, A,B");
        }
        Toolchains tcs = Toolchains.load(toolchainDir == null ? Toolchains.defaultDir() : toolchainDir);
        PrintWriter w = spec.commandLine().getOut();
        Path work;
        try {
            // the builds, traces and sanitised runs live next to the bundles and go when the command ends, however it
            // ends
            // what a killed reduce left in the same folder goes first; this one's work folder is locked while it works
            org.fparity.util.Leftovers.clean(Files.createDirectories(out), ".fparity-reduce-", "");
            work = org.fparity.util.Leftovers.tempDir(out, ".fparity-reduce-");
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create a work folder in " + out + ": " + org.fparity.FparityError.reason(e),
                    ExitCode.IO_FAILURE);
        }
        try {
            return reduce(tcs, w, work);
        } finally {
            org.fparity.util.Leftovers.release(work);
            org.fparity.reduce.WorkFolder.delete(work);
        }
    }

    private int reduce(Toolchains tcs, PrintWriter w, Path work) throws Exception {
        java.util.Optional<org.fparity.attribution.Causes> causes =
                Files.isDirectory(target) ? org.fparity.attribution.Causes.read(target) : java.util.Optional.empty();
        ReduceSession session = new ReduceSession(
                        tcs, work, out, s -> spec.commandLine().getErr().println("fparity: " + s))
                .options(new Reducer.Options(
                        interesting == null ? null : new org.fparity.reduce.UserTest(interesting, work, 60),
                        timeLimit == null ? 0 : timeLimit))
                .causes(causes);
        List<ReduceSession.Request> requests = new ArrayList<>();
        if (Files.isDirectory(target)) {
            if (discrepancy != null) {
                requests.add(CampaignDiscrepancies.request(target, discrepancy, minUlps, vsReference, batch));
            } else {
                return top(session, w, causes);
            }
        } else {
            String[] ps = platforms.split(",");
            if (ps.length != 2) throw new FparityError("--platforms takes exactly two platforms, A,B");
            org.fparity.ir.ProgramFiles.ProgramFile pf = org.fparity.ir.ProgramFiles.read(target);
            Program p = pf.program();
            if (input == null && pf.inputs().isEmpty())
                throw new FparityError(target + " has no '// input:' line; give the values with --input 'tok tok …'");
            Input in = input != null
                    ? org.fparity.ir.ProgramFiles.tokens(input)
                    : pf.inputs().getFirst();
            if (in.args().size() != p.params().size()) {
                throw new FparityError("the program has " + p.params().size() + " parameters, the input gives "
                        + in.args().size() + " values");
            }
            requests.add(new ReduceSession.Request(
                    null, p, in, Side.read(ps[0]), Side.read(ps[1]), null, minUlps, vsReference, batch, null));
        }
        for (ReduceSession.Request r : requests) {
            ReduceSession.Report rep = session.run(r);
            if (rep.kind() == ReduceSession.Kind.RECORDED_ONLY) {
                // an imported campaign's toolchain that cannot run here: what was done instead, one line
                spec.commandLine().getErr().println("fparity: " + rep.pairNote());
                return ExitCode.MISSING_TOOL.code();
            }
            if (Files.isDirectory(target)) org.fparity.reduce.ReducedVerdicts.record(target, rep);
            print(w, rep);
        }
        return ExitCode.FINDINGS.code(); // a discrepancy (reduced or batch-only) is a finding
    }

    private int top(ReduceSession session, PrintWriter w, java.util.Optional<org.fparity.attribution.Causes> causes)
            throws InterruptedException {
        List<ReduceSession.Report> bundled = new ArrayList<>();
        List<String> causeOf = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        List<org.fparity.reduce.TopPicks.Group> groups = org.fparity.reduce.TopPicks.groups(
                CampaignDiscrepancies.menu(target).ranked(),
                causes,
                Toolchains.defaultDir().resolveSibling("knobs"));
        if (causes.isPresent())
            w.println("one discrepancy per root cause of " + target.resolve(org.fparity.attribution.Causes.FILE) + " ("
                    + groups.size() + " causes with discrepancies to reduce), expected vendor bugs first");
        if (groups.isEmpty()) {
            w.println("no discrepancy and no run that ended differently in " + target + ": nothing to reduce");
            w.flush();
            return ExitCode.OK.code();
        }
        int recordedOnly = 0;
        for (org.fparity.reduce.TopPicks.Group g : groups) {
            if (bundled.size() + recordedOnly == top) break;
            for (CampaignDiscrepancies.Entry e : g.entries()) {
                ReduceSession.Report r;
                try {
                    r = session.run(e.request(minUlps, vsReference, batch));
                } catch (ReduceException ex) {
                    spec.commandLine().getErr().println("fparity: " + e.id() + ": " + ex.getMessage());
                    continue;
                }
                if (r.kind() == ReduceSession.Kind.RECORDED_ONLY) {
                    spec.commandLine().getErr().println("fparity: " + r.pairNote());
                    recordedOnly++;
                    break;
                }
                if (r.kind() != ReduceSession.Kind.REDUCED) {
                    print(w, r);
                    continue;
                }
                // without causes.json, the first diverging operation stands for the cause
                String cause = g.cause() != null
                        ? g.cause().key()
                        : r.divergence() == null ? r.id() : r.divergence().rootCause();
                if (!seen.add(cause)) {
                    w.println(r.id() + ": same root cause as an earlier one (" + cause + "), bundle kept at "
                            + r.bundle());
                    break;
                }
                org.fparity.reduce.ReducedVerdicts.record(target, r);
                if (g.cause() != null) w.println("cause: " + g.cause().key());
                print(w, r);
                bundled.add(r);
                causeOf.add(cause);
                break;
            }
        }
        summary(w, bundled, causeOf);
        // nothing reduced because the campaign's toolchains cannot run here: a missing tool, not "no findings"
        if (bundled.isEmpty() && recordedOnly > 0) return ExitCode.MISSING_TOOL.code();
        return ExitCode.found(!bundled.isEmpty()).code();
    }

    /** The bundles, vendor bugs first (then undecided, within accuracy, allowed by the flags, outside the contract). */
    private static void summary(PrintWriter w, List<ReduceSession.Report> bundled, List<String> causeOf) {
        if (bundled.isEmpty()) return;
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < bundled.size(); i++) order.add(i);
        // vendor bugs first, then pairs within one toolchain; otherwise in the order they were reduced
        order.sort(java.util.Comparator.<Integer>comparingInt(i -> {
                    ReduceSession.Report r = bundled.get(i);
                    return r.findingVerdict() == null ? 1 : r.findingVerdict().rank();
                })
                .thenComparingInt(i -> org.fparity.reduce.OwnPair.rank(
                        bundled.get(i).a(), bundled.get(i).b())));
        w.println("bundles, vendor bugs first:");
        for (int i : order) {
            ReduceSession.Report r = bundled.get(i);
            w.printf(
                    "  %s  %-14s  %-28s  %s vs %s  %d -> %d operations  %.1f s  cause %s%n",
                    r.id(),
                    r.label(),
                    r.findingVerdict() == null ? "-" : r.findingVerdict().kind().label,
                    r.a(),
                    r.b(),
                    r.original().operations(),
                    r.reduced().operations(),
                    r.result().millis() / 1000.0,
                    causeOf.get(i));
        }
        w.flush();
    }

    private static void print(PrintWriter w, ReduceSession.Report r) {
        if (r.kind() == ReduceSession.Kind.BATCH_ONLY) {
            w.printf(
                    "%s  %s  batch-only: the single-program form gives %s vs %s, so there is nothing standalone to reduce%n",
                    r.id(), r.label(), r.standaloneA().hex(), r.standaloneB().hex());
            w.flush();
            return;
        }
        if (r.kind() == ReduceSession.Kind.STANDALONE_FAILED) {
            w.printf(
                    "%s  %s  not reduced: the single-program form gave no result (%s vs %s)%n",
                    r.id(), r.label(), Reducer.describe(r.standaloneA()), Reducer.describe(r.standaloneB()));
            w.flush();
            return;
        }
        w.printf(
                "%s  %s  %s  %d -> %d operations (%.0f %%) in %.1f s, %d rounds, %d candidates%n",
                r.id(),
                r.label(),
                r.confirmed() ? "confirmed" : "batch-only",
                r.original().operations(),
                r.reduced().operations(),
                100 * r.share(),
                r.result().millis() / 1000.0,
                r.result().rounds(),
                r.result().candidates());
        w.println("  "
                + (r.reducedStandalone()
                        ? "reduced program shows the discrepancy standalone"
                        : "reduced program does NOT show it standalone")
                + "; sanitizers: "
                + (r.sanitizer() == null
                        ? "not run (no gcc)"
                        : r.sanitizer().clean() ? "clean" : r.sanitizer().detail()));
        if (r.pairNote() != null) w.println("  " + r.pairNote());
        if (r.divergence() != null) w.println("  " + r.divergence().sentence());
        if (r.findingVerdict() != null) w.println("  " + r.findingVerdict().sentence());
        w.println("  bundle: " + r.bundle());
        w.flush();
    }
}
