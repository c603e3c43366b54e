package org.fparity.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.transfer.CampaignExport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity export}: a campaign as one self-checking JSON file for another cluster. */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description =
                "Write a campaign (programs, inputs, grammar, platforms, outcomes) as one JSON document with hashes and a digest; gzip if FILE ends in .gz.")
public final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "Campaign folder.")
    Path campaign;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where to write (default: <campaign name>.fparity.json.gz; .gz means gzip).")
    Path out;

    @Option(
            names = "--timestamp",
            description =
                    "Record the time of the export in the file; without it two exports of one campaign are the same bytes.")
    boolean timestamp;

    @Override
    public Integer call() {
        Path file = out != null
                ? out
                : Path.of(campaign.toAbsolutePath().normalize().getFileName() + ".fparity.json.gz");
        CampaignExport.Result r = CampaignExport.export(campaign, file, Main.VERSION, timestamp ? Instant.now() : null);
        var o = spec.commandLine().getOut();
        o.println("exported " + r.programs() + " programs, " + r.platforms() + " platforms, " + r.outcomes()
                + " outcomes to " + r.file() + " (" + r.bytes() + " bytes, " + r.digest() + ")");
        o.flush();
        return ExitCode.OK.code();
    }
}
