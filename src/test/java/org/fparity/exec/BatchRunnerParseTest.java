package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** How one answer line of a batch harness becomes an outcome: results, harness errors, and everything malformed. */
class BatchRunnerParseTest {
    private static BatchRunner.Answer parse(String line, int position) {
        return BatchRunner.parse(line, position, 42);
    }

    @Test
    void resultsAreKeptBitExactInGlibcSpelling() {
        BatchRunner.Answer a = parse("3 0x1.8p+1 3", 3);
        assertEquals(new BatchRunner.Answer(Outcome.Status.OK, "0x1.8p+1", null, 42), a);
        assertEquals(
                "0x0.0000000000001p-1022",
                parse("0 0x0.0000000000001p-1022 4.9e-324", 0).hex());
        assertEquals("-0x0p+0", parse("0 -0x0p+0 -0", 0).hex());
        assertEquals("-nan", parse("7 -nan -nan", 7).hex());
        assertEquals("inf", parse("7 inf inf", 7).hex());
        // Java's and Python's spellings are read and re-spelt as glibc prints them
        assertEquals("0x1p+0", parse("1 0x1.0p0 1", 1).hex());
        assertEquals("0x1.8p+1", parse("  2   0x1.8p+1   3.0  ", 2).hex(), "blanks around and between fields");
    }

    @Test
    void harnessErrorsCarryTheirReason() {
        BatchRunner.Answer a = parse("5 error bad value 2", 5);
        assertEquals(Outcome.Status.HARNESS_ERROR, a.status());
        assertNull(a.hex());
        assertEquals("bad value 2", a.detail());
        assertEquals("error", parse("5 error", 5).detail());
    }

    @Test
    void malformedAnswersAreHarnessErrorsNotCrashes() {
        assertEquals(
                new BatchRunner.Answer(Outcome.Status.HARNESS_ERROR, null, "unreadable answer: garbage", 42),
                parse("garbage", 0));
        assertEquals(
                "answer for index 4 where 3 was expected: 4 0x1p+0 1",
                parse("4 0x1p+0 1", 3).detail());
        assertEquals("not a number: 3 zero 0", parse("3 zero 0", 3).detail());
        String longLine = "3 " + "x".repeat(400);
        String d = parse(longLine, 3).detail();
        assertEquals(Outcome.Status.HARNESS_ERROR, parse(longLine, 3).status());
        assertEquals("not a number: " + longLine.substring(0, 300) + "…", d, "clipped to 300 characters");
    }
}
