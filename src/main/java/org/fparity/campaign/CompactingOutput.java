package org.fparity.campaign;

import java.io.IOException;
import java.io.OutputStream;
import org.fparity.exec.CompactOutcome;
import org.fparity.exec.Outcome;
import org.fparity.util.LineAssembler;

/**
 * An output stream that takes outcome lines in {@link OutcomeLog}'s JSON-object spelling and writes them compact
 * ({@link CompactOutcome}): what merge and import write a new campaign's logs through, so they keep copying lines as
 * they always did. A line in fparity's own spelling ({@link CanonicalOutcome}) becomes a run line (its platform
 * declared before its first run); any other line (escaped, hand-written) is written as it came, which every reader
 * reads too. Buffered: closing it flushes and closes the stream under it.
 */
public final class CompactingOutput extends OutputStream {
    private final OutputStream out;
    private final OutcomeReader reader = new OutcomeReader();
    // every declaration written (own and passed through): a compact line passed through keeps meaning what it meant,
    // so the encoder numbers its platforms after those, and starts again from them after each one passed through
    private final CompactOutcome.Decoder written = new CompactOutcome.Decoder();
    private CompactOutcome.Encoder encoder = new CompactOutcome.Encoder();
    private final LineAssembler lines = new LineAssembler(512);
    private final byte[] one = new byte[1];

    public CompactingOutput(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        one[0] = (byte) b;
        write(one, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int n) throws IOException {
        int end = off + n;
        while (off < end) {
            int next = lines.take(b, off, end);
            if (next < 0) return;
            line();
            off = next;
        }
    }

    private void line() throws IOException {
        byte[] line = lines.bytes();
        int len = lines.length();
        Outcome o = reader.canonical(line, 0, len);
        if (o == null) {
            if (CompactOutcome.declaration(line, 0, len)) {
                try {
                    written.declare(line, 0, len);
                    encoder = new CompactOutcome.Encoder(written);
                } catch (IllegalArgumentException e) {
                    // not a declaration that reads: copied as it is, which readers refuse as they did
                }
            }
            out.write(line, 0, len);
            out.write('\n');
        } else {
            byte[] b = encoder.lines(o);
            if (CompactOutcome.declaration(b, 0, b.length)) {
                int nl = 0;
                while (b[nl] != '\n') nl++;
                written.declare(b, 0, nl);
            }
            out.write(b);
        }
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Writes a last line without its newline as it came (a torn line stays torn), then closes the stream under it. */
    @Override
    public void close() throws IOException {
        if (lines.tail() > 0) out.write(lines.bytes(), 0, lines.tail());
        lines.clear();
        out.close();
    }
}
