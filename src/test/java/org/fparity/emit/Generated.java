package org.fparity.emit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;

/** Generated programs and inputs for the emitter tests: fixed seeds, so every run compiles the same files. */
final class Generated {
    private Generated() {}

    static final int PER_PRECISION = 300;
    static final int INPUTS = 4;

    /** The operations whose IEEE results are exact or correctly rounded everywhere. */
    static final Set<MathFn> IEEE_EXACT =
            Set.of(MathFn.SQRT, MathFn.FABS, MathFn.FMIN, MathFn.FMAX, MathFn.CEIL, MathFn.FLOOR);

    /** A batch: 300 FP32 programs then 300 FP64 programs, and the stdin lines that feed them. */
    record Batch(List<Program> programs, List<String> lines) {
        String stdin() {
            StringBuilder sb = new StringBuilder(lines.size() * 80);
            for (String l : lines) sb.append(l).append('\n');
            return sb.toString();
        }
    }

    static Batch batch(Grammar g, long seed, int perPrecision, int inputs) {
        List<Program> ps = new ArrayList<>();
        for (Precision p : List.of(Precision.FP32, Precision.FP64))
            ps.addAll(new Generator(g, seed).generate(p, perPrecision));
        InputGenerator ig = new InputGenerator(g, seed);
        List<String> lines = new ArrayList<>();
        for (int k = 0; k < ps.size(); k++) {
            for (Input in : ig.inputs(ps.get(k), inputs)) lines.add(in.line(k));
        }
        return new Batch(List.copyOf(ps), List.copyOf(lines));
    }

    private static Batch defaults;
    private static Batch fidelity;

    /** Programs from the default grammar (every math function). */
    static synchronized Batch defaults() {
        if (defaults == null) defaults = batch(Grammar.defaults(), 20261122L, PER_PRECISION, INPUTS);
        return defaults;
    }

    /**
     * Programs restricted to + - * / and the IEEE-exact functions, with every fmin/fmax result written as
     * {@code fmin(a, b) + 0}: C leaves the sign of a +0/-0 tie open, and glibc's answer is not even stable (fminf(+0, -0)
     * gave -0 at one call site and +0 at another in the same gcc -O0 build, clang inlines it as LLVM minnum), so the
     * tie is made +0 everywhere. Adding +0 changes no other value, NaN included.
     */
    static synchronized Batch fidelity() {
        if (fidelity == null) {
            Batch raw = batch(Grammar.defaults().withMathFunctions(IEEE_EXACT), 7L, PER_PRECISION, 8);
            fidelity = new Batch(
                    raw.programs().stream().map(Generated::canonicalZeroTies).toList(), raw.lines());
        }
        return fidelity;
    }

    static Program canonicalZeroTies(Program p) {
        return new Program(p.precision(), p.arrayLength(), p.params(), stmts(p.body()));
    }

    private static List<Stmt> stmts(List<Stmt> body) {
        return body.stream().map(Generated::stmt).toList();
    }

    private static Stmt stmt(Stmt s) {
        return switch (s) {
            case Stmt.Decl d -> new Stmt.Decl(d.name(), expr(d.init()));
            case Stmt.Assign a -> new Stmt.Assign(a.target(), a.op(), expr(a.value()));
            case Stmt.If i -> new Stmt.If(cond(i.cond()), stmts(i.then()), stmts(i.otherwise()));
            case Stmt.For f -> new Stmt.For(f.var(), f.bound(), stmts(f.body()));
        };
    }

    private static Cond cond(Cond c) {
        return switch (c) {
            case Cond.Cmp cmp -> new Cond.Cmp(cmp.op(), expr(cmp.left()), expr(cmp.right()));
            case Cond.And a -> new Cond.And(cond(a.left()), cond(a.right()));
            case Cond.Or o -> new Cond.Or(cond(o.left()), cond(o.right()));
            case Cond.Not n -> new Cond.Not(cond(n.operand()));
        };
    }

    private static Expr expr(Expr e) {
        return switch (e) {
            case Expr.Neg n -> new Expr.Neg(expr(n.operand()));
            case Expr.Bin b -> new Expr.Bin(b.op(), expr(b.left()), expr(b.right()));
            case Expr.Paren p -> new Expr.Paren(expr(p.inner()));
            case Expr.Call c -> {
                Expr call = new Expr.Call(
                        c.fn(), c.args().stream().map(Generated::expr).toList());
                yield c.fn() == MathFn.FMIN || c.fn() == MathFn.FMAX
                        ? new Expr.Paren(new Expr.Bin(Expr.BinOp.ADD, call, new Expr.Lit(0.0)))
                        : call;
            }
            default -> e;
        };
    }
}
