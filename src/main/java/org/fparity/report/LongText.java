package org.fparity.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Text built up piece by piece that may grow with the campaign (a testcase per case), as UTF-8 bytes ({@link #out}):
 * held in memory up to {@link #HELD} bytes, beyond that in a temporary file, then written out once ({@link
 * #writeTo}). Lets a report file whose head needs counts known only at the end be written in bounded memory.
 */
final class LongText implements AutoCloseable {
    static final int HELD = 1 << 20;

    private final Held held = new Held();
    /** Where the text is written. */
    final Utf8 out = new Utf8(held);

    /** The bytes: in memory, then in a temporary file. */
    private static final class Held extends OutputStream {
        private byte[] mem = new byte[1 << 12];
        private int n;
        private Path file;
        private FileChannel ch;

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (ch == null && n + len <= HELD) {
                if (n + len > mem.length) mem = java.util.Arrays.copyOf(mem, Math.max(mem.length * 2, n + len));
                System.arraycopy(b, off, mem, n, len);
                n += len;
                return;
            }
            if (ch == null) spill();
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b, off, len);
            while (buf.hasRemaining()) ch.write(buf);
        }

        private void spill() throws IOException {
            // where compare's temporary files go too (FPARITY_TMPDIR, else the system's temporary folder)
            String dir = System.getenv("FPARITY_TMPDIR");
            file = dir == null
                    ? Files.createTempFile("fparity-report-", ".txt")
                    : Files.createTempFile(Path.of(dir), "fparity-report-", ".txt");
            file.toFile().deleteOnExit();
            ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ);
            write(mem, 0, n);
            mem = null;
        }
    }

    LongText append(CharSequence s) {
        out.text(s.toString());
        return this;
    }

    LongText append(long v) {
        out.num(v);
        return this;
    }

    LongText append(char c) {
        out.ch(c);
        return this;
    }

    /** Writes everything appended to {@code w}. */
    void writeTo(ReportOut w) throws IOException {
        out.drain();
        if (held.ch == null) {
            w.bytes().write(held.mem, 0, held.n);
            return;
        }
        // from file to file where the report goes to one: the kernel copies
        java.nio.channels.WritableByteChannel to = w.channel();
        long size = held.ch.size();
        long at = 0;
        while (at < size) at += held.ch.transferTo(at, size - at, to);
    }

    /** Copies the {@code len} bytes written from position {@code at} on to {@code to}. */
    void copy(long at, int len, Utf8 to) throws IOException {
        out.drain();
        if (held.ch == null) {
            to.write(held.mem, (int) at, len);
            return;
        }
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(part.length >= len ? part : (part = new byte[len]), 0, len);
        while (b.hasRemaining()) if (held.ch.read(b, at + b.position()) < 0) throw new java.io.EOFException();
        to.write(part, 0, len);
    }

    private byte[] part = new byte[256];

    @Override
    public void close() throws IOException {
        if (held.ch != null) {
            held.ch.close();
            Files.deleteIfExists(held.file);
        }
    }
}
