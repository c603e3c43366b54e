package org.fparity.compare;

/**
 * One run whose two results differ: program, input, the pair, both results as glibc {@code %a} text (signs intact),
 * and for Number–Number the distance in ULPs of the program's precision and the relative error.
 *
 * @param ulps     ULPs between the results, or -1 when the class is not Number–Number
 * @param relError |a − b| / max(|a|, |b|), or NaN when the class is not Number–Number
 */
public record Discrepancy(
        String program, int input, Pair pair, DiscrepancyClass cls, OutcomeClass classA, OutcomeClass classB,
        String hexA, String hexB, long ulps, double relError) {

    /** Identity across campaigns: the same program, input, pair and opt levels (what a baseline diff matches on). */
    public String key() {
        return program + "/" + input + "/" + pair.id();
    }
}
