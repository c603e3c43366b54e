package org.fparity.transfer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CanonicalOutcome;
import org.fparity.exec.Outcome;
import org.fparity.util.Names;

/**
 * Reads the tail of an export — {@code "outcomes": […], "digest": "…"}} — straight from the bytes, checking each outcome
 * object as it goes and copying it, as the bytes that came in, to the outcome log: the same checks a general JSON
 * parser plus {@link Outcome}'s rules would make, at a fraction of the cost (no tokens, no strings but the program id
 * when it changes). An outcome is a flat object whose values are strings, integers or null; anything else is refused
 * with one line. An outcome in fparity's own spelling ({@link CanonicalOutcome}) is matched whole, without looking at
 * it byte by byte. Memory is the held-back window of {@link TrailingDigestInput}, whatever the number of outcomes.
 */
final class OutcomeScanner {
    /** An outcome longer than this is refused (it must fit the digest's held-back window). */
    static final int MAX_OUTCOME = 1 << 16;

    private static final String[] FIELD_NAMES =
            Stream.of(Outcome.class.getRecordComponents()).map(c -> c.getName()).toArray(String[]::new);
    private static final byte[][] FIELDS = Stream.of(FIELD_NAMES)
            .map(n -> n.getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);
    private static final int PROGRAM = index("program");
    private static final int INPUT = index("input");
    private static final int STATUS = index("status");
    private static final int HEX = index("hex");
    private static final int TOOLCHAIN = index("toolchain");
    private static final int OPT = index("opt");
    private static final int SITE = index("site");
    private static final int NODE = index("node");
    private static final int MICROS = index("micros");
    private static final byte[][] STATUSES = Stream.of(Outcome.Status.values())
            .map(s -> s.name().getBytes(StandardCharsets.US_ASCII))
            .toArray(byte[][]::new);
    private static final int OK = Outcome.Status.OK.ordinal();

    private final TrailingDigestInput in;
    private final Map<String, Integer> inputsOf;
    private final CanonicalOutcome canonical = new CanonicalOutcome();
    private String section = "outcomes";
    // what an element is called in messages: "outcome", "rerun 2 outcome"
    private String unit = "outcome";
    // the platform-naming bytes of canonical outcomes whose names passed the name rule (a campaign has few platforms)
    private final java.util.List<byte[]> goodPlatforms = new java.util.ArrayList<>();
    private int lastGood;
    private long pos;

    // The program of the previous outcome, by its bytes: outcomes come grouped by program, so most need no lookup.
    private byte[] lastProgram = new byte[0];
    private int lastInputs = -1;
    private String programId;
    private int guess;

    // Where the last string value's content lies, and whether it had escapes.
    private long strFrom;
    private long strTo;
    private boolean strEscaped;

    /** {@code pos}: the stream offset right after the programs array's closing bracket. */
    OutcomeScanner(TrailingDigestInput in, long pos, Map<String, Integer> inputsOf) {
        this.in = in;
        this.pos = pos;
        this.inputsOf = inputsOf;
    }

    private static int index(String name) {
        for (int i = 0; i < FIELD_NAMES.length; i++) if (FIELD_NAMES[i].equals(name)) return i;
        throw new IllegalStateException("Outcome has no field " + name);
    }

    /**
     * What the tail held: outcomes and rerun attempts (each attempt's outcomes written to its own file).
     * {@code digestEnd}: the offset the digest covers up to (right after the last array before the digest).
     */
    record Tail(long outcomes, int reruns, long digestEnd, String digest) {}

    /**
     * Reads {@code , "outcomes": [ … ]}, copying each outcome as one line to {@code out}, then (schema 3 on) {@code ,
     * "reruns": [[ … ], …]}, copying attempt K's outcomes to {@code reruns-K.jsonl} in {@code dir}, then {@code ,
     * "digest": "…" }}.
     */
    Tail read(OutputStream out, Path dir) throws IOException {
        String name = field("outcomes");
        if (!name.equals("outcomes")) throw unexpected(name, "outcomes");
        int c = next();
        if (c != '[') throw new FparityError("\"outcomes\" is not an array");
        long n = elements(out);
        int attempts = 0;
        long digestEnd = pos;
        section = "the digest";
        name = field("digest");
        if (name.equals("reruns")) {
            section = "reruns";
            c = next();
            if (c != '[') throw new FparityError("\"reruns\" is not an array");
            c = next();
            while (c != ']') {
                if (c != '[') throw new FparityError("reruns: attempt " + (attempts + 1) + " is not an array");
                attempts++;
                unit = "rerun " + attempts + " outcome";
                try (OutputStream o = new org.fparity.campaign.CompactingOutput(new BufferedOutputStream(
                        Files.newOutputStream(dir.resolve(Campaign.rerunFile(attempts))), 1 << 16))) {
                    elements(o);
                }
                c = next();
                if (c == ']') break;
                if (c != ',') throw corrupt(c, "',' or ']' after rerun attempt " + attempts);
                c = next();
            }
            digestEnd = pos;
            section = "the digest";
            name = field("digest");
        }
        if (!name.equals("digest")) throw unexpected(name, "digest");
        c = next();
        if (c != '"') throw new FparityError("digest is not a string");
        string();
        String digest = in.text(strFrom, strTo);
        c = next();
        if (c != '}') throw new FparityError("unexpected content after the digest");
        if (next() != -1) throw new FparityError("unexpected content after the end of the document");
        return new Tail(n, attempts, digestEnd, digest);
    }

