package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressLineTest {
    /**
     * flip ran for minutes without a line when not on a terminal (one silent 2-minute stretch): now a line every 5 s
     * with cells, candidates, candidates run and verified flips, and one at the end.
     */
    @Test
    void aLineEveryFiveSecondsWithCellsCandidatesAndVerifiedFlips() {
        AtomicLong clock = new AtomicLong();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ProgressLine p = new ProgressLine(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, clock::get);
        p.cells(1, 0, 900);
        assertEquals("", bytes.toString(StandardCharsets.UTF_8), "not before 5 s");
        clock.addAndGet(5_000_000_000L);
        p.cells(12, 3, 5_000);
        clock.addAndGet(2_000_000_000L);
        p.round(3, 1, 7_000);
        clock.addAndGet(3_000_000_000L);
        p.cells(30, 8, 10_000);
        p.finish();
        assertEquals(
                List.of(
                        "fparity flip: 12 cells searched, 3 candidates, 0 run on the platforms, 0 verified flips, 5.0 s",
                        "fparity flip: 30 cells searched, 8 candidates, 3 run on the platforms, 1 verified flip, 10.0 s",
                        "fparity flip: 30 cells searched, 8 candidates, 3 run on the platforms, 1 verified flip, 10.0 s"),
                bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }

    private static FlipRun.Checked checked(int id, boolean verified, int pairs) {
        Candidate c = new Candidate(
                id, List.of("0x1p+" + id), Map.of(), 0, Interval.ALL, Interval.ALL, Map.of(), List.of(), 0, "cell", "");
        List<List<String>> dis = java.util.Collections.nCopies(pairs, List.of("gcc@O0", "gcc@O3_FM"));
        return new FlipRun.Checked(c, null, verified, dis, id);
    }

    /** flip never printed an example flipping input: the best is the one most pairs disagree on, the earliest of those. */
    @Test
    void theBestFlipIsTheOneMostPairsDisagreeOn() {
        FlipRun.Result r = new FlipRun.Result(
                null,
                List.of(checked(0, false, 0), checked(1, true, 1), checked(2, true, 3), checked(3, true, 3)),
                List.of(),
                List.of(),
                0,
                0,
                0);
        assertEquals(2, r.best().candidate().id());
        FlipRun.Result none = new FlipRun.Result(null, List.of(checked(0, false, 0)), List.of(), List.of(), 0, 0, 0);
        assertEquals(null, none.best());
    }
}
