package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

class UlpTest {
    private static final double MIN_SUB = Double.MIN_VALUE;

    @Test
    void neighboursAreOneApart() {
        assertEquals(0, Ulp.distance(1.0, 1.0, Precision.FP64));
        assertEquals(1, Ulp.distance(1.0, Math.nextUp(1.0), Precision.FP64));
        assertEquals(1, Ulp.distance(1.0, Math.nextDown(1.0), Precision.FP64)); // across a binade: half-size ulp below
        assertEquals(1L << 52, Ulp.distance(1.0, 2.0, Precision.FP64));
    }

    @Test
    void acrossZeroBothZerosAreOnePoint() {
        assertEquals(0, Ulp.distance(0.0, -0.0, Precision.FP64));
        assertEquals(1, Ulp.distance(-0.0, MIN_SUB, Precision.FP64));
        assertEquals(2, Ulp.distance(-MIN_SUB, MIN_SUB, Precision.FP64));
        assertEquals(2 * Double.doubleToRawLongBits(1.0), Ulp.distance(-1.0, 1.0, Precision.FP64));
    }

    @Test
    void subnormalsAndTheNormalBoundary() {
        assertEquals(1, Ulp.distance(Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), Precision.FP64));
        assertEquals(3, Ulp.distance(MIN_SUB, 4 * MIN_SUB, Precision.FP64));
        assertEquals(1, Ulp.distance(Float.MIN_VALUE, 2.0 * Float.MIN_VALUE, Precision.FP32));
    }

    @Test
    void fp32CountsFloatUlps() {
        double one = 1.0;
        double next = Math.nextUp(1.0f);
        assertEquals(1, Ulp.distance(one, next, Precision.FP32));
        assertEquals(1L << 29, Ulp.distance(one, next, Precision.FP64));
        assertEquals(2, Ulp.distance(-Float.MIN_VALUE, Float.MIN_VALUE, Precision.FP32));
        assertThrows(IllegalArgumentException.class, () -> Ulp.distance(0.1, 1.0, Precision.FP32));
    }

    @Test
    void maxFiniteIsOneBelowInfinity() {
        assertEquals(1, Ulp.distance(Double.MAX_VALUE, Double.POSITIVE_INFINITY, Precision.FP64));
        assertEquals(1, Ulp.distance(Float.MAX_VALUE, Double.POSITIVE_INFINITY, Precision.FP32));
        assertEquals(Long.MAX_VALUE, Ulp.distance(-Double.MAX_VALUE, Double.MAX_VALUE, Precision.FP64));
        assertEquals(2L * Float.floatToRawIntBits(Float.POSITIVE_INFINITY), Ulp.distance(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Precision.FP32));
        assertThrows(IllegalArgumentException.class, () -> Ulp.distance(Double.NaN, 1.0, Precision.FP64));
    }

    @Test
    void relativeErrorIsSymmetricAndSurvivesOverflow() {
        assertEquals(0.5, Ulp.relativeError(1.0, 2.0));
        assertEquals(0.5, Ulp.relativeError(2.0, 1.0));
        assertEquals(0.0, Ulp.relativeError(3.0, 3.0));
        assertEquals(2.0, Ulp.relativeError(-Double.MAX_VALUE, Double.MAX_VALUE));
        assertEquals(2.0, Ulp.relativeError(-1.0, 1.0));
    }

    @Test
    void classification() {
        assertNull(DiscrepancyClass.classify(Double.NaN, Double.longBitsToDouble(0xfff8000000000000L)));
        assertNull(DiscrepancyClass.classify(0.0, -0.0));
        assertNull(DiscrepancyClass.classify(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(DiscrepancyClass.INF_SIGN, DiscrepancyClass.classify(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(DiscrepancyClass.NAN_INF, DiscrepancyClass.classify(Double.NEGATIVE_INFINITY, Double.NaN));
        assertEquals(DiscrepancyClass.ZERO_NUMBER, DiscrepancyClass.classify(MIN_SUB, -0.0)); // a flushed subnormal
        assertEquals(DiscrepancyClass.INF_ZERO, DiscrepancyClass.classify(0.0, Double.POSITIVE_INFINITY));
        assertEquals(DiscrepancyClass.NAN_ZERO, DiscrepancyClass.classify(-0.0, Double.NaN));
        assertEquals(DiscrepancyClass.INF_NUMBER, DiscrepancyClass.classify(Double.MAX_VALUE, Double.POSITIVE_INFINITY));
        assertEquals(DiscrepancyClass.NUMBER_NUMBER, DiscrepancyClass.classify(-1.0, 1.0));
        assertEquals(7, DiscrepancyClass.SEVEN.size());
    }
}
