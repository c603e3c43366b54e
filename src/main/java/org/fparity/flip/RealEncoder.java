package org.fparity.flip;

import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.FuncDecl;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.RealExpr;
import com.microsoft.z3.RealSort;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.MathFn;

/**
 * Terms over the inputs as Z3 real arithmetic (Phase I: the exact semantics, independent of any evaluation model).
 * Exact encodings: + − × ÷ (divisor ≠ 0 asserted), sqrt (y ≥ 0, y² = x), fabs, fmin, fmax, ceil/floor/trunc/round
 * (through to_int), ldexp, and C's {@code fmod} as {@code x − y·trunc(x/y)} — not IEEE remainder. Every other math
 * function is an uninterpreted function with the range facts it always has (exp &gt; 0, |sin| ≤ 1 …) plus the points
 * pinned so far ({@link #pin}): its solutions are hints that Phase II checks, never taken as exact.
 */
public final class RealEncoder {
    private final Context ctx;
    private final Map<Expr, ArithExpr<RealSort>> memo = new IdentityHashMap<>();
    private final Map<String, RealExpr> vars = new HashMap<>();
    private final Map<MathFn, FuncDecl<RealSort>> ufs = new HashMap<>();
    private final List<BoolExpr> side = new ArrayList<>();
    private final List<MathFn> approximated = new ArrayList<>();
    private int fresh;

    public RealEncoder(Context ctx) {
        this.ctx = ctx;
    }

    /** The real variable of input {@code name}. */
    public RealExpr var(String name) {
        return vars.computeIfAbsent(name, n -> ctx.mkRealConst(n));
    }

    /** Constraints the encodings need (definitions of auxiliary variables, divisors ≠ 0, range facts). */
    public List<BoolExpr> side() {
        return side;
    }

    /** Math functions encoded as uninterpreted functions (their Phase I answers are approximate). */
    public List<MathFn> approximated() {
        return approximated;
    }

    public ArithExpr<RealSort> real(double v) {
        return ctx.mkReal(new BigDecimal(v).toPlainString());
    }

    /** The fact {@code fn(arg) = value} for a concrete argument, so the next query agrees with the platform there. */
    public BoolExpr pin(MathFn fn, double arg, double value) {
        return ctx.mkEq(ctx.mkApp(uf(fn), real(arg)), real(value));
    }

    public BoolExpr cond(Cond c) {
        return switch (c) {
            case Cond.Cmp cmp -> cmp(cmp.op(), encode(cmp.left()), encode(cmp.right()));
            case Cond.And a -> ctx.mkAnd(cond(a.left()), cond(a.right()));
            case Cond.Or o -> ctx.mkOr(cond(o.left()), cond(o.right()));
            case Cond.Not n -> ctx.mkNot(cond(n.operand()));
        };
    }

    public BoolExpr cmp(Cond.CmpOp op, ArithExpr<RealSort> l, ArithExpr<RealSort> r) {
        return switch (op) {
            case EQ -> ctx.mkEq(l, r);
            case NE -> ctx.mkNot(ctx.mkEq(l, r));
            case LT -> ctx.mkLt(l, r);
            case LE -> ctx.mkLe(l, r);
            case GT -> ctx.mkGt(l, r);
            case GE -> ctx.mkGe(l, r);
        };
    }

    @SuppressWarnings("unchecked")
    public ArithExpr<RealSort> encode(Expr e) {
        ArithExpr<RealSort> m = memo.get(e);
        if (m != null) return m;
        ArithExpr<RealSort> r = switch (e) {
            case Expr.Lit l -> real(l.value());
            case Expr.IntLit i -> ctx.mkReal(i.value());
            case Expr.Var v -> var(v.name());
            case Expr.Elem el -> throw new IllegalArgumentException("array element left in a term: " + el);
            case Expr.Paren p -> encode(p.inner());
            case Expr.Neg n -> ctx.mkUnaryMinus(encode(n.operand()));
            case Expr.Bin b -> {
                ArithExpr<RealSort> l = encode(b.left());
                ArithExpr<RealSort> rr = encode(b.right());
                yield switch (b.op()) {
                    case ADD -> ctx.mkAdd(l, rr);
                    case SUB -> ctx.mkSub(l, rr);
                    case MUL -> ctx.mkMul(l, rr);
                    case DIV -> {
                        side.add(ctx.mkNot(ctx.mkEq(rr, ctx.mkReal(0))));
                        yield ctx.mkDiv(l, rr);
                    }
                };
            }
            case Expr.Call c -> call(c);
        };
        memo.put(e, r);
        return r;
    }

