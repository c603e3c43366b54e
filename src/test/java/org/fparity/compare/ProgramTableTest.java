package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import org.fparity.bench.ScaleCampaign;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign's programs as compare and report see them (issue 31): looked up in the copy made in the one ordered read
 * of the store, never in the store. The store is read a chunk of 64 programs at a time; report.json looked every
 * discrepancy's input up in it in case order, not the store's, re-reading a chunk per look-up, and at 10^7 runs did
 * not finish.
 */
class ProgramTableTest {
    /** A store that counts how often a program is read from it. */
    private static final class CountingStore extends AbstractList<CampaignMeta.ProgramEntry> {
        final List<CampaignMeta.ProgramEntry> entries;
        int reads;

        CountingStore(List<CampaignMeta.ProgramEntry> entries) {
            this.entries = entries;
        }

        @Override
        public CampaignMeta.ProgramEntry get(int i) {
            reads++;
            return entries.get(i);
        }

        @Override
        public int size() {
            return entries.size();
        }
    }

    @Test
    void lookUpsReadTheCopyMadeInTheOrderedReadNeverTheStore() {
        String longSource = "double compute(double x) {\n" + "  x += 1.0;\n".repeat(800) + "  return x;\n}\n";
        CountingStore store = new CountingStore(List.of(
                new CampaignMeta.ProgramEntry(
                        "b0", "h", Precision.FP64, "src b0", List.of(new Input(List.of("0x1p+0", "-0x1.8p-3")))),
                new CampaignMeta.ProgramEntry(
                        "a1",
                        "h",
                        Precision.FP32,
                        longSource,
                        List.of(new Input(List.of("1")), new Input(List.of()), new Input(List.of("0x1.2p+7")))),
                new CampaignMeta.ProgramEntry("c2", "h", null, null, List.of()),
                // a second entry of an id: the first one is the program, as the store's look-up finds it
                new CampaignMeta.ProgramEntry("b0", "h", Precision.FP64, "later b0", List.of())));
        ProgramCopy copy = new ProgramCopy();
        for (CampaignMeta.ProgramEntry p : store) copy.add(p);
        ProgramTable t = new ProgramTable(store, Map.of("b0", Precision.FP64, "a1", Precision.FP32), copy);
        int afterTheOrderedRead = store.reads;

        // asked in an order that is not the store's, each several times
        for (int round = 0; round < 3; round++) {
            assertEquals(longSource, t.source("a1"));
            assertEquals(new Input(List.of("0x1.2p+7")), t.input("a1", 2));
            assertEquals(new Input(List.of()), t.input("a1", 1));
            assertEquals(new Input(List.of("0x1p+0", "-0x1.8p-3")), t.input("b0", 0));
            assertEquals("src b0", t.source("b0"));
            assertEquals(new Input(List.of("1")), t.input("a1", 0));
            assertNull(t.input("a1", 3));
            assertNull(t.input("a1", -1));
            assertNull(t.source("c2"));
            assertNull(t.input("zz", 0));
        }
        ProgramInfo a1 = t.get("a1");
        assertEquals(
                List.of(new Input(List.of("1")), new Input(List.of()), new Input(List.of("0x1.2p+7"))), a1.inputs());
        assertEquals(Precision.FP32, a1.precision());
        assertEquals(0, store.reads - afterTheOrderedRead, "programs read from the store after its one ordered read");
    }

    /** A campaign read from its folder gives every program's text and inputs as its store holds them. */
    @Test
    void aCampaignFromItsFolderHasEveryInputAndSourceOfItsStore(@TempDir Path tmp) throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 30, 7, 3);
        Path dir = w.sites().getFirst();
        CampaignView view = CampaignFiles.load(dir);
        int programs = 0;
        for (CampaignMeta.ProgramEntry p : Campaign.loadMeta(dir).programEntries()) {
            programs++;
            assertEquals(p.source(), view.source(p.id()));
            for (int i = 0; i < p.inputs().size(); i++) assertEquals(p.inputs().get(i), view.input(p.id(), i));
            assertNull(view.input(p.id(), p.inputs().size()));
        }
        assertEquals(30, programs);
    }
}
