package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import org.fparity.bench.ScaleCampaign;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What export, import and merge keep in memory does not grow with a campaign's programs and runs (issue 31: peak
 * resident memory flat from 10^6 to 10^7 runs at -Xmx512m). Measured on bench scale's 10^6-run campaign with heap
 * histograms: export kept every chunk of the program store it had read (softly, so until the heap was full), import
 * every program as a JSON tree until the end, merge every program's text and inputs.
 */
class BoundedTransferTest {
    @TempDir
    Path tmp;

    @Test
    void exportReadsTheProgramStoreInOrderWithoutKeepingItsChunks() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 200, 3, 5);
        Path site = w.sites().getFirst();
        CampaignMeta meta = Campaign.readMeta(site);
        ProgramStore.Entries store = (ProgramStore.Entries) meta.programs();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        CampaignExport.Result r = CampaignExport.write(meta, "alpha", site, sink, "test", null);
        assertEquals(200, r.programs());
        // 200 programs are 4 chunks of 64: the old export kept all 4 (softly: until the heap was full)
        assertEquals(0, store.chunksHeld(), "chunks of the store held after the export");
        // the same document as an export of the same programs held in memory
        ByteArrayOutputStream held = new ByteArrayOutputStream();
        CampaignExport.write(meta.withPrograms(java.util.List.copyOf(store), null), "alpha", site, held, "test", null);
        assertEquals(
                held.toString(java.nio.charset.StandardCharsets.UTF_8),
                sink.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void importWritesEachProgramToTheStoreBeforeTheOutcomesInsteadOfHoldingThem() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 200, 3, 5);
        Path site = w.sites().getFirst();
        Path imported = tmp.resolve("imported");
        Path export = tmp.resolve("alpha.fparity.json");
        CampaignExport.export(site, export, "test", null);
        java.util.List<Long> storedBeforeOutcomes = new java.util.ArrayList<>();
        var hook = CampaignImport.beforeOutcomes;
        try {
            CampaignImport.beforeOutcomes = dir -> {
                try (var lines = java.nio.file.Files.lines(dir.resolve(ProgramStore.FILE))) {
                    storedBeforeOutcomes.add(lines.count());
                } catch (java.io.IOException e) {
                    storedBeforeOutcomes.add(-1L); // the old import wrote the store only at the end
                }
            };
            CampaignImport.Result r = CampaignImport.importTo(export, imported);
            assertEquals(200, r.programs());
        } finally {
            CampaignImport.beforeOutcomes = hook;
        }
        assertEquals(java.util.List.of(200L), storedBeforeOutcomes, "programs in the store as the outcomes start");
        // the imported store is the exported one, byte for byte, and the folder exports to the same document
        assertEquals(
                -1L,
                java.nio.file.Files.mismatch(site.resolve(ProgramStore.FILE), imported.resolve(ProgramStore.FILE)));
        // imported under its own name, it exports to the same document
        Path back = tmp.resolve("back").resolve(site.getFileName());
        CampaignImport.importTo(export, back);
        Path again = tmp.resolve("again.fparity.json");
        CampaignExport.export(back, again, "test", null);
        assertEquals(-1L, java.nio.file.Files.mismatch(export, again));
    }
}
