package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.fparity.ExitCode;
import org.fparity.exec.Outcome;
import org.fparity.run.CampaignRunner;
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

    @Test
    void aTornTailIsDroppedAndCutOffBeforeTheNextAppend() throws Exception {
        Path f = tmp.resolve("torn.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
        }
        String torn = "{\"program\":\"p\",\"input\":1,\"tool";
        Files.writeString(f, torn, StandardOpenOption.APPEND); // killed mid-line
        OutcomeLog.Contents c = OutcomeLog.read(f);
        assertTrue(c.tornTail());
        assertEquals(1, c.outcomes().size());
        assertEquals(
                java.util.List.of("torn.jsonl line 2: torn last line (" + torn.length() + " bytes) dropped"),
                c.problems());
        java.util.List<String> warnings = new java.util.ArrayList<>();
        try (OutcomeLog log = OutcomeLog.open(f, warnings::add)) {
            log.append(ok("p", 1, "0x1.8p+0"));
        }
        assertEquals(c.problems(), warnings, "the torn line is reported when the log is reopened");
        OutcomeLog.Contents after = OutcomeLog.read(f);
        assertEquals(
                java.util.List.of(), after.problems(), "the torn bytes were cut off: the new line starts on its own");
        assertEquals(
                java.util.List.of("0x1p+0", "0x1.8p+0"),
                after.outcomes().stream().map(Outcome::hex).toList());
        assertEquals(2, Files.readAllLines(f).size());
    }

    @Test
    void aCorruptLineInTheMiddleIsSkippedByReadingAndSetAsideByTheNextOpen() throws Exception {
        Path f = tmp.resolve("outcomes.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
        }
        String garbage = "{not json at all\n{\"program\":\"p\",\"input\":0,\"micros\":0}\n";
        Files.writeString(f, garbage, StandardOpenOption.APPEND);
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 2, "0x1p+2"));
        }
        Files.writeString(
                f,
                "{\"program\":\"p\",\"input\":1,\"tool\u0000chain\n",
                StandardOpenOption.APPEND); // two writers' lines run together
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 3, "0x1p+3"));
        }
        OutcomeLog.Contents c = OutcomeLog.read(f);
        assertEquals(
                java.util.List.of("0x1p+0", "0x1p+2", "0x1p+3"),
                c.outcomes().stream().map(Outcome::hex).toList());
        // a resume (open) repaired the log: nothing left that does not read, the lines kept as they were in the side
        // file
        assertEquals(java.util.List.of(), c.problems());
        assertEquals(
                garbage + "{\"program\":\"p\",\"input\":1,\"tool\u0000chain\n",
                Files.readString(tmp.resolve("outcomes.rejected.jsonl")));
        assertEquals(3, Files.readAllLines(f).size());

        // reading alone changes nothing and says what it skipped
        Files.writeString(f, "{not json\n", StandardOpenOption.APPEND);
        OutcomeLog.Contents r = OutcomeLog.read(f);
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(
                r.problems().get(0).startsWith("outcomes.jsonl line 4: unreadable outcome skipped ("),
                r.problems().get(0));
        java.util.List<String> said = new java.util.ArrayList<>();
        try (OutcomeLog log = OutcomeLog.open(f, said::add)) {
            assertEquals(java.util.List.of(), log.contents().problems());
        }
        assertEquals(1, said.size(), said.toString());
        assertTrue(
                said.get(0)
                        .startsWith(
                                "outcomes.jsonl: 1 line that is not an outcome of this campaign set aside in outcomes.rejected.jsonl (first: line 4: unreadable outcome"),
                said.get(0));
    }

    @Test
    void outcomesTheCampaignDoesNotListAreSetAsideByAResume() throws Exception {
        Path f = tmp.resolve("reruns-1.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
            log.append(ok("p", -1, "0x1p+0"));
            log.append(ok("p", 1_000_000_000, "0x1p+0"));
            log.append(ok("nosuch", 0, "0x1p+0"));
        }
        java.util.List<String> said = new java.util.ArrayList<>();
        java.util.Map<String, Integer> inputsOf = java.util.Map.of("p", 2);
        try (OutcomeLog log = OutcomeLog.open(f, said::add, o -> CampaignRunner.misfit(o, inputsOf))) {
            assertEquals(
                    java.util.List.of("p/0/gcc@O0@local"),
                    log.contents().outcomes().stream().map(Outcome::key).toList());
        }
        assertEquals(
                java.util.List.of(
                        "reruns-1.jsonl: 3 lines that are not outcomes of this campaign set aside in reruns-1.rejected.jsonl"
                                + " (first: line 2: unreadable outcome skipped (program p input -1, which has only 2 inputs))"),
                said);
        assertEquals(
                3, Files.readAllLines(tmp.resolve("reruns-1.rejected.jsonl")).size());
        assertEquals(1, Files.readAllLines(f).size());
    }

    @Test
    void aRunRecordedTwiceWithDifferentResultsIsAConflictNamingBothLines() throws Exception {
        Path f = tmp.resolve("outcomes.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
            log.append(ok("p", 1, "0x1p+0"));
            log.append(new Outcome(
                    "p",
                    1,
                    "gcc",
                    "O0",
                    Outcome.Status.OK,
                    "0x1p+0",
                    "other detail",
                    "gcc@O0",
                    99)); // same result: a plain duplicate
            log.append(ok("p", 0, "0x1.8p+0"));
        }
        OutcomeLog.Contents c = OutcomeLog.read(f);
        assertEquals(2, c.duplicates());
        assertEquals(
                java.util.List.of(
                        "conflict: p input 0 on gcc@O0@local is OK 0x1p+0 at line 1 but OK 0x1.8p+0 at line 4 of outcomes.jsonl"),
                c.conflicts());
    }

    @Test
    void duplicateLinesCountOnceAndTheFirstWins() throws Exception {
        Path f = tmp.resolve("dups.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
            log.append(ok("p", 0, "0x1p+0"));
            log.append(ok("p", 0, "0x1p+3")); // same key, other result: still a duplicate run; the first is kept
            log.append(ok("q", 0, "0x1p+0"));
        }
        OutcomeLog.Contents c = OutcomeLog.read(f);
        assertEquals(2, c.duplicates());
        assertEquals(
                java.util.List.of("p/0/gcc@O0@local", "q/0/gcc@O0@local"),
                c.outcomes().stream().map(Outcome::key).toList());
        assertEquals("0x1p+0", c.outcomes().get(0).hex());
        assertEquals(java.util.List.of(), c.problems());
    }

    @Test
    void whatTheLogHoldsIsWhatReadingItBackGives() throws Exception {
        Path f = tmp.resolve("held.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
            log.append(ok("p", 1, "0x1.8p+0"));
        }
        Files.writeString(f, "not json\n{\"program\":\"p\",\"inp", StandardOpenOption.APPEND);
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("q", 0, "-0x1p-1074"));
            log.append(ok("p", 0, "0x1p+1")); // the same run again: a duplicate, the first one wins
            log.append(new Outcome(
                    "q", 1, "gcc", "O0", Outcome.Status.CRASH, null, "signal 11 \"SEGV\"\t\u00e9", "gcc@O0", 7));
            OutcomeLog.Contents held = log.contents();
            OutcomeLog.Contents read = OutcomeLog.read(f);
            assertEquals(read.outcomes(), held.outcomes());
            assertEquals(read.duplicates(), held.duplicates());
            assertEquals(1, held.duplicates());
            assertEquals(read.problems(), held.problems());
            assertEquals(
                    0,
                    held.problems().size(),
                    "the line that is not JSON was set aside when the log was opened: " + held.problems());
            assertEquals(read.validBytes(), held.validBytes());
            assertEquals(read.tornTail(), held.tornTail());
            assertEquals("0x1p+0", held.outcomes().getFirst().hex());
        }
    }

    @Test
    void eachLineIsTheBytesJacksonWrites() throws Exception {
        java.util.List<Outcome> os = java.util.List.of(
                ok("6b7d807a15fd8ca7", 0, "0x1.8p+0"),
                ok("p", 49, "-nan"),
                ok("p", 3, "-0x0p+0"),
                new Outcome(
                        "p",
                        7,
                        "clang-14",
                        "O3_FM",
                        "lumi",
                        "avx512",
                        Outcome.Status.OK,
                        "inf",
                        null,
                        "clang-14@O3_FM-8019ed98",
                        123456789012L),
                new Outcome(
                        "p",
                        2,
                        "gcc",
                        "O2",
                        Outcome.Status.TIMEOUT,
                        null,
                        "no answer within 10 s; process tree killed",
                        "gcc@O2",
                        10_000_000),
                new Outcome(
                        "p",
                        2,
                        "gcc",
                        "O2",
                        Outcome.Status.COMPILE_ERROR,
                        null,
                        "x.c:3: error: expected ';' before \"}\" token\n\tat\\",
                        "gcc@O2",
                        0),
                new Outcome(
                        "p",
                        2,
                        "gcc",
                        "O2",
                        Outcome.Status.CRASH,
                        null,
                        "SIGSEGV: caf\u00e9 \u2192 \u0001\u007f",
                        "gcc@O2",
                        -1),
                new Outcome("p", -1, "gcc", "O1", null, null, null, null, 0),
                new Outcome(null, 0, null, null, Outcome.Status.CANNOT_RUN, null, "no GPU", null, 0));
        for (Outcome o : os) {
            assertEquals(
                    new String(OutcomeLog.WRITER.writeValueAsBytes(o), java.nio.charset.StandardCharsets.UTF_8),
                    new String(OutcomeLog.line(o), java.nio.charset.StandardCharsets.UTF_8),
                    o.toString());
            org.junit.jupiter.api.Assertions.assertArrayEquals(
                    OutcomeLog.WRITER.writeValueAsBytes(o), OutcomeLog.line(o), o.toString());
        }
    }

    @Test
    void aLogReadBackInTheProcessThatWroteItIsWhatParsingItGives() throws Exception {
        Path f = tmp.resolve("reruns-1.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {})) {
            log.append(ok("p", 0, "0x1p+0"));
            log.append(new Outcome("p", 1, "gcc", "O0", Outcome.Status.CRASH, null, "SIGFPE \"x\"", "gcc@O0", 5));
            log.append(ok("p", 0, "0x1p+1")); // the same run again: the first one counts, a duplicate
        }
        OutcomeLog.Contents kept = OutcomeLog.read(f);
        // a copy is another file: parsed
        OutcomeLog.Contents parsed = OutcomeLog.read(Files.copy(f, tmp.resolve("copy.jsonl")));
        assertEquals(parsed.outcomes(), kept.outcomes());
        assertEquals(2, kept.outcomes().size());
        assertEquals("0x1p+0", kept.outcomes().getFirst().hex());
        assertEquals(parsed.duplicates(), kept.duplicates());
        assertEquals(parsed.problems(), kept.problems());
        assertEquals(parsed.validBytes(), kept.validBytes());
        assertEquals(Files.size(f), kept.validBytes());
        // written to by someone else after closing: read afresh
        Files.writeString(f, new String(OutcomeLog.line(ok("p", 2, "0x1p+2"))) + "\n", StandardOpenOption.APPEND);
        assertEquals(3, OutcomeLog.read(f).outcomes().size());
    }

    /** A log that links to a device is refused in one line before a byte is read (it used to read /dev/zero until out of memory). */
    @Test
    void aLogThatIsADeviceIsRefusedNotRead() throws Exception {
        Path log = tmp.resolve("outcomes.jsonl");
        Files.createSymbolicLink(log, Path.of("/dev/zero"));
        org.fparity.FparityError e = org.junit.jupiter.api.Assertions.assertThrows(
                org.fparity.FparityError.class, () -> OutcomeLog.read(log));
        assertEquals(log + " is not a regular file: a campaign's outcomes are a file in its folder", e.getMessage());
        assertEquals(ExitCode.BAD_INPUT, e.code());
        e = org.junit.jupiter.api.Assertions.assertThrows(
                org.fparity.FparityError.class, () -> OutcomeLog.open(log, w -> {}));
        assertEquals(2, e.exitCode());
    }
}
