package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.junit.jupiter.api.Test;

/** Cases (program × input) as the unit, their majority answers and odd ones out, and unstable platforms. */
class CasesTest {
    private static final Platform GCC_O0 = new Platform("gcc", "O0");
    private static final Platform PLANTED_O0 = new Platform("planted", "O0");
    private static final Platform PLANTED_FM = new Platform("planted", "O3_FM");

    private static Cases.Case find(List<Cases.Case> cs, String program) {
        return cs.stream().filter(c -> c.program().equals(program)).findFirst().orElseThrow();
    }

    @Test
    void plantedFaultsGiveSixDisagreeingCasesOfTenWithTheirOddOnesOut() {
        List<Cases.Case> cs = Cases.of(PlantedFaults.campaign("planted"));
        // PlantedFaults' table: ceil_tiny fmod_ulp nan_as_ninf inf_sign f32_ulp (planted O0) and fm_nan (planted O3_FM)
        assertEquals(new Cases.Count(10, 6, 0), Cases.count(cs));
        Cases.Case ceil = find(cs, "ceil_tiny");
        assertEquals("0x1p+0", ceil.majority().hex());
        assertEquals(3, ceil.majority().platforms().size());
        assertEquals(List.of(PLANTED_O0), ceil.oddOnesOut());
        assertEquals(List.of(PLANTED_FM), find(cs, "fm_nan").oddOnesOut());
        assertFalse(find(cs, "nan_sign").discrepant(), "nan vs -nan agree");
        assertFalse(find(cs, "crash_o3fm").discrepant(), "a crash is no value");
        assertEquals(List.of(PLANTED_FM), find(cs, "crash_o3fm").failed());
        var rank = Cases.oddOneOutRanking(cs);
        assertEquals(Map.entry(PLANTED_O0, 5), rank.get(0));
        assertEquals(Map.entry(PLANTED_FM, 1), rank.get(1));
        assertEquals(2, rank.size());
    }

    @Test
    void aTieHasNoMajorityAndNoOddOneOut() {
        CampaignView v = new CampaignView(
                "t",
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(
                        new Outcome("p", 0, "a", "O0", Status.OK, "0x1p+0", null, null, 0),
                        new Outcome("p", 0, "b", "O0", Status.OK, "0x1p+1", null, null, 0)));
        Cases.Case c = Cases.of(v).getFirst();
        assertTrue(c.discrepant());
        assertNull(c.majority());
        assertEquals(List.of(), c.oddOnesOut());
    }

    @Test
    void aPlatformWhoseResultChangesOnARerunIsUnstableAndNeverADiscrepancy() {
        CampaignView planted = PlantedFaults.campaign("planted");
        // rerun 1: every run again; planted O0 now prints the right fmod (it flips between two answers)
        List<Outcome> again = new ArrayList<>();
        for (Outcome o : planted.outcomes()) {
            boolean flip = o.program().equals("fmod_ulp") && Platform.of(o).equals(PLANTED_O0);
            again.add(
                    flip
                            ? new Outcome(
                                    o.program(),
                                    0,
                                    o.toolchain(),
                                    o.opt(),
                                    Status.OK,
                                    "0x1.8p+1",
                                    null,
                                    o.platform(),
                                    12)
                            : o);
        }
        CampaignView v = new CampaignView(
                "planted",
                planted.host(),
                planted.versions(),
                planted.programs(),
                planted.outcomes(),
                List.of(again),
                Map.of());
        List<Cases.Case> cs = Cases.of(v);
        assertEquals(new Cases.Count(10, 5, 1), Cases.count(cs));
        Cases.Case fmod = find(cs, "fmod_ulp");
        assertFalse(fmod.discrepant(), "only the unstable platform differed");
        assertEquals(Map.of(PLANTED_O0, List.of("0x1.8000000000001p+1", "0x1.8p+1")), fmod.unstable());
        assertEquals(Map.of(PLANTED_O0, 1), Cases.unstableByPlatform(cs));
        // pair by pair too: its two pairs with planted O0 leave fmod out (12 discrepancies become 10)
        Findings f = Comparer.compare(v);
        assertEquals(10, f.discrepancies().size());
        assertTrue(f.discrepancies().stream().noneMatch(d -> d.program().equals("fmod_ulp")));
        PairSummary gccVsPlanted = f.pairs().stream()
                .filter(s ->
                        s.pair().id().equals("gcc@O0:planted@O0") && s.precision() == org.fparity.ir.Precision.FP64)
                .findFirst()
                .orElseThrow();
        assertEquals(1, gccVsPlanted.unstable());
        assertEquals(Cases.runKey("fmod_ulp", 0, PLANTED_O0), String.join("", Cases.unstableRuns(v)));
        assertEquals(GCC_O0, fmod.results().keySet().iterator().next());
    }

