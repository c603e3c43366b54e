package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Re-reading an unchanged log reuses the last parse; any change to the file is read afresh. */
class OutcomeLogTest {
    @TempDir
    Path tmp;

    private static Outcome ok(String p, int i, String hex) {
        return new Outcome(p, i, "gcc", "O0", Outcome.Status.OK, hex, null, "gcc@O0", 0);
    }

    @Test
    void anUnchangedLogIsParsedOnceAndAChangedOneAgain() throws Exception {
        Path f = tmp.resolve("outcomes.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
            log.append(ok("p", 1, "0x1.8p+0"));
        }
        OutcomeLog.Contents a = OutcomeLog.read(f);
        assertEquals(2, a.outcomes().size());
        assertSame(a, OutcomeLog.read(f), "same file, same size and time: the parse is reused");

        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 2, "0x1p+1"));
        }
        OutcomeLog.Contents b = OutcomeLog.read(f);
        assertEquals(3, b.outcomes().size());
        assertEquals("0x1p+1", b.outcomes().get(2).hex());

        // A torn tail (a kill mid-line) is seen at once, even though the append left the time nearly unchanged.
        Files.writeString(f, "{\"program\":\"p\",\"inp", StandardOpenOption.APPEND);
        OutcomeLog.Contents c = OutcomeLog.read(f);
        assertTrue(c.tornTail());
        assertEquals(3, c.outcomes().size());

        // Another file with the same contents is its own file.
        Path g = Files.copy(f, tmp.resolve("other.jsonl"));
        assertEquals(3, OutcomeLog.read(g).outcomes().size());
        Files.writeString(g, "");
        assertEquals(0, OutcomeLog.read(g).outcomes().size());
    }
}
