package org.fparity.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.concurrent.Callable;
import org.fparity.FparityError;
import org.fparity.compare.BaselineDiff;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.CrossSite;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.compare.PairSelection;
import org.fparity.exec.Platform;
import org.fparity.report.CrossSiteText;
import org.fparity.report.Report;
import org.fparity.report.ReportWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code fparity compare}: prints discrepancy counts per class and opt level and the adjacency matrices. A campaign
 * that ran at several sites (a merge of clusters' exports) is shown across sites by default, each discrepancy with the
 * side the correctly rounded reference agrees with.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Compare a campaign's outcomes across toolchains and opt levels and print the tables. A campaign from several sites "
                        + "shows only pairs across sites (the same toolchain and opt level at two sites) by default, with which side the correctly rounded reference agrees with; "
                        + "--all-pairs shows every pair.")
public final class CompareCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "Campaign folder (holds outcomes.jsonl).")
    Path campaign;

    @Option(
            names = "--pair",
            paramLabel = "A:B",
            description =
                    "Only this pair: two toolchains (gcc:clang-19, every opt level both ran) or two platforms (gcc@O0:gcc@O3_FM).")
    String pair;

    @Option(
            names = "--baseline",
            paramLabel = "OTHER",
            description = "Another campaign (last night's, another cluster's): show what is new, gone, persisting.")
    Path baseline;

    @Option(
            names = "--all-pairs",
            description =
                    "Every pair, also within a site; without it a campaign from several sites shows only the same toolchain and opt level at two sites.")
    boolean allPairs;

    @Option(
            names = "--reference-rows",
            paramLabel = "N",
            defaultValue = "50",
            description =
                    "Cross-site discrepancies listed with the reference's verdict; the counts cover all (default: ${DEFAULT-VALUE}).")
    int referenceRows;

    @Option(
            names = "--strict",
            description =
                    "Refuse a --baseline that shares no program with CAMPAIGN or is CAMPAIGN itself (default: warn).")
    boolean strict;

    @Option(
            names = "--detail",
            description =
                    "Also the per-pair tables (runs, classes per opt level, adjacency matrices), the top discrepancies per pair and every run that ended differently (default: the verdict, causes and top cases).")
    boolean detail;

    @picocli.CommandLine.Mixin
    AcceptanceOptions acceptance = new AcceptanceOptions();

    @Override
    public Integer call() {
        org.fparity.report.AcceptancePolicy policy = acceptance.policy();
        if (pair != null && allPairs) throw new FparityError("--pair and --all-pairs exclude each other");
        if (referenceRows < 0) throw new FparityError("--reference-rows must be >= 0");
        CampaignView view = CliCampaigns.load(campaign);
        Set<Platform> present = Comparer.platforms(view.outcomes());
        SortedSet<String> sites = PairSelection.sites(present);
        List<Pair> across =
                pair == null && !allPairs && sites.size() > 1 ? PairSelection.crossSite(present) : List.of();
        // no toolchain ran at two sites: nothing to hold the sites to each other, so every pair is shown (and said so)
        boolean crossSite = !across.isEmpty();
        boolean noSharedToolchain = pair == null && !allPairs && sites.size() > 1 && across.isEmpty();
        List<Pair> pairs =
                pair != null ? PairSelection.parse(pair, present) : crossSite ? across : PairSelection.all(present);
        // --pair: cases, health and ranking are counted over the pair's platforms, not every platform of the campaign.
        Set<Platform> mine = new java.util.HashSet<>();
        for (Pair p : pairs) mine.addAll(List.of(p.a(), p.b()));
        if (pair != null) view = view.only(mine);
        // without a baseline the verdict is gathered in the comparison's own walk of the cases (one read of them)
        Comparer.Compared both = baseline == null ? Comparer.withVerdict(view, pairs) : null;
        Findings now = both != null ? both.findings() : Comparer.compare(view, pairs);
        BaselineDiff diff = null;
        CampaignView before = null;
        if (baseline != null) {
            before = CliCampaigns.load(baseline);
            if (pair != null) before = before.only(mine);
            CliCampaigns.checkBaseline(campaign, view, baseline, before, strict);
            diff = BaselineDiff.of(before.name(), view, now, Comparer.compare(before, pairs, false));
        }
        var out = spec.commandLine().getOut();
        if (crossSite) {
            out.println("Cross-site view: " + pairs.size() + " pairs, each the " + CrossSite.MEANING + " ("
                    + String.join(", ", sites) + "); --all-pairs for every pair");
        } else if (noSharedToolchain) {
            out.println("Cross-site view: no toolchain ran at two of the sites " + String.join(", ", sites)
                    + " at the same opt level, so every pair is shown");
        }
        Report made = both != null
                ? new Report(
                        view,
                        now,
                        null,
                        java.time.Instant.now(),
                        java.util.UUID.randomUUID().toString(),
                        both.verdict())
                : Report.of(view, now, diff);
        Report r = made.judged(policy, before == null ? null : Report.causesOf(before));
        // names come from campaign files, perhaps another cluster's: never a raw escape sequence to the terminal
        out.print(org.fparity.util.Names.printableText(ReportWriter.text(r, detail)));
        CrossSite.Judged acrossVerdicts = r.crossSite();
        if (acrossVerdicts.judged() > 0 || crossSite)
            out.print(org.fparity.util.Names.printableText(CrossSiteText.render(acrossVerdicts, referenceRows)));
        out.flush();
        return CliCampaigns.exitCode(r);
    }
}
