package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class UlpsTest {
    private static final double MIN_SUB = Double.MIN_VALUE;

    private static BigInteger big(long v) {
        return BigInteger.valueOf(v);
    }

    @Test
    void neighboursAreOneApart() {
        assertEquals(big(0), Ulps.distance(1.0, 1.0, Precision.FP64));
        assertEquals(big(1), Ulps.distance(1.0, Math.nextUp(1.0), Precision.FP64));
        assertEquals(
                big(1), Ulps.distance(1.0, Math.nextDown(1.0), Precision.FP64)); // across a binade: half-size ulp below
        assertEquals(big(1L << 52), Ulps.distance(1.0, 2.0, Precision.FP64));
    }

    @Test
    void acrossZeroBothZerosAreOnePoint() {
        assertEquals(big(0), Ulps.distance(0.0, -0.0, Precision.FP64));
        assertEquals(big(1), Ulps.distance(-0.0, MIN_SUB, Precision.FP64));
        assertEquals(big(2), Ulps.distance(-MIN_SUB, MIN_SUB, Precision.FP64));
        assertEquals(big(2 * Double.doubleToRawLongBits(1.0)), Ulps.distance(-1.0, 1.0, Precision.FP64));
    }

    @Test
    void subnormalsAndTheNormalBoundary() {
        assertEquals(big(1), Ulps.distance(Double.MIN_NORMAL, Math.nextDown(Double.MIN_NORMAL), Precision.FP64));
        assertEquals(big(3), Ulps.distance(MIN_SUB, 4 * MIN_SUB, Precision.FP64));
        assertEquals(big(1), Ulps.distance(Float.MIN_VALUE, 2.0 * Float.MIN_VALUE, Precision.FP32));
    }

    @Test
    void fp32CountsFloatUlps() {
        double next = Math.nextUp(1.0f);
        assertEquals(big(1), Ulps.distance(1.0, next, Precision.FP32));
        assertEquals(big(1L << 29), Ulps.distance(1.0, next, Precision.FP64));
        assertEquals(big(2), Ulps.distance(-Float.MIN_VALUE, Float.MIN_VALUE, Precision.FP32));
        assertThrows(IllegalArgumentException.class, () -> Ulps.distance(0.1, 1.0, Precision.FP32));
    }

    @Test
    void exactBeyondTwoToTheSixtyThree() {
        // −DBL_MAX to DBL_MAX: twice the bit pattern of DBL_MAX, 2^64 − 2^53 − 2, more than a long holds
        BigInteger whole =
                BigInteger.valueOf(Double.doubleToRawLongBits(Double.MAX_VALUE)).shiftLeft(1);
        assertEquals(new BigInteger("18437736874454810622"), whole);
        assertEquals(whole, Ulps.distance(-Double.MAX_VALUE, Double.MAX_VALUE, Precision.FP64));
        assertEquals(
                new BigInteger("12437239916984123335"),
                Ulps.distance(-0x1.1d31d04d6f214p+6, 0x1.820b2214ecdb3p+709, Precision.FP64));
        assertEquals(
                new BigInteger("18437736874454810624"),
                Ulps.distance(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Precision.FP64));
        assertEquals(
                new BigInteger("-12437239916984123335"),
                Ulps.between(0x1.820b2214ecdb3p+709, -0x1.1d31d04d6f214p+6, Precision.FP64));
        assertEquals(
                "-12437239916984123335 ulp",
                Ulps.betweenText(0x1.820b2214ecdb3p+709, -0x1.1d31d04d6f214p+6, Precision.FP64));
    }

    @Test
    void maxFiniteIsOneBelowInfinity() {
        assertEquals(big(1), Ulps.distance(Double.MAX_VALUE, Double.POSITIVE_INFINITY, Precision.FP64));
        assertEquals(big(1), Ulps.distance(Float.MAX_VALUE, Double.POSITIVE_INFINITY, Precision.FP32));
        assertEquals(
                big(2L * Float.floatToRawIntBits(Float.POSITIVE_INFINITY)),
                Ulps.distance(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, Precision.FP32));
        assertThrows(IllegalArgumentException.class, () -> Ulps.distance(Double.NaN, 1.0, Precision.FP64));
    }

    @Test
    void halfAndBfloatCountTheirOwnValues() {
        // ordinals equal the bit patterns of binary16 (Java's float16 conversions) and of bfloat16 (float's top half)
        for (short h : new short[] {0x0001, 0x03ff, 0x0400, 0x3c00, 0x3c01, 0x7bff, 0x7c00}) {
            double v = Float.float16ToFloat(h);
            assertEquals(h, Ulps.ordinal(v, Precision.FP16), "fp16 bits " + Integer.toHexString(h));
            assertEquals(-h, Ulps.ordinal(-v, Precision.FP16));
        }
        for (int b : new int[] {0x0001, 0x007f, 0x0080, 0x3f80, 0x3f81, 0x7f7f, 0x7f80}) {
            double v = Float.intBitsToFloat(b << 16);
            assertEquals(b, Ulps.ordinal(v, Precision.BF16), "bf16 bits " + Integer.toHexString(b));
        }
        assertEquals(big(1), Ulps.distance(65504, Double.POSITIVE_INFINITY, Precision.FP16));
        assertEquals(big(2), Ulps.distance(-0x1p-24, 0x1p-24, Precision.FP16));
        assertThrows(IllegalArgumentException.class, () -> Ulps.distance(1.0, 1.0 + 0x1p-11, Precision.FP16));
    }

    @Test
    void signedDistanceFromTheTruth() {
        assertEquals(big(3), Ulps.between(1.0, 1.0 + 3 * Math.ulp(1.0), Precision.FP64));
        assertEquals(big(-1), Ulps.between(1.0f, Math.nextDown(1.0f), Precision.FP32));
        assertEquals(BigInteger.ZERO, Ulps.between(Double.NaN, Double.NaN, Precision.FP64));
        assertNull(Ulps.between(Double.NaN, 1.0, Precision.FP64));
        assertEquals("+3 ulp", Ulps.betweenText(1.0, 1.0 + 3 * Math.ulp(1.0), Precision.FP64));
        assertEquals("0 ulp", Ulps.betweenText(-0.0, 0.0, Precision.FP64));
        assertEquals("NaN vs number", Ulps.betweenText(1.0, Double.NaN, Precision.FP64));
    }

    @Test
    void relativeErrorIsSymmetricAndSurvivesOverflow() {
        assertEquals(0.5, Ulps.relativeError(1.0, 2.0));
        assertEquals(0.5, Ulps.relativeError(2.0, 1.0));
        assertEquals(0.0, Ulps.relativeError(3.0, 3.0));
        assertEquals(2.0, Ulps.relativeError(-Double.MAX_VALUE, Double.MAX_VALUE));
        assertEquals(2.0, Ulps.relativeError(-1.0, 1.0));
    }
}
