package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The build lines of {@code fparity show CAMPAIGN ID} are for pasting: what the campaign file says is quoted, never run. */
class CaseReproducerTest {
    @TempDir
    Path tmp;

    @Test
    void theCampaignsCompileArgvIsShellQuoted() {
        // what another cluster's export can put in a platform's argv
        CampaignMeta.PlatformRecord hostile = new CampaignMeta.PlatformRecord(
                "gcc@O0@local-1",
                "gcc",
                "O0",
                "local",
                null,
                "C",
                "gcc 12",
                List.of("gcc", "-O0", "$(touch pwned)", "`id`", "a;b", "{src}", "-o", "{bin}", "-lm"),
                List.of("{bin}"),
                Map.of(),
                "h",
                Map.of());
        List<CampaignMeta.ProgramEntry> programs = CampaignBuilder.programs(5, 1, 1);
        Path dir = CampaignBuilder.write(tmp.resolve("c"), 5, programs, List.of(hostile), CampaignBuilder::standard);
        String c = CaseReproducer.c(Campaign.load(dir), programs.getFirst().id(), 0, null);
        assertTrue(
                c.contains(" *   gcc@O0: gcc -O0 '$(touch pwned)' '`id`' 'a;b' repro.c -o repro -lm && ./repro\n"),
                c.substring(0, 800));
    }
}
