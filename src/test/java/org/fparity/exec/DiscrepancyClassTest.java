package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class DiscrepancyClassTest {
    private static final double MIN_SUB = Double.MIN_VALUE;

    @Test
    void classification() {
        assertNull(DiscrepancyClass.classify(Double.NaN, Double.longBitsToDouble(0xfff8000000000000L)));
        assertNull(DiscrepancyClass.classify(0.0, -0.0));
        assertNull(DiscrepancyClass.classify(Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(
                DiscrepancyClass.INF_SIGN,
                DiscrepancyClass.classify(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
        assertEquals(DiscrepancyClass.NAN_INF, DiscrepancyClass.classify(Double.NEGATIVE_INFINITY, Double.NaN));
        assertEquals(DiscrepancyClass.ZERO_NUMBER, DiscrepancyClass.classify(MIN_SUB, -0.0)); // a flushed subnormal
        assertEquals(DiscrepancyClass.INF_ZERO, DiscrepancyClass.classify(0.0, Double.POSITIVE_INFINITY));
        assertEquals(DiscrepancyClass.NAN_ZERO, DiscrepancyClass.classify(-0.0, Double.NaN));
        assertEquals(
                DiscrepancyClass.INF_NUMBER, DiscrepancyClass.classify(Double.MAX_VALUE, Double.POSITIVE_INFINITY));
        assertEquals(DiscrepancyClass.NUMBER_NUMBER, DiscrepancyClass.classify(-1.0, 1.0));
        assertEquals(7, DiscrepancyClass.SEVEN.size());
    }
}
