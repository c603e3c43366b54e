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
    private final Path file;
    private int appended;
    /** Bytes appended since opened. */
    private long written;
    /** What the file held when opened (its torn tail cut off), then every outcome appended since, in file order. */
    private final Contents opened;
    private final List<Outcome> since = new ArrayList<>();

    private OutcomeLog(Path file, FileChannel ch, Contents opened) {
        this.file = file;
        this.ch = ch;
        this.opened = opened;
    }

    /** What a read found: the outcomes (one per key, first wins) and what had to be repaired or skipped. */
    public record Contents(List<Outcome> outcomes, int duplicates, List<String> problems, long validBytes, boolean tornTail) {}

    /**
     * The last logs read or written here, by file identity, size and modification time: {@code fparity run} reads the
     * log it has just written twice (the campaign it returns, then compare), and the reruns' {@code reruns-K.jsonl}
     * after writing them (the report), which at 100,000 outcomes is a second or more of JSON parsing for nothing.
     * Contents are immutable; a soft reference lets the collector take them back. At most {@link #CACHED} files.
     */
    private static final int CACHED = 4;
    private static volatile java.lang.ref.SoftReference<Map<String, Contents>> lastRead = new java.lang.ref.SoftReference<>(null);

    /** Reads a log without changing it. A missing file is an empty log. */
    public static Contents read(Path file) {
        if (!Files.exists(file)) return new Contents(List.of(), 0, List.of(), 0, false);
        String stamp = stamp(file);
        Map<String, Contents> cached = lastRead.get();
        if (stamp != null && cached != null) {
            Contents c = cached.get(stamp);
            if (c != null) return c;
        }
        Contents c = parse(file);
        if (stamp != null && stamp.equals(stamp(file))) remember(stamp, c);
        return c;
    }

    /** Keeps {@code c} as what the file with this stamp holds, dropping the oldest beyond {@link #CACHED}. */
    private static synchronized void remember(String stamp, Contents c) {
        Map<String, Contents> old = lastRead.get();
        Map<String, Contents> m = new LinkedHashMap<>();
        if (old != null) m.putAll(old);
        m.remove(stamp);
        m.put(stamp, c);
        while (m.size() > CACHED) m.remove(m.keySet().iterator().next());
        lastRead = new java.lang.ref.SoftReference<>(java.util.Collections.unmodifiableMap(m));
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
            return new OutcomeLog(file, ch, new Contents(c.outcomes(), c.duplicates(), problems, c.tornTail() ? c.validBytes() : ch.size(), false));
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot open " + file, e);
        }
    }

    /** Appends one outcome as one write: the whole line reaches the kernel before this returns. */
    public synchronized void append(Outcome o) {
        try {
            byte[] json = line(o);
            ByteBuffer buf = ByteBuffer.allocate(json.length + 1).put(json).put((byte) '\n').flip();
            while (buf.hasRemaining()) ch.write(buf);
            written += json.length + 1;
            appended++;
            since.add(o);
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot append to outcomes.jsonl", e);
        }
    }

    /**
     * The outcome's JSON line (without the newline), byte for byte what {@link #WRITER} writes: built by hand when every
     * string is printable ASCII without {@code "} or {@code \\} (nothing for Jackson to escape; every campaign's usual
     * outcome), else by Jackson. Jackson's general path cost more CPU than anything else per outcome at 50 inputs.
     */
    static byte[] line(Outcome o) throws JsonProcessingException {
        if (!plain(o.program()) || !plain(o.toolchain()) || !plain(o.opt()) || !plain(o.site()) || !plain(o.node()) || !plain(o.hex())
                || !plain(o.detail()) || !plain(o.platform()) || o.status() == null) {
            return WRITER.writeValueAsBytes(o);
        }
        StringBuilder b = new StringBuilder(160);
        b.append('{');
        boolean more = field(b, "program", o.program(), false);
        if (more) b.append(',');
        b.append("\"input\":").append(o.input());
        field(b, "toolchain", o.toolchain(), true);
        field(b, "opt", o.opt(), true);
        field(b, "site", o.site(), true);
        field(b, "node", o.node(), true);
        field(b, "status", o.status().name(), true);
        field(b, "hex", o.hex(), true);
        field(b, "detail", o.detail(), true);
        field(b, "platform", o.platform(), true);
        b.append(",\"micros\":").append(o.micros()).append('}');
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    /** Appends {@code "name":"value"} (after a comma when {@code comma}) unless the value is null; whether it did. */
    private static boolean field(StringBuilder b, String name, String value, boolean comma) {
        if (value == null) return false;
        if (comma) b.append(',');
        b.append('"').append(name).append("\":\"").append(value).append('"');
        return true;
    }

    /** Null, or printable ASCII without a quote or backslash: written as it is. */
    private static boolean plain(String s) {
        if (s == null) return true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
        }
        return true;
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
            // What read() would parse from the file as closed: kept, so that reading it back in this process is free.
            // Only when the file holds exactly what it held when opened plus what was appended here (no other writer).
            Contents now = appended > 0 && ch.size() == opened.validBytes() + written ? contents() : null;
            ch.close();
            if (now != null) {
                String stamp = stamp(file);
                if (stamp != null) remember(stamp, now);
            }
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot close outcomes.jsonl", e);
        }
    }

    private static int indexOf(byte[] b, byte x, int from) {
        for (int i = from; i < b.length; i++) if (b[i] == x) return i;
        return -1;
    }
}
