package org.fparity.campaign;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;
import org.fparity.util.LineAssembler;

/**
 * {@code programs.jsonl}, a campaign's program store: one program per line (id, SHA-256, precision, inputs, source),
 * in campaign order, each stored once. campaign.json (layout 2) names it and says how many programs it holds, so a
 * store cut short is told from a complete one. It is written as the programs are generated, one line per write, and read
 * back a few dozen lines at a time: memory holds 20 bytes per program (where its line starts, its id for look-ups), never
 * the programs themselves. A {@code kill -9} while it is written leaves whole lines and at most one torn last line,
 * which the next run cuts off before it carries on ({@link #fill}).
 */
public final class ProgramStore {
    public static final String FILE = "programs.jsonl";
    static final ObjectWriter WRITER = ProgramJson.MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT);
    static final ObjectReader READER = ProgramJson.MAPPER.readerFor(CampaignMeta.ProgramEntry.class);
    /**
     * The longest line the store writes: 16 MiB, below what its reader takes (Jackson reads strings of up to 20 million
     * characters), so everything written reads back. Programs are far smaller (the generator's statement budget); a
     * line this long comes from tens of thousands of inputs per program, which --force let through.
     */
    public static final int MAX_LINE_BYTES = 16 << 20;
    /** Programs parsed per read: what a reader holds beyond the index. */
    static final int CHUNK = 64;

    private ProgramStore() {}

    /** What campaign.json says of its store: the file (relative to the campaign folder) and how many programs it holds. */
    public record Info(String file, int count) {}

    /**
     * The store of {@code dir} as campaign.json describes it; anything but exactly {@code info.count()} whole, readable
     * lines is a one-line error naming the file and what is wrong.
     */
    public static Entries open(Path dir, Info info) {
        return open(dir, info, null);
    }

    /**
     * As {@link #open(Path, Info)}, handing {@code each} every program as the store is read to open it, in store order
     * with its index (0-based): a line in the writer's shape read from its bytes, any other bound by Jackson (and refused
     * in the words {@link Entries#lines} would use), in one reused {@link StoreLine} valid only during the call, which
     * counts a line's inputs and keeps none ({@link StoreLine#counting()}: read a program again for them). So a
     * reader that needs something of every program (compare: ids, input counts, precisions, the hash check) reads the
     * store once, not once to open it and again in order; null: nothing is handed on.
     */
    public static Entries open(Path dir, Info info, java.util.function.ObjIntConsumer<StoreLine> each) {
        Path f = dir.resolve(info.file());
        if (!Files.exists(f)) throw damaged(f, "missing (campaign.json says it holds " + info.count() + " programs)");
        // a device, fifo or folder is no store (/dev/zero would be read for ever)
        if (!Files.isRegularFile(f)) throw damaged(f, "not a regular file");
        Scan s = scan(f, each);
        if (s.torn())
            throw damaged(
                    f, "truncated: its last line is cut off after " + s.count() + " whole programs of " + info.count());
        if (s.count() != info.count())
            throw damaged(f, "holds " + s.count() + " programs, campaign.json says " + info.count());
        return new Entries(f, s.offsets(), s.count(), s.ids());
    }

    private static FparityError damaged(Path f, String what) {
        return new FparityError(
                f + ": " + what
                        + "; the campaign's program store is damaged (restore it, or run the campaign again into a new folder)",
                ExitCode.BAD_INPUT);
    }

    /**
     * Writes the store of {@code dir} so that it holds {@code programs}, resuming a store that an interrupted run left:
     * its whole lines must be the first programs (otherwise the folder holds another campaign, and this refuses it), a torn
     * last line is cut off ({@code warn} hears of it), and the rest is appended, one line per write, as {@code programs}
     * yields them. Returns the complete store.
     */
    public static Entries fill(Path dir, Iterable<CampaignMeta.ProgramEntry> programs, Consumer<String> warn) {
        Path f = dir.resolve(FILE);
        Scan s = Files.exists(f) ? scan(f, null) : new Scan(new long[] {0}, new long[0], 0, false);
        if (s.torn())
            warn.accept(
                    FILE + ": torn last line (after " + s.count() + " programs) cut off; the rest is generated again");
        Iterator<CampaignMeta.ProgramEntry> it = programs.iterator();
        if (s.count() > 0) {
            Entries had = new Entries(f, s.offsets(), s.count(), s.ids());
            for (int i = 0; i < s.count(); i++) {
                if (!it.hasNext() || !had.get(i).equals(it.next())) {
                    throw new FparityError(dir + " holds the programs of a different campaign (" + FILE
                            + " differs at program " + (i + 1) + "); choose another --out or delete it");
                }
            }
        }
        // where each line starts and its id, as the lines are written: the store is not read back to find them
        long[] offsets = Arrays.copyOf(s.offsets(), Math.max(16, s.count() + 1));
        long[] ids = Arrays.copyOf(s.ids(), Math.max(16, s.count()));
        int n = s.count();
        try (FileChannel ch = FileChannel.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.truncate(s.offsets()[s.count()]);
            ch.position(s.offsets()[s.count()]);
            while (it.hasNext()) {
                CampaignMeta.ProgramEntry e = it.next();
                byte[] line = line(e);
                ByteBuffer buf = ByteBuffer.wrap(line);
                while (buf.hasRemaining()) ch.write(buf);
                if (n + 1 >= offsets.length) offsets = Arrays.copyOf(offsets, offsets.length * 2);
                if (n >= ids.length) ids = Arrays.copyOf(ids, ids.length * 2);
                ids[n] = idKey(e.id());
                offsets[n + 1] = offsets[n] + line.length;
                n++;
            }
            ch.force(true);
        } catch (IOException e) {
            throw FparityError.io("cannot write " + f, e);
        }
        return new Entries(f, Arrays.copyOf(offsets, n + 1), n, Arrays.copyOf(ids, n));
    }

    /** Writes a new store for {@code programs} in {@code dir} (temp then rename), replacing any there. */
    public static Entries write(Path dir, Iterable<CampaignMeta.ProgramEntry> programs) {
        Path f = dir.resolve(FILE);
        try {
            Path tmp = org.fparity.util.AtomicFiles.tempBeside(f);
            try (var out = new java.io.BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                for (CampaignMeta.ProgramEntry p : programs) out.write(line(p));
            } catch (FparityError | IOException e) {
                Files.deleteIfExists(tmp);
                throw e;
            }
            Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw FparityError.io("cannot write " + f, e);
        }
        Scan s = scan(f, null);
        return new Entries(f, s.offsets(), s.count(), s.ids());
    }

    private static byte[] line(CampaignMeta.ProgramEntry p) {
        try {
            byte[] json = WRITER.writeValueAsBytes(p);
            if (json.length >= MAX_LINE_BYTES) {
                throw new FparityError(
                        String.format(
                                java.util.Locale.ROOT,
                                "program %s with its %,d inputs takes %,d bytes as a line of the program store, which holds lines of up to %,d bytes (16 MiB): use fewer --inputs",
                                p.id(),
                                p.inputs().size(),
                                json.length + 1,
                                MAX_LINE_BYTES),
                        ExitCode.BAD_INPUT);
            }
            byte[] out = Arrays.copyOf(json, json.length + 1);
            out[json.length] = '\n';
            return out;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Where each whole line starts ({@code offsets[count]} is where the next would), each one's id as a number, and
     * whether a torn last line follows. A whole line that does not read as a program is a one-line error.
     */
    private record Scan(long[] offsets, long[] ids, int count, boolean torn) {}

    private static Scan scan(Path f, java.util.function.ObjIntConsumer<StoreLine> each) {
        long[] offsets = new long[1024];
        long[] ids = new long[1024];
        int n = 0;
        long pos = 0; // where the current line starts
        LineAssembler line = new LineAssembler(1 << 16);
        // what the read hands on is counted, not placed: no reader of every program reads an input
        StoreLine fast = StoreLine.counting();
        byte[] block = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(f)) {
            for (int got; (got = in.readNBytes(block, 0, block.length)) > 0; ) {
                int from = 0;
                while (from < got) {
                    // a line whole in the block and in the writer's shape is read where it is, any other gathered
                    int end = line.tail() == 0 ? fast.readLine(block, from, got) : -1;
                    String id;
                    int length;
                    if (end >= 0) {
                        id = checked(f, n + 1, fast.id());
                        length = end - from;
                        from = end + 1;
                    } else {
                        int next = line.take(block, from, got);
                        if (next < 0) break;
                        // a line gathered across blocks: read from its bytes when in the writer's shape, else its
                        // tokens read for the id (and, for a reader handed every program, bound as an ordered read
                        // binds it)
                        boolean shaped = line.length() < MAX_LINE_BYTES && fast.read(line.bytes(), 0, line.length());
                        id = checked(f, n + 1, shaped ? fast.id() : tokenId(f, n + 1, line.bytes(), line.length()));
                        if (!shaped && each != null)
                            fast.bind(parse(f, n + 1, Arrays.copyOf(line.bytes(), line.length())));
                        length = line.length();
                        from = next;
                    }
                    if (each != null) each.accept(fast, n);
                    if (n + 1 >= offsets.length) {
                        offsets = Arrays.copyOf(offsets, offsets.length * 2);
                        ids = Arrays.copyOf(ids, ids.length * 2);
                    }
                    offsets[n] = pos;
                    ids[n] = idKey(id);
                    pos += length + 1;
                    n++;
                }
            }
        } catch (IOException e) {
            throw FparityError.io("cannot read " + f, e);
        }
        offsets[n] = pos;
        return new Scan(Arrays.copyOf(offsets, n + 1), Arrays.copyOf(ids, n), n, line.tail() > 0);
    }

    /** {@code id}, the id of line {@code lineNo}, unless it is none or no safe name (a one-line error). */
    private static String checked(Path f, int lineNo, String id) {
        if (id == null || id.isBlank()) throw damaged(f, "line " + lineNo + " is not a program (no id)");
        org.fparity.util.Names.check(f + " line " + lineNo, "program", id);
        return id;
    }

    /**
     * The id of line {@code lineNo}, {@code b[0, len)}, a line not in the writer's shape, checked to be one JSON object:
     * its tokens are read (a cut or garbled line is refused here, as {@link #parse} would) but not bound to a program,
     * which cost opening a store of 20,000 programs more than anything else compare did before its first case.
     */
    private static String tokenId(Path f, int lineNo, byte[] b, int len) {
        String id = null;
        try (com.fasterxml.jackson.core.JsonParser p =
                ProgramJson.MAPPER.getFactory().createParser(b, 0, len)) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT)
                throw damaged(f, "line " + lineNo + " is corrupt (not a JSON object)");
            for (com.fasterxml.jackson.core.JsonToken t = p.nextToken();
                    t != com.fasterxml.jackson.core.JsonToken.END_OBJECT;
                    t = p.nextToken()) {
                String field = p.currentName();
                com.fasterxml.jackson.core.JsonToken v = p.nextToken();
                if ("id".equals(field) && v == com.fasterxml.jackson.core.JsonToken.VALUE_STRING) id = p.getText();
                else p.skipChildren();
            }
            if (p.nextToken() != null) throw damaged(f, "line " + lineNo + " is corrupt (more after the program)");
        } catch (IOException e) {
            throw damaged(
                    f,
                    "line " + lineNo + " is corrupt ("
                            + (e instanceof JsonProcessingException j ? ProgramJson.oneLine(j) : e.getMessage()) + ")");
        }
        return id;
    }

    private static CampaignMeta.ProgramEntry parse(Path f, int lineNo, byte[] bytes) {
        try {
            CampaignMeta.ProgramEntry e = READER.readValue(bytes);
            if (e == null || e.id() == null || e.id().isBlank())
                throw damaged(f, "line " + lineNo + " is not a program (no id)");
            org.fparity.util.Names.check(f + " line " + lineNo, "program", e.id());
            return e;
        } catch (IOException e) {
            throw damaged(
                    f,
                    "line " + lineNo + " is corrupt ("
                            + (e instanceof JsonProcessingException j ? ProgramJson.oneLine(j) : e.getMessage()) + ")");
        }
    }

    /** A program id (16 hex digits) as a number; any other id by its string hash (look-ups then compare the ids). */
    private static long idKey(String id) {
        if (id.length() == 16) {
            try {
                return Long.parseUnsignedLong(id, 16);
            } catch (NumberFormatException notHex) {
                // fall through
            }
        }
        return id.hashCode();
    }

    /**
     * The programs of a store as a list: read from the file a chunk at a time when asked for, never all at once. Its
     * iterator reads the file in order; {@link #find} looks a program up by id.
     */
    public static final class Entries extends AbstractList<CampaignMeta.ProgramEntry> implements RandomAccess {
        private final Path file;
        private final long[] offsets;
        private final int count;
        /** ids sorted, and the index of each in campaign order */
        private final long[] sortedIds;

        private final int[] indexOfSorted;
        private volatile Chunk last;
        /**
         * Every chunk read so far, softly held: a campaign asks for its programs several times (emission, rerun planning,
         * the report), from several workers at once, and parsing them again cost more than anything else in reading the
         * store; the collector takes chunks back when memory is short, so the list still never needs all in memory.
         */
        private final java.lang.ref.SoftReference<Chunk>[] chunks;

        private record Chunk(int from, List<CampaignMeta.ProgramEntry> entries) {}

        Entries(Path file, long[] offsets, int count, long[] ids) {
            this.file = file;
            this.offsets = offsets;
            this.count = count;
            @SuppressWarnings("unchecked") // an array of a generic type can only be made raw
            java.lang.ref.SoftReference<Chunk>[] cs = (java.lang.ref.SoftReference<Chunk>[])
                    new java.lang.ref.SoftReference<?>[(count + CHUNK - 1) / CHUNK];
            this.chunks = cs;
            Integer[] order = new Integer[count];
            for (int i = 0; i < count; i++) order[i] = i;
            Arrays.sort(order, (a, b) -> Long.compare(ids[a], ids[b]));
            this.sortedIds = new long[count];
            this.indexOfSorted = new int[count];
            for (int i = 0; i < count; i++) {
                sortedIds[i] = ids[order[i]];
                indexOfSorted[i] = order[i];
            }
        }

        /** The file this list reads. */
        public Path file() {
            return file;
        }

        @Override
        public int size() {
            return count;
        }

        @Override
        public CampaignMeta.ProgramEntry get(int i) {
            if (i < 0 || i >= count) throw new IndexOutOfBoundsException(i);
            Chunk c = last;
            if (c == null || i < c.from() || i >= c.from() + c.entries().size()) {
                int k = i / CHUNK;
                java.lang.ref.SoftReference<Chunk> ref = chunks[k];
                c = ref == null ? null : ref.get();
                if (c == null) {
                    c = read(k * CHUNK);
                    chunks[k] = new java.lang.ref.SoftReference<>(c);
                }
                last = c;
            }
            return c.entries().get(i - c.from());
        }

        /**
         * The programs in store order, read a chunk at a time and <i>not</i> kept: for one ordered pass over a large
         * campaign (compare, report). Chunks kept softly by {@link #get} filled the heap to its cap before the collector
         * took any back, so a campaign of 10^7 runs was resident at whatever {@code -Xmx} allowed.
         */
        public Iterable<CampaignMeta.ProgramEntry> once() {
            return () -> new java.util.Iterator<>() {
                private int next;
                private Chunk c;

                @Override
                public boolean hasNext() {
                    return next < count;
                }

                @Override
                public CampaignMeta.ProgramEntry next() {
                    if (next >= count) throw new java.util.NoSuchElementException();
                    if (c == null || next >= c.from() + c.entries().size()) {
                        java.lang.ref.SoftReference<Chunk> ref = chunks[next / CHUNK];
                        Chunk held = ref == null ? null : ref.get();
                        c = held != null ? held : read(next / CHUNK * CHUNK);
                    }
                    return c.entries().get(next++ - c.from());
                }
            };
        }

        /** How many chunks of programs the list holds now (softly): what an ordered read with {@link #once()} adds none to. */
        public int chunksHeld() {
            int n = 0;
            for (java.lang.ref.SoftReference<Chunk> r : chunks) if (r != null && r.get() != null) n++;
            return n;
        }

        /** {@link #lines()} of a store's list; any other list's programs each bound into one reused {@link StoreLine}. */
        public static Iterable<StoreLine> lines(List<CampaignMeta.ProgramEntry> programs) {
            if (programs instanceof Entries e) return e.lines();
            return () -> new java.util.Iterator<>() {
                private final StoreLine line = new StoreLine();
                private final Iterator<CampaignMeta.ProgramEntry> it = programs.iterator();

                @Override
                public boolean hasNext() {
                    return it.hasNext();
                }

                @Override
                public StoreLine next() {
                    line.bind(it.next());
                    return line;
                }
            };
        }

        /** {@link #once()} of a store's list; any other list as it is. */
        public static Iterable<CampaignMeta.ProgramEntry> once(List<CampaignMeta.ProgramEntry> programs) {
            return programs instanceof Entries e ? e.once() : programs;
        }

        /**
         * Program {@code i} read from the file (its line alone) and not kept: for reads out of store order over a large
         * store (merge), which {@link #get} would keep softly until the heap is full.
         */
        public CampaignMeta.ProgramEntry readOnce(int i) {
            if (i < 0 || i >= count) throw new IndexOutOfBoundsException(i);
            return read(i, i + 1).entries().getFirst();
        }

        private Chunk read(int from) {
            return read(from, Math.min(count, from + CHUNK));
        }

        private Chunk read(int from, int to) {
            byte[] bytes = bytes(from, to, null);
            linesRead += to - from;
            CampaignMeta.ProgramEntry[] out = new CampaignMeta.ProgramEntry[to - from];
            for (int i = from; i < to; i++) {
                int start = (int) (offsets[i] - offsets[from]);
                int end = (int) (offsets[i + 1] - offsets[from]) - 1;
                out[i - from] = parse(file, i + 1, Arrays.copyOfRange(bytes, start, end));
            }
            return new Chunk(from, List.of(out));
        }

        /** The bytes of lines {@code [from, to)}, into {@code into} when it is long enough. */
        private byte[] bytes(int from, int to, byte[] into) {
            return bytes(from, to, into, null);
        }

        /** As {@link #bytes(int, int, byte[])}, through {@code in} (null: a channel opened for this read). */
        private byte[] bytes(int from, int to, byte[] into, FileChannel in) {
            int length = Math.toIntExact(offsets[to] - offsets[from]);
            ByteBuffer buf =
                    ByteBuffer.wrap(into != null && into.length >= length ? into : new byte[length], 0, length);
            fill(buf, offsets[from], in);
            return buf.array();
        }

        /** {@code buf} filled from the file at {@code at}, through {@code in} or a channel opened for it. */
        private void fill(ByteBuffer buf, long at, FileChannel in) {
            try {
                if (in != null) readFully(buf, at, in);
                else {
                    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                        readFully(buf, at, ch);
                    }
                }
            } catch (IOException e) {
                throw FparityError.io("cannot read " + file, e);
            }
        }

        /** {@code buf}, from position 0, filled from {@code ch} at {@code at}. */
        private void readFully(ByteBuffer buf, long at, FileChannel ch) throws IOException {
            while (buf.hasRemaining()) {
                if (ch.read(buf, at + buf.position()) < 0) throw damaged(file, "shorter than when it was opened");
            }
        }

        /**
         * The programs in store order as their lines, read a chunk at a time and not kept, for one ordered pass that
         * copies them (compare): a line in the writer's shape is read from its bytes ({@link StoreLine}), any other is
         * bound as {@link #get} binds it, so a line that does not read is refused in the same words. The iterator
         * returns one {@link StoreLine}, reused: it holds the latest program only.
         */
        public Iterable<StoreLine> lines() {
            return () -> new java.util.Iterator<>() {
                private final StoreLine line = new StoreLine();
                private int next;
                private int from;
                private int to;
                private byte[] bytes;

                @Override
                public boolean hasNext() {
                    return next < count;
                }

                @Override
                public StoreLine next() {
                    if (next >= count) throw new java.util.NoSuchElementException();
                    if (next >= to) {
                        from = next;
                        to = Math.min(count, from + CHUNK);
                        bytes = bytes(from, to, bytes);
                    }
                    int start = (int) (offsets[next] - offsets[from]);
                    int end = (int) (offsets[next + 1] - offsets[from]) - 1;
                    line(bytes, start, end, ++next, line);
                    return line;
                }
            };
        }

        /**
         * Program {@code i} into {@code into}, read from its line alone and not kept: for a reader that looks up only the
         * few programs it prints, by their index (compare and report, after the one read that opened the store). Read
         * as {@link #lines()} reads a line, so a line changed since into one that does not read is refused in its words.
         */
        public void read(int i, StoreLine into) {
            read(i, into, null);
        }

        /**
         * As {@link #read(int, StoreLine)}, through {@code in}, a channel of {@link #file()} that a reader of many
         * programs keeps open (null: one opened for this read).
         */
        public void read(int i, StoreLine into, FileChannel in) {
            if (i < 0 || i >= count) throw new IndexOutOfBoundsException(i);
            byte[] bytes = bytes(i, i + 1, null, in);
            line(bytes, 0, bytes.length - 1, i + 1, into);
        }

        /**
         * Bytes {@code [from, to)} of program {@code i}'s line (as {@link StoreLine} gave their places in it, e.g. one
         * input: {@link StoreLine#inputFrom}), read through {@code in} as {@link #read(int, StoreLine, FileChannel)} reads.
         */
        public byte[] part(int i, int from, int to, FileChannel in) {
            if (i < 0 || i >= count) throw new IndexOutOfBoundsException(i);
            if (from < 0 || from > to || offsets[i] + to >= offsets[i + 1]) throw new IndexOutOfBoundsException(to);
            ByteBuffer buf = ByteBuffer.allocate(to - from);
            fill(buf, offsets[i] + from, in);
            return buf.array();
        }

        /** Line {@code lineNo}, {@code bytes[start, end)}, into {@code into}: from its bytes in the writer's shape, else bound. */
        private void line(byte[] bytes, int start, int end, int lineNo, StoreLine into) {
            linesRead++;
            if (end - start < MAX_LINE_BYTES
                    && into.read(bytes, start, end)
                    && !into.id().isBlank()) {
                org.fparity.util.Names.check(file + " line " + lineNo, "program", into.id());
            } else {
                bound++;
                into.bind(parse(file, lineNo, Arrays.copyOfRange(bytes, start, end)));
            }
        }

        /**
         * How many programs this list has read from its file since it was opened ({@link #get}, {@link #once},
         * {@link #lines}, {@link #read}); the read that opened the store is not counted.
         */
        public long linesRead() {
            return linesRead;
        }

        private long linesRead;

        /** How many lines {@link #lines()} has bound with Jackson (not in the writer's shape) so far. */
        public long bound() {
            return bound;
        }

        private long bound;

        /** The index of program {@code id} in campaign order, or -1. */
        public int indexOf(String id) {
            long k = idKey(id);
            int at = Arrays.binarySearch(sortedIds, k);
            if (at < 0) return -1;
            while (at > 0 && sortedIds[at - 1] == k) at--;
            for (; at < count && sortedIds[at] == k; at++) {
                int i = indexOfSorted[at];
                if (get(i).id().equals(id)) return i;
            }
            return -1;
        }

        /** Program {@code id}, or null. */
        public CampaignMeta.ProgramEntry find(String id) {
            int i = indexOf(id);
            return i < 0 ? null : get(i);
        }
    }
}