    @SuppressWarnings("unchecked")
    private ArithExpr<RealSort> call(Expr.Call c) {
        MathFn fn = c.fn();
        ArithExpr<RealSort> x = encode(c.args().get(0));
        ArithExpr<RealSort> zero = ctx.mkReal(0);
        switch (fn) {
            case SQRT -> {
                RealExpr y = ctx.mkRealConst("sqrt!" + fresh++);
                side.add(ctx.mkGe(x, zero));
                side.add(ctx.mkGe(y, zero));
                side.add(ctx.mkEq(ctx.mkMul(y, y), x));
                return y;
            }
            case FABS -> {
                return (ArithExpr<RealSort>) ctx.mkITE(ctx.mkGe(x, zero), x, ctx.mkUnaryMinus(x));
            }
            case FMIN, FMAX -> {
                ArithExpr<RealSort> y = encode(c.args().get(1));
                BoolExpr le = ctx.mkLe(x, y);
                return (ArithExpr<RealSort>) (fn == MathFn.FMIN ? ctx.mkITE(le, x, y) : ctx.mkITE(le, y, x));
            }
            case FLOOR -> {
                return ctx.mkInt2Real(ctx.mkReal2Int(x));
            }
            case CEIL -> {
                return ctx.mkUnaryMinus(ctx.mkInt2Real(ctx.mkReal2Int(ctx.mkUnaryMinus(x))));
            }
            case TRUNC -> {
                return trunc(x);
            }
            case ROUND -> {
                // half away from zero: sign(x) * floor(|x| + 1/2)
                ArithExpr<RealSort> ax = (ArithExpr<RealSort>) ctx.mkITE(ctx.mkGe(x, zero), x, ctx.mkUnaryMinus(x));
                ArithExpr<RealSort> f = ctx.mkInt2Real(ctx.mkReal2Int(ctx.mkAdd(ax, ctx.mkReal(1, 2))));
                return (ArithExpr<RealSort>) ctx.mkITE(ctx.mkGe(x, zero), f, ctx.mkUnaryMinus(f));
            }
            case LDEXP -> {
                int k = ((Expr.IntLit) c.args().get(1)).value();
                return ctx.mkMul(x, real(Math.scalb(1.0, Math.max(-1074, Math.min(1023, k)))));
            }
            case FMOD -> {
                // C fmod: x - y * trunc(x / y), exact; the sign of x (IEEE remainder rounds the quotient to nearest
                // instead)
                ArithExpr<RealSort> y = encode(c.args().get(1));
                side.add(ctx.mkNot(ctx.mkEq(y, zero)));
                return ctx.mkSub(x, ctx.mkMul(y, trunc(ctx.mkDiv(x, y))));
            }
            default -> {
                List<ArithExpr<RealSort>> args = new ArrayList<>();
                for (int i = 0; i < c.args().size(); i++)
                    if (fn.args().get(i) == MathFn.Arg.FP)
                        args.add(encode(c.args().get(i)));
                if (!approximated.contains(fn)) approximated.add(fn);
                ArithExpr<RealSort> y =
                        (ArithExpr<RealSort>) ctx.mkApp(uf(fn), args.toArray(new com.microsoft.z3.Expr<?>[0]));
                range(fn, x, y);
                return y;
            }
        }
    }

    @SuppressWarnings("unchecked")
    private ArithExpr<RealSort> trunc(ArithExpr<RealSort> x) {
        ArithExpr<RealSort> zero = ctx.mkReal(0);
        IntExpr fl = ctx.mkReal2Int(x);
        IntExpr ce = (IntExpr) ctx.mkUnaryMinus(ctx.mkReal2Int(ctx.mkUnaryMinus(x)));
        return (ArithExpr<RealSort>) ctx.mkITE(ctx.mkGe(x, zero), ctx.mkInt2Real(fl), ctx.mkInt2Real(ce));
    }

    private FuncDecl<RealSort> uf(MathFn fn) {
        return ufs.computeIfAbsent(fn, f -> {
            RealSort r = ctx.getRealSort();
            com.microsoft.z3.Sort[] dom = new com.microsoft.z3.Sort
                    [(int) f.args().stream().filter(a -> a == MathFn.Arg.FP).count()];
            java.util.Arrays.fill(dom, r);
            return ctx.mkFuncDecl(f.canonicalName() + "!uf", dom, r);
        });
    }

    /** Facts every implementation satisfies, so the solver cannot pick absurd values for an uninterpreted call. */
    private void range(MathFn fn, ArithExpr<RealSort> x, ArithExpr<RealSort> y) {
        ArithExpr<RealSort> one = ctx.mkReal(1);
        ArithExpr<RealSort> mone = ctx.mkReal(-1);
        ArithExpr<RealSort> zero = ctx.mkReal(0);
        switch (fn) {
            case SIN, COS, TANH, ERF -> {
                side.add(ctx.mkLe(y, one));
                side.add(ctx.mkGe(y, mone));
            }
            case EXP, EXP2, COSH -> side.add(ctx.mkGt(y, zero));
            case ATAN -> {
                side.add(ctx.mkLe(y, real(Math.PI / 2 + 1e-6)));
                side.add(ctx.mkGe(y, real(-Math.PI / 2 - 1e-6)));
            }
            case LOG, LOG2, LOG10 -> side.add(ctx.mkGt(x, zero));
            default -> {}
        }
    }
}
