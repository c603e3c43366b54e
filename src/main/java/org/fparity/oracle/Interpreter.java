package org.fparity.oracle;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.FusedAdd;
import org.fparity.ir.Index;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;

/**
 * Runs an IR program over a value domain, in the order written (Varity semantics: arrays hold one fill value,
 * int parameters are loop bounds, {@code comp} is the result). The domain decides what an operation means:
 * IEEE arithmetic with correctly rounded calls, or MPFR at some precision.
 */
final class Interpreter<V> {
    /** What the values are and how operations on them round. */
    interface Domain<V> {
        V constant(double v);

        V bin(Expr.BinOp op, V a, V b);

        V neg(V a);

        /** A math call; {@code intArg} is the int argument of ldexp (0 otherwise). */
        V call(MathFn fn, List<V> args, int intArg);

        boolean compare(Cond.CmpOp op, V a, V b);

        /** {@code x*y + z} with one rounding (a contracted addition); only domains that model contraction have it. */
        default V fma(V x, V y, V z) {
            throw new UnsupportedOperationException("this domain does not contract");
        }
    }

    private final Program program;
    private final Domain<V> domain;
    private final Map<String, V> scalars = new HashMap<>();
    private final Map<String, List<V>> arrays = new HashMap<>();
    private final Map<String, Integer> ints = new HashMap<>();

    private java.util.function.BiConsumer<Expr, V> observer;
    private Map<Expr.Bin, Boolean> fused = Map.of();

    Interpreter(Program program, Domain<V> domain) {
        this.program = program;
        this.domain = domain;
    }

    /** Sees every expression's value as it is computed (the node itself, not a copy: callers key on identity). */
    Interpreter<V> observe(java.util.function.BiConsumer<Expr, V> observer) {
        this.observer = observer;
        return this;
    }

    /**
     * Evaluates these additions (identity keys over the program's nodes) as one fused multiply-add each, their left
     * ({@code true}) or right operand the product ({@link FusedAdd}): a contracting platform's program.
     */
    Interpreter<V> fusing(Map<Expr.Bin, Boolean> fused) {
        this.fused = fused;
        return this;
    }

    /** Runs compute(input) and returns comp. */
    V run(Input input) {
        List<Param> params = program.params();
        if (input.args().size() != params.size()) {
            throw new FparityError("the program has " + params.size() + " parameters, the input gives "
                    + input.args().size() + " values");
        }
        for (int i = 0; i < params.size(); i++) {
            Param p = params.get(i);
            try {
                switch (p.kind()) {
                    case FP ->
                        scalars.put(p.name(), domain.constant(value(input.args().get(i))));
                    case INT -> {
                        int v = input.integer(i);
                        if (v < 0 || v > program.arrayLength()) {
                            throw new FparityError("input for loop bound '" + p.name() + "' is " + v + ", outside 0.."
                                    + program.arrayLength());
                        }
                        ints.put(p.name(), v);
                    }
                    case FP_ARRAY -> {
                        V fill = domain.constant(value(input.args().get(i)));
                        List<V> a = new ArrayList<>(program.arrayLength());
                        for (int k = 0; k < program.arrayLength(); k++) a.add(fill);
                        arrays.put(p.name(), a);
                    }
                    case FP_ELEMENTS -> {
                        String[] each = input.args().get(i).split(",", -1);
                        if (each.length != program.arrayLength()) {
                            throw new FparityError("input for array '" + p.name() + "' has " + each.length
                                    + " elements, the program's arrays have " + program.arrayLength());
                        }
                        List<V> a = new ArrayList<>(each.length);
                        for (String t : each) a.add(domain.constant(value(t)));
                        arrays.put(p.name(), a);
                    }
                }
            } catch (NumberFormatException e) {
                throw new FparityError(
                        "input value '" + input.args().get(i) + "' for parameter '" + p.name() + "' is not a number");
            }
        }
        block(program.body(), new HashMap<>());
        return scalars.get(Param.COMP);
    }

    /** An input token in the program's precision: a decimal is rounded once, straight to binary32 for FP32 programs. */
    private double value(String token) {
        return org.fparity.ir.HexFloat.parse(token, program.precision());
    }

