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
}
