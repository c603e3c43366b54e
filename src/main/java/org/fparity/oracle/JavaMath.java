package org.fparity.oracle;

import java.util.Optional;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/** What Java's {@code Math} and {@code StrictMath} return for a math function (binary32: through double, then cast). */
public final class JavaMath {
    private JavaMath() {}

    public static Optional<Double> math(MathOp op, Precision f, double... a) {
        return eval(op, f, false, a);
    }

    public static Optional<Double> strict(MathOp op, Precision f, double... a) {
        return eval(op, f, true, a);
    }

    private static Optional<Double> eval(MathOp op, Precision f, boolean s, double[] a) {
        double x = a.length > 0 ? a[0] : 0, y = a.length > 1 ? a[1] : 0;
        Double r = switch (op) {
            case MathOp.Function fn ->
                switch (fn.fn()) {
                    case SIN -> s ? StrictMath.sin(x) : Math.sin(x);
                    case COS -> s ? StrictMath.cos(x) : Math.cos(x);
                    case TAN -> s ? StrictMath.tan(x) : Math.tan(x);
                    case ASIN -> s ? StrictMath.asin(x) : Math.asin(x);
                    case ACOS -> s ? StrictMath.acos(x) : Math.acos(x);
                    case ATAN -> s ? StrictMath.atan(x) : Math.atan(x);
                    case ATAN2 -> s ? StrictMath.atan2(x, y) : Math.atan2(x, y);
                    case SINH -> s ? StrictMath.sinh(x) : Math.sinh(x);
                    case COSH -> s ? StrictMath.cosh(x) : Math.cosh(x);
                    case TANH -> s ? StrictMath.tanh(x) : Math.tanh(x);
                    case EXP -> s ? StrictMath.exp(x) : Math.exp(x);
                    case EXPM1 -> s ? StrictMath.expm1(x) : Math.expm1(x);
                    case LOG -> s ? StrictMath.log(x) : Math.log(x);
                    case LOG10 -> s ? StrictMath.log10(x) : Math.log10(x);
                    case LOG1P -> s ? StrictMath.log1p(x) : Math.log1p(x);
                    case SQRT -> s ? StrictMath.sqrt(x) : Math.sqrt(x);
                    case CBRT -> s ? StrictMath.cbrt(x) : Math.cbrt(x);
                    case POW -> s ? StrictMath.pow(x, y) : Math.pow(x, y);
                    case HYPOT -> s ? StrictMath.hypot(x, y) : Math.hypot(x, y);
                    case FABS -> Math.abs(x);
                    case FMOD -> x % y; // Java's % is C's fmod
                    case CEIL -> s ? StrictMath.ceil(x) : Math.ceil(x);
                    case FLOOR -> s ? StrictMath.floor(x) : Math.floor(x);
                    case LDEXP -> Math.scalb(x, (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, y)));
                    default -> null; // exp2, log2, trunc, round, fmin, fmax, erf: no Java function with C's semantics
                };
            case MathOp.Basic basic ->
                switch (basic) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case DIV -> x / y;
                    case FMA -> Math.fma(x, y, a[2]);
                    case NEG -> -x;
                };
        };
        if (r == null) return Optional.empty();
        if (f == Precision.FP32) {
            float fr = switch (op) { // float operations where Java has them, so no double rounding
                case MathOp.Basic.ADD -> (float) x + (float) y;
                case MathOp.Basic.SUB -> (float) x - (float) y;
                case MathOp.Basic.MUL -> (float) x * (float) y;
                case MathOp.Basic.DIV -> (float) x / (float) y;
                case MathOp.Basic.FMA -> Math.fma((float) x, (float) y, (float) a[2]);
                case MathOp.Function fn
                when fn.fn() == MathFn.LDEXP ->
                    Math.scalb((float) x, (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, y)));
                default -> (float) (double) r;
            };
            return Optional.of((double) fr);
        }
        return Optional.of(r);
    }
}
