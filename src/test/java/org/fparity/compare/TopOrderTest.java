package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

/**
 * The top cases' heaps order cases by key as the key strings do, without making them, and hold about 2 x
 * {@link Verdict#TOP_KEPT} cases of a kind however many classes there are: at 10^7 runs the heaps of 1,000 whole cases
 * per class were 50 MB alive at the end of the verdict, the most of compare's peak RSS that grew with runs.
 */
class TopOrderTest {
    private static Cases.Case c(String program, int input) {
        return new Cases.Case(
                program, input, Precision.FP64, Map.of(), Map.of(), List.of(), List.of(), null, List.of(), 0);
    }

    private static final Platform A = Platform.parse("gcc@O0"),
            B = Platform.parse("gcc@O1"),
            C = Platform.parse("gcc@O3");

    /** A discrepant case: A and B give {@code base}, C gives {@code far}. */
    private static Cases.Case discrepant(int i, double base, double far) {
        Cases.Answer a = new Cases.Answer(HexFloat.format(base), base, List.of(A, B));
        Cases.Answer b = new Cases.Answer(HexFloat.format(far), far, List.of(C));
        Map<Platform, String> results = new java.util.LinkedHashMap<>();
        results.put(A, a.hex());
        results.put(B, a.hex());
        results.put(C, b.hex());
        return new Cases.Case(
                String.format("p%05d", i),
                i % 7,
                Precision.FP64,
                results,
                Map.of(),
                List.of(),
                List.of(a, b),
                a,
                List.of(C),
                0);
    }

    @Test
    void theGroupsHoldAboutTwiceTopKeptCasesAndGiveTheSameTopAsHoldingAThousandPerClass() {
        double inf = Double.POSITIVE_INFINITY, nan = Double.NaN;
        // one case of each of the eight classes in turn, 1,500 of each
        double[][] pairs = {{nan, inf}, {nan, 0}, {nan, 1}, {inf, 0}, {inf, 1}, {0, 1}, {1, 0}, {inf, -inf}};
        Verdict.Top pruned = new Verdict.Top(), all = new Verdict.Top(false);
        for (int i = 0; i < 8 * 1500; i++) {
            double[] p = pairs[i % 8];
            double far = p == pairs[6] ? 1 + Math.ulp(1.0) * (i * 7919 % 5000 + 1) : p[1];
            Cases.Case c = discrepant(i, p == pairs[6] ? 1 : p[0], far);
            boolean isNew = i % 3 == 0;
            pruned.offer(c, isNew);
            all.offer(c, isNew);
        }
        assertEquals(8 * 500 + 8 * Verdict.TOP_KEPT, all.held());
        assertTrue(pruned.held() <= 2 * (3 * Verdict.TOP_KEPT + 8), "cases held: " + pruned.held());
        Findings none = new Findings(List.of(), List.of(), List.of(), Map.of(), 0);
        List<String> expected = all.result(none).stream()
                .map(t -> t.c().key() + " " + t.cls() + " " + t.ulps() + " " + t.isNew())
                .toList();
        assertEquals(Verdict.TOP_KEPT, expected.size());
        assertEquals(
                expected,
                pruned.result(none).stream()
                        .map(t -> t.c().key() + " " + t.cls() + " " + t.ulps() + " " + t.isNew())
                        .toList());
    }

    @Test
    void keysCompareAsTheirStrings() {
        List<Cases.Case> all = List.of(
                c("ab", 3), c("ab", 12), c("ab", 1), c("abc", 0), c("a", 99), c("ab0", 5), c("ab.", 2), c("b", 0));
        for (Cases.Case x : all)
            for (Cases.Case y : all)
                assertEquals(
                        Integer.signum(x.key().compareTo(y.key())),
                        Integer.signum(Verdict.compareKeys(x, y)),
                        x.key() + " vs " + y.key());
    }
}
