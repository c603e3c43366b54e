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
import java.util.function.Function;
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

    /** Open for appending on the first append: a log nothing is appended to is never opened for writing (a read-only resume). */
    private FileChannel ch;
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

    /**
     * What a read found: the outcomes (one per key, first wins) and what had to be repaired or skipped.
     *
     * @param conflicts runs recorded twice with different results (status or bits), one line each naming the run and
     *                  both lines: the first is kept here, but nothing may compare them as if there were no second one
     */
    public record Contents(List<Outcome> outcomes, int duplicates, List<String> problems, long validBytes, boolean tornTail, List<String> conflicts) {
        public Contents {
            conflicts = conflicts == null ? List.of() : List.copyOf(conflicts);
        }

        public Contents(List<Outcome> outcomes, int duplicates, List<String> problems, long validBytes, boolean tornTail) {
            this(outcomes, duplicates, problems, validBytes, tornTail, List.of());
        }
    }

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
        Contents c = parse(file, null).contents();
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

    /** A parse: the contents, and where each whole line that is not an outcome (or {@code misfit} refuses) lies: start, end past its newline. */
    private record Parsed(Contents contents, List<long[]> bad, byte[] bytes) {}

    /**
     * Parses a log. {@code misfit} (or null): why an outcome that reads does not belong to the campaign (an unknown
     * program, an input it does not have), or null when it does; such a line is skipped like one that does not read.
     */
    private static Parsed parse(Path file, Function<Outcome, String> misfit) {
        // a hand-made folder's log may be a link to a device (/dev/zero would be read until memory runs out) or a FIFO
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new org.fparity.FparityError(file + " is not a regular file: a campaign's outcomes are a file in its folder");
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (java.nio.file.NoSuchFileException e) {
            bytes = new byte[0];
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot read " + file, e);
        }
        Map<String, Outcome> byKey = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new java.util.HashMap<>();
        List<String> problems = new ArrayList<>();
        List<String> conflicts = new ArrayList<>();
        List<long[]> bad = new ArrayList<>();
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
            int from = start;
            start = nl + 1;
            valid = start;
            if (line.isEmpty()) continue;
            try {
                Outcome o = READER.readValue(line);
                if (o == null || o.program() == null || o.status() == null || o.toolchain() == null || o.opt() == null) {
                    throw new IllegalArgumentException("missing fields");
                }
                String why = misfit == null ? null : misfit.apply(o);
                if (why != null) throw new IllegalArgumentException(why);
                Outcome had = byKey.putIfAbsent(o.key(), o);
                if (had == null) {
                    lineOf.put(o.key(), lineNo);
                } else {
                    dups++;
                    if (!result(had).equals(result(o))) {
                        conflicts.add("conflict: " + o.program() + " input " + o.input() + " on " + o.platformKey().id() + " is " + result(had) + " at line "
                                + lineOf.get(o.key()) + " but " + result(o) + " at line " + lineNo + " of " + file.getFileName());
                    }
                }
            } catch (JsonProcessingException | IllegalArgumentException e) {
                bad.add(new long[] {from, start});
                problems.add(file.getFileName() + " line " + lineNo + ": unreadable outcome skipped ("
                        + (e instanceof JsonProcessingException j ? ProgramJson.oneLine(j) : e.getMessage()) + ")");
            }
        }
        return new Parsed(new Contents(List.copyOf(byKey.values()), dups, List.copyOf(problems), valid, torn, conflicts), bad, bytes);
    }

    /** What two records of one run are compared by: how it ended and the bits it printed (never its time or message). */
    static String result(Outcome o) {
        return o.status() + " " + o.hex();
    }

    /** Opens for appending, first cutting off a torn last line so the next outcome starts on a line of its own. */
    public static OutcomeLog open(Path file, Consumer<String> warn) {
        return open(file, warn, null);
    }

    /**
     * Opens for appending, first repairing what a killed or second writer (or a hand) left: a torn last line is cut off
     * so the next outcome starts on a line of its own, and whole lines that do not read as outcomes (or that
     * {@code misfit} refuses: see {@link #parse}) are set aside, as they were, in the side file ({@link #rejectedFile}),
     * {@code warn} hearing of it in one line. The file is only written when there is something to repair.
     */
    public static OutcomeLog open(Path file, Consumer<String> warn, Function<Outcome, String> misfit) {
        Parsed p = parse(file, misfit);
        Contents c = p.contents();
        if (c.tornTail()) warn.accept(c.problems().getLast());
        if (!p.bad().isEmpty()) {
            Path side = rejectedFile(file);
            setAside(file, p, c.validBytes(), side);
            warn.accept(file.getFileName() + ": " + p.bad().size() + (p.bad().size() == 1 ? " line that is not an outcome of this campaign" : " lines that are not outcomes of this campaign")
                    + " set aside in " + side.getFileName() + " (first: " + c.problems().getFirst().substring(file.getFileName().toString().length() + 1) + ")");
            long removed = p.bad().stream().mapToLong(b -> b[1] - b[0]).sum();
            return new OutcomeLog(file, null, new Contents(c.outcomes(), c.duplicates(), List.of(), c.validBytes() - removed, false, c.conflicts()));
        }
        FileChannel ch = null;
        if (c.tornTail()) {
            try {
                ch = FileChannel.open(file, StandardOpenOption.WRITE);
                ch.truncate(c.validBytes());
                ch.position(c.validBytes());
            } catch (IOException e) {
                throw org.fparity.FparityError.io("cannot repair " + file, e);
            }
        }
        return new OutcomeLog(file, ch, new Contents(c.outcomes(), c.duplicates(), List.of(), c.validBytes(), false, c.conflicts()));
    }

    /** Where lines set aside from {@code log} go: {@code outcomes.rejected.jsonl} beside {@code outcomes.jsonl}. */
    public static Path rejectedFile(Path log) {
        String name = log.getFileName().toString();
        String stem = name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
        return log.resolveSibling(stem + ".rejected.jsonl");
    }

    /**
     * Appends the bad lines to the side file (forced to disk first), then replaces the log by its good lines (temp, then
     * rename): killed in between, the next open finds the same bad lines and sets them aside again; nothing is lost.
     */
    private static void setAside(Path file, Parsed p, long validBytes, Path side) {
        byte[] b = p.bytes();
        try (FileChannel out = FileChannel.open(side, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            for (long[] r : p.bad()) {
                ByteBuffer buf = ByteBuffer.wrap(b, (int) r[0], (int) (r[1] - r[0]));
                while (buf.hasRemaining()) out.write(buf);
            }
            out.force(true);
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write " + side, e);
        }
        java.io.ByteArrayOutputStream good = new java.io.ByteArrayOutputStream((int) validBytes);
        int at = 0;
        for (long[] r : p.bad()) {
            good.write(b, at, (int) r[0] - at);
            at = (int) r[1];
        }
        good.write(b, at, (int) validBytes - at);
        org.fparity.util.AtomicFiles.write(file, good.toByteArray());
    }

    /** Appends one outcome as one write: the whole line reaches the kernel before this returns. */
    public synchronized void append(Outcome o) {
        try {
            if (ch == null) {
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                ch.position(ch.size());
            }
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
        List<String> conflicts = new ArrayList<>(opened.conflicts());
        for (Outcome o : opened.outcomes()) byKey.put(o.key(), o);
        for (Outcome o : since) {
            Outcome had = byKey.putIfAbsent(o.key(), o);
            if (had == null) continue;
            dups++;
            if (!result(had).equals(result(o))) {
                conflicts.add("conflict: " + o.program() + " input " + o.input() + " on " + o.platformKey().id() + " is " + result(had) + " but "
                        + result(o) + " appended later to " + file.getFileName());
            }
        }
        long size;
        try {
            size = ch == null ? opened.validBytes() : ch.size();
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot read outcomes.jsonl", e);
        }
        return new Contents(List.copyOf(byKey.values()), dups, opened.problems(), size, false, conflicts);
    }

    @Override
    public synchronized void close() {
        if (ch == null) return;
        try {
            ch.force(true);
            // What read() would parse from the file as closed: kept, so that reading it back in this process is free.
            // Only when the file holds exactly what it held when opened plus what was appended here (no other writer).
            Contents now = appended > 0 && ch.size() == opened.validBytes() + written ? contents() : null;
            // a conflict names the lines of both records, which only reading the file says
            if (now != null && now.conflicts().size() > opened.conflicts().size()) now = null;
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
