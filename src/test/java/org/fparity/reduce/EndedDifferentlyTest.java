package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.compare.CampaignFixtures;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Pair;
import org.fparity.compare.ProgramInfo;
import org.fparity.compare.StatusMismatch;
import org.fparity.confirm.DiscrepancyId;
import org.fparity.confirm.Interestingness;
import org.fparity.confirm.Side;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The "ended differently" verdict, ids, corpus expectations and place in {@code reduce --top}, without toolchains. */
class EndedDifferentlyTest {
    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp) {
              comp /= 0x0p+0;
            }
            """);
    static final Input IN = new Input(List.of("0x1p+0"));

    static Outcome out(Status s, String hex) {
        return new Outcome(
                P.id(), 0, "clang-19", "O3_FM", s, hex, s == Status.OK ? null : "SIGSEGV", "clang-19@O3_FM", 0);
    }

    @Test
    void aSideThatCrashesWhereTheOtherPrintsIsInterestingOnlyOnThatSide() {
        Outcome crash = out(Status.CRASH, null);
        Outcome harness = out(Status.HARNESS_ERROR, null);
        Outcome ok = out(Status.OK, "0x1p+0");
        assertEquals(0, Interestingness.failingSide(crash, ok));
        assertEquals(1, Interestingness.failingSide(ok, harness));
        assertEquals(-1, Interestingness.failingSide(crash, crash), "both failed: nothing printed to compare with");
        assertEquals(
                -1,
                Interestingness.failingSide(out(Status.TIMEOUT, null), ok),
                "a timeout says nothing about the program");
        assertEquals(-1, Interestingness.failingSide(out(Status.COMPILE_ERROR, null), ok));
        assertEquals(-1, Interestingness.failingSide(ok, ok));

        Interestingness v = Interestingness.endsDifferently(0);
        assertTrue(v.interesting(P, IN, crash, ok));
        assertTrue(
                v.interesting(P, IN, harness, ok),
                "where the fall-through lands (a signal or the harness's exit) is layout, not the finding");
        assertFalse(v.interesting(P, IN, ok, crash), "the other side crashing is another finding");
        assertFalse(v.interesting(P, IN, ok, ok));
        assertFalse(v.interesting(P, IN, crash, null));
        assertEquals(Interestingness.ENDED_ID, v.id());
        assertEquals(
                DiscrepancyClass.NAN_NUMBER.label(),
                new Interestingness(DiscrepancyClass.NAN_NUMBER, 1, false).label());
        assertThrows(
                IllegalArgumentException.class, () -> new Interestingness(DiscrepancyClass.NAN_NUMBER, 1, false, 0));
        assertThrows(IllegalArgumentException.class, () -> new Interestingness(null, 1, false, -1));
    }

    @Test
    void aNumericalVerdictStillNeedsTwoResults() {
        Interestingness v = new Interestingness(DiscrepancyClass.NAN_NUMBER, 1, false);
        assertFalse(v.interesting(P, IN, out(Status.CRASH, null), out(Status.OK, "0x1p+0")));
        assertTrue(v.interesting(P, IN, out(Status.OK, "nan"), out(Status.OK, "0x1p+0")));
    }

    @Test
    void aCrashBesideAResultGetsAReducibleIdOthersDoNot() {
        Pair pair =
                new Pair(new Platform("clang-14", "O3_FM", null, null), new Platform("clang-16", "O3_FM", null, null));
        StatusMismatch crash = new StatusMismatch("p1", 3, pair, Status.OK, Status.CRASH, null, "SIGSEGV");
        String id = CampaignDiscrepancies.mismatchId(crash);
        assertNotNull(id);
        assertEquals(DiscrepancyId.of("p1", 3, pair.a().label(), pair.b().label(), Interestingness.ENDED_ID), id);
        assertEquals(
                DiscrepancyId.of("p1", 3, pair.b().label(), pair.a().label(), Interestingness.ENDED_ID),
                id,
                "the id does not depend on the pair's order");
        assertNotNull(CampaignDiscrepancies.mismatchId(
                new StatusMismatch("p1", 3, pair, Status.HARNESS_ERROR, Status.OK, "bad value 1", null)));
        assertNull(CampaignDiscrepancies.mismatchId(
                new StatusMismatch("p1", 3, pair, Status.OK, Status.TIMEOUT, null, "no answer")));
        assertNull(CampaignDiscrepancies.mismatchId(
                new StatusMismatch("p1", 3, pair, Status.CRASH, Status.COMPILE_ERROR, "SIGSEGV", "error")));
        // the numerical id of the same case is another one: the class is part of the key
        assertFalse(
                id.equals(DiscrepancyId.of("p1", 3, pair.a().label(), pair.b().label(), DiscrepancyClass.NAN_NUMBER)));
    }

    @Test
    void aCorpusExpectationOfCrashHoldsForAnyAbnormalEndAndOnlyThen() {
        assertTrue(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "CRASH exit 139: ").same());
        assertTrue(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "CRASH exit 4: fparity-harness: bad value 1")
                .same());
        assertFalse(
                new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "-0x1p-20").same(),
                "a result where a crash was recorded is a change");
        assertFalse(new CorpusReplay.Replay("clang-19@O3_FM", "CRASH", "TIMEOUT no answer within 10 s").same());
        assertFalse(
                new CorpusReplay.Replay("clang-19@O3_FM", "-0x1p-20", "CRASH exit 139: ").same(),
                "a crash where a result was recorded is a change");
        assertTrue(new CorpusReplay.Replay("gcc@O0", "-0x1p-20", "-0x1p-20").same());
    }

    @Test
    void topTriesACrashBesideAResultFirstOncePerPlatformThenTheValueClasses(@TempDir Path tmp) {
        // one campaign, clang-19 at O0 and O3_FM: two programs crash (a signal, the harness's exit) at O3_FM only, one
        // is NaN there where O0 gives Inf, one is a Number apart, one times out (that says nothing about the program)
        String[] src = new String[5];
        for (int i = 0; i < src.length; i++)
            src[i] = "program fp64 array 8\ncompute(double comp) {\n  comp /= 0x" + (i + 1) + "p+0;\n}\n";
        Map<String, ProgramInfo> programs = new LinkedHashMap<>();
        String[] ids = new String[src.length];
        for (int i = 0; i < src.length; i++) {
            ids[i] = Program.parse(src[i]).id();
            programs.put(ids[i], new ProgramInfo(ids[i], Precision.FP64, src[i], List.of(IN)));
        }
        Status[] fm = {Status.CRASH, Status.HARNESS_ERROR, Status.OK, Status.OK, Status.TIMEOUT};
        String[] o0 = {"0x1p+0", "0x1p+0", "inf", "0x1p+0", "0x1p+0"};
        String[] o3 = {null, null, "-nan", "0x1.0000000000001p+0", null};
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < src.length; i++) {
            outcomes.add(new Outcome(ids[i], 0, "clang-19", "O0", Status.OK, o0[i], null, "clang-19@host", 1));
            outcomes.add(new Outcome(
                    ids[i],
                    0,
                    "clang-19",
                    "O3_FM",
                    fm[i],
                    o3[i],
                    fm[i] == Status.OK ? null : "SIGSEGV",
                    "clang-19@host",
                    1));
        }
        Path camp = CampaignFixtures.write(
                new CampaignView(
                        "crashes", Map.of("hostname", "h"), Map.of("clang-19", "clang 19"), programs, outcomes),
                tmp.resolve("crashes"));

        CampaignDiscrepancies.Menu menu = CampaignDiscrepancies.menu(camp);
        String crash0 = DiscrepancyId.of(ids[0], 0, "clang-19@O0", "clang-19@O3_FM", Interestingness.ENDED_ID);
        String crash1 = DiscrepancyId.of(ids[1], 0, "clang-19@O0", "clang-19@O3_FM", Interestingness.ENDED_ID);
        String nanInf = DiscrepancyId.of(ids[2], 0, "clang-19@O0", "clang-19@O3_FM", DiscrepancyClass.NAN_INF);
        String number = DiscrepancyId.of(ids[3], 0, "clang-19@O0", "clang-19@O3_FM", DiscrepancyClass.NUMBER_NUMBER);
        assertEquals(
                List.of(nanInf, number),
                menu.discrepancies().stream()
                        .map(CampaignDiscrepancies.Entry::id)
                        .toList(),
                "the value discrepancies, most severe first");
        assertEquals(
                List.of(nanInf, number),
                CampaignDiscrepancies.list(camp).stream()
                        .map(CampaignDiscrepancies.Entry::id)
                        .toList(),
                "what bench reduce picks from");
        String first = crash0.compareTo(crash1) < 0 ? crash0 : crash1;
        String second = first.equals(crash0) ? crash1 : crash0;
        // one crash of clang-19@O3_FM before everything; the second one there most likely has the same cause: last
        assertEquals(
                List.of(first, nanInf, number, second),
                menu.ranked().stream().map(CampaignDiscrepancies.Entry::id).toList());
        CampaignDiscrepancies.Entry top = menu.ranked().getFirst();
        assertNull(top.cls());
        ReduceSession.Request r = top.request(1, false, 150);
        assertNull(r.cls(), "reduced as a run that ended differently");
        assertEquals(Side.read("clang-19@O0"), r.a());
        assertEquals(Side.read("clang-19@O3_FM"), r.b());
        assertEquals(first.equals(crash0) ? ids[0] : ids[1], r.program().id());
        assertEquals(
                first, CampaignDiscrepancies.request(camp, first, 1, false, 150).id(), "--discrepancy finds it too");
    }
}
