package org.fparity.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.compare.LiveCases;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Precision;
import org.fparity.pipeline.Pipeline;
import org.fparity.run.CampaignPlan;
import org.fparity.run.CampaignRunner;
import org.fparity.run.ExistingCampaign;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
import org.fparity.run.ToolchainChoice;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code fparity run}: generate, emit, compile, run, compare and report. Idempotent: the same command on the
 * same {@code --out} resumes a killed campaign and redoes nothing finished.
 */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description =
                "Generate programs and inputs, build them with every toolchain and opt level, run them, record every outcome.")
public final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(
            names = "--programs",
            paramLabel = "N",
            defaultValue = "50",
            description = "Programs per precision (default: ${DEFAULT-VALUE}).")
    int programs;

    @Option(
            names = "--inputs",
            paramLabel = "K",
            defaultValue = "50",
            description =
                    "Inputs per program; runs cost microseconds once a batch is built, so more inputs find more discrepant cases per CPU-hour: runners/README.md (default: ${DEFAULT-VALUE}).")
    int inputs;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "Generator seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--precision",
            paramLabel = "P",
            defaultValue = "fp64",
            description = "fp32, fp64 or both (default: ${DEFAULT-VALUE}).")
    String precision;

    @Option(
            names = "--toolchains",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "auto",
            description =
                    "Toolchain names, comma-separated; 'auto' = every toolchain that can compile and run here (default: ${DEFAULT-VALUE}).")
    List<String> toolchains;

    @Option(
            names = "--opt",
            paramLabel = "LIST",
            split = ",",
            defaultValue = "O0,O1,O2,O3,O3_FM",
            description =
                    "Opt levels; 'all' adds each toolchain's extra levels such as nvcc's nofma (default: ${DEFAULT-VALUE}).")
    List<String> opts;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Campaign folder (default: campaigns/seed<S>-<precision>-p<N>-i<K>).")
    Path out;

    @Option(
            names = "--campaign",
            paramLabel = "DIR",
            description =
                    "Run an existing campaign's programs and inputs (an earlier run, one imported from another cluster with 'fparity import', "
                            + "or one imported from Varity) on more toolchains or at another site, adding their outcomes to it; "
                            + "--programs, --inputs, --seed, --precision and --grammar do not apply.")
    Path campaign;

    @Option(
            names = "--corpus",
            paramLabel = "DIR",
            description =
                    "Run a folder of your own .fp programs (in it or below it), each on the '// input:' lines of its file, as a campaign "
                            + "(compared, reported and triaged as any other); --programs, --inputs, --seed, --precision and --grammar do not apply.")
    Path corpus;

    @Option(
            names = "--site",
            paramLabel = "NAME",
            description =
                    "The site this machine's runs are recorded as (default: local), so a campaign run here and at another cluster keeps both sides apart.")
    String site;

    @Option(
            names = "--batch",
            paramLabel = "N",
            defaultValue = "200",
            description = "Programs per batch binary (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(
            names = "--jobs",
            paramLabel = "N",
            description = "Parallel builds and runs, at least 1 (default: the number of cores).")
    Integer jobs;

    @Option(
            names = "--inputs-from",
            paramLabel = "random|flip",
            defaultValue = "random",
            description = "random: --inputs drawn from the "
                    + "grammar's value classes; flip: those plus up to 8 per program that a short branch-flip search (Z3, no verification) puts on its "
                    + "branches' boundaries (default: ${DEFAULT-VALUE}).")
    String inputsFrom;

    @Option(names = "--grammar", paramLabel = "FILE", description = "Generator grammar (default: grammar/varity.json).")
    Path grammarFile;

    @Option(
            names = "--toolchain-dir",
            paramLabel = "DIR",
            description = "Folder of toolchain descriptors (default: runners/toolchains).")
    Path toolchainDir;

    @Option(
            names = "--report",
            paramLabel = "DIR",
            description = "Where to write the report (default: reports/<campaign name>).")
    Path reportDir;

    @Option(names = "--no-report", description = "Stop after running: no triage, no comparison, no report.")
    boolean noReport;

    @Option(
            names = "--no-triage",
            description =
                    "Skip the triage into root causes before the report (as 'fparity triage' does it; resumable): the report then counts cases only.")
    boolean noTriage;

    @Option(
            names = "--force",
            description = "Run a campaign beyond the size limits (more than " + CampaignCost.MAX_PROGRAMS_TEXT
                    + " programs, 10,000 inputs each or 10,000,000 cases), whose cost is printed first.")
    boolean force;

    @Option(
            names = "--reruns",
            paramLabel = "N",
            defaultValue = "2",
            description =
                    "Reruns of every case that disagrees, on each platform that gave it a result, to tell unstable platforms from discrepancies; 0 = none (default: ${DEFAULT-VALUE}).")
    int reruns;

    @Option(
            names = "--cluster",
            paramLabel = "LIST",
            split = ",",
            description =
                    "Run at these sites instead of here: cluster profiles of runners/clusters (local, ssh or slurm), one campaign, their platforms side by side.")
    List<String> clusters;

    @Override
    @SuppressWarnings("try") // the campaign lock is held for the whole body, not used in it
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        PrintStream err = System.err;
        if (jobs != null && jobs < 1) throw new FparityError("--jobs must be at least 1, is " + jobs);
        String precisionName = precision.toLowerCase(Locale.ROOT);
        if (campaign != null
                && out != null
                && !out.toAbsolutePath()
                        .normalize()
                        .equals(campaign.toAbsolutePath().normalize())) {
            throw new FparityError(
                    "--campaign adds to that campaign's folder; --out must be left out or name the same folder");
        }
        if (batch < 1) throw new FparityError("--batch must be at least 1");
        if (reruns < 0) throw new FparityError("--reruns must be at least 0, is " + reruns);
        if (site != null && !site.matches("[a-z0-9][a-z0-9._-]*"))
            throw new FparityError("--site '" + site + "': lower-case letters, digits, '.', '_' or '-'");
        if (site != null && clusters != null && !clusters.isEmpty())
            throw new FparityError("--site names this machine's site; with --cluster each profile names its own");
        if (corpus != null && campaign != null)
            throw new FparityError(
                    "--corpus makes a new campaign of the folder's programs; --campaign adds to an existing one: give one of them");
        if (corpus != null && inputsFrom.equals("flip"))
            throw new FparityError("--corpus runs the inputs its files list; --inputs-from flip does not apply");
        Campaign existing = campaign == null ? null : CliCampaigns.existing(campaign);
        if (existing == null && corpus == null)
            CampaignCost.check(programs, precisions(precisionName).size(), inputs, force, err);
        CampaignPlan plan = existing != null
                ? null
                : corpus != null
                        ? org.fparity.run.Corpus.plan(corpus, batch)
                        : CampaignPlan.generate(new CampaignPlan.Request(
                                seed, precisions(precisionName), precisionName, programs, inputs, batch, grammarFile));
        if (!inputsFrom.equals("random") && !inputsFrom.equals("flip"))
            throw new FparityError("--inputs-from takes random or flip, not '" + inputsFrom + "'");
        Path dir = existing != null
                ? campaign
                : out != null
                        ? out
                        : corpus != null
                                ? Path.of(
                                        "campaigns",
                                        "corpus-"
                                                + corpus.toAbsolutePath()
                                                        .normalize()
                                                        .getFileName())
                                : Path.of(
                                        "campaigns",
                                        "seed" + seed + "-" + precisionName + "-p" + programs + "-i" + inputs);

        Toolchains tcs = Toolchains.load(toolchainDir == null ? Toolchains.defaultDir() : toolchainDir);
        for (String p : tcs.problems()) err.println("fparity: " + p);
        List<DetectedToolchain> chosen = clusters != null && !clusters.isEmpty()
                ? null
                : ToolchainChoice.choose(tcs, toolchains, s -> err.println("fparity: " + s));
        // One writer per campaign folder, from before the flip search that may read it until the report is written.
        try (org.fparity.campaign.CampaignLock lock = org.fparity.campaign.CampaignLock.acquire(dir)) {
            if (plan != null && inputsFrom.equals("flip"))
                plan = org.fparity.flip.FlipInputs.DEFAULT.planFor(plan, dir, m -> err.println("fparity: " + m));
            if (chosen == null) return ClusterRun.run(this, plan, existing, dir, tcs, o, err);
            return runHere(plan, existing, dir, chosen, o, err);
        }
    }

    private int runHere(
            CampaignPlan plan,
            Campaign existing,
            Path dir,
            List<DetectedToolchain> chosen,
            PrintWriter o,
            PrintStream err)
            throws Exception {
        List<String> optLevels = ToolchainChoice.optLevels(chosen, opts);
        CampaignRunner.Spec runSpec = existing != null
                ? ExistingCampaign.spec(existing, Main.VERSION, chosen, optLevels, batch)
                : plan.spec(Main.VERSION, chosen, optLevels);
        runSpec = withCommand(runSpec);

        int workers = jobs != null ? jobs : Runtime.getRuntime().availableProcessors();
        int nPrograms = runSpec.programs().size();
        String nInputs = existing != null || corpus != null
                ? runSpec.programs().stream().mapToInt(e -> e.inputs().size()).sum() + " inputs in all"
                : inputs + " inputs";
        err.println("fparity: " + nPrograms + " programs × " + nInputs + " × " + chosen.size() + " toolchains × "
                + optLevels.size() + " opt levels into " + dir + " (" + workers + " workers)");
        LocalSite here = new LocalSite(
                        site == null ? Platform.LOCAL : site,
                        new BinaryCache(dir.resolve("build")),
                        workers,
                        s -> err.println("fparity: " + s))
                .detected(chosen);
        return pipeline(dir, runSpec, List.of(new CampaignRunner.Site(here, runSpec.descriptors())), false, o, err);
    }

    /** The pipeline of every run, here or at named sites ({@code showSites}): run, rerun, end screen, compare, report, exit code. */
    int pipeline(
            Path dir,
            CampaignRunner.Spec runSpec,
            List<CampaignRunner.Site> sites,
            boolean showSites,
            PrintWriter o,
            PrintStream err)
            throws InterruptedException {
        boolean terminal = System.console() != null && System.console().isTerminal();
        Pipeline.Ran ran = Pipeline.execute(
                dir,
                runSpec,
                sites,
                showSites,
                reruns,
                n -> new Progress(err, terminal, n, new LiveCases()),
                s -> err.println("fparity: " + s));
        Pipeline.Triage triage = noTriage
                ? null
                : Pipeline.triage(
                        toolchainDir == null ? Toolchains.defaultDir() : toolchainDir,
                        jobs != null ? jobs : Runtime.getRuntime().availableProcessors(),
                        err);
        return Pipeline.finish(ran, reruns, noReport, triage, reportDir, Main.VERSION, o)
                .code();
    }

    /** The spec with this invocation's command line among its settings: campaign.json records how the campaign was made. */
    static CampaignRunner.Spec withCommand(CampaignRunner.Spec s) {
        java.util.Map<String, String> settings = new java.util.TreeMap<>(s.settings());
        settings.putIfAbsent("command", Main.invocation());
        return new CampaignRunner.Spec(
                s.fparityVersion(),
                s.seed(),
                s.grammar(),
                settings,
                s.programs(),
                s.toolchains(),
                s.opts(),
                s.batchSize());
    }

    private static List<Precision> precisions(String name) {
        if (name.equals("both")) return List.of(Precision.FP64, Precision.FP32);
        try {
            return List.of(Precision.parseProgram(name));
        } catch (IllegalArgumentException e) {
            throw new FparityError("--precision: " + e.getMessage() + " or both");
        }
    }
}
