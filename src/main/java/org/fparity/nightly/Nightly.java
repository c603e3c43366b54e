package org.fparity.nightly;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.attribution.CampaignTriage;
import org.fparity.attribution.Causes;
import org.fparity.compare.BaselineDiff;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.ProgramJson;
import org.fparity.pipeline.Pipeline;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import org.fparity.run.CampaignPlan;
import org.fparity.run.CampaignRunner;
import org.fparity.run.Progress;
import org.fparity.run.Sites;
import org.fparity.transfer.CampaignMerge;

/**
 * One night: generate the night's programs, run them on every cluster in parallel, merge what came back, compare with
 * last night (the newest earlier night in the history folder) and across sites, write the reports, the night's
 * summary and the history index, and say what the night means as an exit code: 0 nothing new, 1 new discrepancies,
 * 3 a cluster failed (what the others brought is still merged and reported, the missing part named). A configuration or
 * tool problem is an {@link FparityError} (exit 2) before anything runs.
 */
public final class Nightly {
    private Nightly() {}

    /**
     * What a night produced. {@code failures}: cluster name → why it brought nothing; {@code causes}: the night's verdict
     * in root causes, or null when the night was not triaged.
     */
    public record Result(
            int exitCode,
            Path night,
            Path campaign,
            Path report,
            List<Discrepancy> added,
            int discrepancies,
            String baseline,
            Map<String, String> failures,
            org.fparity.report.CauseVerdict causes,
            String headline) {}

    /**
     * Turns the night's merged campaign into root causes ({@code causes.json} in its folder), as {@code fparity triage
     * CAMPAIGN} does: one call, after the merge and before the comparison.
     */
    @FunctionalInterface
    public interface Triage {
        void triage(Path campaign, Consumer<String> log) throws Exception;
    }

    /**
     * The triage a night runs: {@code fparity triage CAMPAIGN} ({@link CampaignTriage}) with the config's toolchains and
     * the knob files beside them, its progress on stderr.
     */
    public static Triage campaignTriage(NightlyConfig cfg) {
        return (campaign, log) -> {
            Path toolchains = cfg.toolchainDir() == null ? Toolchains.defaultDir() : cfg.toolchainDir();
            CampaignTriage.Result r = CampaignTriage.run(
                    campaign,
                    new CampaignTriage.Options(
                            toolchains,
                            toolchains.resolveSibling("knobs"),
                            cfg.jobs(),
                            System.err,
                            triageSites(cfg, campaign, log)));
            log.accept("triage: " + r.causes().causes().size() + " root causes from "
                    + r.causes().triaged() + " discrepancies and runs that ended differently ("
                    + r.causes().undecided() + " undecided)");
        };
    }

    /**
     * Where the night's triage runs a cluster's experiments: at that cluster, as the night's config names it (a profile
     * of its {@code clusters_dir}, or inline), not as the default profiles folder does; a site the config has not is
     * exit 3.
     */
    static Function<String, SiteExecutor> triageSites(NightlyConfig cfg, Path campaign, Consumer<String> log) {
        return name -> {
            for (ClusterProfile c : cfg.clusters()) {
                if (c.name().equals(name)) return Sites.open(c, CampaignTriage.work(campaign), cfg.jobs(), log);
            }
            throw new FparityError("no cluster '" + name + "' in the night's config", ExitCode.MISSING_TOOL);
        };
    }

    /** Runs the night {@code date} with fparity's own triage; {@code fparityVersion} is recorded in the campaigns. */
    public static Result run(NightlyConfig cfg, LocalDate date, String fparityVersion, Consumer<String> log)
            throws InterruptedException {
        return run(cfg, date, fparityVersion, log, campaignTriage(cfg));
    }

