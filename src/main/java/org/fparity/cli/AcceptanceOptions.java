package org.fparity.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.report.AcceptancePolicy;
import picocli.CommandLine.Option;

/** The acceptance policy options {@code compare}, {@code report} and {@code run} share: a policy file and its shortcuts. */
final class AcceptanceOptions {
    @Option(
            names = "--policy",
            paramLabel = "FILE",
            description =
                    "Acceptance policy (JSON): Number–Number gaps accepted per platform pair (\"ulps\", \"relative\"), root causes a site expects "
                            + "(by key or pattern); accepted findings stay in the report, they do not make the verdict red.")
    Path policy;

    @Option(
            names = "--accept-ulps",
            paramLabel = "N",
            description = "Accept Number–Number gaps of at most N ULPs on every pair the policy file does not name.")
    Long ulps;

    @Option(
            names = "--accept-relative",
            paramLabel = "R",
            description =
                    "Accept Number–Number gaps of relative error at most R on every pair the policy file does not name.")
    Double relative;

    @Option(
            names = "--expect-cause",
            paramLabel = "KEY",
            description = "Accept this root cause (its key as report.json's causes list it); repeatable.")
    List<String> causes = new ArrayList<>();

    /** The policy these options give: the file's rules, then the options'; {@link AcceptancePolicy#NONE} when none is given. */
    AcceptancePolicy policy() {
        AcceptancePolicy p = policy == null ? AcceptancePolicy.NONE : AcceptancePolicy.load(policy);
        return p.withOptions(ulps, relative, causes);
    }
}
