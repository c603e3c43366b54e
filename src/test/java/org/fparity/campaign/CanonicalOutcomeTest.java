package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The promise export, import and merge rely on when they copy an outcome's bytes instead of parsing and rewriting it:
 * what {@link CanonicalOutcome} matches is exactly what {@link OutcomeLog}'s writer writes for the outcome it describes,
 * and what the writer writes (for plain values) is matched, with every field where it says.
 */
class CanonicalOutcomeTest {
    private static final String PLAIN = "abcXYZ019 .-_@#:/{}[],'~\u007f";

    @Test
    void everyPlainOutcomeTheWriterWritesIsMatchedWithItsFieldsWhereTheMatchSays() throws Exception {
        SplittableRandom r = new SplittableRandom(3);
        CanonicalOutcome c = new CanonicalOutcome();
        for (int k = 0; k < 20_000; k++) {
            Outcome o = random(r, PLAIN);
            byte[] b = OutcomeLog.WRITER.writeValueAsBytes(o);
            // inside a larger array, as import sees it
            byte[] in = new byte[b.length + 7];
            System.arraycopy(b, 0, in, 3, b.length);
            in[b.length + 3] = ',';
            assertTrue(c.match(in, 3, in.length), () -> new String(b, StandardCharsets.UTF_8));
            assertEquals(3 + b.length, c.end);
            assertEquals(o.program(), text(in, c.programFrom, c.programTo));
            assertEquals(Integer.toString(o.input()), text(in, c.inputFrom, c.inputTo));
            assertEquals(o.input(), c.input);
            assertEquals(o.status(), c.status);
            assertEquals(o.hex() != null, c.hasHex);
            if (o.hex() != null) assertEquals(o.hex(), text(in, c.hexFrom, c.hexTo));
            assertEquals(o.status() + " " + o.hex(), c.result(in));
            String platform = text(in, c.platformFrom, c.platformTo);
            assertTrue(
                    platform.startsWith(",\"toolchain\":\"" + o.toolchain() + "\",\"opt\":\"" + o.opt()
                            + "\",\"site\":\"" + o.site() + "\""),
                    platform);
            assertEquals(o.node() != null, platform.contains("\"node\":"), platform);
            assertFalse(c.match(in, 3, 3 + b.length - 1), "a cut-short outcome is not a match");
        }
    }