    /** Runs the night {@code date}, triaging its campaign with {@code triage} (when the config asks for triage). */
    public static Result run(
            NightlyConfig cfg, LocalDate date, String fparityVersion, Consumer<String> log, Triage triage)
            throws InterruptedException {
        Toolchains tcs = Toolchains.load(cfg.toolchainDir() == null ? Toolchains.defaultDir() : cfg.toolchainDir());
        List<DetectedToolchain> chosen = choose(cfg, tcs);
        List<String> opts = new ArrayList<>();
        for (String o : cfg.opts()) {
            if (chosen.stream().noneMatch(d -> d.toolchain().opt().containsKey(o))) {
                throw new FparityError("opt: no chosen toolchain has opt level '" + o + "' (standard: "
                        + String.join(",", Toolchain.STANDARD_OPTS) + ")");
            }
            opts.add(o);
        }
        // A cluster's profile may name its own toolchains (nvcc there, hipcc elsewhere); the rest run the config's.
        Map<String, List<Toolchain>> perCluster = new LinkedHashMap<>();
        for (ClusterProfile c : cfg.clusters()) {
            perCluster.put(
                    c.name(),
                    c.toolchains().isEmpty()
                            ? chosen.stream().map(DetectedToolchain::toolchain).toList()
                            : Sites.toolchains(c, tcs, List.of()));
        }
        long seed = cfg.seedFor(date);
        String nightName = date.toString();
        Path night = cfg.history().resolve(nightName);
        CampaignPlan plan = plan(cfg, seed);
        log.accept(
                "night " + nightName + ": seed " + seed + ", " + plan.entries().size() + " programs × " + cfg.inputs()
                        + " inputs × " + chosen.size() + " toolchains × " + opts.size() + " opt levels on "
                        + cfg.clusters().size() + " clusters");

        // Every cluster at once, each into its own campaign folder; a failure is recorded, the others go on.
        Map<String, Path> sites = new LinkedHashMap<>();
        Map<String, String> failures = new TreeMap<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(
                cfg.clusters().size(),
                Thread.ofPlatform().daemon().name("fparity-cluster-", 0).factory())) {
            Map<String, Future<Path>> running = new LinkedHashMap<>();
            for (ClusterProfile c : cfg.clusters()) {
                Path dir = night.resolve("sites").resolve(c.name());
                CampaignRunner.Spec spec = plan.spec(
                        fparityVersion,
                        perCluster.get(c.name()).stream().map(Sites::undetected).toList(),
                        opts);
                running.put(
                        c.name(),
                        pool.submit(() ->
                                runCluster(c, dir, spec, perCluster.get(c.name()), cfg.jobs(), cfg.reruns(), log)));
            }
            for (var e : running.entrySet()) {
                try {
                    sites.put(e.getKey(), e.getValue().get());
                } catch (ExecutionException ex) {
                    Throwable cause = ex.getCause();
                    String why = cause.getMessage() == null
                            ? cause.getClass().getSimpleName()
                            : cause.getMessage().replace('\n', ' ');
                    String named = "cluster " + e.getKey() + ": ";
                    if (why.startsWith(named))
                        why = why.substring(named.length()); // the executors name the cluster too
                    failures.put(e.getKey(), why);
                    log.accept("cluster " + e.getKey() + ": " + why);
                }
            }
        }
        if (sites.isEmpty()) {
            NightSummary.failed(night, nightName, seed, failures);
            HistoryIndex.write(cfg.history());
            throw new FparityError("every cluster failed: " + failures, ExitCode.MISSING_TOOL);
        }

