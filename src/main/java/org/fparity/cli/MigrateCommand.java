package org.fparity.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.fparity.campaign.CompactLogs;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity migrate}: a campaign written by an older fparity, in this one's layout (compact outcome logs). */
@Command(
        name = "migrate",
        mixinStandardHelpOptions = true,
        description =
                "Rewrite a campaign made by an older fparity in this one's layout: outcome logs compact (about 50 bytes a run instead of 230). Not needed to read it; older fparity versions refuse it afterwards.")
public final class MigrateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "CAMPAIGN", description = "Campaign folder.")
    Path campaign;

    @Override
    public Integer call() {
        CompactLogs.Result r = CompactLogs.migrate(campaign);
        var o = spec.commandLine().getOut();
        o.println(String.format(
                Locale.ROOT,
                "migrated %s from layout %d: %s, %,d bytes now %,d",
                campaign,
                r.layoutBefore(),
                String.join(", ", r.files()),
                r.bytesBefore(),
                r.bytesAfter()));
        o.flush();
        return org.fparity.ExitCode.OK.code();
    }
}
