package org.fparity.compare;

import java.nio.charset.StandardCharsets;
import org.fparity.ir.HexFloat;

/**
 * A result's value read from the bytes of an outcome line, as the raw bits of the double {@link HexFloat#parse(String)}
 * gives for the same text (NaN payloads, signed zeros, subnormals, FP32 results printed as hex floats alike): printf's
 * {@code %a} of a normal double read straight into its bits, anything else handed to that parser as characters; no
 * string is made for a result. Not thread-safe: one per reader.
 */
final class HexBits implements CharSequence {
    /** Each byte's value as a hex digit (16 more for an upper-case one), or -1. */
    private static final byte[] DIGIT = new byte[256];

    private static final byte[] LOWER = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

    static {
        java.util.Arrays.fill(DIGIT, (byte) -1);
        for (int i = 0; i < 10; i++) DIGIT['0' + i] = (byte) i;
        for (int i = 0; i < 6; i++) {
            DIGIT['a' + i] = (byte) (10 + i);
            DIGIT['A' + i] = (byte) (16 + 10 + i);
        }
    }

    /**
     * After {@link #bits}: how many hex digits follow {@code 0x1.} in the text just read when it is exactly what
     * {@link #text} makes of its bits and that count (printf's {@code %a} of a normal double: lower case, a signed
     * exponent without leading zeros), else -1. Such a text need not be kept: it is made again from the bits.
     */
    int digits = -1;

    /** The text {@code [-]0x1.<digits hex digits>p<signed exponent>} of the normal double with {@code bits}. */
    static String text(long bits, int digits) {
        byte[] out = new byte[1 + 4 + digits + 2 + 4];
        int n = 0;
        if (bits < 0) out[n++] = '-';
        out[n++] = '0';
        out[n++] = 'x';
        out[n++] = '1';
        if (digits > 0) {
            out[n++] = '.';
            for (int j = 0; j < digits; j++) out[n++] = LOWER[(int) (bits >>> 48 - 4 * j) & 0xf];
        }
        out[n++] = 'p';
        int e = (int) (bits >>> 52 & 0x7ff) - 1023;
        out[n++] = (byte) (e < 0 ? '-' : '+');
        e = Math.abs(e);
        if (e >= 1000) out[n++] = (byte) ('0' + e / 1000);
        if (e >= 100) out[n++] = (byte) ('0' + e / 100 % 10);
        if (e >= 10) out[n++] = (byte) ('0' + e / 10 % 10);
        out[n++] = (byte) ('0' + e % 10);
        return new String(out, 0, n, StandardCharsets.ISO_8859_1);
    }

    private byte[] b;
    private int from;
    private int to;

    /**
     * The bits of the value {@code b[from, to)} spells (ASCII); throws {@link NumberFormatException} (or another
     * RuntimeException, as {@link HexFloat#parse(String)} does) when it is not a hex float or special value.
     */
    long bits(byte[] b, int from, int to) {
        // printf's %a of a normal double, [-]0x1.<up to 13 hex digits>p<exponent>: its bits straight from the digits
        digits = -1;
        int p = from;
        boolean neg = p < to && b[p] == '-';
        if (neg) p++;
        if (to - p >= 5 && b[p] == '0' && (b[p + 1] | 0x20) == 'x' && b[p + 2] == '1') {
            boolean plain = b[p + 1] == 'x';
            p += 3;
            long frac = 0;
            int k = 0;
            if (b[p] == '.') {
                // up to 13 digits, each looked up (a table: a quarter of the time of telling digits from letters by
                // comparisons, under the C1 compiler compare runs with); an upper-case one has 16 added
                byte[] digit = DIGIT;
                int end = Math.min(to, p + 14);
                int q = p + 1;
                int upper = 0;
                for (; q < end; q++) {
                    int d = digit[b[q] & 0xff];
                    if (d < 0) break;
                    upper |= d;
                    frac = frac << 4 | d & 0xf;
                }
                k = q - p - 1;
                p = q;
                plain &= k > 0 && upper < 16;
            }
            if (p + 1 < to && (b[p] | 0x20) == 'p') {
                plain &= b[p] == 'p';
                int q = p + 1;
                boolean down = b[q] == '-';
                plain &= down || b[q] == '+';
                if (down || b[q] == '+') q++;
                int e = 0;
                int start = q;
                while (q < to && q - start < 5 && b[q] >= '0' && b[q] <= '9') e = e * 10 + (b[q++] - '0');
                // printf's exponent: signed, no leading zero, never -0
                plain &= q - start == 1 || b[start] != '0';
                plain &= !down || e != 0;
                if (down) e = -e;
                if (q == to && q > start && e >= -1022 && e <= 1023) {
                    if (plain) digits = k;
                    return (neg ? 1L << 63 : 0) | (long) (e + 1023) << 52 | frac << 4 * (13 - k);
                }
            }
        }
        // anything else (nan, inf, a decimal, a long significand) as the string parser reads it
        this.b = b;
        this.from = from;
        this.to = to;
        try {
            return Double.doubleToRawLongBits(HexFloat.parse(this, 0, to - from));
        } finally {
            this.b = null;
        }
    }

    @Override
    public int length() {
        return to - from;
    }

    @Override
    public char charAt(int i) {
        return (char) (b[from + i] & 0xff);
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new String(b, from + start, end - start, StandardCharsets.ISO_8859_1);
    }

    @Override
    public String toString() {
        return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    }
}
