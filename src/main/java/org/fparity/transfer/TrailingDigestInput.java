package org.fparity.transfer;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;

/**
 * Hashes the bytes a parser reads, but only up to an offset learnt later: a JSON parser reads ahead, so when it reports
 * where the digested part ends, some bytes past that point have already gone by. They are held back (at most
 * {@link #LAG} bytes beyond the hashed point, far more than a parser's read-ahead) until {@link #digestUpTo} says where to
 * stop. Memory stays bounded whatever the file's size.
 */
final class TrailingDigestInput extends FilterInputStream {
    static final int LAG = 1 << 20;

    private final MessageDigest digest = ExportFormat.newSha256();
    private byte[] held = new byte[4 * LAG];
    private int heldLen;
    private long hashedUpTo;

    TrailingDigestInput(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) hold(new byte[] {(byte) b}, 0, 1);
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) hold(b, off, n);
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        // Skipped bytes would escape the digest; read them instead.
        byte[] tmp = new byte[(int) Math.min(n, 8192)];
        int r = read(tmp, 0, tmp.length);
        return Math.max(r, 0);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void hold(byte[] b, int off, int n) {
        if (heldLen + n > held.length) {
            // Hash all but the last LAG bytes, then keep those at the front.
            int release = Math.max(0, heldLen - LAG);
            digest.update(held, 0, release);
            hashedUpTo += release;
            System.arraycopy(held, release, held, 0, heldLen - release);
            heldLen -= release;
            if (heldLen + n > held.length) held = java.util.Arrays.copyOf(held, Math.max(held.length * 2, heldLen + n));
        }
        System.arraycopy(b, off, held, heldLen, n);
        heldLen += n;
    }

    /**
     * The byte at stream offset {@code pos} (at or after the oldest byte still held back), reading ahead as needed, or
     * -1 past the end of the stream: a reader that parses the held bytes itself, after a parser stopped reading.
     */
    int at(long pos) throws IOException {
        long i = pos - hashedUpTo;
        if (i < heldLen) return held[(int) i] & 0xff;
        while (pos - hashedUpTo >= heldLen) {
            if (!readMore()) return -1;
        }
        return held[(int) (pos - hashedUpTo)] & 0xff;
    }

    /**
     * Reads once more from the stream; when the buffer is full it first hashes and drops what lies more than
     * {@link #LAG} bytes behind its end. False at the end of the stream.
     */
    private boolean readMore() throws IOException {
        if (heldLen == held.length) {
            int release = heldLen - LAG;
            digest.update(held, 0, release);
            hashedUpTo += release;
            System.arraycopy(held, release, held, 0, heldLen - release);
            heldLen -= release;
        }
        int n = in.read(held, heldLen, held.length - heldLen);
        if (n < 0) return false;
        heldLen += n;
        return true;
    }

    /**
     * Reads ahead until bytes [pos, pos + n) are held or the stream has ended (n at most {@link #LAG}), and returns the
     * index of {@code pos} in {@link #held()}: lets a reader match whole objects in the array instead of byte by byte.
     */
    int ensure(long pos, int n) throws IOException {
        if (n > LAG) throw new IllegalArgumentException("cannot hold " + n + " bytes ahead");
        while (pos + n - hashedUpTo > heldLen) {
            if (!readMore()) break;
        }
        return (int) (pos - hashedUpTo);
    }

    /** The held bytes: valid, with {@link #heldEnd()}, until the next read. */
    byte[] held() {
        return held;
    }

    /** One past the last held byte's index in {@link #held()}. */
    int heldEnd() {
        return heldLen;
    }

    /** Whether bytes [from, to) are equal to {@code b}; all of them must be held (read with {@link #at} first). */
    boolean equals(long from, byte[] b) {
        int a = (int) (from - hashedUpTo);
        return java.util.Arrays.equals(held, a, a + b.length, b, 0, b.length);
    }

    /**
     * From {@code pos} on, the offset of the first held byte that ends a plain run of a JSON string (a quote, a
     * backslash, a control character), or -1 when the held bytes run out first: the scanner's fast path.
     */
    long stringStop(long pos) {
        byte[] h = held;
        int end = heldLen;
        int i = (int) (pos - hashedUpTo);
        // Eight bytes at a time: a byte equal to '"' or '\\', or below 0x20, sets its high bit in the mask
        // (classic SWAR tests; the lowest flagged byte is exact, which is the one wanted).
        for (; i + 8 <= end; i += 8) {
            long v = (long) LONGS.get(h, i);
            long q = v ^ 0x2222222222222222L;
            long b = v ^ 0x5c5c5c5c5c5c5c5cL;
            long m = ((q - 0x0101010101010101L) & ~q)
                    | ((b - 0x0101010101010101L) & ~b)
                    | ((v - 0x2020202020202020L) & ~v);
            m &= 0x8080808080808080L;
            if (m != 0) return hashedUpTo + i + (Long.numberOfTrailingZeros(m) >>> 3);
        }
        for (; i < end; i++) {
            byte c = h[i];
            if (c == '"' || c == '\\' || (c >= 0 && c < 0x20)) return hashedUpTo + i;
        }
        return -1;
    }

    private static final java.lang.invoke.VarHandle LONGS =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** Bytes [from, to), which must still be held back, as text (UTF-8). */
    String text(long from, long to) {
        return new String(held, (int) (from - hashedUpTo), (int) (to - from), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes bytes [from, to) of the stream, which must still be held back, to {@code out}. */
    void copy(long from, long to, java.io.OutputStream out) throws IOException {
        long a = from - hashedUpTo;
        long b = to - hashedUpTo;
        if (a < 0 || b > heldLen || a > b)
            throw new IllegalStateException("bytes [" + from + ", " + to + ") outside held window [" + hashedUpTo + ", "
                    + (hashedUpTo + heldLen) + ")");
        out.write(held, (int) a, (int) (b - a));
    }

    /** SHA-256 of bytes [0, offset) of the stream; offset must be among the bytes still held back. */
    byte[] digestUpTo(long offset) {
        long keep = offset - hashedUpTo;
        if (keep < 0 || keep > heldLen)
            throw new IllegalStateException("digest end " + offset + " outside held window [" + hashedUpTo + ", "
                    + (hashedUpTo + heldLen) + "]");
        digest.update(held, 0, (int) keep);
        return digest.digest();
    }
}
