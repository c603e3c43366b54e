package org.fparity.exec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.ProgramJson;
import org.fparity.util.ByteWords;

/**
 * The compact spelling of an outcome log (campaign layout 3): a platform is named once per file, in a declaration line
 * {@code {"p":3,"toolchain":"gcc","opt":"O2","site":"local","platform":"gcc@O2-1a2b3c4d"}} (with {@code "node"} when
 * the node has result-changing facts), and each run after it is a JSON array naming the platform by that number:
 * {@code ["6b7d807a15fd8ca7",12,3,"OK","0x1.921fb54442d18p+1",1423]}, with the detail as a seventh element when the run
 * has one ({@code [...,"CRASH",null,0,"signal 11"]}). Every line is still one JSON value ({@code jq} reads the file) and
 * still one write, so a torn tail and a line set aside work as for {@link CanonicalOutcome}'s lines; a declaration holds
 * for the lines after it (a later one for the same number replaces it, so two logs concatenated still read). About 50
 * bytes a run instead of 180 to 230, and read from the bytes without a JSON parser.
 *
 * <p>A {@link Decoder} reads one file (its declarations are its state); an {@link Encoder} writes one. A worker's
 * outcome lines are the same spelling (one stream of a worker is one file), so the login node appends what a node
 * sent without spelling it again ({@link Encoder#lines(Outcome, byte[], int, int)}).
 */
public final class CompactOutcome {
    private CompactOutcome() {}

