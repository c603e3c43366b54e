package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.fparity.FparityError;
import org.fparity.exec.CompactOutcome;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * Streams an outcome log one outcome at a time, for commands that must not hold a whole campaign in memory (export,
 * merge). Stricter than {@link OutcomeLog#read}: a torn or unreadable line stops them, since what they write would
 * silently lack it.
 */
public final class OutcomeLines implements AutoCloseable {
    private final Path file;
    private final InputStream in;
    private final byte[] block = new byte[1 << 16];
    private int pos;
    private int limit;
    private byte[] buf = new byte[512];
    private int len;
    private int number;
    private final CompactOutcome.Decoder decoder = new CompactOutcome.Decoder();

    private OutcomeLines(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /** Opens a log; a missing log is an empty one (a campaign that has not run yet). */
    public static OutcomeLines open(Path file) throws IOException {
        try {
            return new OutcomeLines(file, Files.newInputStream(file));
        } catch (NoSuchFileException e) {
            return new OutcomeLines(file, InputStream.nullInputStream());
        }
    }

    /** The current line read as an outcome, in full (the slow way, for lines not in fparity's own spelling). */
    public Outcome outcome() {
        try {
            Outcome o = OutcomeLog.READER.readValue(buf, 0, len);
            if (o == null || o.program() == null || o.toolchain() == null || o.opt() == null || o.status() == null) {
                throw new FparityError(where() + ": outcome lacks program, toolchain, opt or status");
            }
            return o;
        } catch (IOException e) {
            throw new FparityError(where() + ": unreadable outcome ("
                    + (e instanceof JsonProcessingException j ? ProgramJson.oneLine(j) : e.getMessage()) + ")");
        }
    }

    /**
     * Moves to the next outcome line, leaving its bytes in {@link #line()} (valid until the next call); false at the end.
     * A last line without its newline is a torn write and refused. A compact log's lines ({@link CompactOutcome}) are
     * given as the JSON object {@link OutcomeLog} writes for the same outcome (its declarations are read, not given), so
     * callers see one spelling whichever the campaign's layout.
     */
    public boolean nextLine() throws IOException {
        while (rawLine()) {
            if (len == 0 || (buf[0] != '[' && buf[0] != '{')) return true;
            if (CompactOutcome.declaration(buf, 0, len)) {
                try {
                    decoder.declare(buf, 0, len);
                } catch (IllegalArgumentException e) {
                    throw new FparityError(where() + ": unreadable platform declaration (" + e.getMessage() + ")");
                }
                continue;
            }
            if (buf[0] == '{') return true;
            Outcome o;
            try {
                if (decoder.run(buf, 0, len)) {
                    CompactOutcome.Names n = decoder.names(decoder.platform);
                    o = new Outcome(
                            new String(
                                    buf,
                                    decoder.programFrom,
                                    decoder.programTo - decoder.programFrom,
                                    StandardCharsets.UTF_8),
                            decoder.input,
                            n.toolchain(),
                            n.opt(),
                            n.site(),
                            n.node(),
                            decoder.status,
                            decoder.hexFrom < 0
                                    ? null
                                    : new String(
                                            buf,
                                            decoder.hexFrom,
                                            decoder.hexTo - decoder.hexFrom,
                                            StandardCharsets.UTF_8),
                            decoder.detail,
                            n.platform(),
                            decoder.micros);
                } else {
                    o = decoder.general(new String(buf, 0, len, StandardCharsets.UTF_8));
                    if (o == null) return true;
                }
            } catch (IllegalArgumentException e) {
                throw new FparityError(where() + ": unreadable outcome (" + e.getMessage() + ")");
            }
            byte[] json = OutcomeLog.line(o);
            if (json.length > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, json.length));
            System.arraycopy(json, 0, buf, 0, json.length);
            len = json.length;
            return true;
        }
        return false;
    }

    private boolean rawLine() throws IOException {
        len = 0;
        while (true) {
            if (pos == limit) {
                limit = in.read(block, 0, block.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (len == 0) return false;
                    number++;
                    throw new FparityError(file + " line " + number
                            + ": torn last line; resume the campaign with 'fparity run' (that repairs it) first");
                }
            }
            int nl = pos;
            while (nl < limit && block[nl] != '\n') nl++;
            int n = nl - pos;
            if (len + n > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
            System.arraycopy(block, pos, buf, len, n);
            len += n;
            pos = nl;
            if (nl < limit) {
                pos++;
                number++;
                return true;
            }
        }
    }

    /** The current line's bytes: {@link #length()} of them, in a buffer reused by the next call. */
    public byte[] line() {
        return buf;
    }

    public int length() {
        return len;
    }

    /** {@code campaign/outcomes.jsonl line 17}: for messages about the last outcome returned. */
    public String where() {
        return file + " line " + number;
    }

    public boolean blank() {
        for (int i = 0; i < len; i++) if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') return false;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
