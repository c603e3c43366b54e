package org.fparity.oracle;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/**
 * Real arithmetic approximated by MPFR at a fixed precision, with MPFR's widest exponent range (no overflow or
 * underflow in between). Each value knows whether it is exact; a comparison between inexact values is decided
 * only when the operands differ by more than 2^(-3p/4) relative — otherwise it is recorded as undecided.
 */
final class MpfrDomain implements Interpreter.Domain<MpfrDomain.Val>, AutoCloseable {
    record Val(MemorySegment x, boolean exact) {}

    /** A comparison whose sign could not be decided at this precision. */
    record Undecided(int seq, Cond.CmpOp op, double left, double right) {}

    private final long precision;
    private final Arena arena = Arena.ofConfined();
    private final List<MemorySegment> live = new ArrayList<>();
    private final long oldEmin;
    private final long oldEmax;
    final List<Undecided> undecided = new ArrayList<>();
    final List<Boolean> branches = new ArrayList<>();

    MpfrDomain(long precision) {
        Mpfr.require();
        this.precision = precision;
        oldEmin = Mpfr.emin();
        oldEmax = Mpfr.emax();
        Mpfr.setExpRange(Mpfr.eminMin(), Mpfr.emaxMax());
    }

    private MemorySegment fresh() {
        MemorySegment x = arena.allocate(Mpfr.STRUCT_SIZE, 8);
        Mpfr.init2(x, precision);
        live.add(x);
        return x;
    }

    @Override
    public Val constant(double v) {
        MemorySegment x = fresh();
        int t = Mpfr.setD(x, v, 0);
        return new Val(x, t == 0);
    }

    @Override
    public Val bin(Expr.BinOp op, Val a, Val b) {
        MemorySegment r = fresh();
        MathOp m = switch (op) {
            case ADD -> MathOp.Basic.ADD;
            case SUB -> MathOp.Basic.SUB;
            case MUL -> MathOp.Basic.MUL;
            case DIV -> MathOp.Basic.DIV;
        };
        int t = Mpfr.apply(m, r, a.x(), b.x(), null, 0);
        return new Val(r, a.exact() && b.exact() && t == 0);
    }

    @Override
    public Val neg(Val a) {
        MemorySegment r = fresh();
        Mpfr.apply(MathOp.Basic.NEG, r, a.x(), null, null, 0);
        return new Val(r, a.exact());
    }

    @Override
    public Val call(MathFn fn, List<Val> args, int intArg) {
        MemorySegment r = fresh();
        boolean exact = true;
        for (Val v : args) exact &= v.exact();
        int t;
        if (fn == MathFn.LDEXP) {
            t = Mpfr.mul2si(r, args.get(0).x(), intArg, 0);
        } else {
            MemorySegment a = args.get(0).x();
            MemorySegment b = args.size() > 1 ? args.get(1).x() : null;
            t = Mpfr.apply(MathOp.of(fn), r, a, b, null, 0);
        }
        return new Val(r, exact && t == 0);
    }

    @Override
    public boolean compare(Cond.CmpOp op, Val a, Val b) {
        boolean result;
        if (Mpfr.isNan(a.x()) || Mpfr.isNan(b.x())) {
            result = op == Cond.CmpOp.NE;
        } else {
            int c = Mpfr.cmp(a.x(), b.x());
            if (!(a.exact() && b.exact()) && !Mpfr.isInf(a.x()) && !Mpfr.isInf(b.x()) && !separated(a.x(), b.x(), c)) {
                undecided.add(new Undecided(branches.size() + 1, op, Mpfr.getD(a.x(), 0), Mpfr.getD(b.x(), 0)));
            }
            result = switch (op) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
        }
        branches.add(result);
        return result;
    }

    /** True when |a−b| > 2^(-3p/4)·max(|a|,|b|): far beyond what p-bit rounding errors can explain. */
    private boolean separated(MemorySegment a, MemorySegment b, int c) {
        if (c == 0) return false;
        MemorySegment d = fresh();
        Mpfr.apply(MathOp.Basic.SUB, d, a, b, null, 0);
        if (Mpfr.isZero(d)) return false;
        long ea = Mpfr.isZero(a) ? Long.MIN_VALUE : Mpfr.exp(a);
        long eb = Mpfr.isZero(b) ? Long.MIN_VALUE : Mpfr.exp(b);
        return Mpfr.exp(d) > Math.max(ea, eb) - (3 * precision) / 4;
    }

    /** x rounded correctly (from its p-bit value) to the format, round-to-nearest. */
    double round(Val v, Precision f) {
        MemorySegment y = arena.allocate(Mpfr.STRUCT_SIZE, 8);
        Mpfr.init2(y, f.significandBits());
        live.add(y);
        int t = Mpfr.set(y, v.x(), 0);
        Mpfr.setExpRange(f);
        try {
            t = Mpfr.checkRange(y, t, 0);
            Mpfr.subnormalize(y, t, 0);
            return f == Precision.FP32 ? Mpfr.getFlt(y, 0) : Mpfr.getD(y, 0);
        } finally {
            Mpfr.setExpRange(Mpfr.eminMin(), Mpfr.emaxMax());
        }
    }

    @Override
    public void close() {
        for (MemorySegment x : live) Mpfr.clear(x);
        live.clear();
        arena.close();
        Mpfr.setExpRange(oldEmin, oldEmax);
    }
}
