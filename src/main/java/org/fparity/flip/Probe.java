package org.fparity.flip;

import java.util.ArrayList;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.ir.Expr;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;

/**
 * The probe build of a program for one branch: everything up to the branch as written, the branch itself replaced by
 * {@code comp = 1} (taken) or {@code comp = -1} (not taken), every side that leaves the path to it by
 * {@code comp = 2} (not reached), and nothing after it. Any platform that runs the probe reports which way the
 * branch went through the one value every harness already prints.
 */
public final class Probe {
    public static final double TAKEN = 1;
    public static final double NOT_TAKEN = -1;
    public static final double NOT_REACHED = 2;

    private Probe() {}

    /** What a probe's result means. */
    public enum Branch { TAKEN, NOT_TAKEN, NOT_REACHED, NO_ANSWER }

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
        List<Stmt> body = cut(p.body(), target);
        if (body == null) throw new IllegalStateException("branch not found");
        return new Program(p.precision(), p.arrayLength(), p.params(), body);
    }

    /** The statements of {@code block} up to and including the probe of {@code target}, or null if it is not inside. */
    private static List<Stmt> cut(List<Stmt> block, Stmt.If target) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : block) {
            if (s == target) {
                out.add(new Stmt.If(target.cond(), List.of(set(TAKEN)), List.of(set(NOT_TAKEN))));
                return out;
            }
            switch (s) {
                case Stmt.If i -> {
                    List<Stmt> t = cut(i.then(), target);
                    List<Stmt> o = t == null ? cut(i.otherwise(), target) : null;
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
                    if (cut(f.body(), target) != null) {
                        throw new FparityError("branch sits inside loop '" + f.var() + "': a probe reports one branch outcome, "
                                + "and a branch inside a loop has one per iteration (not supported yet)");
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
