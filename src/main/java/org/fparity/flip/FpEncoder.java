package org.fparity.flip;

import com.microsoft.z3.BitVecNum;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.FPExpr;
import com.microsoft.z3.FPRMExpr;
import com.microsoft.z3.FPSort;
import java.util.IdentityHashMap;
import java.util.Map;
import org.fparity.ir.Expr;
import org.fparity.ir.FusedAdd;
import org.fparity.ir.Precision;

/**
 * A term under one evaluation model in Z3's IEEE floating-point theory (round to nearest even): the exact check of
 * a candidate, independent of Java's arithmetic. Fused additions are {@code fp.fma}; C's {@code fmod} is built from
 * {@code fp.rem} (IEEE remainder, quotient rounded to nearest) by adding back |y| where the signs disagree, since
 * fmod truncates the quotient. Math functions with no exact counterpart in the theory are {@link OutOfReach}.
 */
public final class FpEncoder {
    /** The term uses a function the FP theory cannot state exactly. */
    public static final class OutOfReach extends RuntimeException {
        private static final long serialVersionUID = 1L;

        OutOfReach(String why) {
            super(why);
        }
    }

    private final Context ctx;
    private final FPSort sort;
    private final FPRMExpr rne;
    private final Precision precision;
    private final Map<String, Double> inputs;
    private final Map<Expr.Bin, Boolean> fused;
    private final Map<Expr, FPExpr> memo = new IdentityHashMap<>();

    public FpEncoder(Context ctx, Precision precision, Map<String, Double> inputs, Map<Expr.Bin, Boolean> fused) {
        this.ctx = ctx;
        this.precision = precision;
        this.sort = precision == Precision.FP32 ? ctx.mkFPSort32() : ctx.mkFPSort64();
        this.rne = ctx.mkFPRoundNearestTiesToEven();
        this.inputs = inputs;
        this.fused = fused;
    }

    /** The value of {@code e} as Z3 computes it (ground term, simplified to a numeral, decoded bit-exactly). */
    public double value(Expr e) {
        FPExpr x = (FPExpr) encode(e).simplify();
        BitVecNum bits = (BitVecNum) ctx.mkFPToIEEEBV(x).simplify();
        long b = bits.getBigInteger().longValue();
        if (precision == Precision.FP32) return Float.intBitsToFloat((int) b);
        return Double.longBitsToDouble(b);
    }

    private FPExpr num(double v) {
        return precision == Precision.FP32 ? ctx.mkFP((float) v, sort) : ctx.mkFP(v, sort);
    }

    public FPExpr encode(Expr e) {
        FPExpr m = memo.get(e);
        if (m != null) return m;
        FPExpr r = switch (e) {
            case Expr.Lit l -> num(precision.round(l.value()));
            case Expr.IntLit i -> num(i.value());
            case Expr.Var v -> num(inputs.get(v.name()));
            case Expr.Elem el -> throw new IllegalArgumentException("array element left in a term: " + el);
            case Expr.Paren p -> encode(p.inner());
            case Expr.Neg n -> ctx.mkFPNeg(encode(n.operand()));
            case Expr.Bin b
            when fused.containsKey(b) -> {
                FusedAdd f = FusedAdd.of(b, fused.get(b));
                FPExpr x = encode(f.x());
                FPExpr c = encode(f.z());
                yield ctx.mkFPFMA(
                        rne, f.negateX() ? ctx.mkFPNeg(x) : x, encode(f.y()), f.negateZ() ? ctx.mkFPNeg(c) : c);
            }
            case Expr.Bin b -> {
                FPExpr l = encode(b.left());
                FPExpr rr = encode(b.right());
                yield switch (b.op()) {
                    case ADD -> ctx.mkFPAdd(rne, l, rr);
                    case SUB -> ctx.mkFPSub(rne, l, rr);
                    case MUL -> ctx.mkFPMul(rne, l, rr);
                    case DIV -> ctx.mkFPDiv(rne, l, rr);
                };
            }
            case Expr.Call c -> call(c);
        };
        memo.put(e, r);
        return r;
    }

    private FPExpr call(Expr.Call c) {
        FPExpr x = encode(c.args().get(0));
        return switch (c.fn()) {
            case SQRT -> ctx.mkFPSqrt(rne, x);
            case FABS -> ctx.mkFPAbs(x);
            case FMIN -> ctx.mkFPMin(x, encode(c.args().get(1)));
            case FMAX -> ctx.mkFPMax(x, encode(c.args().get(1)));
            case FLOOR -> ctx.mkFPRoundToIntegral(ctx.mkFPRoundTowardNegative(), x);
            case CEIL -> ctx.mkFPRoundToIntegral(ctx.mkFPRoundTowardPositive(), x);
            case TRUNC -> ctx.mkFPRoundToIntegral(ctx.mkFPRoundTowardZero(), x);
            case ROUND -> ctx.mkFPRoundToIntegral(ctx.mkFPRoundNearestTiesToAway(), x);
            case FMOD -> fmod(x, encode(c.args().get(1)));
            default ->
                throw new OutOfReach(
                        c.fn().canonicalName() + " has no exact counterpart in Z3's floating-point theory");
        };
    }

    /** C fmod from IEEE remainder: r = rem(x, y); where r and x have opposite signs, r + copysign(|y|, x) (exact). */
    private FPExpr fmod(FPExpr x, FPExpr y) {
        FPExpr r = ctx.mkFPRem(x, y);
        FPExpr ay = ctx.mkFPAbs(y);
        BoolExpr xNeg = ctx.mkFPIsNegative(x);
        BoolExpr differ = ctx.mkAnd(ctx.mkNot(ctx.mkFPIsZero(r)), ctx.mkNot(ctx.mkEq(ctx.mkFPIsNegative(r), xNeg)));
        FPExpr adj = ctx.mkFPAdd(rne, r, (FPExpr) ctx.mkITE(xNeg, ctx.mkFPNeg(ay), ay));
        // a zero result keeps the sign of x
        FPExpr zero = (FPExpr) ctx.mkITE(xNeg, ctx.mkFPZero(sort, true), ctx.mkFPZero(sort, false));
        return (FPExpr) ctx.mkITE(ctx.mkFPIsZero(r), zero, ctx.mkITE(differ, adj, r));
    }
}
