package org.fparity.oracle;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import org.fparity.ExitCode;
import org.fparity.FparityError;

/**
 * GNU MPFR bound through the FFM API. Handles are {@code static final} so the JIT inlines the call
 * (local handles measured several times slower). An {@code mpfr_t} is a 32-byte struct on LP64:
 * {@code {long prec; int sign; long exp; mp_limb_t *d}}. MPFR is built thread-safe (emin/emax are per thread).
 */
final class Mpfr {
    private Mpfr() {}

    /** Size of {@code __mpfr_struct} on LP64. */
    static final long STRUCT_SIZE = 32;

    private static final Linker LINKER = Linker.nativeLinker();
    private static final FparityError LOAD_ERROR;
    private static final SymbolLookup LIB;

    static {
        SymbolLookup lib = null;
        FparityError err = null;
        try {
            lib = MpfrLibrary.locate(MpfrLibrary.candidates());
        } catch (FparityError e) {
            err = e;
        }
        LIB = lib;
        LOAD_ERROR = err;
    }

    private static final FunctionDescriptor UNARY = FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_INT);
    private static final FunctionDescriptor BINARY =
            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, JAVA_INT);

    @SuppressWarnings("restricted") // MPFR is reached through the FFM API: a downcall is what this class is for
    private static MethodHandle fn(String name, FunctionDescriptor fd, Linker.Option... options) {
        if (LIB == null) return null;
        MemorySegment sym = LIB.find(name)
                .orElseThrow(() -> new FparityError(
                        "the MPFR library found lacks " + name + " (MPFR 4.x is needed)", ExitCode.MISSING_TOOL));
        return LINKER.downcallHandle(sym, fd, options);
    }

    private static final Linker.Option FAST = Linker.Option.critical(false);

    static final MethodHandle INIT2 = fn("mpfr_init2", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
    static final MethodHandle CLEAR = fn("mpfr_clear", FunctionDescriptor.ofVoid(ADDRESS));
    static final MethodHandle SET_PREC = fn("mpfr_set_prec", FunctionDescriptor.ofVoid(ADDRESS, JAVA_LONG));
    static final MethodHandle SET_D =
            fn("mpfr_set_d", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_DOUBLE, JAVA_INT), FAST);
    static final MethodHandle SET_SI =
            fn("mpfr_set_si", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_LONG, JAVA_INT), FAST);
    static final MethodHandle GET_D = fn("mpfr_get_d", FunctionDescriptor.of(JAVA_DOUBLE, ADDRESS, JAVA_INT), FAST);
    static final MethodHandle GET_FLT = fn("mpfr_get_flt", FunctionDescriptor.of(JAVA_FLOAT, ADDRESS, JAVA_INT), FAST);
    static final MethodHandle SET_EMIN = fn("mpfr_set_emin", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), FAST);
    static final MethodHandle SET_EMAX = fn("mpfr_set_emax", FunctionDescriptor.of(JAVA_INT, JAVA_LONG), FAST);
    static final MethodHandle GET_EMIN = fn("mpfr_get_emin", FunctionDescriptor.of(JAVA_LONG), FAST);
    static final MethodHandle GET_EMAX = fn("mpfr_get_emax", FunctionDescriptor.of(JAVA_LONG), FAST);
    static final MethodHandle GET_EMIN_MIN = fn("mpfr_get_emin_min", FunctionDescriptor.of(JAVA_LONG), FAST);
    static final MethodHandle GET_EMAX_MAX = fn("mpfr_get_emax_max", FunctionDescriptor.of(JAVA_LONG), FAST);
    static final MethodHandle CHECK_RANGE =
            fn("mpfr_check_range", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), FAST);
    static final MethodHandle SUBNORMALIZE =
            fn("mpfr_subnormalize", FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, JAVA_INT), FAST);
    static final MethodHandle CMP = fn("mpfr_cmp", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS), FAST);
    static final MethodHandle SGN = fn("mpfr_sgn", FunctionDescriptor.of(JAVA_INT, ADDRESS), FAST);
    static final MethodHandle NAN_P = fn("mpfr_nan_p", FunctionDescriptor.of(JAVA_INT, ADDRESS), FAST);
    static final MethodHandle INF_P = fn("mpfr_inf_p", FunctionDescriptor.of(JAVA_INT, ADDRESS), FAST);
    static final MethodHandle ZERO_P = fn("mpfr_zero_p", FunctionDescriptor.of(JAVA_INT, ADDRESS), FAST);
    static final MethodHandle SIGNBIT = fn("mpfr_signbit", FunctionDescriptor.of(JAVA_INT, ADDRESS), FAST);
    static final MethodHandle GET_EXP = fn("mpfr_get_exp", FunctionDescriptor.of(JAVA_LONG, ADDRESS), FAST);
    static final MethodHandle MUL_2SI =
            fn("mpfr_mul_2si", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
    static final MethodHandle FMA_ =
            fn("mpfr_fma", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, ADDRESS, ADDRESS, JAVA_INT));
    static final MethodHandle SUM =
            fn("mpfr_sum", FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS, JAVA_LONG, JAVA_INT));
    static final MethodHandle GET_VERSION = fn("mpfr_get_version", FunctionDescriptor.of(ADDRESS));
    static final MethodHandle SIN = fn("mpfr_sin", UNARY);
    static final MethodHandle COS = fn("mpfr_cos", UNARY);
    static final MethodHandle TAN = fn("mpfr_tan", UNARY);
    static final MethodHandle ASIN = fn("mpfr_asin", UNARY);
    static final MethodHandle ACOS = fn("mpfr_acos", UNARY);
    static final MethodHandle ATAN = fn("mpfr_atan", UNARY);
    static final MethodHandle SINH = fn("mpfr_sinh", UNARY);
    static final MethodHandle COSH = fn("mpfr_cosh", UNARY);
    static final MethodHandle TANH = fn("mpfr_tanh", UNARY);
    static final MethodHandle EXP = fn("mpfr_exp", UNARY);
    static final MethodHandle EXP2 = fn("mpfr_exp2", UNARY);
    static final MethodHandle EXPM1 = fn("mpfr_expm1", UNARY);
    static final MethodHandle LOG = fn("mpfr_log", UNARY);
    static final MethodHandle LOG2 = fn("mpfr_log2", UNARY);
    static final MethodHandle LOG10 = fn("mpfr_log10", UNARY);
    static final MethodHandle LOG1P = fn("mpfr_log1p", UNARY);
    static final MethodHandle SQRT = fn("mpfr_sqrt", UNARY);
    static final MethodHandle CBRT = fn("mpfr_cbrt", UNARY);
    static final MethodHandle ABS = fn("mpfr_abs", UNARY);
    static final MethodHandle RINT_CEIL = fn("mpfr_rint_ceil", UNARY);
    static final MethodHandle RINT_FLOOR = fn("mpfr_rint_floor", UNARY);
    static final MethodHandle RINT_TRUNC = fn("mpfr_rint_trunc", UNARY);
    static final MethodHandle RINT_ROUND = fn("mpfr_rint_round", UNARY);
    static final MethodHandle ERF = fn("mpfr_erf", UNARY);
    static final MethodHandle NEG = fn("mpfr_neg", UNARY);
    static final MethodHandle SET = fn("mpfr_set", UNARY);
    static final MethodHandle ATAN2 = fn("mpfr_atan2", BINARY);
    static final MethodHandle POW = fn("mpfr_pow", BINARY);
    static final MethodHandle HYPOT = fn("mpfr_hypot", BINARY);
    static final MethodHandle FMOD = fn("mpfr_fmod", BINARY);
    static final MethodHandle MIN = fn("mpfr_min", BINARY);
    static final MethodHandle MAX = fn("mpfr_max", BINARY);
    static final MethodHandle ADD = fn("mpfr_add", BINARY);
    static final MethodHandle SUB = fn("mpfr_sub", BINARY);
    static final MethodHandle MUL = fn("mpfr_mul", BINARY);
    static final MethodHandle DIV = fn("mpfr_div", BINARY);

    /** Throws the load error (one line, exit 3) if MPFR could not be found. */
    static void require() {
        if (LOAD_ERROR != null) throw LOAD_ERROR;
    }

    static boolean available() {
        return LOAD_ERROR == null;
    }

    @SuppressWarnings("restricted") // mpfr_get_version returns a C string of unknown length: read at most 64 bytes
    static String version() {
        require();
        try {
            return ((MemorySegment) GET_VERSION.invokeExact()).reinterpret(64).getString(0);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException r) return r;
        if (t instanceof Error e) throw e;
        return new IllegalStateException(t);
    }

    static void init2(MemorySegment x, long prec) {
        try {
            INIT2.invokeExact(x, prec);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void clear(MemorySegment x) {
        try {
            CLEAR.invokeExact(x);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static void setPrec(MemorySegment x, long prec) {
        try {
            SET_PREC.invokeExact(x, prec);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int setD(MemorySegment x, double d, int rnd) {
        try {
            return (int) SET_D.invokeExact(x, d, rnd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int setSi(MemorySegment x, long v, int rnd) {
        try {
            return (int) SET_SI.invokeExact(x, v, rnd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static double getD(MemorySegment x, int rnd) {
        try {
            return (double) GET_D.invokeExact(x, rnd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static float getFlt(MemorySegment x, int rnd) {
        try {
            return (float) GET_FLT.invokeExact(x, rnd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    /** The exponent range that makes MPFR round like precision p (subnormalize does the rest): emin at the smallest subnormal. */
    static void setExpRange(org.fparity.ir.Precision p) {
        setExpRange(p.minExponent() - p.significandBits() + 2L, p.maxExponent() + 1L);
    }

    static void setExpRange(long emin, long emax) {
        try {
            int a = (int) SET_EMIN.invokeExact(emin);
            int b = (int) SET_EMAX.invokeExact(emax);
            if ((a | b) != 0) throw new IllegalStateException("mpfr rejected exponent range " + emin + ".." + emax);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long emin() {
        try {
            return (long) GET_EMIN.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long emax() {
        try {
            return (long) GET_EMAX.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long eminMin() {
        try {
            return (long) GET_EMIN_MIN.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static long emaxMax() {
        try {
            return (long) GET_EMAX_MAX.invokeExact();
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int checkRange(MemorySegment x, int t, int rnd) {
        try {
            return (int) CHECK_RANGE.invokeExact(x, t, rnd);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int subnormalize(MemorySegment x, int t, int rnd) {
        try {
            return (int) SUBNORMALIZE.invokeExact(x, t, rnd);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int cmp(MemorySegment a, MemorySegment b) {
        try {
            return (int) CMP.invokeExact(a, b);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int sgn(MemorySegment a) {
        try {
            return (int) SGN.invokeExact(a);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static boolean isNan(MemorySegment a) {
        try {
            return (int) NAN_P.invokeExact(a) != 0;
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static boolean isInf(MemorySegment a) {
        try {
            return (int) INF_P.invokeExact(a) != 0;
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static boolean isZero(MemorySegment a) {
        try {
            return (int) ZERO_P.invokeExact(a) != 0;
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static boolean signbit(MemorySegment a) {
        try {
            return (int) SIGNBIT.invokeExact(a) != 0;
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    /** Exponent e with x = m·2^e, 1/2 ≤ |m| < 1 (only meaningful for regular numbers). */
    static long exp(MemorySegment a) {
        try {
            return (long) GET_EXP.invokeExact(a);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static int sum(MemorySegment rop, MemorySegment tab, long n, int rnd) {
        try {
            return (int) SUM.invokeExact(rop, tab, n, rnd);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    /**
     * r = op(a, b, c) rounded to r's precision in direction rnd; returns MPFR's ternary value (0 = exact).
     * For LDEXP, b must hold an integer (the exponent).
     */
    static int apply(MathOp op, MemorySegment r, MemorySegment a, MemorySegment b, MemorySegment c, int rnd) {
        try {
            return switch (op) {
                case MathOp.Function f ->
                    switch (f.fn()) {
                        case SIN -> (int) SIN.invokeExact(r, a, rnd);
                        case COS -> (int) COS.invokeExact(r, a, rnd);
                        case TAN -> (int) TAN.invokeExact(r, a, rnd);
                        case ASIN -> (int) ASIN.invokeExact(r, a, rnd);
                        case ACOS -> (int) ACOS.invokeExact(r, a, rnd);
                        case ATAN -> (int) ATAN.invokeExact(r, a, rnd);
                        case ATAN2 -> (int) ATAN2.invokeExact(r, a, b, rnd);
                        case SINH -> (int) SINH.invokeExact(r, a, rnd);
                        case COSH -> (int) COSH.invokeExact(r, a, rnd);
                        case TANH -> (int) TANH.invokeExact(r, a, rnd);
                        case EXP -> (int) EXP.invokeExact(r, a, rnd);
                        case EXP2 -> (int) EXP2.invokeExact(r, a, rnd);
                        case EXPM1 -> (int) EXPM1.invokeExact(r, a, rnd);
                        case LOG -> (int) LOG.invokeExact(r, a, rnd);
                        case LOG2 -> (int) LOG2.invokeExact(r, a, rnd);
                        case LOG10 -> (int) LOG10.invokeExact(r, a, rnd);
                        case LOG1P -> (int) LOG1P.invokeExact(r, a, rnd);
                        case SQRT -> (int) SQRT.invokeExact(r, a, rnd);
                        case CBRT -> (int) CBRT.invokeExact(r, a, rnd);
                        case POW -> (int) POW.invokeExact(r, a, b, rnd);
                        case HYPOT -> (int) HYPOT.invokeExact(r, a, b, rnd);
                        case FABS -> (int) ABS.invokeExact(r, a, rnd);
                        case FMOD -> (int) FMOD.invokeExact(r, a, b, rnd);
                        case CEIL -> (int) RINT_CEIL.invokeExact(r, a, rnd);
                        case FLOOR -> (int) RINT_FLOOR.invokeExact(r, a, rnd);
                        case TRUNC -> (int) RINT_TRUNC.invokeExact(r, a, rnd);
                        case ROUND -> (int) RINT_ROUND.invokeExact(r, a, rnd);
                        case FMIN -> (int) MIN.invokeExact(r, a, b, rnd);
                        case FMAX -> (int) MAX.invokeExact(r, a, b, rnd);
                        case ERF -> (int) ERF.invokeExact(r, a, rnd);
                        case LDEXP -> (int) MUL_2SI.invokeExact(r, a, (long) getD(b, 0), rnd);
                    };
                case MathOp.Basic basic ->
                    switch (basic) {
                        case ADD -> (int) ADD.invokeExact(r, a, b, rnd);
                        case SUB -> (int) SUB.invokeExact(r, a, b, rnd);
                        case MUL -> (int) MUL.invokeExact(r, a, b, rnd);
                        case DIV -> (int) DIV.invokeExact(r, a, b, rnd);
                        case FMA -> (int) FMA_.invokeExact(r, a, b, c, rnd);
                        case NEG -> (int) NEG.invokeExact(r, a, rnd);
                    };
            };
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int mul2si(MemorySegment r, MemorySegment a, long n, int rnd) {
        try {
            return (int) MUL_2SI.invokeExact(r, a, n, rnd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }

    static int set(MemorySegment r, MemorySegment a, int rnd) {
        try {
            return (int) SET.invokeExact(r, a, rnd);
        } catch (Throwable t) {
            throw rethrow(t);
        }
    }
}