        // Merged fresh each time (it is derived from the sites' campaigns, which resume).
        Path merged = night.resolve("nightly-" + nightName);
        deleteTree(merged);
        CampaignMerge.merge(List.copyOf(sites.values()), merged);
        if (cfg.triage()) triage(triage, merged, log);
        CampaignView view = CampaignFiles.load(merged);
        Path baselineDir = lastNight(cfg.history(), nightName);
        Findings now = Comparer.compare(view);
        BaselineDiff diff = null;
        CampaignView before = null;
        if (baselineDir != null) {
            before = CampaignFiles.load(baselineDir);
            diff = BaselineDiff.of(before.name(), view, now, Comparer.compare(before, pairsOf(now), false));
        }
        // counted in root causes when tonight and last night were both triaged: red only for a cause not seen before
        Report report = Report.of(view, now, diff)
                .judged(
                        cfg.policy(),
                        baselineDir == null ? null : Causes.read(baselineDir).orElse(null));
        Path reportDir = night.resolve("report");
        ReportWriter.write(report, reportDir);
        List<Discrepancy> added = diff == null ? now.discrepancies() : diff.added();
        // An incomplete night outranks its findings: CI must know part of the matrix is missing.
        int exit = (!failures.isEmpty() ? ExitCode.MISSING_TOOL : report.exitCode())
                .code(); // the rule run, compare and report use
        NightSummary.write(night, nightName, seed, view, now, diff, failures, exit, report.causes());
        HistoryIndex.write(cfg.history());
        return new Result(
                exit,
                night,
                merged,
                reportDir,
                added,
                now.discrepancies().size(),
                before == null ? null : before.name(),
                failures,
                report.causes(),
                report.headline());
    }

    /** Triage of the merged campaign; a triage that fails leaves the night counted in cases, said in the log. */
    private static void triage(Triage triage, Path merged, Consumer<String> log) throws InterruptedException {
        try {
            triage.triage(merged, log);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            String why = e.getMessage() == null
                    ? e.getClass().getSimpleName()
                    : e.getMessage().lines().findFirst().orElse("");
            log.accept("triage failed, the night is compared in cases: " + why);
        }
    }

    private static List<org.fparity.compare.Pair> pairsOf(Findings f) {
        LinkedHashSet<org.fparity.compare.Pair> ps = new LinkedHashSet<>();
        f.pairs().forEach(s -> ps.add(s.pair()));
        return List.copyOf(ps);
    }

    /**
     * The newest night before {@code tonight} that finished whole: it has a merged campaign and was not missing a
     * cluster. A night that lacked a cluster is reported but is no baseline: every discrepancy of that cluster would
     * read as new the next night, when it was only unseen.
     */
    static Path lastNight(Path history, String tonight) {
        if (!Files.isDirectory(history)) return null;
        try (var s = Files.list(history)) {
            return s.filter(p -> p.getFileName().toString().matches("\\d{4}-\\d{2}-\\d{2}")
                            && p.getFileName().toString().compareTo(tonight) < 0)
                    .sorted(java.util.Comparator.reverseOrder())
                    .map(p -> p.resolve("nightly-" + p.getFileName()))
                    .filter(p -> Files.isRegularFile(p.resolve("campaign.json")) && complete(p.getParent()))
                    .findFirst()
                    .orElse(null);
        } catch (IOException e) {
            throw FparityError.io("cannot list " + history, e);
        }
    }

    private static boolean complete(Path night) {
        try {
            return ProgramJson.MAPPER
                            .readTree(night.resolve(NightSummary.FILE).toFile())
                            .path("exit")
                            .asInt(3)
                    != ExitCode.MISSING_TOOL.code();
        } catch (IOException e) {
            return false; // no summary: the night did not finish
        }
    }

    /**
     * Runs the night's campaign at one cluster through the executor its profile names (this machine, ssh, Slurm), then
     * reruns there, {@code reruns} times, every case whose platforms disagree (as {@code fparity run} does); an
     * unreachable cluster or lost jobs are an exception naming why.
     */
    @SuppressWarnings("try") // the campaign lock is held for the whole body, not used in it
    static Path runCluster(
            ClusterProfile c,
            Path dir,
            CampaignRunner.Spec spec,
            List<Toolchain> toolchains,
            int jobs,
            int reruns,
            Consumer<String> log)
            throws Exception {
        Files.createDirectories(dir);
        Consumer<String> tagged = s -> log.accept(c.name() + ": " + s);
        try (org.fparity.campaign.CampaignLock lock = org.fparity.campaign.CampaignLock.acquire(dir);
                SiteExecutor ex = Sites.open(c, dir, jobs, tagged)) {
            Pipeline.execute(
                    dir,
                    spec,
                    List.of(new CampaignRunner.Site(ex, toolchains)),
                    true,
                    reruns,
                    n -> new Progress(System.err, false, n),
                    tagged);
        }
        return dir;
    }

    private static CampaignPlan plan(NightlyConfig cfg, long seed) {
        String precisionName = cfg.precisions().size() == 2
                ? "both"
                : cfg.precisions().getFirst().id();
        return CampaignPlan.generate(new CampaignPlan.Request(
                seed, cfg.precisions(), precisionName, cfg.programs(), cfg.inputs(), cfg.batch(), null));
    }

    /**
     * Named toolchains must exist, and compile here when a cluster runs on this machine (a config error otherwise); with
     * none named, every one that compiles and runs here.
     */
    private static List<DetectedToolchain> choose(NightlyConfig cfg, Toolchains tcs) {
        List<DetectedToolchain> out = new ArrayList<>();
        if (cfg.toolchains().isEmpty()) {
            for (Toolchain t : tcs.all()) {
                DetectedToolchain d = DetectedToolchain.detect(t);
                if (d.canCompile() && d.canRun()) out.add(d);
            }
            if (out.isEmpty())
                throw new FparityError("no toolchain can compile and run here; see 'fparity toolchains'");
            return out;
        }
        boolean here = cfg.clusters().stream().anyMatch(c -> c.executor().equals("local"));
        for (String n : cfg.toolchains()) {
            if (!here) {
                out.add(Sites.undetected(tcs.get(n)));
                continue;
            }
            DetectedToolchain d = DetectedToolchain.detect(tcs.get(n));
            if (!d.canCompile())
                throw new FparityError("toolchain " + n + " cannot compile here: " + d.compileProblem());
            out.add(d);
        }
        return out;
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) return;
        try (var s = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(s.toList());
            java.util.Collections.reverse(all);
            for (Path q : all) Files.delete(q);
        } catch (IOException e) {
            throw FparityError.io("cannot remove " + dir, e);
        }
    }
}
