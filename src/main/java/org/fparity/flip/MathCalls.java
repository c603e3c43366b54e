package org.fparity.flip;

import org.fparity.FparityError;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.oracle.JavaMath;
import org.fparity.oracle.MathOp;

/**
 * The value a model assumes for a math call: the oracle's correctly rounded result (MPFR), or Java's {@code Math}
 * where MPFR is missing. Platforms' libraries differ from it by a few ulps; {@link Extremes} widens by that.
 */
final class MathCalls {
    private MathCalls() {}

    static double apply(MathFn fn, Precision p, double a, double b, int k) {
        MathOp op = MathOp.of(fn);
        double[] args = fn.arity() == 1 ? new double[] {a} : new double[] {a, fn == MathFn.LDEXP ? k : b};
        if (CorrectlyRounded.available()) {
            if (p == Precision.FP32) {
                float[] fa = new float[args.length];
                for (int i = 0; i < args.length; i++) fa[i] = (float) args[i];
                return CorrectlyRounded.applyFloat(op, fa);
            }
            return CorrectlyRounded.apply(op, args);
        }
        return JavaMath.math(op, p, args)
                .orElseThrow(() -> new FparityError(
                        "flip needs GNU MPFR (libmpfr) to evaluate " + fn.canonicalName(),
                        org.fparity.ExitCode.MISSING_TOOL));
    }

    /** Monotone non-decreasing over the whole domain. */
    static boolean increasing(MathFn fn) {
        return switch (fn) {
            case ASIN,
                    ATAN,
                    SINH,
                    TANH,
                    EXP,
                    EXP2,
                    EXPM1,
                    LOG,
                    LOG2,
                    LOG10,
                    LOG1P,
                    SQRT,
                    CBRT,
                    CEIL,
                    FLOOR,
                    TRUNC,
                    ROUND,
                    ERF -> true;
            default -> false;
        };
    }

    /** Monotone non-increasing over the whole domain. */
    static boolean decreasing(MathFn fn) {
        return fn == MathFn.ACOS;
    }
}
