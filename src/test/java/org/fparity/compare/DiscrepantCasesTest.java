package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.ir.HexFloat;
import org.junit.jupiter.api.Test;

class DiscrepantCasesTest {
    @Test
    void aCaseDisagreesWhenAnyTwoResultsDifferSignsOfNanAndZeroIgnored() {
        Map<String, Map<String, List<Double>>> r = new LinkedHashMap<>();
        r.put(
                "p1",
                new LinkedHashMap<>(Map.of(
                        "a", List.of(1.0, 1.0, 1.0),
                        "b", List.of(0.0, -0.0), // zero signs: agree
                        "c", List.of(Double.NaN, -Double.NaN)))); // NaN signs: agree
        r.put(
                "p2",
                new LinkedHashMap<>(Map.of(
                        "a", List.of(1.0, Math.nextUp(1.0)), // one ulp apart: disagree
                        "b", List.of(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY), // Inf sign: disagree
                        "c", List.of(2.0)))); // one platform only: a case, agreeing
        r.put(
                "p3",
                new LinkedHashMap<>(Map.of("a", List.of(5.0, 5.0, Double.NaN)))); // third differs from the first two
        r.put("p4", new LinkedHashMap<>(Map.of("a", List.<Double>of()))); // no result at all: not a case
        DiscrepantCases.Count c = DiscrepantCases.of(r);
        assertEquals(new DiscrepantCases.Count(7, 3, 4, 2), c);
    }

    @Test
    void outcomesCountOnlyResultsAndGroupByProgramAndInput() {
        List<Outcome> os = List.of(
                ok("p", 0, "gcc", "O0", 1.5),
                ok("p", 0, "gcc", "O3", 1.5),
                ok("p", 0, "clang", "O0", 1.5),
                ok("p", 1, "gcc", "O0", 1.5),
                ok("p", 1, "gcc", "O3_FM", 3.0),
                ok("q", 0, "gcc", "O0", 0.0),
                new Outcome("q", 0, "clang", "O0", Outcome.Status.CRASH, null, "SIGSEGV", "x", 0),
                new Outcome("r", 0, "gcc", "O0", Outcome.Status.COMPILE_ERROR, null, "no", "x", 0));
        DiscrepantCases.Count c = DiscrepantCases.ofOutcomes(os);
        // p/0 agrees, p/1 disagrees, q/0 has one result (the crash is not a value), r has none.
        assertEquals(new DiscrepantCases.Count(3, 1, 2, 1), c);
    }

    private static Outcome ok(String p, int i, String tc, String opt, double v) {
        return new Outcome(p, i, tc, opt, Outcome.Status.OK, HexFloat.format(v), null, tc + "@" + opt, 0);
    }
}
