package org.fparity.oracle.bounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Values hand-computed from the printed formulas with mpmath at 300 bits. */
class BoundsTest {
    static void close(double expected, double actual, double rel) {
        assertTrue(
                Math.abs(actual - expected) <= rel * Math.abs(expected),
                () -> "expected " + expected + " got " + actual);
    }

    @Test
    void gammaOfLemma21() {
        double u = 0x1p-24;
        assertEquals(10 * u / (1 - 10 * u), Bounds.gamma(10, u));
        assertEquals(Double.POSITIVE_INFINITY, Bounds.gamma(1 << 24, u));
        assertEquals(0.5 / 0.5, Bounds.gamma(1024, 0x1p-11));
    }

    @Test
    void varianceAndProbabilityOfLemma22() {
        close(1.5894573708566336319e-7, Bounds.sigma2(2, 0x1p-11), 1e-12);
        close(0.1691904170501944556, Bounds.pb(1, 0x1p-11, 2), 1e-12);
        close(1.1842378929335022732e-12, Bounds.sigma2(1000, 0x1p-24), 1e-12);
        close(0.9999911677657998393, Bounds.pb(3, 0x1p-24, 1000), 1e-14);
        close(4.1086505480261031532e-27, Bounds.sigma2(1e6, 0x1p-53), 1e-12);
        // 1 − 1.2474e-16 correctly rounded: the double just below 1 (1 − 2^-53), not 1 and not 1 − 2^-52
        assertEquals(Math.nextDown(1.0), Bounds.pb(5, 0x1p-53, 1e6));
        close(0.010046944718191461993, Bounds.sigma2(3, 0.1), 1e-13);
        close(0.85479082386861815708, Bounds.pb(2, 0.1, 3), 1e-13);
        close(2.6372321785068606911, Bounds.sigma2(10, 0.75), 1e-12); // the printed formula, evaluated directly
        close(-0.14071035067385945973, Bounds.pb(1, 0.75, 10), 1e-11);
        assertThrows(IllegalArgumentException.class, () -> Bounds.sigma2(1, 1.5));
    }

    @Test
    void probabilisticConstants() {
        close(0.0098375521938867696382, Bounds.gammaTilde(100, 0x1p-11, 2), 1e-13);
        close(4.2146858103222554169e-7, Bounds.gammaTilde(2, 0x1p-24, 5), 1e-13);
        close(0.99999254668254954279, Bounds.highamMaryProbability(0x1p-24, 5), 1e-15);
    }

    @Test
    void tensorCoreTheorems() {
        double u = 0x1p-24;
        close(5.3644204101043311335e-7, Bounds.tensorCore(8, 4, u, u), 1e-13);
        close(0.00097733788461719041905, Bounds.tensorCoreRepresentation(8, 4, 0x1p-11, u, u), 1e-13);
        close(0.58572859377265727688, Bounds.tensorCoreProbability(1, 1, 8, 4, u, u, 3), 1e-10);
        assertThrows(IllegalArgumentException.class, () -> Bounds.tensorCore(10, 4, u, u));
    }

    @Test
    void macLemmas() {
        double u = 0x1p-24, g2 = 2 * u / (1 - 2 * u);
        Bounds.Mac l32 = Bounds.fmaRepresentation(u, u);
        assertEquals(u + g2 + u * g2, l32.ab());
        assertEquals(2 * u + u * u, l32.c());
        Bounds.Mac l34 = Bounds.mpfma(u, u);
        assertEquals(2 * u + u * u, l34.ab());
        Bounds.Mac l35 = Bounds.mpfmaRepresentation(0x1p-11, u, u, u);
        double g2low = 2 * 0x1p-11 / (1 - 2 * 0x1p-11), zeta = 2 * u + u * u;
        assertEquals(g2low + zeta * (1 + g2low), l35.ab());
        assertEquals(u + zeta * (1 + u), l35.c());
    }

    @Test
    void macExperimentReproducesFigure5() {
        Experiments.Result r = Experiments.mac(20_000, 5, 1);
        double maxNo = max(r, "error, no FMA"), maxFma = max(r, "error, FMA"), maxMp = max(r, "error, MPFMA");
        assertTrue(maxFma < maxNo, "FMA has the smallest error");
        assertTrue(maxMp > 1000 * maxFma, "MPFMA's error is orders of magnitude larger");
        r.violations().forEach((k, v) -> assertEquals(0, v, k + " violated"));
        // few operations: DBEA is tighter than VIBEA without FMA and for MPFMA
        assertTrue(max(r, "DBEA, no FMA") < max(r, "VIBEA, no FMA"));
        assertTrue(max(r, "DBEA, MPFMA (L3.5)") < max(r, "VIBEA, MPFMA (L3.6)"));
        // and the deterministic FMA bound is within a small factor of the largest error
        assertTrue(max(r, "DBEA, FMA (L3.2)") < 2 * maxFma);
        assertTrue(EdfPlot.svg(r).startsWith("<svg"));
    }

    @Test
    void gemmExperimentReproducesFigure6() {
        Experiments.Result r = Experiments.gemm(64, 4096, 8, 4, 5, 2);
        double ratio = Experiments.quantile(r.series().get("DBEA (Thm 3.7)"), 0.5)
                / Experiments.quantile(r.series().get("VIBEA (Thm 3.9)"), 0.5);
        assertTrue(ratio > 8 && ratio < 15, "VIBEA about an order of magnitude below DBEA: " + ratio);
        double maxErr = max(r, "error, fp16→fp32 block FMA");
        assertTrue(Experiments.quantile(r.series().get("VIBEA (Thm 3.9)"), 0.5)
                > 100 * Experiments.quantile(r.series().get("error, fp16→fp32 block FMA"), 0.5));
        assertTrue(max(r, "DBEA (Thm 3.7)") > 100 * maxErr);
        assertEquals(0, r.violations().get("DBEA (Thm 3.7)"));
        assertEquals(0, r.violations().get("VIBEA (Thm 3.9)"));
        String svg = EdfPlot.svg(r);
        assertTrue(svg.contains("VIBEA (Thm 3.9)") && svg.endsWith("</svg>\n"));
    }

    static double max(Experiments.Result r, String name) {
        double[] s = r.series().get(name);
        return s[s.length - 1];
    }
}
