package org.fparity.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.compare.CampaignView;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity report}: writes report.json, summary.md, report.html, junit.xml and metrics.txt for a campaign. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Write a campaign's report (report.json, summary.md, report.html, junit.xml, metrics.txt).")
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "Campaign folder (holds outcomes.jsonl).")
    Path campaign;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Folder to write into (default: reports/<campaign name>).")
    Path out;

    @Option(
            names = "--baseline",
            paramLabel = "OTHER",
            description = "Another campaign to diff against (new / disappeared / persisting).")
    Path baseline;

    @Option(
            names = "--strict",
            description =
                    "Refuse a --baseline that shares no program with CAMPAIGN or is CAMPAIGN itself (default: warn).")
    boolean strict;

    @Option(
            names = "--detail",
            description =
                    "summary.md with the per-pair tables, adjacency matrices, every top case with its source and how to make the campaign again (default: short: verdict, causes, top cases; report.html always has everything).")
    boolean detail;

    @Option(
            names = "--cases",
            paramLabel = "FILE",
            description =
                    "Also every case (one program on one input), one JSON object a line, into FILE: its results per platform, majority, odd ones out, unstable and failed platforms (report.json and report.html keep the aggregates and the top cases).")
    Path cases;

    @Option(
            names = "--discrepancies",
            paramLabel = "FILE",
            description =
                    "Also every discrepancy (pair × case), one JSON object a line with the fields of report.json's, into FILE (report.json lists every one up to 100,000, beyond that the top ones; its counts stay exact).")
    Path discrepancies;

    @picocli.CommandLine.Mixin
    AcceptanceOptions acceptance = new AcceptanceOptions();

    @Override
    public Integer call() {
        org.fparity.report.AcceptancePolicy policy = acceptance.policy();
        CampaignView view = CliCampaigns.load(campaign);
        CampaignView before = baseline == null ? null : CliCampaigns.load(baseline);
        if (before != null) CliCampaigns.checkBaseline(campaign, view, baseline, before, strict);
        Report r = Report.of(view, before).judged(policy, before == null ? null : Report.causesOf(before));
        Path dir = out != null ? out : ReportWriter.defaultDir(view);
        List<Path> written = ReportWriter.write(r, dir, detail, cases, discrepancies);
        var o = spec.commandLine().getOut();
        o.println(org.fparity.util.Names.printableText(r.headline()));
        for (Path p : written) o.println("wrote " + p);
        o.flush();
        return CliCampaigns.exitCode(r);
    }
}
