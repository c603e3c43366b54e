package org.fparity.compare;

import static org.fparity.exec.OutcomeClass.INF;
import static org.fparity.exec.OutcomeClass.NAN;
import static org.fparity.exec.OutcomeClass.NUMBER;
import static org.fparity.exec.OutcomeClass.ZERO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.fparity.FparityError;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

class ComparerTest {
    private final CampaignView planted = PlantedFaults.campaign("planted");
    private final Findings findings = Comparer.compare(planted);

    /** The FP64 summary of a pair (the planted campaign's only FP32 program is f32_ulp). */
    private PairSummary summary(String a, String b) {
        return summary(a, b, Precision.FP64);
    }

    private PairSummary summary(String a, String b, Precision p) {
        return findings.pairs().stream()
                .filter(s -> s.pair().id().equals(a + ":" + b) && s.precision() == p)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void picksToolchainPairsPerOptLevelThenOptLevelsAgainstO0EachPerPrecision() {
        List<String> ids = findings.pairs().stream()
                .map(s -> s.pair().id() + " " + s.precision().id())
                .toList();
        assertEquals(
                List.of(
                        "gcc@O0:planted@O0 fp64",
                        "gcc@O0:planted@O0 fp32",
                        "gcc@O3_FM:planted@O3_FM fp64",
                        "gcc@O3_FM:planted@O3_FM fp32",
                        "gcc@O0:gcc@O3_FM fp64",
                        "gcc@O0:gcc@O3_FM fp32",
                        "planted@O0:planted@O3_FM fp64",
                        "planted@O0:planted@O3_FM fp32"),
                ids);
    }

    @Test
    void plantedFaultsAtO0GiveExactlyTheirClasses() {
        PairSummary s = summary("gcc@O0", "planted@O0");
        assertEquals(9, s.compared());
        assertEquals(1, s.count(DiscrepancyClass.ZERO_NUMBER));
        assertEquals(1, s.count(DiscrepancyClass.NUMBER_NUMBER));
        assertEquals(1, s.count(DiscrepancyClass.NAN_INF));
        assertEquals(1, s.count(DiscrepancyClass.INF_SIGN));
        assertEquals(4, s.discrepancies());
        PairSummary f32 = summary("gcc@O0", "planted@O0", Precision.FP32);
        assertEquals(1, f32.compared());
        assertEquals(1, f32.count(DiscrepancyClass.NUMBER_NUMBER));
        assertEquals(1, f32.discrepancies());
        assertEquals(1, f32.matrix().get(NUMBER, NUMBER));
        assertEquals(0, s.statusMismatches());
        for (DiscrepancyClass c : List.of(
                DiscrepancyClass.NAN_ZERO,
                DiscrepancyClass.NAN_NUMBER,
                DiscrepancyClass.INF_ZERO,
                DiscrepancyClass.INF_NUMBER)) {
            assertEquals(0, s.count(c), c.label());
        }
    }

    @Test
    void adjacencyCellsAreRowAColumnB() {
        AdjacencyMatrix m = summary("gcc@O0", "planted@O0").matrix();
        assertEquals(1, m.get(NUMBER, ZERO)); // gcc 1.0, planted 0
        assertEquals(0, m.get(ZERO, NUMBER));
        assertEquals(1, m.get(NAN, INF)); // gcc nan, planted -inf
        assertEquals(0, m.get(INF, NAN));
        assertEquals(1, m.get(NUMBER, NUMBER));
        assertEquals(1, m.get(INF, INF)); // +inf vs -inf
        assertEquals(0, m.get(NAN, NAN));
        assertEquals(0, m.get(ZERO, ZERO));
        assertEquals(4, m.total());
    }

    @Test
    void ulpsAreInTheProgramsPrecision() {
        Map<String, Discrepancy> nn = findings.discrepancies().stream()
                .filter(d -> d.pair().id().equals("gcc@O0:planted@O0") && d.cls() == DiscrepancyClass.NUMBER_NUMBER)
                .collect(Collectors.toMap(Discrepancy::program, d -> d));
        assertEquals(java.math.BigInteger.ONE, nn.get("fmod_ulp").ulps());
        assertEquals(java.math.BigInteger.ONE, nn.get("f32_ulp").ulps());
        assertEquals(Math.ulp(3.0) / Math.nextUp(3.0), nn.get("fmod_ulp").relError(), 0.0);
        Discrepancy inf = findings.discrepancies().stream()
                .filter(d -> d.program().equals("inf_sign") && d.pair().id().equals("gcc@O0:planted@O0"))
                .findFirst()
                .orElseThrow();
        assertEquals("inf", inf.hexA());
        assertEquals("-inf", inf.hexB());
        assertNull(inf.ulps());
        assertFalse(inf.hasUlps());
    }

    @Test
    void signsOfNanAndZeroAreNotDiscrepancies() {
        assertTrue(findings.discrepancies().stream()
                .noneMatch(d -> d.program().equals("nan_sign")
                        || d.program().equals("zero_sign")
                        || d.program().equals("same")));
    }

    @Test
    void crashIsAStatusMismatchNotADiscrepancy() {
        PairSummary s = summary("gcc@O3_FM", "planted@O3_FM");
        assertEquals(8, s.compared());
        assertEquals(1, s.statusMismatches());
        assertEquals(1, s.count(DiscrepancyClass.NAN_NUMBER)); // fm_nan: gcc nan, planted 0.5
        assertEquals(1, s.matrix().get(NAN, NUMBER));
        assertEquals(1, s.discrepancies());
        StatusMismatch m = findings.mismatches().stream()
                .filter(x -> x.pair().equals(s.pair()))
                .findFirst()
                .orElseThrow();
        assertEquals("crash_o3fm", m.program());
        assertEquals("gcc@O3_FM OK where planted@O3_FM CRASH (SIGSEGV)", m.describe());
        assertEquals(1, findings.runs().get(new Platform("planted", "O3_FM")).get(Status.CRASH));
        assertEquals(9, findings.runs().get(new Platform("planted", "O3_FM")).get(Status.OK));
        assertEquals(1, summary("gcc@O3_FM", "planted@O3_FM", Precision.FP32).compared());
        assertEquals(0, summary("gcc@O3_FM", "planted@O3_FM", Precision.FP32).statusMismatches());
        assertEquals(40, findings.totalRuns());
    }

    @Test
    void acrossOptLevelsOfOneToolchain() {
        PairSummary planted = summary("planted@O0", "planted@O3_FM");
        // O0's FP64 planted faults all vanish at O3_FM (4) and fm_nan appears (nan -> 0.5); the crash is a mismatch.
        assertEquals(5, planted.discrepancies());
        assertEquals(1, summary("planted@O0", "planted@O3_FM", Precision.FP32).discrepancies());
        assertEquals(1, planted.count(DiscrepancyClass.NAN_NUMBER));
        assertEquals(1, planted.matrix().get(ZERO, NUMBER)); // ceil: O0 printed 0, O3_FM 1.0
        assertEquals(1, planted.matrix().get(INF, NAN)); // -inf at O0, nan at O3_FM
        assertEquals(1, planted.statusMismatches());
        PairSummary gcc = summary("gcc@O0", "gcc@O3_FM");
        assertEquals(9, gcc.compared());
        assertEquals(0, gcc.discrepancies());
    }

    @Test
    void seriesGroupRowsByOptLevelWithATotal() {
        Map<String, List<PairSummary>> series = findings.series();
        assertEquals(
                List.of(
                        "gcc vs planted, FP64",
                        "gcc@O0 vs other opt levels, FP64",
                        "planted@O0 vs other opt levels, FP64",
                        "gcc vs planted, FP32",
                        "gcc@O0 vs other opt levels, FP32",
                        "planted@O0 vs other opt levels, FP32"),
                List.copyOf(series.keySet()));
        List<PairSummary> rows = series.get("gcc vs planted, FP64");
        assertEquals(
                List.of("O0", "O3_FM"), rows.stream().map(r -> r.pair().row()).toList());
        PairSummary total = Findings.total(rows);
        assertEquals(5, total.discrepancies());
        assertEquals(17, total.compared());
        assertEquals(1, total.matrix().get(NAN, NUMBER));
        assertEquals(1, total.count(DiscrepancyClass.NUMBER_NUMBER));
        assertEquals(Precision.FP64, total.precision());
    }

    @Test
    void withoutO0TheLowestLevelIsTheReference() {
        var present = java.util.Set.of(
                new Platform("gcc", "O2"),
                new Platform("gcc", "O3_FM"),
                new Platform("gcc", "nofma"),
                new Platform("clang", "O3_FM"));
        List<String> ids = PairSelection.all(present).stream().map(Pair::id).toList();
        assertEquals(List.of("clang@O3_FM:gcc@O3_FM", "gcc@O2:gcc@O3_FM", "gcc@O2:gcc@nofma"), ids);
    }

    @Test
    void pairOptionSelectsAndRejectsUnknownNames() {
        var present = Comparer.platforms(planted.outcomes());
        assertEquals(2, PairSelection.parse("gcc:planted", present).size());
        assertEquals(
                List.of(new Pair(new Platform("gcc", "O3_FM"), new Platform("gcc", "O0"))),
                PairSelection.parse("gcc@O3_FM:gcc@O0", present));
        FparityError e = assertThrows(FparityError.class, () -> PairSelection.parse("gcc:clang-19", present));
        assertEquals(
                "--pair 'gcc:clang-19': unknown toolchain 'clang-19' (this campaign has: gcc, planted)",
                e.getMessage());
        e = assertThrows(FparityError.class, () -> PairSelection.parse("gcc@O2:gcc@O0", present));
        assertEquals("--pair 'gcc@O2:gcc@O0': gcc has no opt level 'O2' (it has: O0, O3_FM)", e.getMessage());
        assertThrows(FparityError.class, () -> PairSelection.parse("gcc", present));
        assertThrows(FparityError.class, () -> PairSelection.parse("gcc:gcc", present));
        assertThrows(FparityError.class, () -> PairSelection.parse("gcc@O0:planted", present));
    }

    @Test
    void everyRunOfAPairIsComparedMismatchedOrNotComparedExactlyOnce() {
        CampaignView v = SyntheticCampaign.of("s", 7, 60);
        Findings f = Comparer.compare(v);
        for (PairSummary s : f.pairs()) {
            long runs = v.outcomes().stream()
                    .filter(o -> v.precision(o.program()) == s.precision())
                    .filter(o ->
                            new Platform(o.toolchain(), o.opt()).equals(s.pair().a())
                                    || new Platform(o.toolchain(), o.opt())
                                            .equals(s.pair().b()))
                    .map(o -> o.program() + "/" + o.input())
                    .distinct()
                    .count();
            assertEquals(
                    runs,
                    s.compared() + s.statusMismatches() + s.notCompared(),
                    s.series() + " " + s.pair().row());
            assertEquals(s.discrepancies(), s.matrix().total());
        }
        assertEquals(
                f.discrepancies().size(),
                f.pairs().stream().mapToInt(PairSummary::discrepancies).sum());
        assertTrue(f.mismatches().size() > 0 && f.discrepancies().size() > 100);
    }

    @Test
    void aRunRecordedTwiceCountsOnceAndTheFirstLineWins() {
        CampaignView v = new CampaignView(
                "x",
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(
                        PlantedFaults.ok("p", "a", "O0", "0x1p+0"),
                        PlantedFaults.ok("p", "b", "O0", "0x1p+0"),
                        PlantedFaults.ok("p", "b", "O0", "0x1p+1")));
        Findings f = Comparer.compare(v);
        assertEquals(0, f.discrepancies().size());
        assertEquals(2, f.totalRuns());
    }

    @Test
    void missingSideOrCannotRunIsNotComparedAndMalformedResultIsAUserError() {
        CampaignView v = new CampaignView(
                "x",
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(
                        PlantedFaults.ok("p", "a", "O0", "0x1p+0"),
                        PlantedFaults.ok("q", "a", "O0", "0x1p+0"),
                        PlantedFaults.ok("q", "b", "O0", "0x1p+0"),
                        PlantedFaults.ok("r", "a", "O0", "0x1p+0"),
                        new Outcome("r", 0, "b", "O0", Status.CANNOT_RUN, null, "no CUDA device", null, 0),
                        PlantedFaults.ok("s", "a", "O0", "0x1p+0"),
                        new Outcome("s", 0, "b", "O0", Status.TIMEOUT, null, "killed after 10 s", null, 0),
                        new Outcome("t", 0, "a", "O0", Status.CRASH, null, "SIGFPE", null, 0),
                        new Outcome("t", 0, "b", "O0", Status.CRASH, null, "SIGFPE", null, 0)));
        Findings f = Comparer.compare(v);
        PairSummary s = f.pairs().getFirst();
        assertEquals(1, s.compared());
        assertEquals(3, s.notCompared()); // p: b has no outcome; r: b cannot run here; t: both crashed alike
        assertEquals(1, s.statusMismatches());
        assertEquals(
                "a@O0 OK where b@O0 TIMEOUT (killed after 10 s)",
                f.mismatches().getFirst().describe());
        CampaignView bad = new CampaignView(
                "x",
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(PlantedFaults.ok("p", "a", "O0", "0x1p+0"), PlantedFaults.ok("p", "b", "O0", "zebra")));
        FparityError e = assertThrows(FparityError.class, () -> Comparer.compare(bad));
        assertEquals("outcome p/0/b@O0@local: result 'zebra' is not a hex float", e.getMessage());
        CampaignView noHex = new CampaignView(
                "x",
                Map.of(),
                Map.of(),
                Map.of(),
                List.of(new Outcome("p", 0, "a", "O0", Status.OK, null, null, null, 0)));
        assertThrows(FparityError.class, () -> Comparer.compare(noHex));
    }

    @Test
    void theWorstRunsPerClassGatheredCaseByCaseAreTheOnesWorkedOutFromEveryDiscrepancy() {
        // 15 platforms: a run differs in many pairs of one class, often by the same ULPs, so the pair's id decides
        CampaignView v = SyntheticCampaign.of("worst", 3, 400);
        Findings f = Comparer.compare(v);
        assertTrue(f.discrepancies().size() > 2000, "" + f.discrepancies().size());
        assertEquals(Findings.worstOf(f.discrepancies(), Findings.WORST), f.worst());
    }
}
