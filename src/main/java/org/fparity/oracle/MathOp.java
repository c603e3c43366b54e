package org.fparity.oracle;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.fparity.ir.MathFn;

/**
 * What the oracle rounds correctly: a function of the IR's one math table ({@link MathFn}, which holds the names,
 * arities and argument kinds), or one of the IEEE basic operations, which are not in that table.
 */
public sealed interface MathOp permits MathOp.Function, MathOp.Basic {
    /** How many arguments the operation takes. */
    int arity();

    /** The C spelling of the double-precision function, or the lower-case name of a basic operation. */
    String cName();

    /** The math-table function behind this operation, or null for a basic operation. */
    MathFn fn();

    /** True for the functions of the IR's math table (not the basic operations). */
    default boolean isLibraryFunction() {
        return fn() != null;
    }

    /** True when this is the math-table function {@code f}. */
    default boolean is(MathFn f) {
        return fn() == f;
    }

    /** The operation that evaluates math-table function {@code fn} (one shared instance per function). */
    static MathOp of(MathFn fn) {
        return Function.ALL.get(fn);
    }

    /** A function of the math table; ldexp's second argument is an int, passed as a double holding an integer. */
    record Function(MathFn fn) implements MathOp {
        private static final Map<MathFn, Function> ALL = new EnumMap<>(MathFn.class);

        static {
            for (MathFn f : MathFn.values()) ALL.put(f, new Function(f));
        }

        @Override
        public int arity() {
            return fn.arity();
        }

        @Override
        public String cName() {
            return fn.canonicalName();
        }

        @Override
        public String toString() {
            return fn.name();
        }
    }

    /** The IEEE basic operations. */
    enum Basic implements MathOp {
        ADD(2),
        SUB(2),
        MUL(2),
        DIV(2),
        FMA(3),
        NEG(1);

        private final int arity;

        Basic(int arity) {
            this.arity = arity;
        }

        @Override
        public int arity() {
            return arity;
        }

        @Override
        public String cName() {
            return name().toLowerCase(Locale.ROOT);
        }

        @Override
        public MathFn fn() {
            return null;
        }
    }

    /** Looks an operation up by its C name ({@code sin}, {@code sinf}, {@code fmod}, {@code fma}, ...). */
    static MathOp byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        var fn = MathFn.byName(n)
                .or(() -> n.endsWith("f") ? MathFn.byName(n.substring(0, n.length() - 1)) : java.util.Optional.empty());
        if (fn.isPresent()) return of(fn.get());
        for (Basic b : Basic.values()) if (b.cName().equals(n)) return b;
        throw new org.fparity.FparityError("unknown math function '" + name + "'");
    }
}
