package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
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
import org.fparity.exec.CompactOutcome;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;

/**
 * {@code outcomes.jsonl}: one outcome per line, appended and handed to the kernel as each result arrives, so a
 * {@code kill -9} loses at most the line being written. That torn last line is detected on open and cut off; a
 * rerun redoes just that run.
 */
public final class OutcomeLog implements AutoCloseable {
    public static final ObjectWriter WRITER = ProgramJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
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
    /** Null: each outcome is appended as its JSON object ({@link #line}); else in the compact spelling ({@link CompactOutcome}). */
    private final CompactOutcome.Encoder compact;

    private OutcomeLog(Path file, FileChannel ch, Contents opened, CompactOutcome.Encoder compact) {
        this.file = file;
        this.ch = ch;
        this.opened = opened;
        this.compact = compact;
    }

    /**
     * How appended outcomes are spelt. A campaign keeps the spelling of its layout ({@link #of}): a layout 2 campaign is
     * resumed in JSON objects, so the fparity that made it can still resume it; both spellings are read everywhere.
     */
    public enum Form {
        /** One JSON object per outcome, every name spelt out (about 180 to 230 bytes): campaign layouts 1 and 2. */
        JSON,
        /** {@link CompactOutcome}: platforms declared once per file, a short JSON array per run (about 50 bytes): layout 3. */
        COMPACT;

        /** The form of a campaign of layout {@code schema}. */
        public static Form of(int schema) {
            return schema >= 3 ? COMPACT : JSON;
        }
    }

