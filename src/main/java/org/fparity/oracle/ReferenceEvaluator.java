package org.fparity.oracle;

import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * Reference evaluation of IR programs: (a) the ideal IEEE platform with its trace of math calls, (b) the exact
 * real value of {@code comp} by Ziv's strategy — evaluate in MPFR at rising precision until two precisions round
 * the same way with the same branches, stopping at once when every operation was exact.
 */
public final class ReferenceEvaluator {
    private ReferenceEvaluator() {}

    /** Default precision ceiling of the Ziv loop, in bits. */
    public static final int MAX_PRECISION = 1 << 13;

    /** What the ideal IEEE platform prints, and every math call it made. */
    public record Ideal(double comp, List<MathCall> calls, List<IdealPlatform.Comparison> comparisons) {}

    /** How the exact evaluation ended. */
    public enum Status {
        /** Every operation was exact: the value is the exact real value, rounded once. */
        EXACT,
        /** Two successive precisions rounded to the same value with the same branches. */
        CONVERGED,
        /** A comparison's sign stayed undecided at the highest precision: the branch taken is not trustworthy. */
        UNSTABLE,
        /** The rounded value kept changing up to the highest precision (e.g. the exact value sits on a rounding boundary). */
        UNRESOLVED
    }

    /** A comparison left undecided at the final precision. */
    public record UnstableBranch(int seq, String op, double left, double right) {}

    /** The exact real value of comp rounded to the program's precision (nearest-even), and how we know. */
    public record ExactValue(
            double comp,
            Status status,
            long precisionBits,
            int passes,
            List<UnstableBranch> unstable,
            List<Boolean> branches) {}

    /**
     * The first comparison that goes one way on the ideal IEEE platform and the other way in exact arithmetic (e.g. a
     * product that underflows to 0 makes {@code 0 >= x*y} true, while the exact product is positive). After it the two
     * evaluations follow different paths, so only the first is meaningful.
     *
     * @param left  the ideal platform's left operand
     * @param right the ideal platform's right operand
     */
    public record DivergentBranch(int seq, String op, double left, double right, boolean ideal, boolean exact) {}

    /** The first branch the ideal and exact evaluations take differently, if any. */
    public static java.util.Optional<DivergentBranch> divergent(Ideal ideal, ExactValue exact) {
        List<IdealPlatform.Comparison> cs = ideal.comparisons();
        List<Boolean> bs = exact.branches();
        for (int i = 0; i < Math.min(cs.size(), bs.size()); i++) {
            IdealPlatform.Comparison c = cs.get(i);
            if (c.result() != bs.get(i))
                return java.util.Optional.of(
                        new DivergentBranch(c.seq(), c.op().symbol(), c.left(), c.right(), c.result(), bs.get(i)));
        }
        return java.util.Optional.empty();
    }

    public static Ideal ideal(Program p, Input in) {
        IdealPlatform d = new IdealPlatform(p.precision());
        double comp = new Interpreter<>(p, d).run(in);
        return new Ideal(comp, List.copyOf(d.calls), List.copyOf(d.comparisons));
    }

    /**
     * The value every expression node takes on the ideal platform, by path; a node evaluated several times (in a loop)
     * is listed only when every evaluation gave the same bits, and a node never evaluated (a branch not taken) not at all.
     */
    public static java.util.Map<org.fparity.ir.NodePath, Double> idealValues(Program p, Input in) {
        java.util.IdentityHashMap<org.fparity.ir.Expr, Double> seen = new java.util.IdentityHashMap<>();
        java.util.Set<org.fparity.ir.Expr> varying =
                java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        new Interpreter<>(p, new IdealPlatform(p.precision()))
                .observe((e, v) -> {
                    Double old = seen.put(e, v);
                    if (old != null && Double.doubleToRawLongBits(old) != Double.doubleToRawLongBits(v)) varying.add(e);
                })
                .run(in);
        java.util.Map<org.fparity.ir.NodePath, Double> out = new java.util.LinkedHashMap<>();
        org.fparity.ir.Walker.each(p, (path, n) -> {
            if (n instanceof org.fparity.ir.Expr e && seen.containsKey(e) && !varying.contains(e))
                out.put(path, seen.get(e));
        });
        return out;
    }

    public static ExactValue exact(Program p, Input in) {
        return exact(p, in, MAX_PRECISION);
    }

    public static ExactValue exact(Program p, Input in, int maxPrecision) {
        Precision f = p.precision();
        long prec = 2L * f.significandBits() + 22; // 128 bits for FP64, 70 for FP32
        Double prev = null;
        List<Boolean> prevBranches = null;
        boolean prevDecided = false;
        int passes = 0;
        double last = Double.NaN;
        List<MpfrDomain.Undecided> lastUndecided = List.of();
        List<Boolean> lastBranches = List.of();
        while (true) {
            passes++;
            try (MpfrDomain d = new MpfrDomain(prec)) {
                MpfrDomain.Val v = new Interpreter<>(p, d).run(in);
                last = d.round(v, f);
                lastUndecided = List.copyOf(d.undecided);
                lastBranches = List.copyOf(d.branches);
                boolean decided = d.undecided.isEmpty();
                if (decided && v.exact())
                    return new ExactValue(last, Status.EXACT, prec, passes, List.of(), List.copyOf(d.branches));
                if (decided && prevDecided && sameBits(prev, last) && d.branches.equals(prevBranches)) {
                    return new ExactValue(last, Status.CONVERGED, prec, passes, List.of(), List.copyOf(d.branches));
                }
                prev = last;
                prevBranches = List.copyOf(d.branches);
                prevDecided = decided;
            }
            if (prec * 2 > maxPrecision) break;
            prec *= 2;
        }
        List<UnstableBranch> unstable = new ArrayList<>();
        for (MpfrDomain.Undecided u : lastUndecided)
            unstable.add(new UnstableBranch(u.seq(), u.op().symbol(), u.left(), u.right()));
        return new ExactValue(
                last, unstable.isEmpty() ? Status.UNRESOLVED : Status.UNSTABLE, prec, passes, unstable, lastBranches);
    }

    private static boolean sameBits(Double a, double b) {
        return a != null
                && (Double.doubleToRawLongBits(a) == Double.doubleToRawLongBits(b) || (a.isNaN() && Double.isNaN(b)));
    }
}
