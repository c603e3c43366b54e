package org.fparity.compare;

import java.nio.charset.StandardCharsets;
import org.fparity.ir.HexFloat;

/**
 * A result's value read from the bytes of an outcome line, as the raw bits of the double {@link HexFloat#parse(String)}
 * gives for the same text (NaN payloads, signed zeros, subnormals, FP32 results printed as hex floats alike): the same
 * parser, handed the bytes as characters, so no string is made for the usual result. Not thread-safe: one per reader.
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
