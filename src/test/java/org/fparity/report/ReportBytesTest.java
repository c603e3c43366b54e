package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;

/**
 * The report's long parts are made as UTF-8 bytes ({@link Utf8}, issue 31) where a JSON generator, {@link Markup#esc}
 * and an encoder made them before: the bytes must be the very same.
 */
class ReportBytesTest {
    private static final List<String> TEXTS = List.of(
            "",
            "gcc@O3_FM@alpha",
            "0x1.d0a75649c75a3p+17",
            "quote \" backslash \\ slash /",
            "tab\tnewline\ncr\rbell\u0007nul\u0000esc\u001b del\u007f",
            "<script>&'\"</script>",
            "é ü × — ≤ 中文",
            "emoji \uD83D\uDE00 pair",
            "lone high \uD800 and lone low \uDC00",
            "\uFFFE\uFFFF not XML",
            "x".repeat(70_000) + "\"",
            "y".repeat(70_000) + "é");

    private static byte[] bytes(Consumer<Utf8> write) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        Utf8 u = new Utf8(b);
        u.text("<"); // a part written before, so escaping starts mid-buffer
        write.accept(u);
        u.drain();
        return b.toByteArray();
    }

    @Test
    void jsonStringsAreTheGeneratorsBytes() throws Exception {
        for (String s : TEXTS) {
            byte[] want = ("<" + ProgramJson.MAPPER.writeValueAsString(s)).getBytes(StandardCharsets.UTF_8);
            assertEquals(
                    new String(want, StandardCharsets.UTF_8),
                    new String(bytes(u -> u.json(s)), StandardCharsets.UTF_8),
                    s.length() > 80 ? s.substring(0, 80) : s);
            assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(bytes(u -> u.json(s))));
        }
    }

    @Test
    void xmlTextIsMarkupsEscapingInUtf8() {
        for (String s : TEXTS) {
            byte[] want = ("<" + Markup.esc(s)).getBytes(StandardCharsets.UTF_8);
            assertEquals(java.util.Arrays.toString(want), java.util.Arrays.toString(bytes(u -> u.xml(s))));
            byte[] plain = ("<" + s).getBytes(StandardCharsets.UTF_8);
            assertEquals(java.util.Arrays.toString(plain), java.util.Arrays.toString(bytes(u -> u.text(s))));
        }
    }

    @Test
    void numbersAndSecondsAreWhatTheStringsSay() {
        long[] vs = {0, 1, -1, 9, 10, 99, 100, 123_456_789, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1};
        for (long v : vs) assertEquals("<" + v, new String(bytes(u -> u.num(v)), StandardCharsets.UTF_8));
        java.util.Random rnd = new java.util.Random(31);
        for (int i = 0; i < 20_000; i++) {
            long m = rnd.nextLong(1L << (1 + rnd.nextInt(62)));
            assertEquals(
                    "<" + JUnitReport.seconds(m),
                    new String(bytes(u -> JUnitReport.seconds(u, m)), StandardCharsets.UTF_8),
                    "" + m);
        }
        assertEquals(
                "<" + JUnitReport.seconds(-5),
                new String(bytes(u -> JUnitReport.seconds(u, -5)), StandardCharsets.UTF_8));
    }
}
