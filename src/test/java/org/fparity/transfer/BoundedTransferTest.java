package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.lang.ref.WeakReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;
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

    @Test
    void mergeKeepsNoProgramOfItsInputsWhileItMergesTheirLogs() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 200, 3, 5);
        Path reference = tmp.resolve("reference");
        CampaignMerge.merge(w.sites(), reference);
        // every program the inputs hand out is a fresh copy, watched weakly: what is still reachable once the
        // programs are matched is what the merge keeps
        List<WeakReference<CampaignMeta.ProgramEntry>> handedOut = new ArrayList<>();
        List<Integer> alive = new ArrayList<>();
        var programsOf = CampaignMerge.programsOf;
        var beforeLog = CampaignMerge.beforeLog;
        try {
            CampaignMerge.programsOf = programs -> new Watched(programs, handedOut);
            CampaignMerge.beforeLog = file -> alive.add(alive(handedOut));
            CampaignMerge.merge(w.sites(), tmp.resolve("merged"));
        } finally {
            CampaignMerge.programsOf = programsOf;
            CampaignMerge.beforeLog = beforeLog;
        }
        assertTrue(handedOut.size() >= 400, "programs read: " + handedOut.size());
        // the old merge kept the text and inputs of all 200 programs (the first site's) until the end
        assertEquals(List.of(0, 0, 0), alive, "programs of the inputs reachable as each log is merged");
        for (String f : List.of("campaign.json", ProgramStore.FILE, "outcomes.jsonl", "reruns-1.jsonl"))
            assertEquals(
                    -1L,
                    Files.mismatch(reference.resolve(f), tmp.resolve("merged").resolve(f)),
                    f);
    }

    /**
     * merge matches programs by what the read that opens each input's store gathers (an id and a hash a program), and
     * reads each store once more, from its lines' bytes, as it writes the merged store. It used to bind every program
     * with Jackson twice after opening (once to match, once to write): 46.5 CPU-s at 10^7 runs against 41.5 before
     * merge stopped holding programs.
     */
    @Test
    void mergeReadsEachStoreOnceAfterOpeningItAndBindsNoProgram() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 200, 3, 5);
        List<ProgramStore.Entries> stores = new ArrayList<>();
        var programsOf = CampaignMerge.programsOf;
        try {
            CampaignMerge.programsOf = programs -> {
                stores.add((ProgramStore.Entries) programs);
                return programs;
            };
            CampaignMerge.merge(w.sites(), tmp.resolve("merged"));
        } finally {
            CampaignMerge.programsOf = programsOf;
        }
        assertEquals(2, stores.size());
        for (ProgramStore.Entries s : stores) {
            assertEquals(200, s.linesRead(), s.file() + ": programs read after it was opened");
            assertEquals(0, s.bound(), s.file() + ": programs bound with Jackson");
        }
    }

    /** An input listing the same programs in another order is read a program at a time: the same merged campaign. */
    @Test
    void mergeOfAnInputWithItsProgramsInReverseOrderGivesTheSameCampaign() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 150, 3, 5);
        Path beta = w.sites().get(1);
        Path reversed = tmp.resolve("reversed").resolve(beta.getFileName());
        Files.createDirectories(reversed);
        try (var files = Files.list(beta)) {
            for (Path f : files.toList()) Files.copy(f, reversed.resolve(f.getFileName()));
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(beta.resolve(ProgramStore.FILE)));
        java.util.Collections.reverse(lines);
        Files.write(reversed.resolve(ProgramStore.FILE), lines);
        CampaignMerge.merge(w.sites(), tmp.resolve("merged"));
        CampaignMerge.Result r = CampaignMerge.merge(List.of(w.sites().getFirst(), reversed), tmp.resolve("again"));
        assertEquals(150, r.programs());
        for (String f : List.of("campaign.json", ProgramStore.FILE, "outcomes.jsonl", "reruns-1.jsonl"))
            assertEquals(
                    -1L,
                    Files.mismatch(
                            tmp.resolve("merged").resolve(f),
                            tmp.resolve("again").resolve(f)),
                    f);
    }

    private static int alive(List<WeakReference<CampaignMeta.ProgramEntry>> refs) {
        for (int i = 0; i < 3; i++) System.gc();
        int n = 0;
        for (WeakReference<CampaignMeta.ProgramEntry> r : refs) if (r.get() != null) n++;
        return n;
    }

    /** A campaign's programs handed out as fresh copies, each watched by a weak reference. */
    private static final class Watched extends AbstractList<CampaignMeta.ProgramEntry> {
        private final List<CampaignMeta.ProgramEntry> programs;
        private final List<WeakReference<CampaignMeta.ProgramEntry>> handedOut;

        Watched(List<CampaignMeta.ProgramEntry> programs, List<WeakReference<CampaignMeta.ProgramEntry>> handedOut) {
            this.programs = programs;
            this.handedOut = handedOut;
        }

        @Override
        public CampaignMeta.ProgramEntry get(int i) {
            CampaignMeta.ProgramEntry e = programs.get(i);
            CampaignMeta.ProgramEntry copy = new CampaignMeta.ProgramEntry(
                    e.id(), e.sha256(), e.precision(), new String(e.source()), new ArrayList<>(e.inputs()));
            handedOut.add(new WeakReference<>(copy));
            return copy;
        }

        @Override
        public int size() {
            return programs.size();
        }
    }
}
