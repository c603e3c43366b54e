package org.fparity.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.transfer.CampaignMerge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity merge}: campaigns of the same programs run on different clusters, as one campaign. */
@Command(
        name = "merge",
        mixinStandardHelpOptions = true,
        description =
                "Merge campaigns (the same programs run elsewhere) into one whose platforms come from all; conflicting results are refused, never overwritten.")
public final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "CAMPAIGN", description = "Campaign folders (import exports first).")
    List<Path> campaigns;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "New campaign folder.")
    Path out;

    @Override
    public Integer call() {
        CampaignMerge.Result r = CampaignMerge.merge(campaigns, out);
        var o = spec.commandLine().getOut();
        o.println("merged " + campaigns.size() + " campaigns into " + r.campaign() + ": " + r.programs() + " programs, "
                + r.platforms() + " platforms, " + r.outcomes() + " outcomes"
                + (r.duplicates() > 0 ? " (" + r.duplicates() + " runs present in more than one, kept once)" : ""));
        if (!r.partial().isEmpty()) {
            o.println(r.partial().size()
                    + " programs are not in every campaign (kept; their other platforms have no outcome):");
            int shown = 0;
            for (var e : r.partial().entrySet()) {
                if (shown++ == 20) {
                    o.println("  … " + (r.partial().size() - 20) + " more");
                    break;
                }
                o.println("  " + e.getKey() + " only in " + String.join(", ", e.getValue()));
            }
        }
        o.flush();
        return ExitCode.OK.code();
    }
}
