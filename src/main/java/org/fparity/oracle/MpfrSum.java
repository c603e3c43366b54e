package org.fparity.oracle;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.fparity.ir.Precision;

/** MPFR's own correctly rounded sum ({@code mpfr_sum}): an independent check of {@link ExactAccumulator}. */
public final class MpfrSum {
    private MpfrSum() {}

    /** Σ xs correctly rounded to {@code format} in direction {@code mode}, by MPFR. */
    public static double sum(double[] xs, Precision format, Rounding mode) {
        Mpfr.require();
        try (Arena arena = Arena.ofConfined()) {
            int n = xs.length;
            MemorySegment vars = arena.allocate(Mpfr.STRUCT_SIZE * Math.max(n, 1), 8);
            MemorySegment ptrs = arena.allocate(ValueLayout.ADDRESS, Math.max(n, 1));
            MemorySegment rop = arena.allocate(Mpfr.STRUCT_SIZE, 8);
            Mpfr.init2(rop, format.significandBits());
            for (int i = 0; i < n; i++) {
                MemorySegment v = vars.asSlice(i * Mpfr.STRUCT_SIZE, Mpfr.STRUCT_SIZE);
                Mpfr.init2(v, 53);
                Mpfr.setD(v, xs[i], 0);
                ptrs.setAtIndex(ValueLayout.ADDRESS, i, v);
            }
            long oldMin = Mpfr.emin(), oldMax = Mpfr.emax();
            try {
                Mpfr.setExpRange(format);
                int r = mode.mpfr;
                int t = Mpfr.sum(rop, ptrs, n, r);
                t = Mpfr.checkRange(rop, t, r);
                Mpfr.subnormalize(rop, t, r);
                return format == Precision.FP32 ? Mpfr.getFlt(rop, r) : Mpfr.getD(rop, r);
            } finally {
                Mpfr.setExpRange(oldMin, oldMax);
                for (int i = 0; i < n; i++) Mpfr.clear(vars.asSlice(i * Mpfr.STRUCT_SIZE, Mpfr.STRUCT_SIZE));
                Mpfr.clear(rop);
            }
        }
    }
}
