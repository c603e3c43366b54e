package org.fparity.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.compare.BaselineDiff;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.compare.PairSelection;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity compare}: prints discrepancy counts per class and opt level and the adjacency matrices. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compare a campaign's outcomes across toolchains and opt levels and print the tables.")
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "Campaign folder (holds outcomes.jsonl).")
    Path campaign;

    @Option(names = "--pair", paramLabel = "A:B",
            description = "Only this pair: two toolchains (gcc:clang-19, every opt level both ran) or two platforms (gcc@O0:gcc@O3_FM).")
    String pair;

    @Option(names = "--baseline", paramLabel = "OTHER", description = "Another campaign (last night's, another cluster's): show what is new, gone, persisting.")
    Path baseline;

    @Option(names = "--strict", description = "Refuse a --baseline that shares no program with CAMPAIGN or is CAMPAIGN itself (default: warn).")
    boolean strict;

    @Override
    public Integer call() {
        CampaignView view = CliCampaigns.load(campaign);
        List<Pair> pairs = pair == null ? PairSelection.all(Comparer.platforms(view.outcomes())) : PairSelection.parse(pair, Comparer.platforms(view.outcomes()));
        Findings now = Comparer.compare(view, pairs);
        BaselineDiff diff = null;
        if (baseline != null) {
            CampaignView before = CliCampaigns.load(baseline);
            CliCampaigns.checkBaseline(campaign, view, baseline, before, strict);
            diff = BaselineDiff.of(before.name(), view, now, Comparer.compare(before, pairs));
        }
        Report r = Report.of(view, now, diff);
        spec.commandLine().getOut().print(ReportWriter.text(r));
        spec.commandLine().getOut().flush();
        return CliCampaigns.exitCode(r);
    }
}