    /** Null, or printable ASCII without a quote or backslash: written as it is. */
    public static boolean plain(String s) {
        if (s == null) return true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
        }
        return true;
    }

    private static final Outcome.Status[] STATUSES = Outcome.Status.values();

    /** The bytes a string in the writer's plain spelling holds: ASCII but for the quote, the backslash and controls. */
    private static final boolean[] PLAIN = new boolean[256];

    static {
        for (int c = 0x20; c < 0x80; c++) PLAIN[c] = c != '"' && c != '\\';
    }

    /**
     * Where the plain bytes ({@link #PLAIN}) that begin at {@code i} end: the first byte at or after {@code i} that is
     * not plain, or {@code to}. Eight bytes at a time in aligned words ({@link ByteWords}): a word's non-plain bytes
     * (under 0x20, over 0x7f, a quote, a backslash) are flagged, and the lowest flag is a non-plain byte (a flag's borrow
     * reaches only the bytes above it). Bytes before {@code i} are not looked at; bytes at or after {@code to} may be
     * read, never taken.
     */
    static int plainEnd(byte[] b, int i, int to) {
        int w = i & ~7;
        for (int k = i - w; w < to && w + 8 <= b.length; w += 8, k = 0) {
            long v = ByteWords.from(ByteWords.aligned(b, w), k);
            long odd = ByteWords.controlOrHigh(v) | ByteWords.equal(v, '"') | ByteWords.equal(v, '\\');
            if (odd != 0) return Math.min(to, w + ByteWords.lowest(odd));
        }
        boolean[] plain = PLAIN;
        for (i = Math.max(i, w); i < to && plain[b[i] & 0xff]; ) i++;
        return Math.min(i, to); // a word that reached past to held no end
    }

    private static final byte[][] STATUS_NAMES = java.util.stream.Stream.of(STATUSES)
            .map(s -> s.name().getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);
    private static final byte[] DECLARATION = "{\"p\":".getBytes(StandardCharsets.US_ASCII);

    /** The names a declaration gives its number: toolchain, opt, site, node (or null), platform record id (or null). */
    public record Names(String toolchain, String opt, String site, String node, String platform) {
        public static Names of(Outcome o) {
            return new Names(o.toolchain(), o.opt(), o.site(), o.node(), o.platform());
        }
    }

    /** Whether {@code b[from, to)} is a declaration line (not a run). */
    public static boolean declaration(byte[] b, int from, int to) {
        // a run line begins with '[': the first byte decides for almost every line without a call
        return to - from > DECLARATION.length
                && b[from] == '{'
                && java.util.Arrays.equals(b, from, from + 5, DECLARATION, 0, 5);
    }

    /** Writes one file's lines: numbers each platform on its first run and declares it just before. Not thread-safe. */
    public static final class Encoder {
        private final Map<Names, Integer> numbers = new HashMap<>();
        private int next;
        private final StringBuilder b = new StringBuilder(96);

        /** An encoder for a new file. */
        public Encoder() {}

        /** An encoder that appends to a file whose declarations {@code d} has read (its numbers stay in use). */
        public Encoder(Decoder d) {
            for (int n = 0; n < d.declared.size(); n++) {
                Names names = d.declared.get(n);
                if (names != null) numbers.put(names, n);
            }
            next = d.declared.size();
        }

        /** The bytes to append for {@code o}: its declaration line first when its platform is new here, then its run line; each ends in a newline. */
        public byte[] lines(Outcome o) {
            b.setLength(0);
            Names names = Names.of(o);
            Integer n = numbers.get(names);
            if (n == null) {
                n = next++;
                numbers.put(names, n);
                b.append(declare(n, names)).append('\n');
            }
            run(o, n);
            return b.append('\n').toString().getBytes(StandardCharsets.UTF_8);
        }

        /**
         * The bytes to append for a run line {@code b[from, to)} another writer spelt (a worker's), whose platform
         * {@code names} it numbers by the digits at {@code [numberFrom, numberTo)}: the same bytes with this file's number
         * for those names instead, its declaration first when they are new here. Nothing else of the run is spelt again.
         */
        public byte[] lines(Names names, byte[] b, int from, int to, int numberFrom, int numberTo) {
            Integer n = numbers.get(names);
            byte[] declaration = new byte[0];
            if (n == null) {
                n = next++;
                numbers.put(names, n);
                declaration = (declare(n, names) + "\n").getBytes(StandardCharsets.UTF_8);
            }
            byte[] number = Integer.toString(n).getBytes(StandardCharsets.US_ASCII);
            byte[] out = new byte[declaration.length + (to - from) - (numberTo - numberFrom) + number.length + 1];
            int at = 0;
            System.arraycopy(declaration, 0, out, at, declaration.length);
            at += declaration.length;
            System.arraycopy(b, from, out, at, numberFrom - from);
            at += numberFrom - from;
            System.arraycopy(number, 0, out, at, number.length);
            at += number.length;
            System.arraycopy(b, numberTo, out, at, to - numberTo);
            at += to - numberTo;
            out[at] = '\n';
            return out;
        }

        private void run(Outcome o, int n) {
            if (!plain(o.program()) || !plain(o.hex()) || !plain(o.detail()) || o.status() == null) {
                ArrayNode a = ProgramJson.MAPPER.createArrayNode();
                a.add(o.program())
                        .add(o.input())
                        .add(n)
                        .add(o.status() == null ? null : o.status().name());
                if (o.hex() == null) a.addNull();
                else a.add(o.hex());
                a.add(o.micros());
                if (o.detail() != null) a.add(o.detail());
                b.append(a.toString());
                return;
            }
            b.append("[\"")
                    .append(o.program())
                    .append("\",")
                    .append(o.input())
                    .append(',')
                    .append(n);
            b.append(",\"").append(o.status().name()).append("\",");
            if (o.hex() == null) b.append("null");
            else b.append('"').append(o.hex()).append('"');
            b.append(',').append(o.micros());
            if (o.detail() != null) b.append(",\"").append(o.detail()).append('"');
            b.append(']');
        }

        private static String declare(int n, Names names) {
            ObjectNode d = ProgramJson.MAPPER.createObjectNode();
            d.put("p", n);
            d.put("toolchain", names.toolchain());
            d.put("opt", names.opt());
            d.put("site", names.site());
            if (names.node() != null) d.put("node", names.node());
            if (names.platform() != null) d.put("platform", names.platform());
            return d.toString();
        }
    }

    /**
     * Reads one file's compact lines. After {@link #run} matched, its fields describe the run as offsets into the array
     * given (the detail, rare, as a string). Declarations are remembered by {@link #declare}. Not thread-safe.
     */
    public static final class Decoder {
        /** Number → names, null where nothing is declared. */
        final List<Names> declared = new ArrayList<>();
        /** {@link #declared} as an array, for the look-up of every run line */
        private Names[] byNumber = new Names[0];
        /** Bumped by each declaration: a reader caching by number checks it. */
        int generation;

        public int programFrom;
        public int programTo;
        public int input;
        /** The platform's number in this file; {@link #names} has its names. */
        public int platform;

        /** Where that number is spelt in the line: {@code [platformFrom, platformTo)}. */
        public int platformFrom;

        public int platformTo;

        public Outcome.Status status;
        /** {@code [hexFrom, hexTo)}, or {@code hexFrom == -1} when the run has no result. */
        public int hexFrom;

        public int hexTo;
        public long micros;
        /** The detail, or null. */
        public String detail;

        /** The names declared for number {@code n}, or null. */
        public Names names(int n) {
            Names[] by = byNumber;
            return n >= 0 && n < by.length ? by[n] : null;
        }

        /**
         * Reads a declaration line {@code b[from, to)} and remembers it; throws IllegalArgumentException (its message says
         * why) when it is not one.
         */
        public void declare(byte[] b, int from, int to) {
            JsonNode n;
            try {
                n = ProgramJson.MAPPER.readTree(b, from, to - from);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException(
                        e instanceof JsonProcessingException j ? ProgramJson.oneLine(j) : e.getMessage());
            }
            if (n == null
                    || !n.path("p").canConvertToInt()
                    || n.path("p").asInt() < 0
                    || n.path("p").asInt() > 1 << 20
                    || !n.path("toolchain").isTextual()
                    || !n.path("opt").isTextual())
                throw new IllegalArgumentException("a platform declaration lacks p, toolchain or opt");
            int p = n.get("p").asInt();
            Outcome probe = new Outcome(
                    "x",
                    0,
                    n.get("toolchain").asText(),
                    n.get("opt").asText(),
                    text(n, "site"),
                    text(n, "node"),
                    Outcome.Status.OK,
                    null,
                    null,
                    text(n, "platform"),
                    0);
            org.fparity.exec.Platform.requireNames(probe.toolchain(), probe.opt());
            while (declared.size() <= p) declared.add(null);
            declared.set(p, Names.of(probe));
            byNumber = declared.toArray(new Names[0]);
            generation++;
        }

        private static String text(JsonNode n, String field) {
            JsonNode v = n.get(field);
            return v == null || v.isNull() ? null : v.asText();
        }

        /**
         * Whether {@code b[from, to)} is a run line in the writer's plain spelling (no escapes); if so the fields hold it.
         * A run naming an undeclared platform throws IllegalArgumentException.
         */
        public boolean run(byte[] b, int from, int to) {
            if (to - from < 20 || b[to - 1] != ']' || fields(b, from, to) != to - 1) return false;
            if (names(platform) == null)
                throw new IllegalArgumentException("platform " + platform + " is not declared before this line");
            return true;
        }

        /**
         * A run line in the writer's plain spelling, naming a declared platform, that begins at {@code from} and ends at
         * the next newline, read without looking for that newline first: the newline's index, with the fields holding
         * the line as {@link #run} would for {@code b[from, newline)}; or -1 (any other line, or one not ended before
         * {@code limit}; {@code b[limit + 1]} must be readable). Reading a line finds its end, so a log's lines need not
         * be searched for their ends too.
         */
        public int runLine(byte[] b, int from, int limit) {
            int i = fields(b, from, limit);
            if (i < 0 || i + 1 >= limit || b[i] != ']' || b[i + 1] != '\n' || i + 1 - from < 20) return -1;
            return names(platform) == null ? -1 : i + 1;
        }

        /**
         * Reads a run line's fields from {@code from}, within {@code to}: where its closing bracket should be, or -1. A
         * field ends at a byte of its own (a quote, a comma), so a line read within a longer limit reads as within its
         * own end.
         */
        private int fields(byte[] b, int from, int to) {
            int i = from;
            if (to - from < 3 || b[i++] != '[' || b[i++] != '"') return -1;
            programFrom = i;
            // a plain string's bytes read eight at a time, then the byte that ended it
            i = plainEnd(b, i, to);
            if (i < to && b[i] != '"') return -1;
            programTo = i;
            if (i == programFrom || i + 2 >= to || b[i + 1] != ',') return -1;
            i += 2;
            long v = 0;
            int d = i;
            while (i < to && b[i] >= '0' && b[i] <= '9' && i - d < 10) v = v * 10 + (b[i++] - '0');
            if (i == d || v > Integer.MAX_VALUE || b[i++] != ',') return -1;
            input = (int) v;
            v = 0;
            d = i;
            while (i < to && b[i] >= '0' && b[i] <= '9' && i - d < 8) v = v * 10 + (b[i++] - '0');
            platformFrom = d;
            platformTo = i;
            if (i == d || b[i++] != ',' || b[i++] != '"') return -1;
            platform = (int) v;
            int s = i;
            while (i < to && b[i] != '"') i++;
            status = null;
            if (i - s == 2 && b[s] == 'O' && b[s + 1] == 'K') status = Outcome.Status.OK;
            else
                for (int k = 0; k < STATUS_NAMES.length && status == null; k++)
                    if (java.util.Arrays.equals(b, s, i, STATUS_NAMES[k], 0, STATUS_NAMES[k].length))
                        status = STATUSES[k];
            if (status == null || i + 2 >= to || b[i + 1] != ',') return -1;
            i += 2;
            if (b[i] == '"') {
                hexFrom = ++i;
                i = plainEnd(b, i, to);
                if (i < to && b[i] != '"') return -1;
                hexTo = i++;
            } else if (i + 4 <= to && b[i] == 'n' && b[i + 1] == 'u' && b[i + 2] == 'l' && b[i + 3] == 'l') {
                hexFrom = hexTo = -1;
                i += 4;
            } else return -1;
            if (i >= to || b[i++] != ',') return -1;
            v = 0;
            d = i;
            while (i < to && b[i] >= '0' && b[i] <= '9' && i - d < 18) v = v * 10 + (b[i++] - '0');
            if (i == d) return -1;
            micros = v;
            detail = null;
            if (b[i] == ',') {
                if (b[++i] != '"') return -1;
                int ds = ++i;
                i = plainEnd(b, i, to);
                if (i < to && b[i] != '"') return -1;
                detail = new String(b, ds, i - ds, StandardCharsets.UTF_8);
                i++;
            }
            return i;
        }

        /**
         * A run line in any JSON spelling (escaped strings): read with Jackson into the fields, the detail and program as
         * strings. Null when it is not a run line; throws IllegalArgumentException naming what is wrong.
         */
        public Outcome general(String line) {
            JsonNode a;
            try {
                a = ProgramJson.MAPPER.readTree(line);
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(ProgramJson.oneLine(e));
            }
            if (a == null || !a.isArray()) return null;
            if (a.size() < 6
                    || a.size() > 7
                    || !a.get(0).isTextual()
                    || !a.get(1).canConvertToInt()
                    || !a.get(2).canConvertToInt()
                    || !a.get(3).isTextual()
                    || !a.get(5).canConvertToLong())
                throw new IllegalArgumentException(
                        "a run line is [program, input, platform, status, hex, micros(, detail)]");
            Names n = names(a.get(2).asInt());
            if (n == null)
                throw new IllegalArgumentException(
                        "platform " + a.get(2).asInt() + " is not declared before this line");
            Outcome.Status st;
            try {
                st = Outcome.Status.valueOf(a.get(3).asText());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("unknown status " + a.get(3).asText());
            }
            return new Outcome(
                    a.get(0).asText(),
                    a.get(1).asInt(),
                    n.toolchain(),
                    n.opt(),
                    n.site(),
                    n.node(),
                    st,
                    a.get(4).isNull() ? null : a.get(4).asText(),
                    a.size() > 6 && !a.get(6).isNull() ? a.get(6).asText() : null,
                    n.platform(),
                    a.get(5).asLong());
        }
    }
}
