package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Precision;
import org.fparity.run.CampaignPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store {@link ProgramStore#fill} returns, indexed as it writes, reads like the same file opened afresh. */
class ProgramStoreFillTest {
    @TempDir
    Path tmp;

    private static List<CampaignMeta.ProgramEntry> programs(int n) {
        List<CampaignMeta.ProgramEntry> out = new ArrayList<>();
        CampaignPlan.generate(new CampaignPlan.Request(4, List.of(Precision.FP64), "fp64", n, 3, 200, null))
                .entries()
                .forEach(out::add);
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
        assertEquals(
                want, new ArrayList<>(ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, want.size()))));
        for (CampaignMeta.ProgramEntry e : want) assertEquals(e, filled.find(e.id()));
    }

    /**
     * The store reads back whatever it writes: a line just under MAX_LINE_BYTES (15 MB of source) round-trips, and
     * one over it (17 MB: Jackson reads strings up to 20 million characters, so a 25 MB line used to be written and
     * then refused as "damaged") is refused when written, in one line, and the store keeps the lines before it.
     */
    @Test
    void theStoreReadsBackWhatItWritesAndRefusesALineItCouldNotRead() {
        List<CampaignMeta.ProgramEntry> two = programs(2);
        CampaignMeta.ProgramEntry big = new CampaignMeta.ProgramEntry(
                "00000000000000a1", "a1", Precision.FP64, "x".repeat(15_000_000), List.of());
        ProgramStore.fill(tmp, List.of(two.get(0), big), w -> {});
        ProgramStore.Entries read = ProgramStore.open(tmp, new ProgramStore.Info(ProgramStore.FILE, 2));
        assertEquals(15_000_000, read.get(1).source().length());
        assertEquals(big, read.get(1));

        Path other = tmp.resolve("other");
        assertEquals(other, org.junit.jupiter.api.Assertions.assertDoesNotThrow(() -> Files.createDirectories(other)));
        CampaignMeta.ProgramEntry huge = new CampaignMeta.ProgramEntry(
                "00000000000000a2", "a2", Precision.FP64, "x".repeat(17_000_000), List.of());
        org.fparity.FparityError e = org.junit.jupiter.api.Assertions.assertThrows(
                org.fparity.FparityError.class,
                () -> ProgramStore.fill(other, List.of(two.get(0), huge, two.get(1)), w -> {}));
        assertEquals(
                "program 00000000000000a2 with its 0 inputs takes 17,000,083 bytes as a line of the program store, which holds lines of up to 16,777,216 bytes (16 MiB): use fewer --inputs",
                e.getMessage());
        assertEquals(2, e.exitCode());
        assertEquals(
                List.of(two.get(0)),
                new ArrayList<>(ProgramStore.open(other, new ProgramStore.Info(ProgramStore.FILE, 1))));
    }
}
