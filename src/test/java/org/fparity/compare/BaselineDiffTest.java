package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
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

    private static BaselineDiff diff(List<Outcome> tonight, List<Outcome> lastNight) {
        CampaignView now = view(tonight);
        return BaselineDiff.of("last-night", now, Comparer.compare(now), Comparer.compare(view(lastNight)));
    }

    private static List<String> keys(List<Discrepancy> ds) {
        return ds.stream().map(Discrepancy::key).toList();
    }

    @Test
    void newDisappearedPersistingExactly() {
        // last night: p and q differ; tonight: q (now by a different amount) and r differ, p is fixed, s agrees both
        // nights.
        BaselineDiff d = diff(
                night("0x1p+0", "0x1.0000000000001p+0", "inf", "0x1p+0"),
                night("0x1.8p+0", "0x0p+0", "0x1p+0", "0x1p+0"));
        assertEquals(List.of("r/0/a@O2:b@O2"), keys(d.added()));
        assertEquals(List.of("p/0/a@O2:b@O2"), keys(d.disappeared()));
        assertEquals(List.of("q/0/a@O2:b@O2"), keys(d.persisting()));
        assertEquals(List.of(), d.unchecked());
        // persisting carries tonight's class: Zero–Number last night, Number–Number (1 ulp) now
        assertEquals(DiscrepancyClass.NUMBER_NUMBER, d.persisting().getFirst().cls());
        assertEquals(java.math.BigInteger.ONE, d.persisting().getFirst().ulps());
        assertEquals(DiscrepancyClass.INF_NUMBER, d.added().getFirst().cls());
    }

    @Test
    void aCrashTonightIsNotAFix() {
        List<Outcome> tonight = new ArrayList<>(night("0x1p+0", "0x1p+0", "0x1p+0", "0x1p+0"));
        // p's b side crashed tonight, q's b side did not run at all; only r was really compared and agreed
        tonight.set(1, new Outcome("p", 0, "b", "O2", Status.CRASH, null, "SIGSEGV", null, 0));
        tonight.remove(3);
        BaselineDiff d = diff(tonight, night("0x1.8p+0", "0x0p+0", "0x1p+1", "0x1p+0"));
        assertEquals(List.of("r/0/a@O2:b@O2"), keys(d.disappeared()));
        assertEquals(List.of("p/0/a@O2:b@O2", "q/0/a@O2:b@O2"), keys(d.unchecked()));
        assertEquals(List.of(), d.added());
        assertEquals(List.of(), d.persisting());
    }

    @Test
    void sameRunAtAnotherOptLevelIsADifferentKey() {
        BaselineDiff d = diff(
                List.of(PlantedFaults.ok("p", "a", "O3", "0x1p+0"), PlantedFaults.ok("p", "b", "O3", "0x1p+1")),
                List.of(PlantedFaults.ok("p", "a", "O2", "0x1p+0"), PlantedFaults.ok("p", "b", "O2", "0x1p+1")));
        assertEquals(1, d.added().size());
        assertEquals(0, d.disappeared().size());
        assertEquals(1, d.unchecked().size()); // O2 did not run tonight at all
        assertEquals(0, d.persisting().size());
    }
}
