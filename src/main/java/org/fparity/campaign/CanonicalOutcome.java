package org.fparity.campaign;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.fparity.exec.Outcome;

/**
 * The one spelling {@link OutcomeLog} writes an outcome in — {@link Outcome}'s fields in order, no spaces, nulls left
 * out, the site spelt out, strings of ASCII without escapes — recognised from the bytes without a JSON parser. Bytes that
 * match are exactly what the writer would write for the outcome they describe, so export, import and merge check a match
 * and copy its bytes; anything else (hand-edited, escaped, older lines) is not a match and goes their general, parsing
 * way. At a million outcomes, parsing and rewriting each one was most of what those commands cost.
 *
 * <p>One instance is reused from match to match (nothing is allocated); its fields describe the last match, as offsets
 * into the array it was given.
 */
public final class CanonicalOutcome {
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final Literal PROGRAM = new Literal("{\"program\":\"");
    private static final Literal INPUT = new Literal(",\"input\":");
    private static final Literal TOOLCHAIN = new Literal(",\"toolchain\":\"");
    private static final Literal OPT = new Literal(",\"opt\":\"");
    private static final Literal SITE = new Literal(",\"site\":\"");
    private static final Literal NODE = new Literal(",\"node\":\"");
    private static final Literal STATUS = new Literal(",\"status\":\"");
    private static final Literal HEX = new Literal(",\"hex\":\"");
    private static final Literal DETAIL = new Literal(",\"detail\":\"");
    private static final Literal PLATFORM = new Literal(",\"platform\":\"");
    private static final Literal MICROS = new Literal(",\"micros\":");
    private static final Outcome.Status[] STATUSES = Outcome.Status.values();
    private static final byte[][] STATUS_NAMES =
            java.util.stream.Stream.of(STATUSES).map(s -> ascii(s.name())).toArray(byte[][]::new);
    private static final byte[] LONG_MAX = ascii(Long.toString(Long.MAX_VALUE));

    /** The program id's bytes: {@code [programFrom, programTo)}. */
    public int programFrom;

    public int programTo;
    /** The input index, and where its digits lie: {@code [inputFrom, inputTo)}. */
    public int input;

    public int inputFrom;
    public int inputTo;
    /**
     * {@code ,"toolchain":"…","opt":"…","site":"…"[,"node":"…"]}: everything that names the platform, as one run of
     * bytes, {@code [platformFrom, platformTo)}.
     */
    public int platformFrom;

    public int platformTo;
    Outcome.Status status;
    /** Whether the outcome has a result ({@code hex}); {@code [hexFrom, hexTo)} when it has. */
    boolean hasHex;

    int hexFrom;
    int hexTo;
    /** Whether the outcome has a detail; {@code [detailFrom, detailTo)} when it has. */
    boolean hasDetail;

    int detailFrom;
    int detailTo;
    /** Whether the outcome names its platform record; {@code [platformIdFrom, platformIdTo)} when it does. */
    boolean hasPlatformId;

    int platformIdFrom;
    int platformIdTo;
    long micros;
    /** Just past the closing brace. */
    public int end;

    // the last string's end (its closing quote) during a match
    private int stringEnd;
    // lookup's last program, by its bytes, and what the table gave for it
    private byte[] lastProgram = new byte[0];
    private Object lastValue;

    /** Whether {@code b[from, limit)} starts with an outcome in fparity's spelling; if so, {@link #end} is just past it. */
    public boolean match(byte[] b, int from, int limit) {
        int i = literal(b, from, limit, PROGRAM);
        if (i < 0 || (i = string(b, i, limit)) < 0) return false;
        programFrom = from + PROGRAM.length();
        programTo = stringEnd;
        if (programTo == programFrom) return false;
        if ((i = literal(b, i, limit, INPUT)) < 0) return false;
        inputFrom = i;
        long v = 0;
        while (i < limit && b[i] >= '0' && b[i] <= '9' && i - inputFrom < 10) v = v * 10 + (b[i++] - '0');
        inputTo = i;
        if (inputTo == inputFrom || v > Integer.MAX_VALUE || (b[inputFrom] == '0' && inputTo - inputFrom > 1))
            return false;
        input = (int) v;

        platformFrom = i;
        if ((i = field(b, i, limit, TOOLCHAIN)) < 0 || (i = field(b, i, limit, OPT)) < 0) return false;
        int siteFrom = i + SITE.length();
        if ((i = field(b, i, limit, SITE)) < 0 || !notBlank(b, siteFrom, stringEnd)) return false;
        if (NODE.at(b, i, limit)) {
            int nodeFrom = i + NODE.length();
            if ((i = field(b, i, limit, NODE)) < 0 || !notBlank(b, nodeFrom, stringEnd)) return false;
        }
        platformTo = i;

        int statusFrom = i + STATUS.length();
        if ((i = field(b, i, limit, STATUS)) < 0) return false;
        int n = stringEnd - statusFrom;
        status = n == 2 && b[statusFrom] == 'O' && b[statusFrom + 1] == 'K' ? Outcome.Status.OK : null;
        for (int k = 0; k < STATUS_NAMES.length && status == null; k++) {
            if (STATUS_NAMES[k].length == n && java.util.Arrays.equals(b, statusFrom, stringEnd, STATUS_NAMES[k], 0, n))
                status = STATUSES[k];
        }
        if (status == null) return false;
        hasHex = HEX.at(b, i, limit);
        if (hasHex) {
            hexFrom = i + HEX.length();
            if ((i = field(b, i, limit, HEX)) < 0) return false;
            hexTo = stringEnd;
        }
        hasDetail = DETAIL.at(b, i, limit);
        if (hasDetail) {
            detailFrom = i + DETAIL.length();
            if ((i = field(b, i, limit, DETAIL)) < 0) return false;
            detailTo = stringEnd;
        }
        hasPlatformId = PLATFORM.at(b, i, limit);
        if (hasPlatformId) {
            platformIdFrom = i + PLATFORM.length();
            if ((i = field(b, i, limit, PLATFORM)) < 0) return false;
            platformIdTo = stringEnd;
        }
        if ((i = literal(b, i, limit, MICROS)) < 0) return false;
        int microsFrom = i;
        long us = 0;
        while (i < limit && b[i] >= '0' && b[i] <= '9' && i - microsFrom < 19) us = us * 10 + (b[i++] - '0');
        if (i == microsFrom || (b[microsFrom] == '0' && i - microsFrom > 1)) return false;
        if (i - microsFrom == 19 && java.util.Arrays.compare(b, microsFrom, i, LONG_MAX, 0, 19) > 0) return false;
        if (i >= limit || b[i] != '}') return false;
        micros = us;
        end = i + 1;
        return true;
    }

