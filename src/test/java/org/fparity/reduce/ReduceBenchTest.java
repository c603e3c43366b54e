package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.DiscrepancyClass;
import org.fparity.compare.OutcomeClass;
import org.fparity.compare.Pair;
import org.fparity.compare.Platform;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.junit.jupiter.api.Test;

class ReduceBenchTest {
    @Test
    void pickTakesClassesInTurnAndLeavesOutProgramsBelowTheOperationFloor() {
        List<Program> programs = new Generator(Grammar.defaults(), 5).generate(Precision.FP64, 40);
        DiscrepancyClass[] classes = {DiscrepancyClass.NAN_INF, DiscrepancyClass.NUMBER_NUMBER};
        List<CampaignDiscrepancies.Entry> all = new ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            DiscrepancyClass cls = classes[i % 2];
            Discrepancy d = new Discrepancy("p" + i, 0, new Pair(new Platform("gcc", "O0"), new Platform("gcc", "O3_FM")), cls, OutcomeClass.NAN,
                    OutcomeClass.NUMBER, "nan", "0x1p+0", null, 0);
            all.add(new CampaignDiscrepancies.Entry("id" + i, d, p, new Input(List.of())));
        }
        int floor = Size.of(programs.get(0)).operations() + 1;
        long above = programs.stream().filter(p -> Size.of(p).operations() >= floor).count();
        assertTrue(above > 2 && above < programs.size(), "the seed gives programs on both sides of " + floor + " operations");

        List<CampaignDiscrepancies.Entry> any = ReduceBench.pick(all, 4);
        assertEquals(List.of("id0", "id1", "id2", "id3"), any.stream().map(CampaignDiscrepancies.Entry::id).toList(), "classes in turn, in list order");

        List<CampaignDiscrepancies.Entry> big = ReduceBench.pick(all, all.size(), floor);
        assertEquals(above, big.size());
        for (CampaignDiscrepancies.Entry e : big) assertTrue(Size.of(e.program()).operations() >= floor, e.id());
    }
}
