package org.fparity.oracle;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/**
 * Correctly rounded math through MPFR: computed at the target precision with the target exponent range,
 * then {@code check_range}, {@code subnormalize} and {@code get_d}/{@code get_flt} — one rounding, never two
 * (computing at 120 bits and then converting would round twice in the subnormal range and on hard cases).
 * Thread-safe: each thread has its own scratch variables and MPFR keeps emin/emax per thread.
 */
public final class CorrectlyRounded {
    private CorrectlyRounded() {}

    /** Per-thread MPFR variables at 53 and 24 bits; never freed (a few hundred bytes per thread). */
    private static final class Scratch {
        final MemorySegment[] d = new MemorySegment[4];
        final MemorySegment[] f = new MemorySegment[4];

        Scratch() {
            Mpfr.require();
            for (int i = 0; i < 4; i++) {
                d[i] = Arena.global().allocate(Mpfr.STRUCT_SIZE, 8);
                Mpfr.init2(d[i], 53);
                f[i] = Arena.global().allocate(Mpfr.STRUCT_SIZE, 8);
                Mpfr.init2(f[i], 24);
            }
        }
    }

    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** True when libmpfr could be loaded. */
    public static boolean available() {
        return Mpfr.available();
    }

    /** The MPFR version string, e.g. {@code 4.2.0}; throws the one-line "MPFR not found" error if absent. */
    public static String mpfrVersion() {
        return Mpfr.version();
    }

    /** op(args) correctly rounded to binary64 in round-to-nearest-even. */
    public static double apply(MathOp op, double... args) {
        return apply(op, Precision.FP64, Rounding.RN, args);
    }

    /** op(args) correctly rounded to binary32 in round-to-nearest-even. */
    public static float applyFloat(MathOp op, float... args) {
        double[] d = new double[args.length];
        for (int i = 0; i < args.length; i++) d[i] = args[i];
        return (float) apply(op, Precision.FP32, Rounding.RN, d);
    }

    /**
     * op(args) correctly rounded to {@code format} in direction {@code rnd}. For FP32 the arguments must be
     * float values (widened) and the result is a float value widened to double (exact). For LDEXP the second
     * argument is the integer exponent.
     */
    public static double apply(MathOp op, Precision format, Rounding rnd, double... args) {
        if (args.length != op.arity()) {
            throw new IllegalArgumentException(op + " takes " + op.arity() + " argument(s), got " + args.length);
        }
        Scratch s = SCRATCH.get();
        MemorySegment[] v = format == Precision.FP32 ? s.f : s.d;
        int r = rnd.mpfr;
        for (int i = 0; i < args.length; i++) {
            if (format == Precision.FP32
                    && (double) (float) args[i] != args[i]
                    && !Double.isNaN(args[i])
                    && !(op.is(MathFn.LDEXP) && i == 1)) {
                throw new IllegalArgumentException("argument " + args[i] + " is not a binary32 value");
            }
        }
        long oldMin = Mpfr.emin();
        long oldMax = Mpfr.emax();
        Mpfr.setExpRange(format);
        try {
            MemorySegment out = v[3];
            int t;
            if (op.is(MathFn.LDEXP)) {
                Mpfr.setD(v[0], args[0], r);
                double n = args[1];
                long e = Double.isNaN(n) ? 0 : (long) Math.max(-1L << 40, Math.min(1L << 40, n));
                t = Mpfr.mul2si(out, v[0], e, r);
            } else {
                for (int i = 0; i < args.length; i++) Mpfr.setD(v[i], args[i], r);
                t = Mpfr.apply(op, out, v[0], v[1], v[2], r);
            }
            t = Mpfr.checkRange(out, t, r);
            t = Mpfr.subnormalize(out, t, r);
            return format == Precision.FP32 ? (double) Mpfr.getFlt(out, r) : Mpfr.getD(out, r);
        } finally {
            Mpfr.setExpRange(oldMin, oldMax);
        }
    }
}
