package org.fparity.pipeline;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.attribution.CampaignTriage;
import org.fparity.attribution.Causes;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.DiscrepantCases;
import org.fparity.report.EndScreen;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import org.fparity.run.CampaignRunner;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
import org.fparity.run.Reruns;

/**
 * A campaign's steps, assembled once for {@code run}, {@code run --cluster} and {@code nightly}: run at its sites,
 * rerun there every case whose platforms disagree, then (for {@code run}) the end screen, compare, report and the
 * exit code.
 */
public final class Pipeline {
    private Pipeline() {}

    /** What the runs did: the first runs, the reruns, and the compiles this machine made. */
    public record Ran(CampaignRunner.Result run, Reruns.Result reruns, int compiles) {}

    /**
     * Runs the campaign at {@code sites} ({@link CampaignRunner}), then reruns, {@code reruns} times, each case whose
     * platforms disagree, at the site that ran it ({@link Reruns}).
     *
     * @param showSites each site's progress in the progress line and log (a run at named sites)
     */
    public static Ran execute(
            Path dir,
            CampaignRunner.Spec spec,
            List<CampaignRunner.Site> sites,
            boolean showSites,
            int reruns,
            Function<Integer, Progress> progress,
            Consumer<String> log)
            throws InterruptedException {
        CampaignRunner.Result r = CampaignRunner.run(dir, spec, sites, showSites, progress, log);
        Reruns.Result again = Reruns.run(
                r.campaign(),
                spec,
                sites,
                showSites,
                DiscrepantCases.disagreeingCases(r.campaign().outcomes()),
                reruns,
                log);
        int compiles = sites.stream()
                .mapToInt(s -> s.executor() instanceof LocalSite l ? l.cache().compiles() : 0)
                .sum();
        return new Ran(r, again, compiles);
    }

    /**
     * Turns a campaign into root causes ({@code causes.json} in its folder, which the report then counts in), as
     * {@code fparity triage CAMPAIGN} does; returns the line the end screen shows about it.
     */
    @FunctionalInterface
    public interface Triage {
        String triage(Path campaign) throws InterruptedException;
    }

    /**
     * The triage {@code run} does before its report: {@link CampaignTriage} with the run's toolchains, the knob files
     * beside them and {@code workers} builds at a time, progress on {@code progress}.
     */
    public static Triage triage(Path toolchainDir, int workers, java.io.PrintStream progress) {
        return campaign -> {
            CampaignTriage.Result t = CampaignTriage.run(
                    campaign,
                    new CampaignTriage.Options(toolchainDir, toolchainDir.resolveSibling("knobs"), workers, progress));
            Causes c = t.causes();
            return "triage: " + c.causes().size() + " root causes for " + c.triaged()
                    + " discrepancies and runs that ended differently (" + c.undecided() + " undecided; "
                    + t.builds() + " batch builds, " + t.runs() + " runs; causes.json in " + campaign
                    + "; skip with --no-triage)";
        };
    }

    /**
     * What {@code run} shows and writes after running: the runs and reruns, then, unless {@code noReport}, the
     * triage into root causes (unless {@code triage} is null), the comparison and the report (in {@code reportDir},
     * or the campaign's default folder) with the verdict, counted in causes when triaged; returns the exit code they
     * give ({@link Report#found}). A triage that fails leaves the report counted in cases, said in one line.
     *
     * @param version the fparity that writes the report, recorded in it
     */
    public static ExitCode finish(
            Ran ran, int reruns, boolean noReport, Triage triage, Path reportDir, String version, PrintWriter o)
            throws InterruptedException {
        CampaignRunner.Result r = ran.run();
        EndScreen.runs(o, r.campaign(), r.ran(), r.alreadyDone(), ran.compiles(), r.millis());
        EndScreen.reruns(o, ran.reruns().ran(), ran.reruns().alreadyDone(), reruns);
        ExitCode code = ExitCode.OK;
        if (noReport) {
            EndScreen.health(o, r.campaign());
            o.println("next: fparity compare " + r.campaign().dir() + "   (then: fparity report "
                    + r.campaign().dir() + ")");
        } else {
            if (triage != null) {
                o.flush();
                String line;
                try {
                    line = triage.triage(r.campaign().dir());
                } catch (FparityError e) {
                    line = "triage failed, the report counts cases: " + e.getMessage();
                }
                o.println(line);
            }
            CampaignView view = stamped(CampaignFiles.of(r.campaign()), version);
            Report rep = Report.of(view, null);
            Path where = reportDir != null ? reportDir : ReportWriter.defaultDir(view);
            ReportWriter.write(rep, where);
            // the verdict first; how each toolchain ran and the pairs behind the cases are detail below it
            EndScreen.findings(o, rep);
            EndScreen.health(o, r.campaign());
            EndScreen.findings(o, rep.findings());
            code = ExitCode.found(rep.found());
            o.println("report: " + where.resolve("report.html")
                    + "  (also report.json, summary.md, junit.xml, metrics.txt)");
        }
        o.flush();
        return code;
    }

    /** The campaign as a report sees it, with the fparity that writes the report among its versions (the campaign may be older). */
    public static CampaignView stamped(CampaignView v, String version) {
        Map<String, String> versions = new HashMap<>(v.versions());
        versions.put("fparity-report", version);
        return new CampaignView(
                v.name(), v.host(), versions, v.programs(), v.outcomes(), v.reruns(), v.provenance(), v.incomplete());
    }
}
