package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A compact line's plain strings are found eight bytes at a time in aligned words ({@link CompactOutcome#plainEnd}):
 * the end found is the one a byte-by-byte look-up finds, from every start, at every alignment, whatever the bytes
 * before the start (a quote or a control byte just before it borrows from the byte above it in a word's arithmetic) and
 * after the limit.
 */
class PlainEndTest {
    /** The first byte at or after {@code i} that is not printable ASCII, DEL included, or a quote or backslash; or {@code to}. */
    private static int byByte(byte[] b, int i, int to) {
        while (i < to && (b[i] & 0xff) >= 0x20 && (b[i] & 0xff) < 0x80 && b[i] != '"' && b[i] != '\\') i++;
        return i;
    }

    @Test
    void theEndFoundAWordAtATimeIsTheOneFoundByteByByte() {
        // the bytes that end a string or sit next to its end, and the ones a word's arithmetic borrows or carries at
        byte[] alphabet = {
            'a',
            '0',
            'x',
            '.',
            '-',
            '"',
            '#',
            '\\',
            ']',
            ' ',
            '!',
            0x1f,
            0x00,
            0x01,
            0x7f,
            (byte) 0x80,
            (byte) 0xff,
            (byte) 0xc3,
            '/',
            '\n'
        };
        Random r = new Random(31);
        int checked = 0;
        for (int round = 0; round < 4000; round++) {
            byte[] b = new byte[1 + r.nextInt(40)];
            // mostly plain, a special byte here and there
            for (int k = 0; k < b.length; k++)
                b[k] = r.nextInt(4) == 0 ? alphabet[r.nextInt(alphabet.length)] : (byte) ('a' + r.nextInt(26));
            for (int i = 0; i <= b.length; i++) {
                for (int to = i; to <= b.length; to++) {
                    int from = i;
                    int limit = to;
                    assertEquals(
                            byByte(b, from, limit),
                            CompactOutcome.plainEnd(b, from, limit),
                            () -> hex(b) + " [" + from + ", " + limit + ")");
                    checked++;
                }
            }
        }
        assertEquals(true, checked > 1_000_000, "cases " + checked);
        // a quote just before the start and '#' (a quote's neighbour) at it: plain, though a word's borrow flags it
        byte[] q = "xxxxxx\"#abcdefgh\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals(16, CompactOutcome.plainEnd(q, 7, q.length));
        // a control byte just before the start and a space at it
        byte[] c = "xxxxxx\u0001 abcdefgh\"".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals(16, CompactOutcome.plainEnd(c, 7, c.length));
    }

    private static String hex(byte[] b) {
        return java.util.HexFormat.of().formatHex(b);
    }
}
