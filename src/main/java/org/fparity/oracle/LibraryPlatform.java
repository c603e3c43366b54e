package org.fparity.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.fparity.ir.Expr;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * A platform that computes arithmetic as IEEE in the program's precision (as {@link IdealPlatform} does), in the order written (what an O0 build
 * without contraction does), and its math calls with one math library: glibc, Java's {@code Math} or {@code
 * StrictMath}, or correctly rounded. Every call is recorded with its correctly rounded result on the same arguments,
 * so the first call where two libraries part, and which one is off the truth there, can be read off.
 */
public final class LibraryPlatform extends IdealPlatform {
    /** A math library: a function's result on these arguments, or empty when the library cannot say. */
    @FunctionalInterface
    public interface Library {
        Optional<Double> call(MathFn fn, Precision precision, double[] args);
    }

    /** Correctly rounded to nearest (GNU MPFR). */
    public static final Library CORRECTLY_ROUNDED =
            (fn, p, a) -> Optional.of(CorrectlyRounded.apply(MathOp.of(fn), p, Rounding.RN, a));

    /** Java's {@code Math}, as this JVM computes it. */
    public static final Library JAVA_MATH = (fn, p, a) -> JavaMath.math(MathOp.of(fn), p, a);

    /** Java's {@code StrictMath} (fdlibm). */
    public static final Library JAVA_STRICT_MATH = (fn, p, a) -> JavaMath.strict(MathOp.of(fn), p, a);

    /** One call: its arguments, this library's result and the correctly rounded one. */
    public record Call(int seq, MathFn fn, double[] args, double result, double truth) {
        public boolean offTruth() {
            return Double.doubleToRawLongBits(result) != Double.doubleToRawLongBits(truth)
                    && !(Double.isNaN(result) && Double.isNaN(truth));
        }
    }

    /** What a run gave: the result, every call in order, and {@code missing} the first function the library could not compute (null if none). */
    public record Run(double result, List<Call> calls, MathFn missing) {}

    private final Precision precision;
    private final Library library;
    private final List<Call> calls = new ArrayList<>();
    private MathFn missing;

    private LibraryPlatform(Precision precision, Library library) {
        super(precision);
        this.precision = precision;
        this.library = library;
    }

    /** Runs the program on one input with this library. */
    public static Run run(Program p, Input in, Library library) {
        return run(p, in, library, Map.of());
    }

    /**
     * Runs the program on one input with this library, these additions (identity keys over {@code p}'s nodes) each
     * one fused multiply-add with its left ({@code true}) or right operand the product: a platform that contracts.
     */
    public static Run run(Program p, Input in, Library library, Map<Expr.Bin, Boolean> fused) {
        LibraryPlatform d = new LibraryPlatform(p.precision(), library);
        double r = new Interpreter<>(p, d).fusing(fused).run(in);
        return new Run(r, List.copyOf(d.calls), d.missing);
    }

    @Override
    public Double call(MathFn fn, List<Double> args, int intArg) {
        double[] a = arguments(fn, args, intArg);
        double truth = CorrectlyRounded.apply(MathOp.of(fn), precision, Rounding.RN, a);
        Optional<Double> got = fn.ieeeExact() ? Optional.of(truth) : library.call(fn, precision, a);
        if (got.isEmpty() && missing == null) missing = fn;
        double r = got.orElse(truth);
        calls.add(new Call(calls.size() + 1, fn, a, r, truth));
        return r;
    }
}
