package org.fparity.flip;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.FusedAdd;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/**
 * Evaluates a rewritten term ({@link ModelTransform.Applied}) in IEEE arithmetic of the program's precision, fused
 * additions with {@code Math.fma}, math calls with {@code java.lang.Math} (C semantics where Java's differ). Values
 * of FP32 programs are floats held in doubles.
 */
public final class ModelEvaluator {
    private final Precision precision;
    private final Map<String, Double> inputs;
    private final Map<Expr.Bin, Boolean> fused;
    private final Map<Expr, Double> memo = new IdentityHashMap<>();

    public ModelEvaluator(Precision precision, Map<String, Double> inputs, Map<Expr.Bin, Boolean> fused) {
        this.precision = precision;
        this.inputs = inputs;
        this.fused = fused;
    }

    public double eval(Expr e) {
        Double m = memo.get(e);
        if (m != null) return m;
        double v = switch (e) {
            case Expr.Lit l -> precision.round(l.value());
            case Expr.IntLit i -> i.value();
            case Expr.Var var -> {
                Double x = inputs.get(var.name());
                if (x == null) throw new IllegalArgumentException("no value for input " + var.name());
                yield x;
            }
            case Expr.Elem el -> throw new IllegalArgumentException("array element left in a term: " + el);
            case Expr.Neg n -> -eval(n.operand());
            case Expr.Paren p -> eval(p.inner());
            case Expr.Bin b -> bin(b);
            case Expr.Call c -> call(c);
        };
        memo.put(e, v);
        return v;
    }

    public boolean test(Cond c) {
        return switch (c) {
            case Cond.Cmp cmp -> cmp.op().test(eval(cmp.left()), eval(cmp.right()));
            case Cond.And a -> test(a.left()) && test(a.right());
            case Cond.Or o -> test(o.left()) || test(o.right());
            case Cond.Not n -> !test(n.operand());
        };
    }

    private double bin(Expr.Bin b) {
        Boolean side = fused.get(b);
        if (side != null) {
            FusedAdd f = FusedAdd.of(b, side);
            double x = eval(f.x());
            double c = eval(f.z());
            return fma(precision, f.negateX() ? -x : x, eval(f.y()), f.negateZ() ? -c : c);
        }
        double l = eval(b.left());
        double r = eval(b.right());
        return op(precision, b.op(), l, r);
    }

    static double op(Precision precision, Expr.BinOp op, double l, double r) {
        return op.apply(precision, l, r);
    }

    static double fma(Precision precision, double x, double y, double c) {
        return precision == Precision.FP32 ? Math.fma((float) x, (float) y, (float) c) : Math.fma(x, y, c);
    }

    private double call(Expr.Call c) {
        List<Expr> args = c.args();
        double a = eval(args.get(0));
        double b = args.size() > 1 && c.fn().args().get(1) == MathFn.Arg.FP ? eval(args.get(1)) : 0;
        int k = args.size() > 1 && args.get(1) instanceof Expr.IntLit il ? il.value() : 0;
        double r = MathCalls.apply(c.fn(), precision, a, b, k);
        return precision.round(r);
    }
}
