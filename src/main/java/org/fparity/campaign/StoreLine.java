package org.fparity.campaign;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.util.ByteWords;

/**
 * One program of a store as the fields a reader that copies programs needs (id, SHA-256, precision, source, inputs),
 * read from the bytes of its line without a JSON parser when the line has exactly the shape the store's writer gives it
 * ({@code {"id":…,"sha256":…,"precision":…,"inputs":[[…],…],"source":…}}, no spaces, ASCII strings, the source's escapes
 * one character each). Any other line (spaces, another order, an unknown or repeated key, a number where a string
 * goes, a {@code \}{@code u} escape, a byte over 127, a line cut off) is not read here: {@link #read} says no and the
 * caller binds it with Jackson as before, which gives the same program or the same error. So a line this reads is one
 * that Jackson reads to the same values, and a damaged store is refused in the same words.
 *
 * <p>One object is reused line after line: what it holds is valid until the next {@link #read} or {@link #bind}.
 *
 * <p>A line made by {@link #counting()} checks its inputs' tokens as any other but keeps none of their places: it gives
 * each program's id, hash, precision, source and number of inputs, and no input ({@link #input}, {@link #toEntry} and
 * the places refuse). What the read that opens a store hands on (13 million tokens at 10^7 runs, none of them used).
 */
public final class StoreLine {
    private static final byte[] ID = bytes("{\"id\":");
    private static final byte[] SHA256 = bytes(",\"sha256\":");
    private static final byte[] PRECISION = bytes(",\"precision\":");
    private static final byte[] INPUTS = bytes(",\"inputs\":");
    private static final byte[] SOURCE = bytes(",\"source\":");

    private byte[] b;
    private String id;
    private String sha256;
    private Precision precision;
    /** the source's text as UTF-8 bytes, escapes undone; {@code sourceLength} -1 when there is none */
    private byte[] source = new byte[1 << 12];

    private int sourceLength;
    private int inputs;
    /** input k's tokens are tokens {@code [inputStart[k], inputStart[k + 1])}; token t is {@code b[tokenFrom[t], tokenTo[t])} */
    private int[] inputStart = new int[64];

    /** input k's array, its brackets included, is {@code b[inputFrom[k], inputTo[k])} */
    private int[] inputFrom = new int[64];

    private int[] inputTo = new int[64];
    private int tokens;
    private int[] tokenFrom = new int[1024];
    private int[] tokenTo = new int[1024];
    /** the program as Jackson bound it, for a line not in the writer's shape (or a program not from a store) */
    private CampaignMeta.ProgramEntry entry;
    /** whether the places of the inputs and their tokens are kept (false: only counted, {@link #counting()}) */
    private final boolean places;

    /** A line that keeps where each input and token lies, so that its inputs can be read. */
    public StoreLine() {
        this(true);
    }

    private StoreLine(boolean places) {
        this.places = places;
    }