    private void block(List<Stmt> stmts, Map<String, Integer> loops) {
        List<String> declared = new ArrayList<>();
        Map<String, V> shadowed = new HashMap<>();
        for (Stmt s : stmts) {
            switch (s) {
                case Stmt.Decl d -> {
                    V v = expr(d.init(), loops);
                    if (scalars.containsKey(d.name()) && !declared.contains(d.name()))
                        shadowed.put(d.name(), scalars.get(d.name()));
                    declared.add(d.name());
                    scalars.put(d.name(), v);
                }
                case Stmt.Assign a -> {
                    V value = expr(a.value(), loops);
                    Expr.BinOp op = a.op().binOp();
                    switch (a.target()) {
                        case Expr.Var v -> {
                            V old = scalars.get(v.name());
                            scalars.put(v.name(), op == null ? value : domain.bin(op, old, value));
                        }
                        case Expr.Elem e -> {
                            List<V> arr = arrays.get(e.array());
                            int i = index(e.index(), loops);
                            arr.set(i, op == null ? value : domain.bin(op, arr.get(i), value));
                        }
                    }
                }
                case Stmt.If f -> {
                    if (cond(f.cond(), loops)) block(f.then(), loops);
                    else block(f.otherwise(), loops);
                }
                case Stmt.For f -> {
                    int n = ints.get(f.bound());
                    for (int i = 0; i < n; i++) {
                        // a loop may run 2^31 times, nested ones their product: interruptible, so a time limit holds
                        if (Thread.currentThread().isInterrupted())
                            throw new java.util.concurrent.CancellationException("interrupted");
                        Map<String, Integer> inner = new HashMap<>(loops);
                        inner.put(f.var(), i);
                        block(f.body(), inner);
                    }
                }
            }
        }
        for (String name : declared) scalars.remove(name);
        scalars.putAll(shadowed);
    }

    private int index(Index idx, Map<String, Integer> loops) {
        int i = switch (idx) {
            case Index.Loop l -> loops.get(l.var());
            case Index.Const c -> c.value();
        };
        if (i < 0 || i >= program.arrayLength())
            throw new FparityError("array index " + i + " outside 0.." + (program.arrayLength() - 1));
        return i;
    }

    private boolean cond(Cond c, Map<String, Integer> loops) {
        return switch (c) {
            case Cond.Cmp cmp -> domain.compare(cmp.op(), expr(cmp.left(), loops), expr(cmp.right(), loops));
            case Cond.And a -> cond(a.left(), loops) && cond(a.right(), loops);
            case Cond.Or o -> cond(o.left(), loops) || cond(o.right(), loops);
            case Cond.Not n -> !cond(n.operand(), loops);
        };
    }

    private V expr(Expr e, Map<String, Integer> loops) {
        V v = eval(e, loops);
        if (observer != null) observer.accept(e, v);
        return v;
    }

    private V eval(Expr e, Map<String, Integer> loops) {
        return switch (e) {
            case Expr.Lit l -> domain.constant(l.value());
            case Expr.IntLit i -> domain.constant(i.value());
            case Expr.Var v -> {
                V x = scalars.get(v.name());
                if (x == null) throw new FparityError("variable '" + v.name() + "' read before it is set");
                yield x;
            }
            case Expr.Elem el -> arrays.get(el.array()).get(index(el.index(), loops));
            case Expr.Neg n -> domain.neg(expr(n.operand(), loops));
            case Expr.Bin b
            when fused.containsKey(b) -> {
                FusedAdd f = FusedAdd.of(b, fused.get(b));
                boolean productFirst = fused.get(b);
                V z = productFirst ? null : expr(f.z(), loops);
                V x = expr(f.x(), loops);
                V y = expr(f.y(), loops);
                if (productFirst) z = expr(f.z(), loops);
                yield domain.fma(f.negateX() ? domain.neg(x) : x, y, f.negateZ() ? domain.neg(z) : z);
            }
            case Expr.Bin b -> {
                V left = expr(b.left(), loops);
                yield domain.bin(b.op(), left, expr(b.right(), loops));
            }
            case Expr.Paren p -> expr(p.inner(), loops);
            case Expr.Call c -> {
                List<V> args = new ArrayList<>(c.args().size());
                int intArg = 0;
                for (int k = 0; k < c.args().size(); k++) {
                    if (c.fn().args().get(k) == MathFn.Arg.INT)
                        intArg = ((Expr.IntLit) c.args().get(k)).value();
                    else args.add(expr(c.args().get(k), loops));
                }
                yield domain.call(c.fn(), args, intArg);
            }
        };
    }
}
