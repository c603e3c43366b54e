package org.fparity.compare;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes the records of a comparison's temporary files ({@link Spill}, {@link CaseSpill}) into a buffer of its own:
 * numbers big-endian, strings as a length (-1 for null) and their UTF-8 bytes. {@link java.io.DataOutputStream} over a
 * buffered stream takes a lock per byte of every number; this takes none. Read back with {@link SpillIn}.
 */
final class SpillOut implements AutoCloseable {
    private final OutputStream out;
    private final byte[] buf;
    private int n;

    SpillOut(OutputStream out, int size) {
        this.out = out;
        this.buf = new byte[size];
    }

    private void room(int k) throws IOException {
        if (n + k > buf.length) flush();
    }

    void flush() throws IOException {
        out.write(buf, 0, n);
        n = 0;
    }

    /**
     * Makes room for {@code k} bytes, which the caller puts into {@link #buffer()} from the index returned on (a record's
     * fixed part encoded in place, not a call per field).
     */
    int reserve(int k) throws IOException {
        room(k);
        int at = n;
        n += k;
        return at;
    }

    byte[] buffer() {
        return buf;
    }

    /** Puts {@code v} big-endian at {@code b[at]}. */
    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }

    void writeByte(int v) throws IOException {
        room(1);
        buf[n++] = (byte) v;
    }

    void writeShort(int v) throws IOException {
        room(2);
        buf[n++] = (byte) (v >>> 8);
        buf[n++] = (byte) v;
    }

    void writeInt(int v) throws IOException {
        room(4);
        buf[n++] = (byte) (v >>> 24);
        buf[n++] = (byte) (v >>> 16);
        buf[n++] = (byte) (v >>> 8);
        buf[n++] = (byte) v;
    }

    void writeLong(long v) throws IOException {
        writeInt((int) (v >>> 32));
        writeInt((int) v);
    }

    void writeDouble(double v) throws IOException {
        writeLong(Double.doubleToRawLongBits(v));
    }

    void write(byte[] b) throws IOException {
        if (b.length > buf.length) {
            flush();
            out.write(b);
            return;
        }
        room(b.length);
        System.arraycopy(b, 0, buf, n, b.length);
        n += b.length;
    }

    /** {@code b[from, from + len)} as they are. */
    void write(byte[] b, int from, int len) throws IOException {
        if (len > buf.length) {
            flush();
            out.write(b, from, len);
            return;
        }
        room(len);
        System.arraycopy(b, from, buf, n, len);
        n += len;
    }

    /** {@code b[from, from + len)}, as {@link #writeString} writes a string of those (UTF-8) bytes. */
    void writeBytes(byte[] b, int from, int len) throws IOException {
        writeInt(len);
        write(b, from, len);
    }

    /** A string that may be null. */
    void writeString(String s) throws IOException {
        if (s == null) {
            writeInt(-1);
            return;
        }
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeInt(b.length);
        write(b);
    }

    @Override
    public void close() throws IOException {
        flush();
        out.close();
    }
}
