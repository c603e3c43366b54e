package org.fparity.cli;

import java.nio.file.Path;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;

/** Loads a campaign for compare/report and records which fparity made the report (the campaign may be older). */
final class CliCampaigns {
    private CliCampaigns() {}

    /**
     * Says on stderr what is suspicious about this baseline (no program in common, the campaign itself); with
     * {@code strict} that refuses the comparison instead (exit 2).
     */
    static void checkBaseline(Path dir, CampaignView tonight, Path baselineDir, CampaignView baseline, boolean strict) {
        for (String w : org.fparity.compare.BaselineDiff.warnings(dir, tonight, baselineDir, baseline)) {
            if (strict) throw new org.fparity.FparityError(w + " (--strict refuses this)");
            System.err.println("fparity: warning: " + w);
        }
    }

    /** The exit code of a command that compared a campaign (run, compare, report): {@link org.fparity.report.Report#exitCode}. */
    static int exitCode(org.fparity.report.Report r) {
        return r.exitCode().code();
    }

    /** The help line of the findings rule above, for run, compare and report. */
    static final String FINDINGS_EXIT =
            "Exits 1 when cases disagree or runs ended differently (with --baseline: new ones only), 3 when nothing could be "
                    + "compared because a toolchain cannot run here, 0 when nothing was found.";

    static CampaignView load(Path dir) {
        return withReportVersion(CampaignFiles.load(dir));
    }

    /** As {@link #load(Path)}, of a campaign the command already holds. */
    static CampaignView load(org.fparity.campaign.Campaign c) {
        return withReportVersion(CampaignFiles.of(c));
    }

    private static CampaignView withReportVersion(CampaignView v) {
        return org.fparity.pipeline.Pipeline.stamped(v, Main.VERSION);
    }

    /** An existing campaign folder to add runs to ({@code run --campaign}); a missing one is a one-line error. */
    static org.fparity.campaign.Campaign existing(Path dir) {
        if (!java.nio.file.Files.isDirectory(dir)) {
            throw new org.fparity.FparityError(
                    "--campaign " + dir + ": no such folder (expected a campaign with campaign.json)");
        }
        return org.fparity.campaign.Campaign.load(dir);
    }
}
