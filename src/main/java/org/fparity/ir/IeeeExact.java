package org.fparity.ir;

import java.util.List;

/**
 * Whether a program's result is fixed by IEEE-754 alone: only {@code + - * /} and math functions that are exact or
 * correctly rounded ({@link MathFn#ieeeExact()}). Such a program must give the same bits on every conforming platform
 * that neither contracts to FMA nor flushes subnormals — the emitter-fidelity check between a GPU and gcc {@code -O0}.
 */
public final class IeeeExact {
    private IeeeExact() {}

    public static boolean test(Program p) {
        return block(p.body());
    }

    private static boolean block(List<Stmt> body) {
        for (Stmt s : body) {
            boolean ok = switch (s) {
                case Stmt.Decl d -> expr(d.init());
                case Stmt.Assign a -> expr(a.value());
                case Stmt.If i -> cond(i.cond()) && block(i.then()) && block(i.otherwise());
                case Stmt.For f -> block(f.body());
            };
            if (!ok) return false;
        }
        return true;
    }

    private static boolean cond(Cond c) {
        return switch (c) {
            case Cond.Cmp cmp -> expr(cmp.left()) && expr(cmp.right());
            case Cond.And a -> cond(a.left()) && cond(a.right());
            case Cond.Or o -> cond(o.left()) && cond(o.right());
            case Cond.Not n -> cond(n.operand());
        };
    }

    private static boolean expr(Expr e) {
        return switch (e) {
            case Expr.Lit l -> true;
            case Expr.IntLit i -> true;
            case Expr.Var v -> true;
            case Expr.Elem el -> true;
            case Expr.Neg n -> expr(n.operand());
            case Expr.Bin b -> expr(b.left()) && expr(b.right());
            case Expr.Paren p -> expr(p.inner());
            case Expr.Call c -> c.fn().ieeeExact() && c.args().stream().allMatch(IeeeExact::expr);
        };
    }
}
