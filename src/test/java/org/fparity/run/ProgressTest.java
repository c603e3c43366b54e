package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;

class ProgressTest {
    private static final Outcome RUN = new Outcome("p", 0, "gcc", "O0", Outcome.Status.OK, "0x1p+0", null, "x", 1);

    /**
     * The first line used to say "1/100000 runs  1/s  ETA 34:52:39": a rate from one run after the compiles. No rate and
     * no ETA until runs have been timed for a while; then the rate counts from the first run, not from the start.
     */
    @Test
    void etaOnlyOnceARateIsKnown() {
        AtomicLong clock = new AtomicLong(1_000_000_000L);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p =
                new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 100_000, null, clock::get);
        clock.addAndGet(60_000_000_000L); // a minute of compiles before the first run
        p.record(RUN);
        String first = bytes.toString(StandardCharsets.UTF_8).strip();
        assertEquals("fparity: 1/100000 runs  not OK: 0", first);
        assertFalse(first.contains("ETA"), first);
        // 5 s later (a plain log line every 5 s): 10,000 more runs at 2,000/s
        for (int i = 0; i < 9_999; i++) p.record(RUN);
        clock.addAndGet(5_000_000_000L);
        p.record(RUN);
        String[] lines = bytes.toString(StandardCharsets.UTF_8).strip().split("\n");
        assertEquals(2, lines.length, String.join("\n", lines));
        // (100000 - 10001) / 2000 = 45 s
        assertEquals("fparity: 10001/100000 runs  2000/s  ETA 0:45  not OK: 0", lines[1]);
        assertTrue(lines[1].contains("ETA"));
    }
}