    /** The program id as text (for messages and look-ups on a change of program). */
    String program(byte[] b) {
        return new String(b, programFrom, programTo - programFrom, StandardCharsets.US_ASCII);
    }

    /**
     * {@code table}'s value for the matched program, or null when it has none; looked up by the id only when the program
     * differs from the last one found (outcomes come grouped by program). One instance serves one table.
     */
    @SuppressWarnings("unchecked")
    public <V> V lookup(byte[] b, Map<String, V> table) {
        int len = programTo - programFrom;
        if (lastValue != null
                && len == lastProgram.length
                && java.util.Arrays.equals(b, programFrom, programTo, lastProgram, 0, len)) return (V) lastValue;
        V v = table.get(program(b));
        if (v != null) {
            lastProgram = java.util.Arrays.copyOfRange(b, programFrom, programTo);
            lastValue = v;
        }
        return v;
    }

    /**
     * Whether the matched outcome passes the checks every reader of a campaign makes: its program is one of
     * {@code inputsOf} (program id → number of inputs), its input one of the program's, and an OK outcome has a result.
     */
    public boolean fits(byte[] b, Map<String, Integer> inputsOf) {
        Integer inputs = lookup(b, inputsOf);
        return inputs != null && input < inputs && (status != Outcome.Status.OK || hasHex);
    }

    /** The status and result as merge compares them: {@code OK 0x1p+0}, {@code CRASH null}. */
    public String result(byte[] b) {
        return status + " " + (hasHex ? new String(b, hexFrom, hexTo - hexFrom, StandardCharsets.US_ASCII) : "null");
    }

    /** {@code literal} then a string's content and its closing quote; the index past it, or -1. */
    private int field(byte[] b, int i, int limit, Literal literal) {
        i = literal(b, i, limit, literal);
        return i < 0 ? -1 : string(b, i, limit);
    }

    private static int literal(byte[] b, int i, int limit, Literal literal) {
        return literal.at(b, i, limit) ? i + literal.length() : -1;
    }

    /** A field name with its punctuation, 8 bytes or more, compared as two (overlapping) 8-byte words. */
    private record Literal(int length, long head, long tail) {
        Literal(String text) {
            this(ascii(text));
        }

        Literal(byte[] b) {
            this(b.length, (long) LONGS.get(b, 0), (long) LONGS.get(b, b.length - 8));
        }

        boolean at(byte[] b, int i, int limit) {
            return i + length <= limit && (long) LONGS.get(b, i) == head && (long) LONGS.get(b, i + length - 8) == tail;
        }
    }

    /**
     * A string's content from {@code i}: printable ASCII up to a closing quote, with no backslash and no control
     * character (an escape or a non-ASCII character is not the writer's plain spelling of its value). The index past the
     * quote, or -1; the quote's index in {@link #stringEnd}.
     */
    private int string(byte[] b, int i, int limit) {
        // Eight bytes at a time: a byte equal to '"' or '\\', below 0x20 or at or above 0x80 sets its high bit in m
        // (the classic SWAR tests; the lowest flagged byte is exact, which is the one wanted).
        for (; i + 8 <= limit; i += 8) {
            long v = (long) LONGS.get(b, i);
            long q = v ^ 0x2222222222222222L;
            long s = v ^ 0x5c5c5c5c5c5c5c5cL;
            long m = ((q - 0x0101010101010101L) & ~q)
                    | ((s - 0x0101010101010101L) & ~s)
                    | ((v - 0x2020202020202020L) & ~v)
                    | v;
            m &= 0x8080808080808080L;
            if (m != 0) {
                i += Long.numberOfTrailingZeros(m) >>> 3;
                return close(b, i);
            }
        }
        for (; i < limit; i++) {
            byte c = b[i];
            if (c == '"' || c == '\\' || c < 0x20) return close(b, i);
        }
        return -1;
    }

    private int close(byte[] b, int i) {
        if (b[i] != '"') return -1;
        stringEnd = i;
        return i + 1;
    }

    /** Not empty and not only spaces: a blank site or node reads as none, which the writer spells differently. */
    private static boolean notBlank(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) if (b[i] != ' ') return true;
        return false;
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
