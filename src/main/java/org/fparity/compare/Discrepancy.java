package org.fparity.compare;

import java.math.BigInteger;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.OutcomeClass;

/**
 * One run whose two results differ: program, input, the pair, both results as glibc {@code %a} text (signs intact),
 * and for Number–Number the distance in ULPs of the program's precision and the relative error.
 *
 * @param ulps     ULPs between the results, exact (beyond 2^63 across the FP64 range), or null when the class is not
 *                 Number–Number
 * @param relError |a − b| / max(|a|, |b|), or NaN when the class is not Number–Number
 */
public record Discrepancy(
        String program,
        int input,
        Pair pair,
        DiscrepancyClass cls,
        OutcomeClass classA,
        OutcomeClass classB,
        String hexA,
        String hexB,
        BigInteger ulps,
        double relError) {

    /** True for Number–Number discrepancies, the ones with a ULP distance. */
    public boolean hasUlps() {
        return ulps != null;
    }

    /** Identity across campaigns: the same program, input, pair and opt levels (what a baseline diff matches on). */
    public String key() {
        return program + "/" + input + "/" + pair.id();
    }
}
