package org.fparity.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.fparity.oracle.NumberReader.Fate;
import org.junit.jupiter.api.Test;

class NumberReaderTest {
    static NumberReader.Numbers read(String text, Precision f) {
        return NumberReader.read("-", f, new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    static Fate fate(String t, Precision f) {
        Fate[] out = new Fate[1];
        NumberReader.parse(t, f, out);
        return out[0];
    }

    @Test
    void overflowUnderflowAndRoundingAreNamedNotCalledExact() {
        assertEquals(Fate.OVERFLOWED, fate("1e400", Precision.FP64));
        assertEquals(Fate.OVERFLOWED, fate("1e40", Precision.FP32));
        assertEquals(Fate.OVERFLOWED, fate("-0x1p1024", Precision.FP64));
        assertEquals(Fate.UNDERFLOWED, fate("1e-50", Precision.FP32));
        assertEquals(Fate.UNDERFLOWED, fate("1e-400", Precision.FP64));
        assertEquals(Fate.UNDERFLOWED, fate("0x1p-1076", Precision.FP64));
        assertEquals(Fate.ROUNDED, fate("0.1", Precision.FP64));
        assertEquals(Fate.ROUNDED, fate("1e-310", Precision.FP64), "a subnormal that is not exact");
        assertEquals(Fate.ROUNDED, fate("0x1.000001p0", Precision.FP32), "hex with 25 bits is rounded in fp32, not refused");
        assertEquals(Fate.EXACT, fate("0x1.000001p0", Precision.FP64));
        assertEquals(Fate.EXACT, fate("0.5", Precision.FP32));
        assertEquals(Fate.EXACT, fate("1.25e2", Precision.FP64));
        assertEquals(Fate.ROUNDED, fate("123456789012345679", Precision.FP64), "an odd integer above 2^53 rounds");
        assertEquals(Fate.EXACT, fate("18014398509481984", Precision.FP64), "2^54 is exact");
        assertEquals(Fate.ROUNDED, fate("4.9406564584124654e-324", Precision.FP64), "17 digits of the least subnormal are not its exact value");
        assertEquals(Fate.EXACT, fate("0x1p-1074", Precision.FP64));
        assertEquals(Fate.EXACT, fate("0x1p-149", Precision.FP32));
        assertEquals(Fate.EXACT, fate("-0.0", Precision.FP64));
        assertEquals(Fate.EXACT, fate("-inf", Precision.FP64));
        assertEquals(Fate.EXACT, fate("0x1.8", Precision.FP64), "C's strtod accepts hex without the p exponent");
        assertEquals(1.5, NumberReader.parse("0x1.8", Precision.FP64, new Fate[1]));
    }

    @Test
    void valuesAreRoundedOnceToTheFormat() {
        // fp32 1+2^-24+2^-60 must round up to 1+2^-23; rounding to double first would land on the tie and round down
        assertEquals(Math.nextUp(1.0f), (float) NumberReader.parse("0x1.000001000000000000001p0", Precision.FP32, new Fate[1]));
        assertEquals(Math.nextUp(1.0f), (float) NumberReader.parse("1.000000059604644776", Precision.FP32, new Fate[1]));
        assertEquals(0x1p-1074, NumberReader.parse("4.9406564584124654e-324", Precision.FP64, new Fate[1]));
    }

    @Test
    void typeSuffixesAndOtherJavaSpellingsAreNotNumbers() {
        for (String bad : new String[] {"1d", "2F", "0x1p0d", "1f", "NaNx", "0x", "1e", "1_000", "+-1", "Infinityf", "0x1p", "1.5L"}) {
            FparityError e = assertThrows(FparityError.class, () -> read("1\n" + bad + "\n", Precision.FP64), bad);
            assertTrue(e.getMessage().startsWith("-:2: '" + bad + "' is not a number"), e.getMessage());
        }
    }

    @Test
    void theTallyCountsEachFateAndNamesTheFirstLine() {
        NumberReader.Numbers n = read("# header\n0.5\n0.1\n1e400\n\n0.2\n1e-400\n", Precision.FP64);
        assertEquals(5, n.values().length);
        assertEquals(1, n.count(Fate.EXACT));
        assertEquals(2, n.count(Fate.ROUNDED));
        assertEquals(1, n.count(Fate.OVERFLOWED));
        assertEquals(1, n.count(Fate.UNDERFLOWED));
        assertEquals("-:3 '0.1'", n.firstOf(Fate.ROUNDED));
        assertEquals("-:4 '1e400'", n.firstOf(Fate.OVERFLOWED));
        assertTrue(n.lost());
        assertTrue(read("0.5\n-2\n", Precision.FP64).exact());
    }
}
