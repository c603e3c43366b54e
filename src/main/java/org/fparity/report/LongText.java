package org.fparity.report;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Text built up piece by piece that may grow with the campaign (a testcase per case): held in memory up to
 * {@link #HELD} characters, beyond that in a temporary file, then written out once ({@link #writeTo}). Lets a report
 * file whose head needs counts known only at the end be written in bounded memory.
 */
final class LongText implements AutoCloseable {
    static final int HELD = 1 << 20;

    private StringBuilder held = new StringBuilder();
    private Path file;
    private Writer out;

    LongText append(CharSequence s) {
        if (out == null) {
            held.append(s);
            if (held.length() > HELD) spill();
        } else {
            try {
                out.append(s);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write a temporary file of the report", e);
            }
        }
        return this;
    }

    /** Appends {@code len} characters of {@code cs} from {@code off}. */
    LongText append(char[] cs, int off, int len) {
        if (out == null) {
            held.append(cs, off, len);
            if (held.length() > HELD) spill();
        } else {
            try {
                out.write(cs, off, len);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write a temporary file of the report", e);
            }
        }
        return this;
    }

    /** A writer that appends here (what a JSON generator writes a part of report.json through). */
    Writer writer() {
        return new Writer() {
            @Override
            public void write(char[] cs, int off, int len) {
                LongText.this.append(cs, off, len);
            }

            @Override
            public void write(String s, int off, int len) {
                LongText.this.append(s.subSequence(off, off + len));
            }

            @Override
            public void flush() {}

            @Override
            public void close() {}
        };
    }

    LongText append(long v) {
        return append(Long.toString(v));
    }

    LongText append(char c) {
        return append(String.valueOf(c));
    }

    private void spill() {
        try {
            // where compare's temporary files go too (FPARITY_TMPDIR, else the system's temporary folder)
            String dir = System.getenv("FPARITY_TMPDIR");
            file = dir == null
                    ? Files.createTempFile("fparity-report-", ".txt")
                    : Files.createTempFile(Path.of(dir), "fparity-report-", ".txt");
            file.toFile().deleteOnExit();
            out = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16);
            out.append(held);
            held = null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a temporary file of the report", e);
        }
    }

    /** Writes everything appended to {@code w}. */
    void writeTo(Writer w) throws IOException {
        if (out == null) {
            w.append(held);
            return;
        }
        out.flush();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            r.transferTo(w);
        }
    }

    @Override
    public void close() throws IOException {
        if (out != null) {
            out.close();
            Files.deleteIfExists(file);
        }
    }
}
