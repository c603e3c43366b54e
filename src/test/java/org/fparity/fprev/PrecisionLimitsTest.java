package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The numeric limits of §7.1.1: small formats need a small unit; counts beyond 2^p need splitting. */
class PrecisionLimitsTest {
    /** float16 summands added pairwise in float32 and rounded back, like numpy's float16 sum. */
    private static SumTarget halfInFloat() {
        return JavaTargets.fn(
                "f16-in-f32", Precision.FP16, x -> Precision.FP16.round(JavaTargets.pairwise(x, Precision.FP32)));
    }

    @Test
    void float16WithTheSmallUnitRevealsTheTree() {
        int n = 64;
        Fprev.Result r = Fprev.reveal(halfInFloat(), n, Fprev.Algo.ADVANCED);
        assertEquals(Shapes.pairwise(n), r.tree());
        assertEquals(0x1p-24, ProbeValues.unit(Precision.FP16));
    }

    @Test
    void float16WithUnitOneIsRefusedNotGarbage() {
        // M = 2^15 cannot swamp ones in a float32 accumulator: the original prints a wrong tree; we say why
        NotOrdinarySummation e = assertThrows(
                NotOrdinarySummation.class, () -> Fprev.reveal(halfInFloat(), 16, Fprev.Algo.ADVANCED, 0x1p15, 1.0));
        assertTrue(e.getMessage().contains("no summation tree fits"), e.getMessage());
        // and a mask too small for the format itself is refused before any probe
        FparityError f = assertThrows(
                FparityError.class, () -> Fprev.reveal(halfInFloat(), 64, Fprev.Algo.ADVANCED, 0x1p5, 1.0));
        assertTrue(f.getMessage().contains("cannot swamp"), f.getMessage());
    }

    @Test
    void float16BeyondItsExactCountsSplitsTheUnits() {
        int n = 3000; // more than 2^11 units: each probe is read in two ranges
        SumTarget t = JavaTargets.fn(
                "f16-seq", Precision.FP16, x -> Precision.FP16.round(JavaTargets.sequential(x, Precision.FP32)));
        Fprev.Result r = Fprev.reveal(t, n, Fprev.Algo.ADVANCED);
        assertEquals(Shapes.sequential(n), r.tree());
        assertEquals(n - 1, r.probes());
        assertEquals(2 * (n - 1 + 16), r.calls());
    }

    @Test
    void bfloat16SplitsAbove256() {
        int n = 600;
        SumTarget t = JavaTargets.of("java.strided:8", Precision.BF16);
        Fprev.Result r = Fprev.reveal(t, n, Fprev.Algo.ADVANCED);
        assertEquals(Shapes.strided(n, 8, true), r.tree());
        assertEquals(3 * (r.probes() + 16), r.calls(), "600 leaves read in three ranges of at most 2^8 units");
    }

    @Test
    void sizesThePrecisionCannotResolveAreRefused() {
        FparityError tooBig = assertThrows(
                FparityError.class,
                () -> Fprev.reveal(JavaTargets.of("java.seq", Precision.BF16), 20_000, Fprev.Algo.ADVANCED));
        assertTrue(tooBig.getMessage().contains("exact counts only up to 2^8"), tooBig.getMessage());
        assertEquals(2, tooBig.exitCode());
        assertThrows(
                FparityError.class,
                () -> Fprev.reveal(JavaTargets.of("java.seq", Precision.FP64), 1, Fprev.Algo.ADVANCED));
        assertThrows(
                FparityError.class,
                () -> Fprev.reveal(JavaTargets.of("java.seq", Precision.FP64), 12, Fprev.Algo.NAIVE));
    }

    @Tag("slow")
    @Test
    void float32PastTwoToThe24NeedsTheSplit() {
        int n = (1 << 24) + 8;
        SumTarget seq = JavaTargets.of("java.seq", Precision.FP32);
        try (SumTarget.Session s = seq.open(n, 0x1p127, 1.0)) {
            // without the fix: n-2 ones in one float32 sum stall at 2^24, so l(0,1) reads 8 instead of 2
            double[] raw = new double[1];
            s.probe(new int[] {0}, new int[] {1}, 1, 0, n, raw);
            assertEquals(0x1p24, raw[0]);
            assertEquals(8, n - (long) raw[0]);
            // with it: the units are read in two ranges of at most 2^24, each exact
            Prober prober = new Prober(s, "java.seq", n, Precision.FP32, 1.0);
            assertEquals(2, prober.rangesPerProbe());
            int[] l = new int[3];
            prober.lca(0, new int[] {1, n - 1, 12345}, 0, 3, l);
            assertEquals(2, l[0]);
            assertEquals(n, l[1]);
            assertEquals(12346, l[2]);
        }
    }
}