    /** The outcomes of an array whose '[' was just read, each copied as one line to {@code out}; ends past its ']'. */
    private long elements(OutputStream out) throws IOException {
        long n = 0;
        int c = next();
        if (c == ']') return 0;
        while (true) {
            if (c != '{') throw new FparityError(section + ": element " + (n + 1) + " is not an object");
            long start = pos - 1;
            n++;
            int at = in.ensure(start, MAX_OUTCOME);
            byte[] held = in.held();
            if (canonical.match(held, at, in.heldEnd()) && canonical.fits(held, inputsOf)) {
                checkPlatform(held, canonical.platformFrom, canonical.platformTo, n);
                out.write(held, at, canonical.end - at);
                pos = start + (canonical.end - at);
            } else {
                // Not fparity's own spelling, or something wrong with it: the general path reads it (and names what).
                object(n);
                if (pos - start > MAX_OUTCOME) throw bad(n, "longer than " + MAX_OUTCOME + " bytes");
                in.copy(start, pos, out);
            }
            out.write('\n');
            c = next();
            if (c == ']') return n;
            if (c != ',') throw corrupt(c, "',' or ']' after " + unit + " " + n);
            c = next();
        }
    }

    /**
     * {@code , "name" :}, returning the name; anything but a plain field name there is an error that says
     * {@code expected} belongs there.
     */
    private String field(String expected) throws IOException {
        int c = next();
        if (c == '}') throw new FparityError("no \"" + expected + "\" where expected");
        if (c != ',') throw corrupt(c, "',' before \"" + expected + "\"");
        c = next();
        if (c != '"') throw corrupt(c, "a field name");
        string();
        String got = in.text(strFrom, strTo);
        if (strEscaped) throw unexpected(got, expected);
        c = next();
        if (c != ':') throw corrupt(c, "':' after \"" + got + "\"");
        return got;
    }

    private static FparityError unexpected(String got, String expected) {
        return new FparityError("unexpected field '" + got + "' where \"" + expected + "\" belongs");
    }

    /** One outcome object; {@code pos} is just past its '{' and ends just past its '}'. */
    private void object(long number) throws IOException {
        boolean hasProgram = false;
        int inputs = -1;
        long input = -1;
        int status = -1;
        boolean hex = false;
        boolean toolchain = false;
        boolean opt = false;
        long seen = 0;
        int c = next();
        if (c != '}') {
            while (true) {
                if (c != '"') throw corrupt(c, "a field name in outcome " + number);
                string();
                int f = fieldIndex();
                if (f < 0) throw bad(number, "unknown field '" + in.text(strFrom, strTo) + "'");
                // one rule for every JSON fparity reads: a key given twice is refused, never the last one winning
                if ((seen & 1L << f) != 0)
                    throw bad(number, "duplicate key '" + FIELD_NAMES[f] + "' (each key may appear once)");
                seen |= 1L << f;
                c = next();
                if (c != ':') throw corrupt(c, "':' in outcome " + number);
                c = next();
                String name = FIELD_NAMES[f];
                if (c == '"') {
                    string();
                    if (f == INPUT || f == MICROS) throw bad(number, name + " is not an integer");
                    if (f == PROGRAM) {
                        inputs = program(number);
                        hasProgram = true;
                    } else if (f == STATUS) {
                        status = status(number);
                    } else if (f == HEX) {
                        hex = true;
                    } else if (f == TOOLCHAIN) {
                        toolchain = true;
                        checkName(number, f);
                    } else if (f == OPT) {
                        opt = true;
                        checkName(number, f);
                    } else if (f == SITE || f == NODE) {
                        checkName(number, f);
                    }
                } else if (c == 'n') {
                    literal("ull");
                    if (f == INPUT || f == MICROS) throw bad(number, name + " is not an integer");
                    if (f == PROGRAM) hasProgram = false;
                    if (f == STATUS) status = -1;
                    if (f == HEX) hex = false;
                    if (f == TOOLCHAIN) toolchain = false;
                    if (f == OPT) opt = false;
                } else if (c == '-' || c >= '0' && c <= '9') {
                    long v = integer(c, number, name);
                    if (f != INPUT && f != MICROS) throw bad(number, name + " is not a string");
                    if (f == INPUT) input = v;
                } else {
                    throw bad(number, name + (f == INPUT || f == MICROS ? " is not an integer" : " is not a string"));
                }
                c = next();
                if (c == '}') break;
                if (c != ',') throw corrupt(c, "',' or '}' in outcome " + number);
                c = next();
            }
        }
        if (!hasProgram || status < 0 || !toolchain || !opt)
            throw bad(number, "lacks program, toolchain, opt or status");
        if (input < 0 || input >= inputs) {
            throw bad(number, "program " + programId + " input " + input + ", which has only " + inputs + " inputs");
        }
        if (status == OK && !hex) throw bad(number, "is OK but has no result");
    }

