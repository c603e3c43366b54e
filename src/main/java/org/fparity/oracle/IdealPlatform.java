package org.fparity.oracle;

import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/**
 * The ideal IEEE platform: every operation and math call correctly rounded to nearest in the program's precision,
 * in the order written, no contraction, no extended precision. Records every math call for the trace.
 *
 * <p>Every NaN it computes is the one canonical NaN ({@link Double#NaN}, printed {@code nan}). IEEE 754 leaves a
 * NaN's sign and payload open, and Java's do not stay put: the interpreter's {@code a + b} and {@code a * b}
 * return {@code b}'s NaN when both are NaN, compiled code {@code a}'s, and x86's default NaN (of {@code inf - inf})
 * is negative while MPFR's is whatever its build made it. Without one NaN, the same program and input printed
 * {@code nan} or {@code -nan} depending on whether the JVM had compiled the arithmetic yet.
 */
class IdealPlatform implements Interpreter.Domain<Double> {
    private final Precision precision;
    final List<MathCall> calls = new ArrayList<>();

    IdealPlatform(Precision precision) {
        this.precision = precision;
    }

    @Override
    public Double constant(double v) {
        return canonical(precision.round(v));
    }

    @Override
    public Double bin(Expr.BinOp op, Double a, Double b) {
        return canonical(op.apply(precision, a, b));
    }

    @Override
    public Double fma(Double x, Double y, Double z) {
        return canonical(
                precision == Precision.FP32
                        ? (double) Math.fma(x.floatValue(), y.floatValue(), z.floatValue())
                        : Math.fma(x.doubleValue(), y.doubleValue(), z.doubleValue()));
    }

    @Override
    public Double neg(Double a) {
        return canonical(-a);
    }

    /** {@code v}, or the canonical NaN when {@code v} is any NaN. */
    static double canonical(double v) {
        return Double.isNaN(v) ? Double.NaN : v;
    }

    @Override
    public Double call(MathFn fn, List<Double> args, int intArg) {
        double[] a = arguments(fn, args, intArg);
        double r = canonical(CorrectlyRounded.apply(MathOp.of(fn), precision, Rounding.RN, a));
        calls.add(new MathCall(calls.size() + 1, fn, a, r));
        return r;
    }

    /** A call's arguments as MPFR and the libraries take them: ldexp's int argument as a double. */
    static double[] arguments(MathFn fn, List<Double> args, int intArg) {
        double[] a = new double[fn.arity()];
        for (int i = 0; i < args.size(); i++) a[i] = args.get(i);
        if (fn == MathFn.LDEXP) a[1] = intArg;
        return a;
    }

    /** One comparison the program made, in order: what the ideal platform compared and which way it went. */
    public record Comparison(int seq, Cond.CmpOp op, double left, double right, boolean result) {}

    /** Every comparison, in evaluation order (an {@code if}'s or loop condition's, each time it is evaluated). */
    public final List<Comparison> comparisons = new java.util.ArrayList<>();

    @Override
    public boolean compare(Cond.CmpOp op, Double a, Double b) {
        boolean r = op.test(a, b);
        comparisons.add(new Comparison(comparisons.size() + 1, op, a, b, r));
        return r;
    }
}
