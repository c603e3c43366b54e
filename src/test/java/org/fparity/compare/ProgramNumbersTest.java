package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A program's number found from its id's bytes is the number a map of the ids gives the id those bytes spell. */
class ProgramNumbersTest {
    @Test
    void anIdsBytesFindTheNumberAMapOfTheIdsGives() {
        String[] ids = new String[5003];
        for (int i = 0; i < 5000; i++) ids[i] = String.format("%016x", i * 0x9e3779b97f4a7c15L);
        ids[5000] = "f32_ulp";
        ids[5001] = "caf\u00e9";
        ids[5002] = "\u03c0-sum";
        ids[17] = ids[4000]; // an id twice: the later number, as a map put in order keeps
        ProgramNumbers numbers = new ProgramNumbers(ids);
        Map<String, Integer> map = new HashMap<>();
        for (int i = 0; i < ids.length; i++) map.put(ids[i], i);
        String[] asked = {
            ids[0], ids[4999], ids[4000], "f32_ulp", "f32_ul", "f32_ulpx", "caf\u00e9", "\u03c0-sum", "", "zz"
        };
        for (String a : asked) {
            // a log line's bytes, read as ISO-8859-1 (how the log's reader makes an id): a line of UTF-8 bytes for
            // a character beyond it reads as another string, found by neither
            byte[] line = ("[\"" + a + "\",0]").getBytes(StandardCharsets.UTF_8);
            int from = 2, to = line.length - 4;
            String id = new String(line, from, to - from, StandardCharsets.ISO_8859_1);
            assertEquals(map.getOrDefault(id, -1), numbers.of(line, from, to), a);
        }
        for (int i = 0; i < 5000; i += 7) {
            byte[] b = ids[i].getBytes(StandardCharsets.ISO_8859_1);
            assertEquals(map.get(ids[i]), numbers.of(b, 0, b.length));
        }
    }
}