    @Test
    void whateverIsMatchedReadsAndWritesBackToTheSameBytes() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        CanonicalOutcome c = new CanonicalOutcome();
        int matched = 0;
        int refused = 0;
        for (int k = 0; k < 20_000; k++) {
            // values with escapes, non-ASCII, control characters and blanks; then one random edit of the bytes
            Outcome o = random(r, r.nextInt(3) == 0 ? PLAIN + "\"\\\u00e9\u2028\n\t" : PLAIN);
            byte[] b = mutate(r, OutcomeLog.WRITER.writeValueAsBytes(o));
            if (!(c.match(b, 0, b.length) && c.end == b.length)) {
                refused++;
                continue;
            }
            matched++;
            Outcome back = OutcomeLog.READER.readValue(b);
            assertArrayEquals(
                    b, OutcomeLog.WRITER.writeValueAsBytes(back), () -> new String(b, StandardCharsets.UTF_8));
        }
        assertTrue(matched > 1000 && refused > 1000, matched + " matched, " + refused + " refused");
    }

    @Test
    void linesInAnotherSpellingAreNotMatches() {
        CanonicalOutcome c = new CanonicalOutcome();
        String good =
                "{\"program\":\"p1\",\"input\":3,\"toolchain\":\"gcc\",\"opt\":\"O2\",\"site\":\"local\",\"status\":\"OK\",\"hex\":\"0x1p+0\",\"platform\":\"gcc@O2\",\"micros\":12}";
        assertTrue(c.match(bytes(good), 0, good.length()));
        for (String other : List.of(
                good.replace(",\"input\"", ", \"input\""), // a space
                good.replace("\"input\":3", "\"input\":03"), // a leading zero
                good.replace("\"input\":3", "\"input\":-3"),
                good.replace("\"input\":3", "\"input\":3.0"),
                good.replace("\"input\":3", "\"input\":4294967299"), // beyond an int
                good.replace(",\"site\":\"local\"", ""), // written before sites: the writer now says local
                good.replace("\"site\":\"local\"", "\"site\":\"\""), // blank site reads as local
                good.replace("\"site\":\"local\"", "\"site\":\"local\",\"node\":\" \""), // blank node reads as none
                good.replace("\"hex\":\"0x1p+0\"", "\"hex\":null"), // the writer leaves nulls out
                good.replace("\"OK\"", "\"FINE\""),
                good.replace("gcc@O2", "gcc\\u0040O2"), // an escape
                good.replace("gcc@O2", "gcc\u00e9O2"), // not ASCII
                good.replace("\"status\":\"OK\",\"hex\":\"0x1p+0\"", "\"hex\":\"0x1p+0\",\"status\":\"OK\""), // order
                good.replace(",\"micros\":12", ""),
                good.replace("\"program\":\"p1\"", "\"program\":\"\""),
                good.replace("}", ",\"extra\":1}"),
                good.replace("\"micros\":12", "\"micros\":9223372036854775808"))) {
            byte[] b = bytes(other);
            assertFalse(c.match(b, 0, b.length) && c.end == b.length, other);
        }
    }

    @Test
    void aLookUpFollowsTheProgramFromMatchToMatch() {
        CanonicalOutcome c = new CanonicalOutcome();
        Map<String, Integer> inputs = Map.of("p1", 4, "p2", 2);
        String line =
                "{\"program\":\"%s\",\"input\":%d,\"toolchain\":\"gcc\",\"opt\":\"O2\",\"site\":\"local\",\"status\":\"%s\",%s\"micros\":0}";
        List<Boolean> fits = new ArrayList<>();
        for (String s : List.of(
                line.formatted("p1", 3, "OK", "\"hex\":\"0x1p+0\","),
                line.formatted("p2", 3, "OK", "\"hex\":\"0x1p+0\","),
                line.formatted("p2", 1, "OK", ""),
                line.formatted("p2", 1, "CRASH", ""),
                line.formatted("p3", 0, "CRASH", ""),
                line.formatted("p1", 0, "CRASH", ""))) {
            byte[] b = bytes(s);
            assertTrue(c.match(b, 0, b.length), s);
            fits.add(c.fits(b, inputs));
        }
        assertEquals(List.of(true, false, false, true, false, true), fits);
    }

    private static Outcome random(SplittableRandom r, String alphabet) {
        Outcome.Status st = Outcome.Status.values()[r.nextInt(Outcome.Status.values().length)];
        String site = switch (r.nextInt(4)) {
            case 0 -> null;
            case 1 -> " ";
            default -> word(r, alphabet, 1);
        };
        return new Outcome(
                word(r, alphabet, 1),
                r.nextInt(4) == 0 ? r.nextInt(Integer.MAX_VALUE) : r.nextInt(100),
                word(r, alphabet, 1),
                word(r, alphabet, 1),
                site,
                r.nextBoolean() ? null : word(r, alphabet, 0),
                st,
                r.nextInt(3) == 0 ? null : word(r, alphabet, 1),
                r.nextInt(3) == 0 ? word(r, alphabet, 0) : null,
                r.nextBoolean() ? null : word(r, alphabet, 0),
                r.nextInt(5) == 0 ? r.nextLong(Long.MAX_VALUE) : r.nextInt(1000));
    }

    private static String word(SplittableRandom r, String alphabet, int min) {
        StringBuilder s = new StringBuilder();
        int n = min + r.nextInt(24);
        for (int i = 0; i < n; i++) s.append(alphabet.charAt(r.nextInt(alphabet.length())));
        return s.toString();
    }

    /** Leaves the bytes alone half the time; else deletes, duplicates or changes one byte. */
    private static byte[] mutate(SplittableRandom r, byte[] b) {
        if (r.nextBoolean()) return b;
        int at = r.nextInt(b.length);
        byte[] out;
        switch (r.nextInt(3)) {
            case 0 -> {
                out = new byte[b.length - 1];
                System.arraycopy(b, 0, out, 0, at);
                System.arraycopy(b, at + 1, out, at, b.length - at - 1);
            }
            case 1 -> {
                out = new byte[b.length + 1];
                System.arraycopy(b, 0, out, 0, at + 1);
                System.arraycopy(b, at, out, at + 1, b.length - at);
            }
            default -> {
                out = b.clone();
                String edits = " \"\\,:{}0123456789-.\u0000\u0080nulOKabc";
                out[at] = (byte) edits.charAt(r.nextInt(edits.length()));
            }
        }
        return out;
    }

    private static String text(byte[] b, int from, int to) {
        return new String(b, from, to - from, StandardCharsets.UTF_8);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
