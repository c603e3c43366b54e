package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store {@link ProgramStore#fill} returns, indexed as it writes, reads like the same file opened afresh. */
class ProgramStoreFillTest {
    @TempDir
    Path tmp;

    private static List<CampaignMeta.ProgramEntry> programs(int n) {
        List<CampaignMeta.ProgramEntry> out = new ArrayList<>();
        CampaignPlan.generate(new CampaignPlan.Request(4, List.of(Precision.FP64), "fp64", n, 3, 200, null)).entries().forEach(out::add);
        return out;
    }

    @Test
    void aFilledStoreIsIndexedAsOpeningItWouldIndexIt() throws Exception {
        List<CampaignMeta.ProgramEntry> want = programs(150); // more than two of the chunks the store reads at a time
        ProgramStore.Entries filled = ProgramStore.fill(tmp, want, w -> {});
        ProgramStore.Entries opened = ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, want.size()));
        assertEquals(want, new ArrayList<>(filled));
        assertEquals(want, new ArrayList<>(opened));
        for (int i = want.size() - 1; i >= 0; i -= 7) {
            assertEquals(want.get(i), filled.get(i));
            assertEquals(i, filled.indexOf(want.get(i).id()));
            assertEquals(want.get(i), filled.find(want.get(i).id()));
        }
        assertEquals(-1, filled.indexOf("0123456789abcdef"));
    }

    @Test
    void aStoreResumedAfterATornLineIsIndexedAsOpeningItWouldIndexIt() throws Exception {
        List<CampaignMeta.ProgramEntry> want = programs(90);
        ProgramStore.fill(tmp, want.subList(0, 40), w -> {});
        Path f = tmp.resolve(ProgramStore.FILE);
        Files.writeString(f, "{\"id\":\"abc", java.nio.file.StandardOpenOption.APPEND);
        List<String> warnings = new ArrayList<>();
        ProgramStore.Entries filled = ProgramStore.fill(tmp, want, warnings::add);
        assertEquals(1, warnings.size(), warnings.toString());
        assertEquals(want, new ArrayList<>(filled));
        assertEquals(want, new ArrayList<>(ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, want.size()))));
        for (CampaignMeta.ProgramEntry e : want) assertEquals(e, filled.find(e.id()));
    }
}
