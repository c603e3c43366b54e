package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.campaign.StoreLine;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison's copy of a store's programs: a program copied from its line's bytes reads back as the one copied
 * from the program Jackson binds, and compare's one read of a store binds none of its programs.
 */
class ProgramCopyTest {
    @TempDir
    Path tmp;

    @Test
    void aProgramCopiedFromItsLineReadsBackAsTheBoundProgram() {
        List<CampaignMeta.ProgramEntry> programs = List.of(
                new CampaignMeta.ProgramEntry(
                        "a",
                        null,
                        Precision.FP64,
                        "program fp64\n  \"x\" \\ y\t",
                        List.of(new Input(List.of("0x1p+0", "3")), new Input(List.of()), new Input(List.of("1,2")))),
                new CampaignMeta.ProgramEntry("b", null, null, null, List.of(new Input(List.of("")))),
                new CampaignMeta.ProgramEntry("c", null, Precision.FP32, "caf\u00e9", List.of()),
                new CampaignMeta.ProgramEntry("a", null, Precision.FP64, "another a", List.of()));
        ProgramStore.Entries store = ProgramStore.write(tmp, programs);
        ProgramCopy fromLines = new ProgramCopy();
        for (StoreLine l : store.lines()) fromLines.add(l);
        ProgramCopy fromEntries = new ProgramCopy();
        for (CampaignMeta.ProgramEntry p : store.once()) fromEntries.add(p);
        assertEquals(1, store.bound(), "only the non-ASCII source is bound");
        for (CampaignMeta.ProgramEntry p : programs.subList(0, 3)) {
            for (ProgramCopy copy : List.of(fromLines, fromEntries)) {
                assertEquals(p.source(), copy.source(p.id()), p.id());
                assertEquals(p.inputs(), copy.inputs(p.id()), p.id());
                for (int i = 0; i < p.inputs().size(); i++)
                    assertEquals(p.inputs().get(i), copy.input(p.id(), i));
                assertNull(copy.input(p.id(), p.inputs().size()));
            }
        }
        // the first program of an id is kept, as the store's look-up finds it
        assertEquals(programs.getFirst().source(), fromLines.source("a"));
        assertNull(fromLines.source("d"));
    }

    @Test
    void comparesOneReadOfAStoreBindsNoProgramWithJackson() {
        Path dir = CampaignBuilder.write(
                tmp.resolve("c"),
                5,
                CampaignBuilder.programs(5, 6, 3),
                List.of(CampaignBuilder.platform("gcc", "O0", "n"), CampaignBuilder.platform("gcc", "O2", "n")),
                CampaignBuilder::standard);
        Campaign c = Campaign.loadMeta(dir);
        CampaignView v = CampaignFiles.of(c);
        ProgramStore.Entries store = (ProgramStore.Entries) c.programEntries();
        assertEquals(0, store.bound());
        assertEquals(6, v.programs().size());
        for (CampaignMeta.ProgramEntry p : store) {
            assertEquals(p.source(), v.source(p.id()));
            assertEquals(p.inputs().get(2), v.programs().get(p.id()).inputs().get(2));
        }
    }
}
