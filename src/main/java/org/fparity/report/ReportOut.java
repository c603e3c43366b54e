package org.fparity.report;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;

/**
 * Where one report file is written: characters (the short parts, a JSON generator's output), encoded in UTF-8, and
 * bytes made as UTF-8 already ({@link #bytes}, {@link Utf8}) or spooled before ({@link LongText#writeTo}), in the order
 * they are written.
 */
final class ReportOut extends Writer {
    private final WritableByteChannel channel;
    private final Utf8 bytes;
    private final Writer chars;

    /** A report file written to {@code channel}. */
    ReportOut(WritableByteChannel channel) {
        this.channel = channel;
        bytes = new Utf8(Channels.newOutputStream(channel));
        // the characters' bytes join the buffer; flushing them does not flush the file
        chars = new OutputStreamWriter(
                new OutputStream() {
                    @Override
                    public void write(int b) {
                        bytes.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) {
                        bytes.write(b, off, len);
                    }
                },
                StandardCharsets.UTF_8);
    }

    /** A report file written to {@code out} (a string's bytes: tests, small reports). */
    ReportOut(OutputStream out) {
        this(Channels.newChannel(out));
    }

    @Override
    public void write(char[] cs, int off, int len) throws IOException {
        chars.write(cs, off, len);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        chars.write(s, off, len);
    }

    /** Where bytes go next, after everything written so far. */
    Utf8 bytes() throws IOException {
        chars.flush();
        return bytes;
    }

    /** The file itself, everything written so far in it. */
    WritableByteChannel channel() throws IOException {
        chars.flush();
        bytes.drain();
        return channel;
    }

    @Override
    public void flush() throws IOException {
        chars.flush();
        bytes.drain();
    }

    @Override
    public void close() throws IOException {
        flush();
    }
}
