package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.bench.ScaleCampaign;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign's programs as compare and report see them (issue 31): the store is read once, as it is opened, and a
 * program's text and inputs are read again, from its line alone, only when a verdict prints it. Compare used to read
 * the store twice (to open it, then in order to copy every text and input to a temporary file): about 10 % of compare
 * at 10^7 runs, for texts it mostly never printed.
 */
class ProgramTableTest {
    @TempDir
    Path tmp;

    /** The table of a store written from {@code programs} and opened with a {@link StorePass}. */
    private static ProgramTable table(Path dir, List<CampaignMeta.ProgramEntry> programs) {
        ProgramStore.write(dir, programs);
        StorePass pass = new StorePass();
        ProgramStore.Entries store =
                ProgramStore.open(dir, new ProgramStore.Info(ProgramStore.FILE, programs.size()), pass);
        return new ProgramTable(store, pass);
    }

    /** A campaign folder of {@code programs} programs with {@code inputs} inputs each, run on two platforms. */
    private Path campaign(int programs, int inputs) {
        return CampaignBuilder.write(
                tmp.resolve("c"),
                5,
                CampaignBuilder.programs(5, programs, inputs),
                List.of(CampaignBuilder.platform("gcc", "O0", "n"), CampaignBuilder.platform("gcc", "O2", "n")),
                CampaignBuilder::standard);
    }

    @Test
    void aProgramIsReadFromItsLineOnlyWhenAskedForAndOnceWhileAskedFor() {
        String longSource = "double compute(double x) {\n" + "  x += 1.0;\n".repeat(800) + "  return x;\n}\n";
        List<CampaignMeta.ProgramEntry> programs = List.of(
                new CampaignMeta.ProgramEntry(
                        "b0", null, Precision.FP64, "src b0", List.of(new Input(List.of("0x1p+0", "-0x1.8p-3")))),
                new CampaignMeta.ProgramEntry(
                        "a1",
                        null,
                        Precision.FP32,
                        longSource,
                        List.of(new Input(List.of("1")), new Input(List.of()), new Input(List.of("0x1.2p+7")))),
                new CampaignMeta.ProgramEntry("c2", null, null, null, List.of()),
                // a source Jackson binds (not ASCII): read back as bound
                new CampaignMeta.ProgramEntry(
                        "d3", null, Precision.FP64, "caf\u00e9 \"q\" \\ \t", List.of(new Input(List.of("1,2")))),
                // a second entry of an id: the first one is the program, as the store's look-up finds it
                new CampaignMeta.ProgramEntry("b0", null, Precision.FP64, "later b0", List.of()));
        ProgramTable t = table(tmp, programs);
        ProgramStore.Entries store = (ProgramStore.Entries) t.entries();
        assertEquals(0, store.linesRead(), "programs read after the read that opened the store");

        // asked in an order that is not the store's, each several times
        for (int round = 0; round < 3; round++) {
            assertEquals(longSource, t.source("a1"));
            assertEquals(new Input(List.of("0x1.2p+7")), t.input("a1", 2));
            assertEquals(new Input(List.of()), t.input("a1", 1));
            assertEquals(new Input(List.of("0x1p+0", "-0x1.8p-3")), t.input("b0", 0));
            assertEquals("src b0", t.source("b0"));
            assertEquals(new Input(List.of("1")), t.input("a1", 0));
            assertEquals("caf\u00e9 \"q\" \\ \t", t.source("d3"));
            assertEquals(new Input(List.of("1,2")), t.input("d3", 0));
            assertNull(t.input("a1", 3));
            assertNull(t.input("a1", -1));
            assertNull(t.source("c2"));
            assertNull(t.input("zz", 0));
        }
        assertEquals(4, store.linesRead(), "a1, b0, d3 and c2, each once");
        ProgramInfo a1 = t.get("a1");
        assertEquals(
                List.of(new Input(List.of("1")), new Input(List.of()), new Input(List.of("0x1.2p+7"))), a1.inputs());
        assertEquals(Precision.FP32, a1.precision());
        assertEquals(Precision.FP64, t.precision("c2"), "a program without a precision is FP64");
        assertNull(t.get("zz"));
        assertEquals(4, t.size());
    }