    @Test
    void rerunsThatRepeatTheSameAnswerLeaveEveryDiscrepancyInPlace() {
        CampaignView planted = PlantedFaults.campaign("planted");
        CampaignView v = new CampaignView(
                "planted",
                planted.host(),
                planted.versions(),
                planted.programs(),
                planted.outcomes(),
                List.of(planted.outcomes(), planted.outcomes()),
                Map.of());
        assertEquals(new Cases.Count(10, 6, 0), Cases.count(Cases.of(v)));
        assertEquals(12, Comparer.compare(v).discrepancies().size());
    }

    @Test
    void aRunThatCrashesOnARerunIsUnstableToo() {
        List<Outcome> first = List.of(
                new Outcome("p", 0, "a", "O0", Status.OK, "0x1p+0", null, null, 0),
                new Outcome("p", 0, "b", "O0", Status.OK, "0x1p+1", null, null, 0),
                new Outcome("p", 0, "c", "O0", Status.OK, "0x1p+0", null, null, 0));
        List<Outcome> rerun = List.of(new Outcome("p", 0, "b", "O0", Status.CRASH, null, "SIGSEGV", null, 0));
        CampaignView v = new CampaignView("t", Map.of(), Map.of(), Map.of(), first, List.of(rerun), Map.of());
        Cases.Case c = Cases.of(v).getFirst();
        assertEquals(List.of("0x1p+1", "CRASH"), c.unstable().get(new Platform("b", "O0")));
        assertFalse(c.discrepant());
    }

    @Test
    void casesComeInProgramThenNumericInputOrderAndRerunsTellSameFromChangedResults() {
        List<Outcome> first = new ArrayList<>();
        for (String prog : List.of("q", "p")) {
            for (int input : new int[] {10, 2, 9}) {
                first.add(new Outcome(prog, input, "a", "O0", Status.OK, "0x1p+0", null, null, 0));
                first.add(new Outcome(prog, input, "b", "O0", Status.OK, "0x1p+1", null, null, 0));
            }
        }
        // one rerun: p/2 on a prints the same again (stable); q/9 on b prints another value (unstable); p/10 on a
        // crashes
        List<Outcome> rerun = List.of(
                new Outcome("p", 2, "a", "O0", Status.OK, "0x1p+0", null, null, 0),
                new Outcome("q", 9, "b", "O0", Status.OK, "0x1.8p+1", null, null, 0),
                new Outcome("p", 10, "a", "O0", Status.CRASH, null, null, null, 0));
        CampaignView v = new CampaignView("t", Map.of(), Map.of(), Map.of(), first, List.of(rerun), Map.of());
        List<Cases.Case> cs = Cases.of(v);
        assertEquals(
                List.of("p/2", "p/9", "p/10", "q/2", "q/9", "q/10"),
                cs.stream().map(Cases.Case::key).toList());
        Platform a = new Platform("a", "O0");
        Platform b = new Platform("b", "O0");
        assertFalse(cs.get(0).hasUnstable(), "the same result again is stable");
        assertEquals(Map.of(a, List.of("0x1p+0", "CRASH")), cs.get(2).unstable());
        assertEquals(Map.of(b, List.of("0x1p+1", "0x1.8p+1")), cs.get(4).unstable());
        assertEquals(java.util.Set.of(Cases.runKey("p", 10, a), Cases.runKey("q", 9, b)), Cases.unstableRuns(v));
        // the unstable runs are not compared: of 6 cases on the one pair, 2 are left out
        Findings f = Comparer.compare(v);
        assertEquals(4, f.discrepancies().size());
    }
}
