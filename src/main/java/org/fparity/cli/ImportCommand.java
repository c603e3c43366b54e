package org.fparity.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.transfer.CampaignImport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity import}: an exported campaign back into a campaign folder, checked; never builds or runs. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description =
                "Read an exported campaign into a new campaign folder, checking schema, program hashes and the digest; nothing is written unless all pass.")
public final class ImportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "An export (plain or gzip).")
    Path file;

    @Option(
            names = "--out",
            paramLabel = "CAMPAIGN",
            description = "New campaign folder (default: campaigns/<the exported campaign's name>).")
    Path out;

    @Override
    public Integer call() {
        // the export's name is checked to be one path element (CampaignImport.name): the default stays in campaigns/
        Path target = out != null ? out : CampaignImport.defaultTarget(file);
        CampaignImport.Result r = CampaignImport.importTo(file, target);
        var o = spec.commandLine().getOut();
        o.println("imported " + r.programs() + " programs, " + r.platforms() + " platforms, " + r.outcomes()
                + " outcomes into " + r.campaign() + " (schema " + r.schema() + ", " + r.digest() + " verified)");
        o.flush();
        return ExitCode.OK.code();
    }
}
