package org.fparity.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.fparity.campaign.Campaign;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.run.CampaignPlan;
import org.fparity.run.CampaignRunner;
import org.fparity.run.ExistingCampaign;
import org.fparity.run.Sites;
import org.fparity.run.ToolchainChoice;

/** {@code fparity run --cluster a,b}: the sites of the named cluster profiles, for the same pipeline as a run here. */
final class ClusterRun {
    private ClusterRun() {}

    /** {@code plan}: a new campaign's programs; or {@code existing}: the campaign whose programs and inputs run again (imported, earlier). */
    static int run(
            RunCommand cmd,
            CampaignPlan plan,
            Campaign existing,
            Path dir,
            Toolchains tcs,
            PrintWriter o,
            PrintStream err)
            throws Exception {
        Clusters profiles = Clusters.load(Clusters.defaultDir(), System.getenv());
        List<CampaignRunner.Site> sites = new ArrayList<>();
        List<Toolchain> all = new ArrayList<>();
        int workers = cmd.jobs != null ? cmd.jobs : Runtime.getRuntime().availableProcessors();
        List<ClusterProfile> chosen = new ArrayList<>();
        for (String name : new LinkedHashSet<>(cmd.clusters)) chosen.add(profiles.get(name.strip()));
        for (ClusterProfile p : chosen)
            for (Toolchain t : Sites.toolchains(p, tcs, cmd.toolchains)) if (!all.contains(t)) all.add(t);
        List<DetectedToolchain> undetected = all.stream().map(Sites::undetected).toList();
        List<String> optLevels = ToolchainChoice.optLevels(undetected, cmd.opts);
        CampaignRunner.Spec runSpec = existing != null
                ? ExistingCampaign.spec(existing, Main.VERSION, undetected, optLevels, cmd.batch)
                : plan.spec(Main.VERSION, undetected, optLevels);
        List<SiteExecutor> open = new ArrayList<>();
        try {
            for (ClusterProfile p : chosen) {
                SiteExecutor ex = Sites.open(p, dir, workers, s -> err.println("fparity: " + s));
                open.add(ex);
                sites.add(new CampaignRunner.Site(ex, Sites.toolchains(p, tcs, cmd.toolchains)));
            }
            err.println("fparity: " + runSpec.programs().size() + " programs at "
                    + String.join(
                            ", ", chosen.stream().map(ClusterProfile::name).toList()) + " into " + dir);
            return cmd.pipeline(dir, runSpec, sites, true, o, err);
        } finally {
            for (SiteExecutor ex : open) ex.close();
        }
    }
}
