package org.fparity.oracle;

import java.util.Locale;

/**
 * The math functions the oracle rounds correctly: the IR's math table (same constant names as
 * {@code org.fparity.ir.MathFn}) plus the IEEE basic operations.
 */
public enum MathOp {
    SIN(1), COS(1), TAN(1), ASIN(1), ACOS(1), ATAN(1), ATAN2(2),
    SINH(1), COSH(1), TANH(1),
    EXP(1), EXP2(1), EXPM1(1), LOG(1), LOG2(1), LOG10(1), LOG1P(1),
    SQRT(1), CBRT(1), POW(2), HYPOT(2), FABS(1), FMOD(2),
    CEIL(1), FLOOR(1), TRUNC(1), ROUND(1), FMIN(2), FMAX(2), ERF(1),
    /** ldexp(x, n): the second argument is an int, passed as a double holding an integer. */
    LDEXP(2),
    // IEEE basic operations, not in the math table
    ADD(2), SUB(2), MUL(2), DIV(2), FMA(3), NEG(1);

    public final int arity;

    MathOp(int arity) {
        this.arity = arity;
    }

    /** The C spelling of the double-precision function (basic operations have none). */
    public String cName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** True for the functions of the IR's math table (not the basic operations). */
    public boolean isLibraryFunction() {
        return ordinal() <= LDEXP.ordinal();
    }

    /** Looks a function up by its C name ({@code sin}, {@code sinf}, {@code fmod}, ...). */
    public static MathOp byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (MathOp op : values()) {
            if (op.isLibraryFunction() && (op.cName().equals(n) || (op.cName() + "f").equals(n))) return op;
        }
        for (MathOp op : values()) if (op.cName().equals(n)) return op;
        throw new org.fparity.FparityError("unknown math function '" + name + "'");
    }
}
