package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;

class BaselineDiffTest {
    private static CampaignView view(List<Outcome> outcomes) {
        return new CampaignView("c", Map.of(), Map.of(), Map.of(), outcomes);
    }

    private static List<Outcome> night(String bP, String bQ, String bR, String bS) {
        return List.of(
                PlantedFaults.ok("p", "a", "O2", "0x1p+0"), PlantedFaults.ok("p", "b", "O2", bP),
                PlantedFaults.ok("q", "a", "O2", "0x1p+0"), PlantedFaults.ok("q", "b", "O2", bQ),
                PlantedFaults.ok("r", "a", "O2", "0x1p+0"), PlantedFaults.ok("r", "b", "O2", bR),
                PlantedFaults.ok("s", "a", "O2", "0x1p+0"), PlantedFaults.ok("s", "b", "O2", bS));
    }

    @Test
    void newDisappearedPersistingExactly() {
        // last night: p and q differ; tonight: q (now by a different amount) and r differ, p is fixed, s agrees both nights.
        Findings before = Comparer.compare(view(night("0x1.8p+0", "0x0p+0", "0x1p+0", "0x1p+0")));
        Findings now = Comparer.compare(view(night("0x1p+0", "0x1.0000000000001p+0", "inf", "0x1p+0")));
        BaselineDiff d = BaselineDiff.of("last-night", now, before);
        assertEquals(List.of("r/0/a@O2:b@O2"), d.added().stream().map(Discrepancy::key).toList());
        assertEquals(List.of("p/0/a@O2:b@O2"), d.disappeared().stream().map(Discrepancy::key).toList());
        assertEquals(List.of("q/0/a@O2:b@O2"), d.persisting().stream().map(Discrepancy::key).toList());
        // persisting carries tonight's class: Zero–Number last night, Number–Number (1 ulp) now
        assertEquals(DiscrepancyClass.NUMBER_NUMBER, d.persisting().getFirst().cls());
        assertEquals(1, d.persisting().getFirst().ulps());
        assertEquals(DiscrepancyClass.INF_NUMBER, d.added().getFirst().cls());
    }

    @Test
    void sameRunAtAnotherOptLevelIsADifferentKey() {
        Findings before = Comparer.compare(view(List.of(PlantedFaults.ok("p", "a", "O2", "0x1p+0"), PlantedFaults.ok("p", "b", "O2", "0x1p+1"))));
        Findings now = Comparer.compare(view(List.of(PlantedFaults.ok("p", "a", "O3", "0x1p+0"), PlantedFaults.ok("p", "b", "O3", "0x1p+1"))));
        BaselineDiff d = BaselineDiff.of("b", now, before);
        assertEquals(1, d.added().size());
        assertEquals(1, d.disappeared().size());
        assertEquals(0, d.persisting().size());
    }
}
