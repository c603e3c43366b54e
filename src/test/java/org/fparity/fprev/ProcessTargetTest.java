package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;

class ProcessTargetTest {
    @Test
    void hexFloatsAsCAndPythonPrintThem() {
        assertEquals(6.0, ProcessTarget.parseHex("0x1.8000000000000p+2"));
        assertEquals(6.0, ProcessTarget.parseHex("0x1.8p+2"));
        assertEquals(0.0, ProcessTarget.parseHex("0x0p+0"));
        assertEquals(Double.doubleToLongBits(-0.0), Double.doubleToLongBits(ProcessTarget.parseHex("-0x0.0p+0")));
        assertEquals(Double.MIN_VALUE, ProcessTarget.parseHex("0x0.0000000000001p-1022"));
        assertEquals(Double.MAX_VALUE, ProcessTarget.parseHex("0x1.fffffffffffffp+1023"));
        assertEquals(0x1p127, ProcessTarget.parseHex("0x1p+127"));
        assertEquals(Double.POSITIVE_INFINITY, ProcessTarget.parseHex("inf"));
        assertEquals(Double.NEGATIVE_INFINITY, ProcessTarget.parseHex("-inf"));
        assertTrue(Double.isNaN(ProcessTarget.parseHex("nan")));
        assertEquals(2.5, ProcessTarget.parseHex("2.5"));
        assertThrows(FparityError.class, () -> ProcessTarget.parseHex("0x1.8q+2"));
        Random rnd = new Random(3);
        for (int k = 0; k < 10_000; k++) {
            double v = Double.longBitsToDouble(rnd.nextLong());
            if (Double.isNaN(v) || Double.isInfinite(v)) continue;
            assertEquals(
                    Double.doubleToLongBits(v),
                    Double.doubleToLongBits(ProcessTarget.parseHex(Double.toHexString(v))),
                    Double.toHexString(v));
        }
    }
}
