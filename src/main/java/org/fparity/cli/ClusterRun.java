package org.fparity.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.fparity.ExitCode;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignPlan;
import org.fparity.campaign.ExistingCampaign;
import org.fparity.campaign.CampaignRunner;
import org.fparity.campaign.ClusterRunner;
import org.fparity.campaign.Progress;
import org.fparity.campaign.Reruns;
import org.fparity.compare.DiscrepantCases;
import org.fparity.campaign.Sites;
import org.fparity.campaign.ToolchainChoice;
import org.fparity.compare.CampaignView;
import org.fparity.compare.LiveCases;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.report.EndScreen;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;

/** {@code fparity run --cluster a,b}: the same campaign at several sites, then the same report. */
final class ClusterRun {
    private ClusterRun() {}

    /** {@code plan}: a new campaign's programs; or {@code existing}: the campaign whose programs and inputs run again (imported, earlier). */
    static int run(RunCommand cmd, CampaignPlan plan, Campaign existing, Path dir, Toolchains tcs, PrintWriter o, PrintStream err) throws Exception {
        Clusters profiles = Clusters.load(Clusters.defaultDir(), System.getenv());
        List<ClusterRunner.Site> sites = new ArrayList<>();
        List<Toolchain> all = new ArrayList<>();
        int workers = cmd.jobs != null ? cmd.jobs : Runtime.getRuntime().availableProcessors();
        List<ClusterProfile> chosen = new ArrayList<>();
        for (String name : new LinkedHashSet<>(cmd.clusters)) chosen.add(profiles.get(name.strip()));
        for (ClusterProfile p : chosen) for (Toolchain t : Sites.toolchains(p, tcs, cmd.toolchains)) if (!all.contains(t)) all.add(t);
        List<DetectedToolchain> undetected = all.stream().map(Sites::undetected).toList();
        List<String> optLevels = ToolchainChoice.optLevels(undetected, cmd.opts);
        CampaignRunner.Spec runSpec = existing != null ? ExistingCampaign.spec(existing, Main.VERSION, undetected, optLevels, cmd.batch)
                : plan.spec(Main.VERSION, undetected, optLevels);
        List<SiteExecutor> open = new ArrayList<>();
        try {
            for (ClusterProfile p : chosen) {
                SiteExecutor ex = Sites.open(p, dir, workers, s -> err.println("fparity: " + s));
                open.add(ex);
                sites.add(new ClusterRunner.Site(ex, Sites.toolchains(p, tcs, cmd.toolchains)));
            }
            boolean terminal = System.console() != null && System.console().isTerminal();
            err.println("fparity: " + runSpec.programs().size() + " programs at " + String.join(", ", chosen.stream().map(ClusterProfile::name).toList()) + " into " + dir);
            CampaignRunner.Result r = ClusterRunner.run(dir, runSpec, sites, n -> new Progress(err, terminal, n, new LiveCases()), s -> err.println("fparity: " + s));
            Reruns.Result again = ClusterRunner.rerun(r.campaign(), runSpec, sites, DiscrepantCases.disagreeingCases(r.campaign().outcomes()), cmd.reruns,
                    s -> err.println("fparity: " + s));
            EndScreen.runs(o, r.campaign(), r.ran(), r.alreadyDone(), 0, r.millis());
            EndScreen.reruns(o, again.ran(), again.alreadyDone(), cmd.reruns);
        } finally {
            for (SiteExecutor ex : open) ex.close();
        }
        int code = ExitCode.OK.code();
        if (cmd.noReport) {
            o.println("next: fparity compare " + dir + "   (then: fparity report " + dir + ")");
        } else {
            CampaignView view = CliCampaigns.load(dir);
            Report rep = Report.of(view, null);
            Path where = cmd.reportDir != null ? cmd.reportDir : org.fparity.report.ReportWriter.defaultDir(view);
            ReportWriter.write(rep, where);
            EndScreen.findings(o, rep);
            code = CliCampaigns.exitCode(rep);
            o.println("report: " + where.resolve("report.html") + "  (also report.json, summary.md, junit.xml, metrics.txt)");
        }
        o.flush();
        return code;
    }
}
