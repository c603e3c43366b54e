package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.compare.DiscrepancyClass;
import org.fparity.compare.Pair;
import org.fparity.compare.Platform;
import org.fparity.compare.StatusMismatch;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/** The "ended differently" verdict, ids and corpus expectations, without toolchains. */
class EndedDifferentlyTest {
    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp) {
              comp /= 0x0p+0;
            }
            """);
    static final Input IN = new Input(List.of("0x1p+0"));

    static Outcome out(Status s, String hex) {
        return new Outcome(P.id(), 0, "clang-19", "O3_FM", s, hex, s == Status.OK ? null : "SIGSEGV", "clang-19@O3_FM", 0);
    }

    @Test
    void aSideThatCrashesWhereTheOtherPrintsIsInterestingOnlyOnThatSide() {
        Outcome crash = out(Status.CRASH, null);
        Outcome harness = out(Status.HARNESS_ERROR, null);
        Outcome ok = out(Status.OK, "0x1p+0");
        assertEquals(0, Verdict.failingSide(crash, ok));
        assertEquals(1, Verdict.failingSide(ok, harness));
        assertEquals(-1, Verdict.failingSide(crash, crash), "both failed: nothing printed to compare with");
        assertEquals(-1, Verdict.failingSide(out(Status.TIMEOUT, null), ok), "a timeout says nothing about the program");
        assertEquals(-1, Verdict.failingSide(out(Status.COMPILE_ERROR, null), ok));
        assertEquals(-1, Verdict.failingSide(ok, ok));

        Verdict v = Verdict.endsDifferently(0);
        assertTrue(v.interesting(P, IN, crash, ok));
        assertTrue(v.interesting(P, IN, harness, ok), "where the fall-through lands (a signal or the harness's exit) is layout, not the finding");
        assertFalse(v.interesting(P, IN, ok, crash), "the other side crashing is another finding");
        assertFalse(v.interesting(P, IN, ok, ok));
        assertFalse(v.interesting(P, IN, crash, null));
        assertEquals(Verdict.ENDED_ID, v.id());
        assertEquals(DiscrepancyClass.NAN_NUMBER.label(), new Verdict(DiscrepancyClass.NAN_NUMBER, 1, false).label());
        assertThrows(IllegalArgumentException.class, () -> new Verdict(DiscrepancyClass.NAN_NUMBER, 1, false, 0));
        assertThrows(IllegalArgumentException.class, () -> new Verdict(null, 1, false, -1));
    }

    @Test
    void aNumericalVerdictStillNeedsTwoResults() {
        Verdict v = new Verdict(DiscrepancyClass.NAN_NUMBER, 1, false);
        assertFalse(v.interesting(P, IN, out(Status.CRASH, null), out(Status.OK, "0x1p+0")));
        assertTrue(v.interesting(P, IN, out(Status.OK, "nan"), out(Status.OK, "0x1p+0")));
    }

    @Test
    void aCrashBesideAResultGetsAReducibleIdOthersDoNot() {
        Pair pair = new Pair(new Platform("clang-14", "O3_FM", null, null), new Platform("clang-16", "O3_FM", null, null));
        StatusMismatch crash = new StatusMismatch("p1", 3, pair, Status.OK, Status.CRASH, null, "SIGSEGV");
        String id = CampaignDiscrepancies.mismatchId(crash);
        assertNotNull(id);
        assertEquals(DiscrepancyId.of("p1", 3, pair.a().id(), pair.b().id(), Verdict.ENDED_ID), id);
        assertEquals(DiscrepancyId.of("p1", 3, pair.b().id(), pair.a().id(), Verdict.ENDED_ID), id, "the id does not depend on the pair's order");
        assertNotNull(CampaignDiscrepancies.mismatchId(new StatusMismatch("p1", 3, pair, Status.HARNESS_ERROR, Status.OK, "bad value 1", null)));
        assertNull(CampaignDiscrepancies.mismatchId(new StatusMismatch("p1", 3, pair, Status.OK, Status.TIMEOUT, null, "no answer")));
        assertNull(CampaignDiscrepancies.mismatchId(new StatusMismatch("p1", 3, pair, Status.CRASH, Status.COMPILE_ERROR, "SIGSEGV", "error")));
        // the numerical id of the same case is another one: the class is part of the key
        assertFalse(id.equals(DiscrepancyId.of("p1", 3, pair.a().id(), pair.b().id(), DiscrepancyClass.NAN_NUMBER)));
    }

    @Test
    void aCorpusExpectationOfCrashHoldsForAnyAbnormalEndAndOnlyThen() {
        assertTrue(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "CRASH exit 139: ").same());
        assertTrue(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "CRASH exit 4: fparity-harness: bad value 1").same());
        assertFalse(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "-0x1p-20").same(), "a result where a crash was recorded is a change");
        assertFalse(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "TIMEOUT no answer within 10 s").same());
        assertFalse(new CorpusReplay.Replay("clang-19@O3_FM", "-0x1p-20", "CRASH exit 139: ").same(), "a crash where a result was recorded is a change");
        assertTrue(new CorpusReplay.Replay("gcc@O0", "-0x1p-20", "-0x1p-20").same());
    }
}
