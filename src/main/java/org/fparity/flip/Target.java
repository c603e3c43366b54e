package org.fparity.flip;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;

/**
 * One dynamic instance of a branch, reached along one path with concrete loop bounds: every expression in it is a
 * term over the program's inputs (variables substituted, loops unrolled).
 *
 * @param branch     the branch's number (pre-order over the program's {@code if} statements, from 0)
 * @param bounds     the value of every int parameter (loop bound) for this instance
 * @param iterations the loop iterations enclosing the branch, outermost first (empty outside loops)
 * @param path       the decisions taken before reaching it, in order
 * @param cond       the branch's condition as a term over the inputs
 * @param stored     nodes that are a value read back from a variable (identity): where a statement ended in the source
 */
public record Target(
        int branch,
        Map<String, Integer> bounds,
        List<Integer> iterations,
        List<Guard> path,
        Cond cond,
        Set<Expr> stored) {
    public Target {
        bounds = Map.copyOf(bounds);
        iterations = List.copyOf(iterations);
        path = List.copyOf(path);
        Set<Expr> s = Collections.newSetFromMap(new IdentityHashMap<>());
        s.addAll(stored);
        stored = Collections.unmodifiableSet(s);
    }

    /** A decision on the way: {@code cond} evaluated to {@code taken}. */
    public record Guard(int branch, Cond cond, boolean taken) {}
}
