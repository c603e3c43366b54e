package org.fparity.flip;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fparity.FparityError;
import org.fparity.ir.Expr;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.ir.Walker;

/**
 * The probe build of a program for one branch: everything up to the branch as written, the branch itself replaced by
 * {@code comp = 1} (taken) or {@code comp = -1} (not taken), every side that leaves the path to it by
 * {@code comp = 2} (not reached), and nothing after it. Any platform that runs the probe reports which way the
 * branch went through the one value every harness already prints.
 *
 * <p>A branch inside a loop goes once per iteration: its probe keeps the loop whole (the branch's own sides too, since
 * later iterations read what they write) and records every instance's outcome as one bit of a trace
 * {@code t = 2t + (taken ? 1 : 0)} started at 1, then reports {@code comp = t + 2} after the loop. Every operation on
 * the trace is exact (small integers), whatever a platform contracts or reassociates, as long as the instances fit
 * the precision's significand: {@link #TRACE_BITS}.
 */
public final class Probe {
    public static final double TAKEN = 1;
    public static final double NOT_TAKEN = -1;
    public static final double NOT_REACHED = 2;
    /** Name of the trace temporary in a loop probe (a program that already uses it gets a numbered one). */
    static final String TRACE = "probe_trace";

    private Probe() {}

    /** What a probe's result means; {@code INSTANCES}: a loop probe's trace, one outcome per iteration ({@link #trace}). */
    public enum Branch {
        TAKEN,
        NOT_TAKEN,
        NOT_REACHED,
        NO_ANSWER,
        INSTANCES
    }

    /** Instances a loop probe can record exactly: significand bits minus the leading 1 (23 for FP32, 52 for FP64). */
    public static int traceBits(org.fparity.ir.Precision p) {
        return p == org.fparity.ir.Precision.FP32 ? 23 : 52;
    }

    /** Whether branch {@code branch} of {@code p} sits inside a loop (its probe then reports a trace). */
    public static boolean inLoop(Program p, int branch) {
        return depth(p.body(), SymbolicPaths.branches(p).get(branch), 0) > 0;
    }

    /** Loops around {@code target}, or -1 if it is not in {@code block}. */
    private static int depth(List<Stmt> block, Stmt.If target, int d) {
        for (Stmt s : block) {
            if (s == target) return d;
            int r = switch (s) {
                case Stmt.If i -> Math.max(depth(i.then(), target, d), depth(i.otherwise(), target, d));
                case Stmt.For f -> depth(f.body(), target, d + 1);
                default -> -1;
            };
            if (r >= 0) return r;
        }
        return -1;
    }

    /**
     * A loop probe's result as the outcome of each instance in execution order ({@code T} taken, {@code N} not), empty
     * when the loop ran but never reached the branch; null when the value is no trace (not reached before the loop,
     * or not a value a probe prints).
     */
    public static String trace(double v) {
        double t = v - 2;
        if (!(t >= 1) || t != Math.rint(t) || t >= 0x1p53) return null;
        long bits = (long) t;
        int k = 63 - Long.numberOfLeadingZeros(bits);
        StringBuilder sb = new StringBuilder(k);
        for (int i = k - 1; i >= 0; i--) sb.append(((bits >>> i) & 1) == 1 ? 'T' : 'N');
        return sb.toString();
    }

    public static Branch read(double v) {
        if (v == TAKEN) return Branch.TAKEN;
        if (v == NOT_TAKEN) return Branch.NOT_TAKEN;
        if (v == NOT_REACHED) return Branch.NOT_REACHED;
        return Branch.NO_ANSWER;
    }

