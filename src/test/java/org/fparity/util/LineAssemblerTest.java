package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineAssemblerTest {
    /** The lines and the torn tail of {@code text} fed in blocks of {@code block} bytes. */
    private static List<String> lines(String text, int block, int capacity) {
        byte[] all = text.getBytes(StandardCharsets.UTF_8);
        LineAssembler a = new LineAssembler(capacity);
        List<String> out = new ArrayList<>();
        for (int start = 0; start < all.length; start += block) {
            byte[] b = java.util.Arrays.copyOfRange(all, start, Math.min(all.length, start + block));
            for (int from = 0; from < b.length; ) {
                int next = a.take(b, from, b.length);
                if (next < 0) break;
                out.add(new String(a.bytes(), 0, a.length(), StandardCharsets.UTF_8));
                assertEquals(0, a.tail());
                from = next;
            }
        }
        out.add("tail:" + new String(a.bytes(), 0, a.tail(), StandardCharsets.UTF_8));
        return out;
    }

    @Test
    void linesSplitAcrossBlocksAnEmptyLineAndAMissingFinalNewline() {
        String text = "first line\n\nthird, longer than the buffer\nlast without newline";
        List<String> want = List.of("first line", "", "third, longer than the buffer", "tail:last without newline");
        for (int block = 1; block <= text.length() + 1; block++)
            for (int capacity : new int[] {1, 4, 1024})
                assertEquals(want, lines(text, block, capacity), "block " + block);
    }

    @Test
    void aFinalNewlineLeavesNoTailAndNothingGivesNoLine() {
        assertEquals(List.of("a", "b", "tail:"), lines("a\nb\n", 3, 2));
        assertEquals(List.of("", "", "tail:"), lines("\n\n", 1, 8));
        assertEquals(List.of("tail:"), lines("", 1, 8));
    }

    @Test
    void aLineEndedBetweenBlocksStartsTheNextAfresh() {
        LineAssembler a = new LineAssembler(8);
        byte[] one = "ab".getBytes(StandardCharsets.UTF_8);
        assertEquals(-1, a.take(one, 0, 2));
        assertEquals(2, a.tail());
        byte[] two = "c\nd".getBytes(StandardCharsets.UTF_8);
        assertEquals(2, a.take(two, 0, 3));
        assertEquals("abc", new String(a.bytes(), 0, a.length(), StandardCharsets.UTF_8));
        assertEquals(-1, a.take(two, 2, 3));
        assertEquals("d", new String(a.bytes(), 0, a.tail(), StandardCharsets.UTF_8));
    }
}