    /**
     * A line that counts each program's inputs and checks their tokens but keeps no place of them: for a reader that
     * needs every program's id, hash, precision, source and number of inputs, never an input (the read that opens a
     * store).
     */
    public static StoreLine counting() {
        return new StoreLine(false);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Reads {@code line[from, to)} (without its newline); true when it has the writer's shape, and this then holds its
     * fields. False leaves this holding nothing the caller may use: bind the line's program instead.
     */
    public boolean read(byte[] line, int from, int to) {
        return parse(line, from, to) == to;
    }

    /**
     * As {@link #read}, of the line that starts at {@code from} and ends at the first newline before {@code limit}:
     * where that newline is, or -1 when the line is not in the writer's shape or does not end before {@code limit}.
     */
    public int readLine(byte[] block, int from, int limit) {
        int end = parse(block, from, limit);
        return end >= 0 && end < limit && block[end] == '\n' ? end : -1;
    }

    /** The line's fields from {@code line[from, ...)}: the position after its closing brace, or -1. */
    private int parse(byte[] line, int from, int to) {
        clear(line);
        int p = key(ID, from, to);
        if (p < 0 || (p = plain(p, to)) < 0) return -1;
        id = new String(b, plainFrom, p - 1 - plainFrom, StandardCharsets.ISO_8859_1);
        int q = key(SHA256, p, to);
        if (q >= 0) {
            if ((p = plain(q, to)) < 0) return -1;
            sha256 = new String(b, plainFrom, p - 1 - plainFrom, StandardCharsets.ISO_8859_1);
        }
        q = key(PRECISION, p, to);
        if (q >= 0) {
            if ((p = plain(q, to)) < 0) return -1;
            precision = precision(plainFrom, p - 1);
            if (precision == null) return -1;
        }
        if ((p = key(INPUTS, p, to)) < 0 || (p = inputs(p, to)) < 0) return -1;
        q = key(SOURCE, p, to);
        if (q >= 0 && (p = source(q, to)) < 0) return -1;
        return p < to && b[p] == '}' ? p + 1 : -1;
    }

    /** Holds {@code e}, a program Jackson bound (from a line {@link #read} did not take, or from a list in memory). */
    public void bind(CampaignMeta.ProgramEntry e) {
        entry = e;
        b = null;
        sourceLength = -1;
        if (e.source() != null) {
            byte[] s = e.source().getBytes(StandardCharsets.UTF_8);
            if (source.length < s.length) source = new byte[s.length];
            System.arraycopy(s, 0, source, 0, s.length);
            sourceLength = s.length;
        }
    }

    /** The program as Jackson bound it, or null when this holds a line read from its bytes. */
    public CampaignMeta.ProgramEntry entry() {
        return entry;
    }

    public String id() {
        return entry != null ? entry.id() : id;
    }

    public String sha256() {
        return entry != null ? entry.sha256() : sha256;
    }

    /** The program's precision; null when its line has none (a fixture). */
    public Precision precision() {
        return entry != null ? entry.precision() : precision;
    }

    public int inputCount() {
        return entry != null ? entry.inputs().size() : inputs;
    }

    /** The source's UTF-8 bytes: {@code sourceBytes()[0, sourceLength())}; valid until the next read. */
    public byte[] sourceBytes() {
        return source;
    }

    /** The number of the source's bytes, -1 when it has none. */
    public int sourceLength() {
        return sourceLength;
    }

    /** The number of tokens of input {@code k} of a line read from its bytes. */
    public int tokens(int k) {
        requirePlaces();
        return inputStart[k + 1] - inputStart[k];
    }

    /** Where token {@code t} of input {@code k} starts in {@link #line()} (its bytes are its UTF-8, no escapes). */
    public int tokenFrom(int k, int t) {
        requirePlaces();
        return tokenFrom[inputStart[k] + t];
    }

    /** The length in bytes of token {@code t} of input {@code k}. */
    public int tokenLength(int k, int t) {
        requirePlaces();
        int i = inputStart[k] + t;
        return tokenTo[i] - tokenFrom[i];
    }

    /** The bytes the line was read from. */
    public byte[] line() {
        return b;
    }

    /** The program as a {@link CampaignMeta.ProgramEntry}: what Jackson binds from the same line. */
    public CampaignMeta.ProgramEntry toEntry() {
        if (entry != null) return entry;
        requirePlaces();
        java.util.List<Input> in = new java.util.ArrayList<>(inputs);
        for (int k = 0; k < inputs; k++) in.add(input(k));
        String src = sourceLength < 0 ? null : new String(source, 0, sourceLength, StandardCharsets.ISO_8859_1);
        return new CampaignMeta.ProgramEntry(id, sha256, precision, src, in);
    }

    /** Refuses to give an input or a place of a line that only counted them ({@link #counting()}). */
    private void requirePlaces() {
        if (!places)
            throw new IllegalStateException(
                    "this line counted its inputs and kept none of their places: read it again");
    }

    /** {@code key} at {@code p}: the position after it, or -1. */
    private int key(byte[] key, int p, int to) {
        if (to - p < key.length) return -1;
        for (int i = 0; i < key.length; i++) if (b[p + i] != key[i]) return -1;
        return p + key.length;
    }

    /** where the last {@link #plain} string's characters start */
    private int plainFrom;

    /**
     * A string of printable ASCII without escapes at {@code p}: the position after its closing quote (its characters
     * from {@link #plainFrom}), or -1.
     */
    private int plain(int p, int to) {
        byte[] b = this.b;
        if (p >= to || b[p] != '"') return -1;
        plainFrom = ++p;
        // eight bytes at a time in aligned words up to the first special one (a quote, a backslash, a control
        // character, DEL or a byte over 127; the lowest byte flagged is a special one: a flag's borrow only reaches the
        // bytes above it), which must be the closing quote; the bytes past the last whole word one by one
        int w = p & ~7;
        for (int k = p - w; w + 8 <= to; w += 8, k = 0) {
            long s = special(ByteWords.from(ByteWords.aligned(b, w), k));
            if (s != 0) {
                int at = w + ByteWords.lowest(s);
                return b[at] == '"' ? at + 1 : -1;
            }
        }
        for (p = Math.max(p, w); p < to; p++) {
            byte c = b[p];
            if (c == '"') return p + 1;
            if (c < 0x20 || c == '\\' || c == 0x7f) return -1; // an escape, a control character or a byte over 127
        }
        return -1;
    }

    /** High bits of the bytes of {@code v} under 0x20, over 0x7e, a quote or a backslash (exactly up to the lowest). */
    private static long special(long v) {
        return ByteWords.controlOrHigh(v)
                | ByteWords.equal(v, '"')
                | ByteWords.equal(v, '\\')
                | ByteWords.equal(v, 0x7f);
    }

    private Precision precision(int from, int to) {
        if (to - from != 4 || b[from] != 'f' || b[from + 1] != 'p') return null;
        if (b[from + 2] == '6' && b[from + 3] == '4') return Precision.FP64;
        if (b[from + 2] == '3' && b[from + 3] == '2') return Precision.FP32;
        return null;
    }

    /** The inputs, an array of arrays of plain strings, at {@code p}: the position after it, or -1. */
    private int inputs(int p, int to) {
        if (p >= to || b[p++] != '[') return -1;
        inputStart[0] = 0;
        if (p < to && b[p] == ']') return p + 1;
        while (true) {
            if ((p = input(p, to)) < 0) return -1;
            if (p >= to) return -1;
            byte c = b[p++];
            if (c == ']') return p;
            if (c != ',') return -1;
        }
    }

    /** One input, an array of plain strings, at {@code p}, as the next input: the position after it, or -1. */
    private int input(int p, int to) {
        int open = p;
        if (p >= to || b[p++] != '[') return -1;
        if (!places) {
            // counted: the same checks, no place kept
            if (p < to && b[p] == ']') p++;
            else {
                while (true) {
                    if ((p = plain(p, to)) < 0 || p >= to) return -1;
                    byte c = b[p++];
                    if (c == ']') break;
                    if (c != ',') return -1;
                }
            }
            inputs++;
            return p;
        }
        if (p < to && b[p] == ']') p++;
        else {
            while (true) {
                if ((p = plain(p, to)) < 0) return -1;
                if (tokens == tokenFrom.length) {
                    tokenFrom = Arrays.copyOf(tokenFrom, tokens * 2);
                    tokenTo = Arrays.copyOf(tokenTo, tokens * 2);
                }
                tokenFrom[tokens] = plainFrom;
                tokenTo[tokens++] = p - 1;
                if (p >= to) return -1;
                byte c = b[p++];
                if (c == ']') break;
                if (c != ',') return -1;
            }
        }
        if (inputs + 2 > inputStart.length) {
            inputStart = Arrays.copyOf(inputStart, inputStart.length * 2);
            inputFrom = Arrays.copyOf(inputFrom, inputStart.length);
            inputTo = Arrays.copyOf(inputTo, inputStart.length);
        }
        inputFrom[inputs] = open;
        inputTo[inputs] = p;
        inputStart[++inputs] = tokens;
        return p;
    }

    /**
     * Input {@code k} of a line read from its bytes, as Jackson binds it (its tokens' bytes are their UTF-8, no escapes).
     */
    public Input input(int k) {
        if (entry != null) return entry.inputs().get(k);
        requirePlaces();
        String[] args = new String[tokens(k)];
        for (int t = 0; t < args.length; t++)
            args[t] = new String(b, tokenFrom(k, t), tokenLength(k, t), StandardCharsets.ISO_8859_1);
        return new Input(java.util.List.of(args));
    }

    /** Where input {@code k}'s array (brackets included) starts in {@link #line()}, for a line read from its bytes. */
    public int inputFrom(int k) {
        requirePlaces();
        return inputFrom[k];
    }

    /** Where input {@code k}'s array ends (after its closing bracket) in {@link #line()}. */
    public int inputTo(int k) {
        requirePlaces();
        return inputTo[k];
    }

    /**
     * One input alone, {@code bytes[from, to)}: an array of strings in the writer's shape, as a line's input reads
     * ({@link #inputFrom}, {@link #inputTo}); null when the bytes are anything else. What this held before is gone.
     */
    public Input readInput(byte[] bytes, int from, int to) {
        requirePlaces();
        clear(bytes);
        inputStart[0] = 0;
        return input(from, to) == to ? input(0) : null;
    }

    /** Holds nothing, about to read {@code bytes}. */
    private void clear(byte[] bytes) {
        b = bytes;
        entry = null;
        id = null;
        sha256 = null;
        precision = null;
        sourceLength = -1;
        inputs = 0;
        tokens = 0;
    }

    /**
     * The source, a string of ASCII whose escapes are the one-character ones, at {@code p}: its text (escapes undone) into
     * {@link #source}; the position after its closing quote, or -1.
     */
    private int source(int p, int to) {
        if (p >= to || b[p++] != '"') return -1;
        if (source.length < to - p) source = new byte[Math.max(to - p, source.length * 2)];
        int n = 0;
        for (; p < to; p++) {
            byte c = b[p];
            if (c == '"') {
                sourceLength = n;
                return p + 1;
            }
            if (c == '\\') {
                if (++p >= to) return -1;
                int e = switch (b[p]) {
                    case '"' -> '"';
                    case '\\' -> '\\';
                    case '/' -> '/';
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    default -> -1; // a unicode escape or anything else: Jackson reads the line
                };
                if (e < 0) return -1;
                c = (byte) e;
            } else if (c < 0x20 || c == 0x7f) return -1;
            source[n++] = c;
        }
        return -1;
    }
}