    /**
     * report.json asks for the input of every discrepancy, pair after pair, so a program is asked for again long after
     * it was held: then only the input asked for is read, not its line.
     */
    @Test
    void aProgramAskedForAgainAfterItWasLetGoHasOnlyTheInputAskedForRead() {
        List<CampaignMeta.ProgramEntry> programs = CampaignBuilder.programs(3, 12, 4);
        ProgramTable t = table(tmp, programs);
        ProgramStore.Entries store = (ProgramStore.Entries) t.entries();
        for (int sweep = 0; sweep < 3; sweep++) {
            for (CampaignMeta.ProgramEntry p : programs) {
                for (int k = 0; k < 4; k++) assertEquals(p.inputs().get(k), t.input(p.id(), k), p.id() + " " + k);
                assertNull(t.input(p.id(), 4));
            }
        }
        assertEquals(12, store.linesRead(), "each program's line read once");
        assertEquals(programs.get(7).source(), t.source(programs.get(7).id()));
        assertEquals(13, store.linesRead(), "a source is read from its checked line");
    }

    /** compare's load reads the store once, as it opens it, and binds none of its programs with Jackson. */
    @Test
    void compareReadsTheStoreOnceAsItOpensItAndAgainOnlyThePrintedPrograms() {
        Path dir = campaign(6, 3);
        CampaignView v = CampaignFiles.load(dir);
        ProgramStore.Entries store = (ProgramStore.Entries) ((ProgramTable) v.programs()).entries();
        assertEquals(0, store.linesRead(), "programs read after the read that opened the store");
        assertEquals(6, v.programs().size());
        List<CampaignMeta.ProgramEntry> programs = new ArrayList<>();
        for (CampaignMeta.ProgramEntry p : Campaign.loadMeta(dir).programEntries()) programs.add(p);
        for (CampaignMeta.ProgramEntry p : programs.reversed()) {
            assertEquals(p.source(), v.source(p.id()));
            for (int i = 0; i < 3; i++) assertEquals(p.inputs().get(i), v.input(p.id(), i));
            assertEquals(p.inputs().get(2), v.programs().get(p.id()).inputs().get(2));
        }
        assertEquals(6, store.linesRead());
        assertEquals(0, store.bound(), "programs bound with Jackson");
    }

    /**
     * A program read again must be the one the store was opened with: text edited in between (its hash no longer
     * matches) or another program at its place is one line, never a case shown with another program's text.
     */
    @Test
    void aStoreChangedAfterItWasOpenedIsRefusedWhenAProgramIsReadAgain() throws Exception {
        Path dir = campaign(3, 2);
        CampaignView v = CampaignFiles.load(dir);
        Path f = dir.resolve(ProgramStore.FILE);
        List<String> lines = Files.readAllLines(f);
        String id = lines.get(1).substring(7, 23);
        // one letter of its text changed: the line is as long as it was and where it was, only its text differs
        int at = lines.get(1).indexOf("\"source\":\"") + 10;
        char was = lines.get(1).charAt(at);
        assertTrue(Character.isLetter(was), lines.get(1));
        lines.set(
                1,
                lines.get(1).substring(0, at)
                        + (was == 'x' ? 'y' : 'x')
                        + lines.get(1).substring(at + 1));
        Files.write(f, lines);
        FparityError e = assertThrows(FparityError.class, () -> v.source(id));
        assertTrue(e.getMessage().startsWith(f + ": program " + id + ": recorded sha256 "), e.getMessage());
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "; the program store changed while it was read (a run writing to the campaign?); compare again"),
                e.getMessage());
    }

    /** A campaign read from its folder gives every program's text and inputs as its store holds them. */
    @Test
    void aCampaignFromItsFolderHasEveryInputAndSourceOfItsStore() throws Exception {
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
