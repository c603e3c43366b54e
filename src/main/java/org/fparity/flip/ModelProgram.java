package org.fparity.flip;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.emit.JavaEmitter;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;

/**
 * A program rewritten as one evaluation model computes it, statement by statement: each expression's chains in the
 * model's order (an IR tree fixes the order, and Java evaluates exactly that tree) and the additions that fuse,
 * for {@link JavaEmitter} to write as {@code Math.fma}. Compound assignments become plain ones ({@code x += e} is
 * {@code x = x + e}: one rounding either way) so that {@code comp += a*b} can fuse. Java cannot fuse across
 * statements, so a model that crosses statements is emitted as its within-statement part.
 *
 * @param program the rewritten program (same parameters; its canonical text shows the order)
 * @param fused   additions to emit as {@code Math.fma} (identity map over {@code program}'s nodes)
 */
public record ModelProgram(Program program, Map<Expr.Bin, Boolean> fused) {

    public static ModelProgram of(Program p, EvaluationModel model) {
        Map<Expr.Bin, Boolean> fused = new IdentityHashMap<>();
        List<Stmt> body = block(p.body(), model, fused);
        return new ModelProgram(new Program(p.precision(), p.arrayLength(), p.params(), body), fused);
    }

    /** A Java emitter writing this program under its model. */
    public JavaEmitter emitter(JavaEmitter.MathLib lib) {
        return new JavaEmitter(lib, fused);
    }

    private static List<Stmt> block(List<Stmt> stmts, EvaluationModel m, Map<Expr.Bin, Boolean> fused) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            out.add(
                    switch (s) {
                        case Stmt.Decl d -> new Stmt.Decl(d.name(), one(d.init(), m, fused));
                        case Stmt.Assign a -> {
                            Expr.BinOp op = a.op().binOp();
                            Expr value = op == null ? a.value() : new Expr.Bin(op, (Expr) a.target(), paren(a.value()));
                            yield new Stmt.Assign(a.target(), Stmt.AssignOp.SET, one(value, m, fused));
                        }
                        case Stmt.If i ->
                            new Stmt.If(
                                    cond(i.cond(), m, fused),
                                    block(i.then(), m, fused),
                                    block(i.otherwise(), m, fused));
                        case Stmt.For f -> new Stmt.For(f.var(), f.bound(), block(f.body(), m, fused));
                    });
        }
        return out;
    }

    /** {@code x op= e} applies op to the whole of e: keep e one operand even when it is itself a sum. */
    private static Expr paren(Expr e) {
        return e instanceof Expr.Bin ? new Expr.Paren(e) : e;
    }

    private static Expr one(Expr e, EvaluationModel m, Map<Expr.Bin, Boolean> fused) {
        ModelTransform.Applied a = ModelTransform.apply(m, e, Set.of());
        fused.putAll(a.fused());
        return a.root();
    }

    private static Cond cond(Cond c, EvaluationModel m, Map<Expr.Bin, Boolean> fused) {
        return switch (c) {
            case Cond.Cmp cmp -> new Cond.Cmp(cmp.op(), one(cmp.left(), m, fused), one(cmp.right(), m, fused));
            case Cond.And a -> new Cond.And(cond(a.left(), m, fused), cond(a.right(), m, fused));
            case Cond.Or o -> new Cond.Or(cond(o.left(), m, fused), cond(o.right(), m, fused));
            case Cond.Not n -> new Cond.Not(cond(n.operand(), m, fused));
        };
    }
}
