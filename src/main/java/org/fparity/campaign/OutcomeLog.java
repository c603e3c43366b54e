package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * {@code outcomes.jsonl}: one outcome per line, appended and handed to the kernel as each result arrives, so a
 * {@code kill -9} loses at most the line being written. That torn last line is detected on open and cut off; a
 * rerun redoes just that run.
 */
public final class OutcomeLog implements AutoCloseable {
    static final ObjectWriter WRITER = ProgramJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
    static final ObjectReader READER = ProgramJson.MAPPER.readerFor(Outcome.class);

    private final FileChannel ch;
    private int appended;
    /** What the file held when opened (its torn tail cut off), then every outcome appended since, in file order. */
    private final Contents opened;
    private final List<Outcome> since = new ArrayList<>();

    private OutcomeLog(FileChannel ch, Contents opened) {
        this.ch = ch;
        this.opened = opened;
    }

    /** What a read found: the outcomes (one per key, first wins) and what had to be repaired or skipped. */
    public record Contents(List<Outcome> outcomes, int duplicates, List<String> problems, long validBytes, boolean tornTail) {}

    /**
     * The last log read, by file identity, size and modification time: {@code fparity run} reads the log it has just
     * written twice (the campaign it returns, then compare), which at 100,000 outcomes is a second or more of JSON
     * parsing for nothing. Contents are immutable; a soft reference lets the collector take it back.
     */
    private static volatile java.lang.ref.SoftReference<Map.Entry<String, Contents>> lastRead = new java.lang.ref.SoftReference<>(null);

    /** Reads a log without changing it. A missing file is an empty log. */
    public static Contents read(Path file) {
        if (!Files.exists(file)) return new Contents(List.of(), 0, List.of(), 0, false);
        String stamp = stamp(file);
        Map.Entry<String, Contents> last = lastRead.get();
        if (stamp != null && last != null && last.getKey().equals(stamp)) return last.getValue();
        Contents c = parse(file);
        if (stamp != null && stamp.equals(stamp(file))) lastRead = new java.lang.ref.SoftReference<>(Map.entry(stamp, c));
        return c;
    }

    /** Identity of the file's current contents: real path, inode, size and modification time in nanoseconds. */
    private static String stamp(Path file) {
        try {
            var a = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class);
            return file.toRealPath() + "\0" + a.fileKey() + "\0" + a.size() + "\0" + a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (IOException e) {
            return null;
        }
    }

    private static Contents parse(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot read " + file, e);
        }
        Map<String, Outcome> byKey = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        int dups = 0;
        int start = 0;
        int lineNo = 0;
        long valid = 0;
        boolean torn = false;
        while (start < bytes.length) {
            int nl = indexOf(bytes, (byte) '\n', start);
            lineNo++;
            if (nl < 0) {
                // No newline: the writer was killed mid-line. Everything before it is intact.
                torn = true;
                problems.add(file.getFileName() + " line " + lineNo + ": torn last line (" + (bytes.length - start) + " bytes) dropped");
                break;
            }
            String line = new String(bytes, start, nl - start, StandardCharsets.UTF_8).strip();
            start = nl + 1;
            valid = start;
            if (line.isEmpty()) continue;
            try {
                Outcome o = READER.readValue(line);
                if (o == null || o.program() == null || o.status() == null || o.toolchain() == null || o.opt() == null) {
                    throw new IllegalArgumentException("missing fields");
                }
                if (byKey.putIfAbsent(o.key(), o) != null) dups++;
            } catch (JsonProcessingException | IllegalArgumentException e) {
                problems.add(file.getFileName() + " line " + lineNo + ": unreadable outcome skipped ("
                        + (e instanceof JsonProcessingException j ? ProgramJson.oneLine(j) : e.getMessage()) + ")");
            }
        }
        return new Contents(List.copyOf(byKey.values()), dups, List.copyOf(problems), valid, torn);
    }

    /** Opens for appending, first cutting off a torn last line so the next outcome starts on a line of its own. */
    public static OutcomeLog open(Path file, Consumer<String> warn) {
        Contents c = read(file);
        c.problems().forEach(warn);
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            if (c.tornTail()) ch.truncate(c.validBytes());
            ch.position(ch.size());
            List<String> problems = c.tornTail() ? c.problems().subList(0, c.problems().size() - 1) : c.problems();
            return new OutcomeLog(ch, new Contents(c.outcomes(), c.duplicates(), problems, c.tornTail() ? c.validBytes() : ch.size(), false));
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot open " + file, e);
        }
    }

    /** Appends one outcome as one write: the whole line reaches the kernel before this returns. */
    public synchronized void append(Outcome o) {
        try {
            byte[] json = WRITER.writeValueAsBytes(o);
            ByteBuffer buf = ByteBuffer.allocate(json.length + 1).put(json).put((byte) '\n').flip();
            while (buf.hasRemaining()) ch.write(buf);
            appended++;
            since.add(o);
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot append to outcomes.jsonl", e);
        }
    }

    public synchronized int appended() {
        return appended;
    }

    /**
     * What {@link #read} of this file would give now, without reading it back: the outcomes it held when opened, then
     * those appended since (an outcome whose key is already there counts as a duplicate, first wins, as when read),
     * problems but the torn tail that {@link #open} cut off. {@code fparity run} hands this to the reruns and the report
     * instead of parsing the log it has just written.
     */
    public synchronized Contents contents() {
        if (since.isEmpty()) return opened;
        Map<String, Outcome> byKey = new LinkedHashMap<>();
        int dups = opened.duplicates();
        for (Outcome o : opened.outcomes()) byKey.put(o.key(), o);
        for (Outcome o : since) if (byKey.putIfAbsent(o.key(), o) != null) dups++;
        long size;
        try {
            size = ch.size();
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot read outcomes.jsonl", e);
        }
        return new Contents(List.copyOf(byKey.values()), dups, opened.problems(), size, false);
    }

    @Override
    public synchronized void close() {
        try {
            ch.force(true);
            ch.close();
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot close outcomes.jsonl", e);
        }
    }

    private static int indexOf(byte[] b, byte x, int from) {
        for (int i = from; i < b.length; i++) if (b[i] == x) return i;
        return -1;
    }
}