    public static Program of(Program p, int branch) {
        List<Stmt.If> all = SymbolicPaths.branches(p);
        if (branch < 0 || branch >= all.size()) {
            throw new FparityError("the program has " + all.size() + " branches, not " + branch);
        }
        Stmt.If target = all.get(branch);
        int loops = depth(p.body(), target, 0);
        String trace = null;
        if (loops > 0) {
            // each enclosing loop runs at most arrayLength times (bounds are checked against it)
            double instances = Math.pow(Math.max(1, p.arrayLength()), loops);
            if (instances > traceBits(p.precision())) {
                throw new FparityError("branch " + branch + " sits inside " + loops + " loop(s) of up to "
                        + p.arrayLength() + " iterations: up to "
                        + (long) instances + " instances, and a probe records at most " + traceBits(p.precision())
                        + " outcomes exactly in an "
                        + p.precision().id() + " result");
            }
            Set<String> names = new HashSet<>();
            Walker.each(p, (path, n) -> {
                if (n instanceof Stmt.Decl d) names.add(d.name());
            });
            for (var par : p.params()) names.add(par.name());
            trace = TRACE;
            for (int i = 2; names.contains(trace); i++) trace = TRACE + i;
        }
        List<Stmt> body = cut(p.body(), target, trace);
        if (body == null) throw new IllegalStateException("branch not found");
        if (trace != null) {
            List<Stmt> withDecl = new ArrayList<>();
            withDecl.add(new Stmt.Decl(trace, new Expr.Lit(1)));
            withDecl.addAll(body);
            body = withDecl;
        }
        return new Program(p.precision(), p.arrayLength(), p.params(), body);
    }

    /** {@code block} with {@code target} recording its outcome in the trace before running its own side. */
    private static List<Stmt> instrument(List<Stmt> block, Stmt.If target, String trace) {
        List<Stmt> out = new ArrayList<>(block.size());
        for (Stmt s : block) {
            out.add(
                    switch (s) {
                        case Stmt.If i
                        when i == target -> {
                            List<Stmt> then = new ArrayList<>(List.of(record(trace, 1)));
                            then.addAll(i.then());
                            List<Stmt> other = new ArrayList<>(List.of(record(trace, 0)));
                            other.addAll(i.otherwise());
                            yield new Stmt.If(i.cond(), then, other);
                        }
                        case Stmt.If i ->
                            new Stmt.If(
                                    i.cond(),
                                    instrument(i.then(), target, trace),
                                    instrument(i.otherwise(), target, trace));
                        case Stmt.For f -> new Stmt.For(f.var(), f.bound(), instrument(f.body(), target, trace));
                        default -> s;
                    });
        }
        return out;
    }

    /** {@code trace = trace * 2 + bit}: exact while the trace has fewer bits than the significand. */
    private static Stmt record(String trace, double bit) {
        Expr twice = new Expr.Bin(Expr.BinOp.MUL, new Expr.Var(trace), new Expr.Lit(2));
        return new Stmt.Assign(
                new Expr.Var(trace),
                Stmt.AssignOp.SET,
                bit == 0 ? twice : new Expr.Bin(Expr.BinOp.ADD, twice, new Expr.Lit(bit)));
    }

    /** The statements of {@code block} up to and including the probe of {@code target}, or null if it is not inside. */
    private static List<Stmt> cut(List<Stmt> block, Stmt.If target, String trace) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : block) {
            if (s == target) {
                out.add(new Stmt.If(target.cond(), List.of(set(TAKEN)), List.of(set(NOT_TAKEN))));
                return out;
            }
            switch (s) {
                case Stmt.If i -> {
                    List<Stmt> t = cut(i.then(), target, trace);
                    List<Stmt> o = t == null ? cut(i.otherwise(), target, trace) : null;
                    if (t != null) {
                        out.add(new Stmt.If(i.cond(), t, List.of(set(NOT_REACHED))));
                        return out;
                    }
                    if (o != null) {
                        out.add(new Stmt.If(i.cond(), List.of(set(NOT_REACHED)), o));
                        return out;
                    }
                    out.add(s);
                }
                case Stmt.For f -> {
                    if (depth(f.body(), target, 0) >= 0) {
                        // the whole loop runs, every instance recorded; nothing after it matters
                        out.add(new Stmt.For(f.var(), f.bound(), instrument(f.body(), target, trace)));
                        out.add(new Stmt.Assign(
                                new Expr.Var(org.fparity.ir.Param.COMP),
                                Stmt.AssignOp.SET,
                                new Expr.Bin(Expr.BinOp.ADD, new Expr.Var(trace), new Expr.Lit(NOT_REACHED))));
                        return out;
                    }
                    out.add(s);
                }
                default -> out.add(s);
            }
        }
        return null;
    }

    private static Stmt set(double v) {
        return new Stmt.Assign(new Expr.Var(org.fparity.ir.Param.COMP), Stmt.AssignOp.SET, new Expr.Lit(v));
    }
}
