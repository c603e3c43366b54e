package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.fparity.FparityError;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * Streams an outcome log one outcome at a time, for commands that must not hold a whole campaign in memory (export,
 * merge). Stricter than {@link OutcomeLog#read}: a torn or unreadable line stops them, since what they write would
 * silently lack it.
 */
final class OutcomeLines implements AutoCloseable {
    private final Path file;
    private final InputStream in;
    private byte[] buf = new byte[512];
    private int len;
    private int number;

    private OutcomeLines(Path file, InputStream in) {
        this.file = file;
        this.in = in;
    }

    /** Opens a log; a missing log is an empty one (a campaign that has not run yet). */
    static OutcomeLines open(Path file) throws IOException {
        try {
            return new OutcomeLines(file, new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        } catch (NoSuchFileException e) {
            return new OutcomeLines(file, InputStream.nullInputStream());
        }
    }

    /** The next outcome, or null at the end. */
    Outcome next() throws IOException {
        while (true) {
            len = 0;
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                if (len == buf.length) buf = java.util.Arrays.copyOf(buf, len * 2);
                buf[len++] = (byte) c;
            }
            if (c < 0 && len == 0) return null;
            number++;
            if (c < 0) {
                throw new FparityError(file + " line " + number + ": torn last line; resume the campaign with 'fparity run' (that repairs it) first");
            }
            if (blank()) continue;
            try {
                Outcome o = OutcomeLog.READER.readValue(buf, 0, len);
                if (o == null || o.program() == null || o.toolchain() == null || o.opt() == null || o.status() == null) {
                    throw new FparityError(where() + ": outcome lacks program, toolchain, opt or status");
                }
                return o;
            } catch (JsonProcessingException e) {
                throw new FparityError(where() + ": unreadable outcome (" + ProgramJson.oneLine(e) + ")");
            }
        }
    }

    /** {@code campaign/outcomes.jsonl line 17}: for messages about the last outcome returned. */
    String where() {
        return file + " line " + number;
    }

    private boolean blank() {
        for (int i = 0; i < len; i++) if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') return false;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
