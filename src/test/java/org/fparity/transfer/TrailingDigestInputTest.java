package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The scanner's fast string search (eight bytes at a time) finds what a byte-by-byte search finds. */
class TrailingDigestInputTest {
    /** The first quote, backslash or control byte at or after {@code from}, byte by byte, or -1. */
    private static long naive(byte[] b, int from) {
        for (int i = from; i < b.length; i++) {
            int c = b[i] & 0xff;
            if (c == '"' || c == '\\' || c < 0x20) return i;
        }
        return -1;
    }

    @Test
    void findsTheFirstStopLikeAByteByByteSearch() throws IOException {
        SplittableRandom r = new SplittableRandom(7);
        // Mostly plain text and UTF-8 lead/continuation bytes (0x80-0xff must never stop a string), a rare stop byte.
        byte[] stops = {'"', '\\', 0x00, 0x01, 0x09, 0x0a, 0x1f};
        byte[] near = {
            ' ',
            '!',
            '#',
            '[',
            ']',
            0x5d,
            0x21,
            0x23,
            (byte) 0xa2,
            (byte) 0xdc,
            (byte) 0x80,
            (byte) 0xff,
            (byte) 0x9f,
            (byte) 0xa0
        };
        for (int round = 0; round < 500; round++) {
            byte[] b = new byte[1 + r.nextInt(64)];
            for (int i = 0; i < b.length; i++) {
                int k = r.nextInt(40);
                b[i] = k == 0
                        ? stops[r.nextInt(stops.length)]
                        : k < 10 ? near[r.nextInt(near.length)] : (byte) (0x20 + r.nextInt(0x60));
                if (b[i] == '"' || b[i] == '\\') b[i] = k == 0 ? b[i] : (byte) 'x';
            }
            TrailingDigestInput in = new TrailingDigestInput(new ByteArrayInputStream(b));
            in.at(b.length - 1); // read everything into the held window
            for (int from = 0; from < b.length; from++)
                assertEquals(naive(b, from), in.stringStop(from), "round " + round + " from " + from);
        }
    }
}
