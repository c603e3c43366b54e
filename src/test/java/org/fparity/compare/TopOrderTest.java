package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

/** The top cases' heaps order cases by key as the key strings do, without making them. */
class TopOrderTest {
    private static Cases.Case c(String program, int input) {
        return new Cases.Case(
                program, input, Precision.FP64, Map.of(), Map.of(), List.of(), List.of(), null, List.of(), 0);
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
