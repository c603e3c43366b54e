package org.fparity.reduce;

import org.fparity.compare.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * The interestingness test: a candidate is interesting when both platforms ran it and their results still differ in
 * the same class. Options: for Number–Number, a gap of at least {@code minUlps}; or {@code aVsReference}, platform A
 * must also still disagree with the correctly rounded reference (the ideal IEEE platform) — the bug stays A's.
 */
public record Verdict(DiscrepancyClass cls, long minUlps, boolean aVsReference) {
    public Verdict {
        if (minUlps < 1) throw new IllegalArgumentException("minUlps must be >= 1, is " + minUlps);
    }

    /** Whether the outcomes of A and B on (program, input) keep the discrepancy. */
    public boolean interesting(Program p, Input in, Outcome a, Outcome b) {
        if (a == null || b == null || a.status() != Outcome.Status.OK || b.status() != Outcome.Status.OK) return false;
        double x = a.value();
        double y = b.value();
        if (DiscrepancyClass.classify(x, y) != cls) return false;
        if (cls == DiscrepancyClass.NUMBER_NUMBER && org.fparity.ir.Ulps.distance(x, y, p.precision()).compareTo(java.math.BigInteger.valueOf(minUlps)) < 0) return false;
        if (aVsReference) {
            double ref = ReferenceEvaluator.ideal(p, in).comp();
            if (DiscrepancyClass.classify(x, ref) == null) return false;
        }
        return true;
    }
}
