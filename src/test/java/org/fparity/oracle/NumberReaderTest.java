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
        assertEquals(Fate.ROUNDED, fate("0.10000000000000001", Precision.FP64), "round-trips, but not the shortest");
        assertEquals(Fate.ROUNDED, fate("0.1000000000000000055511151231257828", Precision.FP64));
        assertEquals(Fate.ROUNDED, fate("1.00000000000000001e-310", Precision.FP64), "a subnormal that is not exact");
        assertEquals(Fate.SHORTEST, fate("1e-310", Precision.FP64), "the shortest decimal of a subnormal");
        assertEquals(
                Fate.ROUNDED, fate("0x1.000001p0", Precision.FP32), "hex with 25 bits is rounded in fp32, not refused");
        assertEquals(Fate.EXACT, fate("0x1.000001p0", Precision.FP64));
        assertEquals(Fate.EXACT, fate("0.5", Precision.FP32));
        assertEquals(Fate.EXACT, fate("1.25e2", Precision.FP64));
        assertEquals(Fate.ROUNDED, fate("123456789012345679", Precision.FP64), "an odd integer above 2^53 rounds");
        assertEquals(Fate.EXACT, fate("18014398509481984", Precision.FP64), "2^54 is exact");
        assertEquals(
                Fate.ROUNDED,
                fate("4.9406564584124654e-324", Precision.FP64),
                "17 digits of the least subnormal are not its exact value");
        assertEquals(Fate.EXACT, fate("0x1p-1074", Precision.FP64));
        assertEquals(Fate.EXACT, fate("0x1p-149", Precision.FP32));
        assertEquals(Fate.EXACT, fate("-0.0", Precision.FP64));
        assertEquals(Fate.EXACT, fate("-inf", Precision.FP64));
        assertEquals(Fate.EXACT, fate("0x1.8", Precision.FP64), "C's strtod accepts hex without the p exponent");
        assertEquals(1.5, NumberReader.parse("0x1.8", Precision.FP64, new Fate[1]));
    }

    /**
     * exsum said "99967 of 100000 numbers were rounded" for ordinary decimals: a decimal that is the shortest that reads
     * back as its double (0.1, what printf's shortest, Java and Python write) is that double, and no warning.
     */
    @Test
    void theShortestDecimalOfADoubleIsNotARoundedInput() {
        assertEquals(Fate.SHORTEST, fate("0.1", Precision.FP64));
        assertEquals(Fate.SHORTEST, fate("-0.6", Precision.FP64));
        assertEquals(Fate.SHORTEST, fate("1.0E-5", Precision.FP64));
        assertEquals(Fate.SHORTEST, fate("2.718281828459045", Precision.FP64));
        assertEquals(Fate.SHORTEST, fate("0.1", Precision.FP32));
        assertEquals(Fate.ROUNDED, fate("2.7182818284590451", Precision.FP64), "17 digits where 16 read back");
        assertEquals(Fate.ROUNDED, fate("0.33333333333333331", Precision.FP64), "17 digits, not the shortest");
        assertEquals(Fate.ROUNDED, fate("2.718281828459045", Precision.FP32), "the shortest fp64, not fp32");
        java.util.Random rnd = new java.util.Random(7);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 10_000; i++)
            text.append(rnd.nextGaussian() * Math.pow(10, rnd.nextInt(40) - 20)).append('\n');
        NumberReader.Numbers n = read(text.toString(), Precision.FP64);
        assertEquals(0, n.count(Fate.ROUNDED));
        assertTrue(!n.rounded());
        assertEquals(10_000, n.count(Fate.EXACT) + n.count(Fate.SHORTEST));
    }

    @Test
    void valuesAreRoundedOnceToTheFormat() {
        // fp32 1+2^-24+2^-60 must round up to 1+2^-23; rounding to double first would land on the tie and round down
        assertEquals(Math.nextUp(1.0f), (float)
                NumberReader.parse("0x1.000001000000000000001p0", Precision.FP32, new Fate[1]));
        assertEquals(
                Math.nextUp(1.0f), (float) NumberReader.parse("1.000000059604644776", Precision.FP32, new Fate[1]));
        assertEquals(0x1p-1074, NumberReader.parse("4.9406564584124654e-324", Precision.FP64, new Fate[1]));
    }

    @Test
    void typeSuffixesAndOtherJavaSpellingsAreNotNumbers() {
        for (String bad : new String[] {
            "1d", "2F", "0x1p0d", "1f", "NaNx", "0x", "1e", "1_000", "+-1", "Infinityf", "0x1p", "1.5L"
        }) {
            FparityError e = assertThrows(FparityError.class, () -> read("1\n" + bad + "\n", Precision.FP64), bad);
            assertTrue(e.getMessage().startsWith("-:2: '" + bad + "' is not a number"), e.getMessage());
        }
    }

    @Test
    void theTallyCountsEachFateAndNamesTheFirstLine() {
        NumberReader.Numbers n =
                read("# header\n0.5\n0.1000000000000000001\n1e400\n\n0.2000000000000000001\n1e-400\n", Precision.FP64);
        assertEquals(5, n.values().length);
        assertEquals(1, n.count(Fate.EXACT));
        assertEquals(2, n.count(Fate.ROUNDED));
        assertEquals(1, n.count(Fate.OVERFLOWED));
        assertEquals(1, n.count(Fate.UNDERFLOWED));
        assertEquals("-:3 '0.1000000000000000001'", n.firstOf(Fate.ROUNDED));
        assertEquals("-:4 '1e400'", n.firstOf(Fate.OVERFLOWED));
        assertTrue(n.lost());
        assertTrue(read("0.5\n-2\n", Precision.FP64).exact());
    }

    /**
     * Numbers of millions of digits are read in time linear in the digits (BigDecimal's and BigInteger's parsing is
     * quadratic: a million digits took 13.5 s, three million about two minutes), and still correctly: the exact
     * value of 4.94…e-324 (the least subnormal, 751 significant digits) padded with zeros is exact; one more nonzero
     * digit far out is rounded; the same for hex; and a line of digits that is not a number fails fast.
     */
    @Test
    void millionsOfDigitsAreReadInLinearTime() {
        String least = new java.math.BigDecimal(Double.MIN_VALUE).toPlainString(); // 0.000…49406564584124654…
        String zeros = "0".repeat(3_000_000);
        org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () -> {
            Fate[] f = new Fate[1];
            assertEquals(Double.MIN_VALUE, NumberReader.parse(least + zeros, Precision.FP64, f));
            assertEquals(Fate.EXACT, f[0]);
            assertEquals(Double.MIN_VALUE, NumberReader.parse(least + zeros + "1", Precision.FP64, f));
            assertEquals(Fate.ROUNDED, f[0]);
            assertEquals(0.5, NumberReader.parse("0.5" + zeros + "e0", Precision.FP64, f));
            assertEquals(Fate.EXACT, f[0]);
            assertEquals(0.1, NumberReader.parse("0.1" + zeros + "1", Precision.FP64, f));
            assertEquals(Fate.ROUNDED, f[0]);
            assertEquals(1e300, NumberReader.parse("1" + "0".repeat(300) + "." + zeros, Precision.FP64, f));
            assertEquals(Fate.ROUNDED, f[0]);
            assertEquals(1.5, NumberReader.parse("0x1.8" + zeros + "p0", Precision.FP64, f));
            assertEquals(Fate.EXACT, f[0]);
            assertEquals(1.5, NumberReader.parse("0x0001.8" + zeros + "1p0", Precision.FP64, f));
            assertEquals(Fate.ROUNDED, f[0]);
            assertThrows(NumberFormatException.class, () -> NumberReader.parse("1" + zeros + "x", Precision.FP64, f));
        });
        NumberReader.Numbers n = read("0.5" + zeros + "\n", Precision.FP64);
        assertEquals(0.5, n.values()[0]);
        assertTrue(n.exact());
    }
}
