package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A verdict's case list walked once by a report: the same cases, in order, as the list made and read back. */
class CasesForEachTest {
    @Test
    void aCaseListNotMadeYetIsWalkedAsItIsMadeAndGivesTheSameCases() {
        CampaignView view = PlantedFaults.campaign("planted");
        Verdict v = Verdict.of(view, Comparer.compare(view), null);
        List<Cases.Case> walked = new ArrayList<>();
        Cases.forEach(v.cases(), walked::add);
        List<Cases.Case> listed = new ArrayList<>();
        for (Cases.Case c : Cases.of(view)) listed.add(c);
        assertTrue(listed.size() >= 10, "" + listed.size());
        assertEquals(listed, walked);
        // and a list made already is read as it is
        List<Cases.Case> again = new ArrayList<>();
        Cases.forEach(listed, again::add);
        assertEquals(listed, again);
    }
}
