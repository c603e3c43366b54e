package org.fparity.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A report file's text made straight as UTF-8 bytes, buffered before {@code sink}: the parts that grow with the campaign
 * (report.json's discrepancies and case list, junit.xml's testcase per case) are written here, a byte per ASCII
 * character, with JSON's and XML's escaping done on the way, instead of through a JSON generator's or a string
 * builder's characters and an encoder (issue 31: they were most of report's own time at 10^7 runs).
 */
final class Utf8 extends OutputStream {
    private static final int SIZE = 1 << 16;
    private static final byte[] DIGITS_MIN = Long.toString(Long.MIN_VALUE).getBytes(StandardCharsets.US_ASCII);

    private final OutputStream sink;
    private byte[] b = new byte[SIZE];
    private int n;
    /** Bytes handed to the sink so far. */
    private long drained;

    Utf8(OutputStream sink) {
        this.sink = sink;
    }

    /** Room for {@code k} more bytes in the buffer, written out to the sink first when it lacks it. */
    private void room(int k) {
        if (n + k <= b.length) return;
        drain();
        if (k > b.length) b = new byte[k];
    }

    /** Hands the buffered bytes to the sink (the sink itself is not flushed). */
    void drain() {
        if (n == 0) return;
        try {
            sink.write(b, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report", e);
        }
        drained += n;
        n = 0;
    }

    @Override
    public void write(int x) {
        room(1);
        b[n++] = (byte) x;
    }

    @Override
    public void write(byte[] bs, int off, int len) {
        if (len > SIZE) {
            drain();
            try {
                sink.write(bs, off, len);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write the report", e);
            }
            drained += len;
            return;
        }
        room(len);
        System.arraycopy(bs, off, b, n, len);
        n += len;
    }

    /** Bytes written so far. */
    long size() {
        return drained + n;
    }

    /** Drains to the sink and flushes it. */
    @Override
    public void flush() throws IOException {
        drain();
        sink.flush();
    }

    @Override
    public void close() throws IOException {
        flush();
        sink.close();
    }

    Utf8 bytes(byte[] bs) {
        write(bs, 0, bs.length);
        return this;
    }

    Utf8 ch(char c) {
        if (c >= 0x80) return text(String.valueOf(c));
        room(1);
        b[n++] = (byte) c;
        return this;
    }

    /** {@code s} as it is, in UTF-8. */
    Utf8 text(String s) {
        int len = s.length();
        room(len);
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                return bytes(s.getBytes(StandardCharsets.UTF_8));
            }
            b[n + i] = (byte) c;
        }
        n += len;
        return this;
    }

    /** A decimal integer. */
    Utf8 num(long v) {
        if (v == Long.MIN_VALUE) return bytes(DIGITS_MIN);
        room(20);
        if (v < 0) {
            b[n++] = '-';
            v = -v;
        }
        int len = 1;
        for (long p = v; p >= 10; p /= 10) len++;
        for (int i = n + len - 1; i >= n; i--) {
            b[i] = (byte) ('0' + v % 10);
            v /= 10;
        }
        n += len;
        return this;
    }

    /** {@code s} as a JSON string, quotes included, escaped as report.json's generator escapes it; null as JSON's null. */
    Utf8 json(String s) {
        if (s == null) return text("null");
        int len = s.length();
        room(len + 2);
        b[n] = '"';
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') {
                // what needs escaping, or more than a byte: the generator's own escaping, encoded as its writer's
                // encoder did (a lone surrogate as '?')
                write('"');
                text(new String(com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance()
                        .quoteAsString(s)));
                return ch('"');
            }
            b[n + 1 + i] = (byte) c;
        }
        b[n + 1 + len] = '"';
        n += len + 2;
        return this;
    }

    /** {@code s} escaped for XML text and attributes ({@link Markup#esc}), in UTF-8. */
    Utf8 xml(String s) {
        if (s == null) return this;
        int len = s.length();
        room(len);
        for (int i = 0; i < len; i++) {
            char c = s.charAt(i);
            if (c >= 0x80 || c < 0x20 || c == '&' || c == '<' || c == '>' || c == '"' || c == '\'') {
                return text(Markup.esc(s));
            }
            b[n + i] = (byte) c;
        }
        n += len;
        return this;
    }
}
