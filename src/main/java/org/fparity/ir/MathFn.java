package org.fparity.ir;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The one math-function table: arity, argument kinds and spelling per language and precision.
 * C, CUDA and HIP share the libm names ({@code sin}/{@code sinf}); OpenCL uses its overloads ({@code sin} for both);
 * Java uses {@code Math}/{@code StrictMath} or a helper of the emitted harness where Java has no such function.
 */
public enum MathFn {
    SIN("sin", J.LIB, "sin"),
    COS("cos", J.LIB, "cos"),
    TAN("tan", J.LIB, "tan"),
    ASIN("asin", J.LIB, "asin"),
    ACOS("acos", J.LIB, "acos"),
    ATAN("atan", J.LIB, "atan"),
    ATAN2("atan2", J.LIB, "atan2", Arg.FP, Arg.FP),
    SINH("sinh", J.LIB, "sinh"),
    COSH("cosh", J.LIB, "cosh"),
    TANH("tanh", J.LIB, "tanh"),
    EXP("exp", J.LIB, "exp"),
    EXP2("exp2", J.HELPER, "exp2"),
    EXPM1("expm1", J.LIB, "expm1"),
    LOG("log", J.LIB, "log"),
    LOG2("log2", J.HELPER, "log2"),
    LOG10("log10", J.LIB, "log10"),
    LOG1P("log1p", J.LIB, "log1p"),
    SQRT("sqrt", J.LIB, "sqrt"),
    CBRT("cbrt", J.LIB, "cbrt"),
    POW("pow", J.HELPER, "pow", Arg.FP, Arg.FP), // helper: C gives pow(1, NaN) = pow(-1, inf) = 1, Java NaN
    HYPOT("hypot", J.LIB, "hypot", Arg.FP, Arg.FP),
    FABS("fabs", J.LIB_KEEPS_TYPE, "abs"),
    FMOD("fmod", J.OPERATOR, "%", Arg.FP, Arg.FP),
    CEIL("ceil", J.LIB, "ceil"),
    FLOOR("floor", J.LIB, "floor"),
    TRUNC("trunc", J.HELPER, "trunc"),
    ROUND("round", J.HELPER, "round"),
    FMIN("fmin", J.HELPER, "fmin", Arg.FP, Arg.FP),
    FMAX("fmax", J.HELPER, "fmax", Arg.FP, Arg.FP),
    ERF("erf", J.HELPER, "erf"),
    LDEXP("ldexp", J.LIB_KEEPS_TYPE, "scalb", Arg.FP, Arg.INT);

    /** Kind of one argument: a value of the program's precision, or a C {@code int}. */
    public enum Arg {
        FP,
        INT
    }

    /** How Java spells a function. */
    public enum J {
        /** {@code Math.name(double…)}; the result is cast back to float for FP32. */
        LIB,
        /** {@code Math.name} has a float overload, so FP32 needs no cast ({@code abs}, {@code scalb}). */
        LIB_KEEPS_TYPE,
        /** A static helper method of the emitted harness (Java has no such function or its semantics differ from C). */
        HELPER,
        /** A Java operator ({@code %} is exactly C's {@code fmod}). */
        OPERATOR
    }

    private final String cName;
    private final J javaKind;
    private final String javaName;
    private final List<Arg> args;

    MathFn(String cName, J javaKind, String javaName, Arg... args) {
        this.cName = cName;
        this.javaKind = javaKind;
        this.javaName = javaName;
        this.args = args.length == 0 ? List.of(Arg.FP) : List.of(args);
    }

    public int arity() {
        return args.size();
    }

    public List<Arg> args() {
        return args;
    }

    /** The neutral name used by the canonical form, grammars and reports ({@code sin}, {@code fmod}). */
    public String canonicalName() {
        return cName;
    }

    /** C99 libm spelling: {@code sin} for FP64, {@code sinf} for FP32. */
    public String c(Precision p) {
        return p == Precision.FP32 ? cName + "f" : cName;
    }

    /** CUDA device spelling (same names as libm). */
    public String cuda(Precision p) {
        return c(p);
    }

    /** HIP device spelling (same names as libm). */
    public String hip(Precision p) {
        return c(p);
    }

    /** OpenCL C spelling: overloaded built-ins, one name for float and double. */
    public String opencl(Precision p) {
        return cName;
    }

    public J javaKind() {
        return javaKind;
    }

    /**
     * Java spelling: for {@link J#LIB} and {@link J#LIB_KEEPS_TYPE} the method name on {@code Math}/{@code StrictMath};
     * for {@link J#HELPER} the helper's name; for {@link J#OPERATOR} the operator.
     */
    public String javaName() {
        return javaName;
    }

    /** True when the result is exact or correctly rounded under IEEE-754 (used to pick emitter-fidelity programs). */
    public boolean ieeeExact() {
        return switch (this) {
            case SQRT, FABS, FMIN, FMAX, CEIL, FLOOR, TRUNC, ROUND, FMOD, LDEXP -> true;
            default -> false;
        };
    }

    /** Looks a function up by its canonical name ({@code "sin"}), case-insensitively. */
    public static Optional<MathFn> byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (MathFn f : values()) {
            if (f.cName.equals(n)) return Optional.of(f);
        }
        return Optional.empty();
    }
}
