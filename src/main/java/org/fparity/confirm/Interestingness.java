package org.fparity.confirm;

import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * The interestingness test: a candidate is interesting when both platforms ran it and their results still differ in
 * the same class. Options: for Number–Number, a gap of at least {@code minUlps}; or {@code aVsReference}, platform A
 * must also still disagree with the correctly rounded reference (the ideal IEEE platform) — the bug stays A's.
 *
 * <p>Or, with {@code failing} 0 (A) or 1 (B) and {@code cls} null, a run that ends differently: that side ends
 * abnormally ({@link #abnormal}: a signal, or a non-zero exit such as the harness's own error exit) where the other
 * prints a result. Seen with clang ≥ 16 {@code -O3 -ffast-math}: a value that is NaN or Inf on every input is poison
 * to LLVM under finite-math-only, a branch on it is undefined behaviour, and the code after the call is deleted, so
 * the process falls into whatever function follows (SIGSEGV, or the harness's "bad value" exit).
 */
public record Interestingness(DiscrepancyClass cls, long minUlps, boolean aVsReference, int failing) {
    public Interestingness {
        if (minUlps < 1) throw new IllegalArgumentException("minUlps must be >= 1, is " + minUlps);
        if (failing < -1 || failing > 1)
            throw new IllegalArgumentException("failing must be -1, 0 or 1, is " + failing);
        if ((cls == null) != (failing >= 0))
            throw new IllegalArgumentException("a verdict has a class or a failing side, not both");
    }

    /** A numerical discrepancy of class {@code cls}. */
    public Interestingness(DiscrepancyClass cls, long minUlps, boolean aVsReference) {
        this(cls, minUlps, aVsReference, -1);
    }

    /** A run that ends differently: side {@code failing} (0 = A, 1 = B) ends abnormally, the other prints a result. */
    public static Interestingness endsDifferently(int failing) {
        return new Interestingness(null, 1, false, failing);
    }

    /** The label reports use: the class, or "ended differently". */
    public String label() {
        return label(cls);
    }

    /** The label of a class, or "ended differently" for none (a run that ended differently has no class). */
    public static String label(DiscrepancyClass cls) {
        return cls != null ? cls.label() : ENDED_LABEL;
    }

    /** The machine name: the class's id, or {@value #ENDED_ID}. */
    public String id() {
        return id(cls);
    }

    /** The id of a class, or {@value #ENDED_ID} for none. */
    public static String id(DiscrepancyClass cls) {
        return cls != null ? cls.id() : ENDED_ID;
    }

    public static final String ENDED_LABEL = "Ended differently";
    public static final String ENDED_ID = "ended_differently";

    /**
     * A run that ended without printing a result and not for a reason outside the program: a crash (signal or non-zero
     * exit) or the harness's error exit. Not a timeout, a compile error or a platform that cannot run here.
     */
    public static boolean abnormal(Outcome.Status s) {
        return s == Outcome.Status.CRASH || s == Outcome.Status.HARNESS_ERROR;
    }

    /** The side (0 = A, 1 = B) that ended abnormally where the other printed a result; -1 when not that pattern. */
    public static int failingSide(Outcome a, Outcome b) {
        return failingSide(a == null ? null : a.status(), b == null ? null : b.status());
    }

    /** The same by status alone (null: no outcome). */
    public static int failingSide(Outcome.Status a, Outcome.Status b) {
        if (abnormal(a) && b == Outcome.Status.OK) return 0;
        if (abnormal(b) && a == Outcome.Status.OK) return 1;
        return -1;
    }

    /** Whether the outcomes of A and B on (program, input) keep the discrepancy. */
    public boolean interesting(Program p, Input in, Outcome a, Outcome b) {
        if (failing >= 0) return failingSide(a, b) == failing;
        if (a == null || b == null || a.status() != Outcome.Status.OK || b.status() != Outcome.Status.OK) return false;
        double x = a.value();
        double y = b.value();
        if (DiscrepancyClass.classify(x, y) != cls) return false;
        if (cls == DiscrepancyClass.NUMBER_NUMBER
                && org.fparity.ir.Ulps.distance(x, y, p.precision()).compareTo(java.math.BigInteger.valueOf(minUlps))
                        < 0) return false;
        if (aVsReference) {
            double ref = ReferenceEvaluator.ideal(p, in).comp();
            if (DiscrepancyClass.classify(x, ref) == null) return false;
        }
        return true;
    }
}