    /** The last string, the value of field {@code f}, under the name rule ({@link Names}): a node label may hold '/'. */
    private void checkName(long number, int f) {
        String v = strEscaped ? unescaped() : in.text(strFrom, strTo);
        if (f == NODE) Names.checkLabel(unit + " " + number, "node", v);
        else Names.check(unit + " " + number, FIELD_NAMES[f], v);
    }

    /**
     * The names in {@code ,"toolchain":"…","opt":"…","site":"…"[,"node":"…"]} of a canonical outcome, under the name
     * rule; bytes already checked are recognised without decoding them again.
     */
    private void checkPlatform(byte[] b, int from, int to, long number) {
        int len = to - from;
        // outcomes come grouped by platform or cycling through them in one order: the last one, then the one after it
        int known = goodPlatforms.size();
        for (int k = 0; k < known; k++) {
            int at = (lastGood + k + known) % known;
            byte[] g = goodPlatforms.get(at);
            if (g.length == len && java.util.Arrays.equals(b, from, to, g, 0, len)) {
                lastGood = at;
                return;
            }
        }
        com.fasterxml.jackson.databind.JsonNode names;
        try {
            names = CampaignExport.COMPACT.readTree(
                    "{" + new String(b, from + 1, len - 1, StandardCharsets.UTF_8) + "}");
        } catch (IOException e) {
            throw bad(number, "its platform is not readable JSON");
        }
        for (String f : new String[] {"toolchain", "opt", "site"})
            Names.check(unit + " " + number, f, names.path(f).asText());
        if (names.has("node"))
            Names.checkLabel(unit + " " + number, "node", names.path("node").asText());
        if (goodPlatforms.size() < 4096) {
            goodPlatforms.add(java.util.Arrays.copyOfRange(b, from, to));
            lastGood = goodPlatforms.size() - 1;
        }
    }

    /** The number of inputs of the program the last string names; the program must be in the campaign. */
    private int program(long number) {
        int len = (int) (strTo - strFrom);
        if (!strEscaped && len == lastProgram.length && in.equals(strFrom, lastProgram)) return lastInputs;
        String id = strEscaped ? unescaped() : in.text(strFrom, strTo);
        Integer n = inputsOf.get(id);
        if (n == null) throw bad(number, "program " + id + " is not in the campaign");
        programId = id;
        // Cached under its bytes; an escaped spelling is looked up each time (fparity writes none).
        lastProgram = strEscaped ? new byte[0] : id.getBytes(StandardCharsets.UTF_8);
        lastInputs = n;
        return n;
    }

    private int status(long number) {
        if (!strEscaped) {
            int len = (int) (strTo - strFrom);
            for (int i = 0; i < STATUSES.length; i++)
                if (STATUSES[i].length == len && in.equals(strFrom, STATUSES[i])) return i;
        }
        String s = strEscaped ? unescaped() : in.text(strFrom, strTo);
        for (Outcome.Status st : Outcome.Status.values()) if (st.name().equals(s)) return st.ordinal();
        throw bad(number, "status '" + s + "' is not one of " + java.util.Arrays.toString(Outcome.Status.values()));
    }

