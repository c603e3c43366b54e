package org.fparity.varity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

class CTextTest {
    @Test
    void atofReadsTheLongestPrefixLikeStrtod() {
        assertEquals(1.5983E-42, CText.strtod("+1.5983E-42f"));
        assertEquals(-0.0, CText.strtod("-0.0f"));
        assertEquals(0x1.8p1, CText.strtod("0x1.8p1"));
        assertEquals(12.0, CText.strtod("12e"));
        assertEquals(0.0, CText.strtod("abc"));
        assertEquals(Double.NEGATIVE_INFINITY, CText.strtod("-inf"));
        assertEquals("-nan", HexFloat.format(CText.strtod("-nan")));
        assertEquals(5, CText.atoi("5"));
        assertEquals(-12, CText.atoi("  -12xyz"));
    }

    @Test
    void aFloatInputIsRoundedTwiceAsFloatXEqualsAtofDoes() {
        // 1 + 2^-24 + 2^-60: above the midpoint between the floats 1 and 1 + 2^-23, but it rounds to double exactly at
        // that midpoint, which then rounds to even (1). Varity's float x = atof(argv[k]) gives 1; a direct float read,
        // 1 + 2^-23.
        String s = "1.00000005960464477625798673798840354720596224069595336914062";
        assertEquals(1.0, CText.atof(s, Precision.FP32));
        assertEquals(1.0f + 0x1p-23f, Float.parseFloat(s));
        assertEquals(1.0 + 0x1p-24, CText.atof(s, Precision.FP64));
        // a subnormal float input, as Varity writes it
        assertEquals((double) (float) 1.5983E-42, CText.atof("+1.5983E-42f", Precision.FP32));
    }

    @Test
    void printedResultsReadBackExactly() {
        assertEquals(1.6890999999861241e-306, CText.printed("1.6890999999861241e-306"));
        assertEquals("-0x0p+0", HexFloat.format(CText.printed("-0")));
        assertEquals("0x0p+0", HexFloat.format(CText.printed("0")));
        assertEquals("-nan", HexFloat.format(CText.printed("-nan")));
        assertEquals("nan", HexFloat.format(CText.printed("nan")));
        assertEquals("-inf", HexFloat.format(CText.printed("-inf")));
        assertEquals(-13787000.0, CText.printed("-13787000"));
        assertEquals(
                "empty result",
                assertThrows(IllegalArgumentException.class, () -> CText.printed(" "))
                        .getMessage());
        assertEquals(
                "'1.5 time:12' is not a %.17g result",
                assertThrows(IllegalArgumentException.class, () -> CText.printed("1.5 time:12"))
                        .getMessage());
    }
}
