package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.fparity.ir.HexFloat;
import org.junit.jupiter.api.Test;

/** A result's bits read from the bytes of a log line are the bits {@link HexFloat#parse(String)} gives the same text. */
class HexBitsTest {
    private static long bits(String line, String hex) {
        byte[] b = line.getBytes(StandardCharsets.US_ASCII);
        int from = line.indexOf(hex);
        return new HexBits().bits(b, from, from + hex.length());
    }

    @Test
    void eachKindOfResultReadsAsTheBitsOfItsValue() {
        // a text inside a longer line: only [from, to) is read
        String[][] cases = {
            {"-0x0p+0", "8000000000000000"},
            {"0x0p+0", "0000000000000000"},
            {"nan", "7ff8000000000000"},
            {"-nan", "fff8000000000000"},
            {"0x0.0000000000001p-1022", "0000000000000001"},
            {"-0x0.fffffffffffffp-1022", "800fffffffffffff"},
            {"0x1.99999ap-4", "3fb99999a0000000"},
            {"0x1.921fb54442d18p+1", "400921fb54442d18"},
            {"-inf", "fff0000000000000"},
            {"1.5", "3ff8000000000000"},
            {"-0x1.782e1b359acd5p+6", "c05782e1b359acd5"},
            {"0x1.0000000000000p-1022", "0010000000000000"},
            {"0x1.0000000000000p-1023", "0008000000000000"},
            {"0x1.fffffffffffffp+1023", "7fefffffffffffff"},
            {"0X1.FFFFFFFFFFFFFP+1", "400fffffffffffff"},
            {"0x01.8000000000000p+0", "3ff8000000000000"},
            {"0x1p+0", "3ff0000000000000"},
            {"0x1.8p+1", "4008000000000000"},
            {"0x1.fffffffffffff8p+0", "4000000000000000"},
            {"+0x1.8p+1", "4008000000000000"},
        };
        for (String[] c : cases) {
            String line = "[\"p\",3,0,\"OK\",\"" + c[0] + "\",12]";
            long expected = Long.parseUnsignedLong(c[1], 16);
            assertEquals(expected, bits(line, c[0]), c[0]);
            assertEquals(expected, Double.doubleToRawLongBits(HexFloat.parse(c[0])), c[0]);
        }
    }

    @Test
    void aTextThatIsNoNumberThrowsAsTheStringParserDoes() {
        assertThrows(NumberFormatException.class, () -> bits("[\"p\",0,0,\"OK\",\"0xzz\",1]", "0xzz"));
        assertThrows(NumberFormatException.class, () -> HexFloat.parse("0xzz"));
    }

    @Test
    void aTextIsMadeAgainFromItsBitsExactlyWhenItIsPrintfsOwnSpellingOfThem() {
        HexBits h = new HexBits();
        java.util.Random rnd = new java.util.Random(31);
        for (int i = 0; i < 20_000; i++) {
            double v = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(rnd.nextLong());
                case 1 -> (rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(2000) - 1000);
                case 2 -> rnd.nextInt(1 << 20) * Math.pow(2, rnd.nextInt(60) - 30);
                default -> (float) ((rnd.nextDouble() - 0.5) * Math.pow(2, rnd.nextInt(200) - 100));
            };
            if (Double.isNaN(v)) continue; // a NaN's payload is not printed
            String text = HexFloat.format(v);
            byte[] b = text.getBytes(StandardCharsets.US_ASCII);
            long bits = h.bits(b, 0, b.length);
            assertEquals(Double.doubleToRawLongBits(v), bits, text);
            boolean normal = Math.abs(v) >= Double.MIN_NORMAL && Double.isFinite(v);
            // every normal value's printf text is made again from its bits; zeros, subnormals, nan and inf are kept
            assertEquals(normal, h.digits >= 0, text);
            if (normal) assertEquals(text, HexBits.text(bits, h.digits));
        }
        // another spelling of the same value reads to the same bits, and is kept as written
        for (String other : new String[] {
            "0X1.8p+1", "0x1.8P+1", "0x1.8p1", "0x1.8p+01", "0x1.Ap+1", "0x1.p+1", "0x1.8p-0", "0x1.80p+00", "0x1p-01"
        }) {
            byte[] b = other.getBytes(StandardCharsets.US_ASCII);
            assertEquals(Double.doubleToRawLongBits(HexFloat.parse(other)), h.bits(b, 0, b.length), other);
            assertEquals(-1, h.digits, other);
        }
        // printf's own spelling with trailing zeros or no digits at all is made again as it was written
        for (String own : new String[] {"0x1.80p+1", "0x1p+0", "-0x1p-1022", "0x1.fffffffffffffp+1023", "0x1.0p-7"}) {
            byte[] b = own.getBytes(StandardCharsets.US_ASCII);
            long bits = h.bits(b, 0, b.length);
            assertEquals(own, HexBits.text(bits, h.digits));
        }
    }
}
