package org.fparity.compare;

import java.nio.charset.StandardCharsets;
import org.fparity.ir.HexFloat;

/**
 * A result's value read from the bytes of an outcome line, as the raw bits of the double {@link HexFloat#parse(String)}
 * gives for the same text (NaN payloads, signed zeros, subnormals, FP32 results printed as hex floats alike): the usual
 * hex float read from the bytes as that parser reads it, anything else handed to it as characters; no string is made
 * for the usual result. Not thread-safe: one per reader.
 */
final class HexBits implements CharSequence {
    private byte[] b;
    private int from;
    private int to;

    /**
     * The bits of the value {@code b[from, to)} spells (ASCII); throws {@link NumberFormatException} (or another
     * RuntimeException, as {@link HexFloat#parse(String)} does) when it is not a hex float or special value.
     */
    long bits(byte[] b, int from, int to) {
        // the usual result, [-]0x1.hhhp[+-]d with a significand of 53 bits or fewer, as HexFloat.parse reads it
        int p = from;
        boolean neg = false;
        if (p < to && (b[p] == '-' || b[p] == '+')) neg = b[p++] == '-';
        if (p + 2 < to && b[p] == '0' && (b[p + 1] | 0x20) == 'x') {
            p += 2;
            long mant = 0;
            int frac = 0;
            boolean dot = false;
            boolean fits = true;
            int digits = 0;
            for (; p < to; p++) {
                int c = b[p];
                if (c == '.' && !dot) {
                    dot = true;
                    continue;
                }
                int d = c >= '0' && c <= '9'
                        ? c - '0'
                        : (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
                if (d < 0) break;
                digits++;
                if ((mant >>> 49) != 0) fits = false; // another digit would pass 53 bits
                mant = (mant << 4) | d;
                if (dot) frac++;
            }
            if (fits && digits > 0 && p < to && (b[p] | 0x20) == 'p') {
                int q = p + 1;
                boolean eneg = false;
                if (q < to && (b[q] == '-' || b[q] == '+')) eneg = b[q++] == '-';
                int e = 0;
                int start = q;
                for (; q < to && b[q] >= '0' && b[q] <= '9' && e < 100_000; q++) e = e * 10 + (b[q] - '0');
                int exp = eneg ? -e : e;
                if (q == to && q > start && frac == 13 && mant >>> 52 == 1 && exp >= -1022 && exp <= 1023) {
                    // printf's %a of a normal double, 0x1.<13 digits>p<e>: its bits as they are
                    return (neg ? 1L << 63 : 0) | (long) (exp + 1023) << 52 | mant & ((1L << 52) - 1);
                }
                if (q == to && q > start) {
                    double v = Math.scalb((double) mant, (eneg ? -e : e) - 4 * frac);
                    return Double.doubleToRawLongBits(neg ? -v : v);
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
