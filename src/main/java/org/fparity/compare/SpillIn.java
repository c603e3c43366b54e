package org.fparity.compare;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads what {@link SpillOut} wrote, through a buffer of its own. */
final class SpillIn implements AutoCloseable {
    private final InputStream in;
    private final byte[] buf;
    private int at;
    private int end;

    SpillIn(InputStream in, int size) {
        this.in = in;
        this.buf = new byte[size];
    }

    /** Whether anything is left to read. */
    boolean more() throws IOException {
        return at < end || fill(1);
    }

    /** Makes {@code k} bytes available from {@code at}; false at the end of the stream with none left. */
    private boolean fill(int k) throws IOException {
        if (end - at >= k) return true;
        System.arraycopy(buf, at, buf, 0, end - at);
        end -= at;
        at = 0;
        while (end < k) {
            int r = in.read(buf, end, buf.length - end);
            if (r < 0) {
                if (end == 0) return false;
                throw new EOFException("a temporary file of the comparison ends mid-record");
            }
            end += r;
        }
        return true;
    }

    /** Makes {@code k} bytes readable in {@link #buffer()} from {@link #position()} on. */
    void need(int k) throws IOException {
        if (end - at < k && !fill(k)) throw new EOFException("a temporary file of the comparison ends early");
    }

    /** The buffer, for a reader that decodes what {@link #need} made readable itself, then {@link #skip}s it. */
    byte[] buffer() {
        return buf;
    }

    int position() {
        return at;
    }

    void skip(int k) {
        at += k;
    }

    int readByte() throws IOException {
        need(1);
        return buf[at++];
    }

    int readShort() throws IOException {
        need(2);
        int v = (short) ((buf[at] & 0xff) << 8 | buf[at + 1] & 0xff);
        at += 2;
        return v;
    }

    int readInt() throws IOException {
        need(4);
        int v = (buf[at] & 0xff) << 24 | (buf[at + 1] & 0xff) << 16 | (buf[at + 2] & 0xff) << 8 | buf[at + 3] & 0xff;
        at += 4;
        return v;
    }

    long readLong() throws IOException {
        long hi = readInt();
        return hi << 32 | readInt() & 0xffffffffL;
    }

    double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    byte[] readBytes(int k) throws IOException {
        if (k > buf.length) {
            byte[] b = new byte[k];
            int have = end - at;
            System.arraycopy(buf, at, b, 0, have);
            at = end;
            if (in.readNBytes(b, have, k - have) != k - have)
                throw new EOFException("a temporary file of the comparison ends early");
            return b;
        }
        need(k);
        byte[] b = java.util.Arrays.copyOfRange(buf, at, at + k);
        at += k;
        return b;
    }

    /** Reads {@code k} bytes into {@code dst} from {@code to} on. */
    void readInto(byte[] dst, int to, int k) throws IOException {
        if (k > buf.length) {
            int have = end - at;
            System.arraycopy(buf, at, dst, to, have);
            at = end;
            if (in.readNBytes(dst, to + have, k - have) != k - have)
                throw new EOFException("a temporary file of the comparison ends early");
            return;
        }
        need(k);
        System.arraycopy(buf, at, dst, to, k);
        at += k;
    }

    /** A string that may be null. */
    String readString() throws IOException {
        int k = readInt();
        if (k < 0) return null;
        if (k <= buf.length) {
            need(k);
            String s = new String(buf, at, k, StandardCharsets.UTF_8);
            at += k;
            return s;
        }
        return new String(readBytes(k), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
