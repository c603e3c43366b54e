package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/** A batch's programs are parsed once for all its toolchains, and each toolchain's text is what a fresh emitter writes. */
class EmittersTest {
    @Test
    void aBatchIsParsedOnceForAllItsToolchainsAndEmitsTheSameText() {
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>();
        CampaignPlan.generate(new CampaignPlan.Request(11, List.of(Precision.FP64), "fp64", 12, 2, 200, null)).entries().forEach(entries::add);
        List<String> ids = entries.stream().map(CampaignMeta.ProgramEntry::id).toList();
        Map<String, Program> parsed = new LinkedHashMap<>();
        for (CampaignMeta.ProgramEntry e : entries) parsed.put(e.id(), Program.parse(e.source()));

        Emitters.OfEntries all = (Emitters.OfEntries) Emitters.ofEntries(entries);
        Emitters.BatchPrograms programs = all.forBatch(entries);
        List<Toolchain> tcs = List.of(Fixtures.shipped().get("gcc"), Fixtures.shipped().get("java"));
        List<BatchEmitter> emitters = new ArrayList<>();
        for (Toolchain tc : tcs) emitters.add(programs.apply(Sites.undetected(tc)));
        assertSame(programs.get(ids.get(3)), programs.get(ids.get(3)), "parsed once, then shared");

        for (int k = 0; k < tcs.size(); k++) {
            BatchEmitter fresh = Emitters.forToolchain(tcs.get(k), parsed);
            String cls = fresh.className("Batch64_0000");
            assertEquals(cls, emitters.get(k).className("Batch64_0000"));
            assertEquals(fresh.emit(cls, ids), emitters.get(k).emit(cls, ids), tcs.get(k).name());
            // a part of the batch (a failed compile bisected) is the same text as well
            assertEquals(fresh.emit(cls + "_0_5", ids.subList(0, 5)), emitters.get(k).emit(cls + "_0_5", ids.subList(0, 5)));
        }
        // every toolchain has emitted the whole batch: the parsed programs are let go, a later look-up parses again
        Program again = programs.get(ids.get(3));
        assertNotSame(again, programs.get(ids.get(3)));
        assertEquals(parsed.get(ids.get(3)), again);
    }
}