    private int fieldIndex() {
        if (strEscaped) {
            String s = unescaped();
            for (int i = 0; i < FIELD_NAMES.length; i++) if (FIELD_NAMES[i].equals(s)) return i;
            return -1;
        }
        int len = (int) (strTo - strFrom);
        // fparity writes the fields in the record's order: the one after the last is the first guess.
        int g = guess < FIELDS.length ? guess : 0;
        if (FIELDS[g].length == len && in.equals(strFrom, FIELDS[g])) {
            guess = g + 1;
            return g;
        }
        for (int i = 0; i < FIELDS.length; i++) {
            if (FIELDS[i].length == len && in.equals(strFrom, FIELDS[i])) {
                guess = i + 1;
                return i;
            }
        }
        return -1;
    }

    /** The last string with its escapes decoded (rare: fparity writes none in outcomes' names and ids). */
    private String unescaped() {
        String raw = "\"" + in.text(strFrom, strTo) + "\"";
        try {
            return CampaignExport.COMPACT.readValue(raw, String.class);
        } catch (IOException e) {
            throw new FparityError("corrupt JSON in " + section + " at byte " + strFrom + " (bad escape)");
        }
    }

    /** A string's content, {@code pos} just past its opening quote; ends just past the closing one. */
    private void string() throws IOException {
        strFrom = pos;
        strEscaped = false;
        long stop = in.stringStop(pos);
        if (stop >= 0 && in.at(stop) == '"' && stop - pos <= MAX_OUTCOME) {
            strTo = stop;
            pos = stop + 1;
            return;
        }
        while (true) {
            int c = in.at(pos++);
            if (c == '"') break;
            if (c < 0) throw truncated();
            if (c < 0x20) throw corrupt(c, "a string's characters (a control character inside a string)");
            if (c == '\\') {
                strEscaped = true;
                int e = in.at(pos++);
                if (e < 0) throw truncated();
                if (e == 'u') {
                    for (int k = 0; k < 4; k++) {
                        int h = in.at(pos++);
                        if (h < 0) throw truncated();
                        if (Character.digit(h, 16) < 0) throw corrupt(h, "four hex digits after \\u");
                    }
                } else if ("\"\\/bfnrt".indexOf(e) < 0) {
                    throw corrupt(e, "an escape character");
                }
            }
            if (pos - strFrom > MAX_OUTCOME)
                throw new FparityError("corrupt JSON in " + section + " at byte " + strFrom + " (a string longer than "
                        + MAX_OUTCOME + " bytes)");
        }
        strTo = pos - 1;
    }

    /** A JSON number that must be an integer; {@code c} is its first character, already read. */
    private long integer(int c, long number, String name) throws IOException {
        boolean neg = c == '-';
        if (neg) c = in.at(pos++);
        if (c < '0' || c > '9') throw c < 0 ? truncated() : corrupt(c, "a digit");
        long v = c - '0';
        int digits = 1;
        boolean leadingZero = c == '0';
        while (true) {
            c = in.at(pos);
            if (c < '0' || c > '9') break;
            if (leadingZero) throw corrupt(c, "no digit after a leading zero");
            pos++;
            if (++digits > 18) throw bad(number, name + " is out of range");
            v = v * 10 + (c - '0');
        }
        if (c == '.' || c == 'e' || c == 'E') throw bad(number, name + " is not an integer");
        if (c < 0) throw truncated();
        return neg ? -v : v;
    }

    private void literal(String rest) throws IOException {
        for (int i = 0; i < rest.length(); i++) {
            int c = in.at(pos++);
            if (c < 0) throw truncated();
            if (c != rest.charAt(i)) throw corrupt(c, "null");
        }
    }

    /** The next character that is not JSON whitespace (-1 at the end of the stream); {@code pos} ends just past it. */
    private int next() throws IOException {
        while (true) {
            int c = in.at(pos++);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                if (c < 0) pos--;
                return c;
            }
        }
    }

    private FparityError truncated() {
        return new FparityError(
                "truncated: the file ends in " + section + " (it was cut short in transfer; copy it again)");
    }

    private FparityError corrupt(int c, String expected) {
        if (c < 0) return truncated();
        String ch = c >= 0x20 && c < 0x7f ? "'" + (char) c + "'" : String.format("byte 0x%02x", c);
        return new FparityError("corrupt JSON in " + section + " at byte " + (pos - 1) + " (unexpected " + ch
                + ", expected " + expected + ")");
    }

    private FparityError bad(long number, String why) {
        return new FparityError(unit + " " + number + ": " + why);
    }
}