    /**
     * What a read found: the outcomes (one per key, first wins) and what had to be repaired or skipped.
     *
     * @param conflicts runs recorded twice with different results (status or bits), one line each naming the run and
     *                  both lines: the first is kept here, but nothing may compare them as if there were no second one
     */
    public record Contents(
            List<Outcome> outcomes,
            int duplicates,
            List<String> problems,
            long validBytes,
            boolean tornTail,
            List<String> conflicts) {
        public Contents {
            conflicts = conflicts == null ? List.of() : List.copyOf(conflicts);
        }

        public Contents(
                List<Outcome> outcomes, int duplicates, List<String> problems, long validBytes, boolean tornTail) {
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

    private static volatile java.lang.ref.SoftReference<Map<String, Contents>> lastRead =
            new java.lang.ref.SoftReference<>(null);

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
            return file.toRealPath() + "\0" + a.fileKey() + "\0" + a.size() + "\0"
                    + a.lastModifiedTime().to(java.util.concurrent.TimeUnit.NANOSECONDS);
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * A parse: the contents, where each whole line that is not an outcome (or {@code misfit} refuses) lies (start, end
     * past its newline), and the reader (which holds the compact lines' declarations).
     */
    private record Parsed(Contents contents, List<long[]> bad, OutcomeReader reader) {}

    /** Bytes read at a time: lines are cut from this block, never from the whole file (a log of 10^7 runs is over 2 GB). */
    private static final int BLOCK = 1 << 20;

    /**
     * Parses a log, streaming it through one block. {@code misfit} (or null): why an outcome that reads does not belong
     * to the campaign (an unknown program, an input it does not have), or null when it does; such a line is skipped like
     * one that does not read. Lines in fparity's own spelling are read from their bytes ({@link OutcomeReader}), the
     * names they share held once; runs are told apart by a table of indices ({@link RunTable}).
     */
    private static Parsed parse(Path file, Function<Outcome, String> misfit) {
        RunTable table = new RunTable();
        List<String> conflicts = new ArrayList<>();
        return parse(
                file,
                misfit,
                (o, lineNo) -> record(o, lineNo, table, conflicts, file),
                table,
                conflicts,
                r -> {},
                null);
    }

    /** Where {@link #scan} hands each outcome read, with its line number (from 1). */
    @FunctionalInterface
    public interface Sink {
        void accept(Outcome o, int lineNo);
    }

    /**
     * Where {@link #scanRuns} hands each run: a compact run line in the writer's plain spelling as its bytes (no
     * outcome, no string but a detail's), any other outcome line as an {@link Outcome}. Both with the number of the
     * run's names (toolchain, opt, site, node, platform record: 0, 1 … in order of first appearance in this file, the same
     * number for the same names) and its line number (from 1).
     */
    public interface RunSink {
        /**
         * A compact run line: its fields are {@code d}'s ({@link CompactOutcome.Decoder}: offsets into {@code b}, valid
         * during the call), its names {@code names}.
         */
        void run(byte[] b, CompactOutcome.Decoder d, int tuple, CompactOutcome.Names names, int lineNo);

        /** Any other outcome line (a JSON object, an escaped compact line). */
        void outcome(Outcome o, int tuple, int lineNo);
    }

    /**
     * As {@link #scan}, a compact run line handed as its bytes ({@link RunSink#run}): what reads a campaign of
     * 10^7 runs without an object per run. The same lines are problems, with the same words.
     */
    public static List<String> scanRuns(Path file, RunSink sink) {
        if (!Files.exists(file)) return List.of();
        OutcomeReader[] reader = {null};
        return parse(
                        file,
                        null,
                        (o, lineNo) -> {
                            sink.outcome(o, reader[0].tuple, lineNo);
                            return null;
                        },
                        null,
                        List.of(),
                        r -> reader[0] = r,
                        sink)
                .contents()
                .problems();
    }

    /**
     * Reads a log without changing it and without keeping its outcomes: each outcome line, in file order, goes to
     * {@code sink} (duplicates too: telling runs apart is the caller's); returns the problems {@link #read} would name
     * (lines that do not read, a torn tail). Memory is one block, whatever the log's size.
     */
    public static List<String> scan(Path file, Sink sink) {
        if (!Files.exists(file)) return List.of();
        return parse(
                        file,
                        null,
                        (o, lineNo) -> {
                            sink.accept(o, lineNo);
                            return null;
                        },
                        null,
                        List.of(),
                        r -> {},
                        null)
                .contents()
                .problems();
    }

    /** What the parse does with an outcome that reads: null when kept, {@link #DUPLICATE} when a run's second record. */
    private interface Keep {
        String keep(Outcome o, int lineNo);
    }

    private static Parsed parse(
            Path file,
            Function<Outcome, String> misfit,
            Keep keep,
            RunTable table,
            List<String> conflicts,
            Consumer<OutcomeReader> readerIs,
            RunSink runs) {
        // a hand-made folder's log may be a link to a device (/dev/zero would be read until memory runs out) or a FIFO
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new org.fparity.FparityError(
                    file + " is not a regular file: a campaign's outcomes are a file in its folder");
        }
        OutcomeReader reader = new OutcomeReader();
        readerIs.accept(reader);
        List<String> problems = new ArrayList<>();
        List<long[]> bad = new ArrayList<>();
        int dups = 0;
        int lineNo = 0;
        long valid = 0;
        boolean torn = false;
        byte[] block = new byte[BLOCK];
        byte[] carry = new byte[0]; // a line begun in the previous block
        int carried = 0;
        long offset = 0; // file offset of block[0]
        try (java.io.InputStream in = Files.newInputStream(file)) {
            while (true) {
                int n = in.readNBytes(block, 0, block.length);
                if (n <= 0) break;
                int start = 0;
                while (start < n) {
                    if (runs != null && carried == 0) {
                        // a compact run line in the writer's spelling read where it lies: reading it finds its end
                        int end = reader.compactRunLine(block, start, n - 2);
                        if (end >= 0) {
                            lineNo++;
                            start = end + 1;
                            valid = offset + start;
                            runs.run(block, reader.decoder(), reader.tuple, reader.names(reader.tuple), lineNo);
                            continue;
                        }
                    }
                    int nl = indexOf(block, (byte) '\n', start, n);
                    if (nl < 0) {
                        // the rest of the block begins a line that the next block ends (or the file's torn tail)
                        if (carried + n - start > carry.length)
                            carry = java.util.Arrays.copyOf(carry, Math.max(carry.length * 2, carried + n - start));
                        System.arraycopy(block, start, carry, carried, n - start);
                        carried += n - start;
                        break;
                    }
                    lineNo++;
                    byte[] b;
                    int from, to;
                    if (carried > 0) {
                        if (carried + nl - start > carry.length)
                            carry = java.util.Arrays.copyOf(carry, carried + nl - start);
                        System.arraycopy(block, start, carry, carried, nl - start);
                        b = carry;
                        from = 0;
                        to = carried + nl - start;
                        carried = 0;
                    } else {
                        b = block;
                        from = start;
                        to = nl;
                    }
                    long lineStart = offset + nl - (to - from);
                    start = nl + 1;
                    valid = offset + start;
                    String why = line(b, from, to, lineNo, misfit, reader, keep, runs);
                    if (why == DUPLICATE) {
                        dups++;
                    } else if (why != null) {
                        bad.add(new long[] {lineStart, valid});
                        problems.add(
                                file.getFileName() + " line " + lineNo + ": unreadable outcome skipped (" + why + ")");
                    }
                }
                offset += n;
            }
        } catch (java.nio.file.NoSuchFileException e) {
            // a missing log is an empty one
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot read " + file, e);
        }
        if (carried > 0) {
            // No newline: the writer was killed mid-line. Everything before it is intact.
            torn = true;
            problems.add(
                    file.getFileName() + " line " + (lineNo + 1) + ": torn last line (" + carried + " bytes) dropped");
        }
        return new Parsed(
                new Contents(
                        table == null ? List.of() : table.outcomes(),
                        dups,
                        List.copyOf(problems),
                        valid,
                        torn,
                        conflicts),
                bad,
                reader);
    }

    /** What {@link #line} returns for a second record of a run (counted, not a problem). */
    private static final String DUPLICATE = new String("duplicate");

    /**
     * Reads one line {@code b[from, to)} into {@code table}: null when it was added (or is blank), {@link #DUPLICATE} for
     * a second record of a run (a conflict noted when its result differs), else why it is not an outcome of this campaign.
     */
    private static String line(
            byte[] b,
            int from,
            int to,
            int lineNo,
            Function<Outcome, String> misfit,
            OutcomeReader reader,
            Keep keep,
            RunSink runs) {
        if (runs != null) {
            // a compact line first, from its bytes (a declaration or run line is never in the other spellings)
            int kind;
            try {
                kind = reader.compactRun(b, from, to);
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
            if (kind == OutcomeReader.DECLARATION) return null;
            if (kind == OutcomeReader.RUN) {
                runs.run(b, reader.decoder(), reader.tuple, reader.names(reader.tuple), lineNo);
                return null;
            }
        }
        Outcome o = reader.canonical(b, from, to);
        if (o == null) {
            try {
                o = reader.compact(b, from, to);
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
            if (o == OutcomeReader.DECLARED) return null;
        }
        if (o == null) {
            String line = new String(b, from, to - from, StandardCharsets.UTF_8).strip();
            if (line.isEmpty()) return null;
            try {
                o = reader.general(line);
            } catch (JsonProcessingException e) {
                return ProgramJson.oneLine(e);
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
            if (o == null || o.program() == null || o.status() == null || o.toolchain() == null || o.opt() == null)
                return "missing fields";
        }
        String why = misfit == null ? null : misfit.apply(o);
        if (why != null) return why;
        return keep.keep(o, lineNo);
    }

    /** Adds a run's record to the table: null when it is the run's first, else {@link #DUPLICATE} (a conflict noted when its result differs). */
    private static String record(Outcome o, int lineNo, RunTable table, List<String> conflicts, Path file) {
        Outcome had = table.add(o, lineNo);
        if (had == null) return null;
        if (!result(had).equals(result(o))) {
            conflicts.add("conflict: " + o.program() + " input " + o.input() + " on "
                    + o.platformKey().key() + " is " + result(had) + " at line " + table.lineOf(had) + " but "
                    + result(o) + " at line " + lineNo + " of " + file.getFileName());
        }
        return DUPLICATE;
    }

    /** What two records of one run are compared by: how it ended and the bits it printed (never its time or message). */
    static String result(Outcome o) {
        return o.status() + " " + o.hex();
    }

    /** Opens for appending, first cutting off a torn last line so the next outcome starts on a line of its own. */
    public static OutcomeLog open(Path file, Consumer<String> warn) {
        return open(file, warn, null, Form.JSON);
    }

    /** As {@link #open(Path, Consumer)}, appending in {@code form}. */
    public static OutcomeLog open(Path file, Consumer<String> warn, Form form) {
        return open(file, warn, null, form);
    }

    /**
     * Opens for appending, first repairing what a killed or second writer (or a hand) left: a torn last line is cut off
     * so the next outcome starts on a line of its own, and whole lines that do not read as outcomes (or that
     * {@code misfit} refuses: see {@link #parse}) are set aside, as they were, in the side file ({@link #rejectedFile}),
     * {@code warn} hearing of it in one line. The file is only written when there is something to repair.
     */
    public static OutcomeLog open(Path file, Consumer<String> warn, Function<Outcome, String> misfit) {
        return open(file, warn, misfit, Form.JSON);
    }

    /** As {@link #open(Path, Consumer, Function)}, appending in {@code form}. */
    public static OutcomeLog open(Path file, Consumer<String> warn, Function<Outcome, String> misfit, Form form) {
        Parsed p = parse(file, misfit);
        CompactOutcome.Encoder enc = form == Form.COMPACT ? p.reader().encoder() : null;
        Contents c = p.contents();
        if (c.tornTail()) warn.accept(c.problems().getLast());
        if (!p.bad().isEmpty()) {
            Path side = rejectedFile(file);
            setAside(file, p, c.validBytes(), side);
            warn.accept(file.getFileName() + ": " + p.bad().size()
                    + (p.bad().size() == 1
                            ? " line that is not an outcome of this campaign"
                            : " lines that are not outcomes of this campaign")
                    + " set aside in " + side.getFileName() + " (first: "
                    + c.problems()
                            .getFirst()
                            .substring(file.getFileName().toString().length() + 1) + ")");
            long removed = p.bad().stream().mapToLong(b -> b[1] - b[0]).sum();
            return new OutcomeLog(
                    file,
                    null,
                    new Contents(
                            c.outcomes(), c.duplicates(), List.of(), c.validBytes() - removed, false, c.conflicts()),
                    enc);
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
        return new OutcomeLog(
                file,
                ch,
                new Contents(c.outcomes(), c.duplicates(), List.of(), c.validBytes(), false, c.conflicts()),
                enc);
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
     * Both are copied from the file, range by range, never held whole.
     */
    private static void setAside(Path file, Parsed p, long validBytes, Path side) {
        try (FileChannel log = FileChannel.open(file, StandardOpenOption.READ)) {
            try (FileChannel out = FileChannel.open(
                    side, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                for (long[] r : p.bad()) copy(log, r[0], r[1], out);
                out.force(true);
            } catch (IOException e) {
                throw org.fparity.FparityError.io("cannot write " + side, e);
            }
            Path tmp = org.fparity.util.AtomicFiles.tempBeside(file);
            try (FileChannel good =
                    FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                long at = 0;
                for (long[] r : p.bad()) {
                    copy(log, at, r[0], good);
                    at = r[1];
                }
                copy(log, at, validBytes, good);
                good.force(true);
            } catch (IOException e) {
                Files.deleteIfExists(tmp);
                throw org.fparity.FparityError.io("cannot write " + file, e);
            }
            Files.move(
                    tmp,
                    file,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE,
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot repair " + file, e);
        }
    }

    private static void copy(FileChannel from, long start, long end, FileChannel to) throws IOException {
        for (long at = start; at < end; ) at += from.transferTo(at, end - at, to);
    }

    /** Appends one outcome as one write: the whole line reaches the kernel before this returns. */
    public void append(Outcome o) {
        append(o, null);
    }

    /**
     * Appends a worker's outcome as one write: a compact log takes the compact run line the worker sent as it came
     * (only its platform's number changed to this file's), anything else is spelt here.
     */
    public void append(org.fparity.exec.WorkerLine.Result r) {
        append(r.outcome(), r.spelt());
    }

    private synchronized void append(Outcome o, org.fparity.exec.WorkerLine.Spelt spelt) {
        try {
            if (ch == null) {
                ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                ch.position(ch.size());
            }
            ByteBuffer buf;
            if (compact != null && spelt != null) {
                buf = ByteBuffer.wrap(compact.lines(
                        CompactOutcome.Names.of(o),
                        spelt.line(),
                        0,
                        spelt.line().length,
                        spelt.numberFrom(),
                        spelt.numberTo()));
            } else if (compact != null) {
                buf = ByteBuffer.wrap(compact.lines(o));
            } else {
                byte[] json = line(o);
                buf = ByteBuffer.allocate(json.length + 1)
                        .put(json)
                        .put((byte) '\n')
                        .flip();
            }
            written += buf.remaining();
            while (buf.hasRemaining()) ch.write(buf);
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
        if (!plain(o.program())
                || !plain(o.toolchain())
                || !plain(o.opt())
                || !plain(o.site())
                || !plain(o.node())
                || !plain(o.hex())
                || !plain(o.detail())
                || !plain(o.platform())
                || o.status() == null) {
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
    static boolean plain(String s) {
        return CompactOutcome.plain(s);
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
        RunTable byRun = new RunTable();
        int dups = opened.duplicates();
        List<String> conflicts = new ArrayList<>(opened.conflicts());
        for (Outcome o : opened.outcomes()) byRun.add(o, 0);
        for (Outcome o : since) {
            Outcome had = byRun.add(o, 0);
            if (had == null) continue;
            dups++;
            if (!result(had).equals(result(o))) {
                conflicts.add("conflict: " + o.program() + " input " + o.input() + " on "
                        + o.platformKey().key() + " is " + result(had) + " but " + result(o) + " appended later to "
                        + file.getFileName());
            }
        }
        long size;
        try {
            size = ch == null ? opened.validBytes() : ch.size();
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot read outcomes.jsonl", e);
        }
        return new Contents(byRun.outcomes(), dups, opened.problems(), size, false, conflicts);
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

    private static int indexOf(byte[] b, byte x, int from, int to) {
        for (int i = from; i < to; i++) if (b[i] == x) return i;
        return -1;
    }
}
