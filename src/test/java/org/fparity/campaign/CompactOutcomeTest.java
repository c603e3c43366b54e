package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compact outcome log (campaign layout 3): what it holds, how big it is, and what a kill leaves. */
class CompactOutcomeTest {
    @TempDir
    Path tmp;

    /** Runs of every kind: results, a crash with a detail that needs escaping, a node, a site, no platform record. */
    private static List<Outcome> runs() {
        List<Outcome> out = new ArrayList<>();
        for (int p = 0; p < 20; p++) {
            String id = String.format("%016x", 0x6b7d807a15fd8ca7L + p * 7919L);
            for (int i = 0; i < 10; i++) {
                for (String opt : List.of("O0", "O2", "O3_FM")) {
                    out.add(new Outcome(
                            id,
                            i,
                            "clang-19",
                            opt,
                            "alpha",
                            null,
                            Outcome.Status.OK,
                            "-0x1.782e1b359acd" + p + "p+" + i,
                            null,
                            "clang-19@" + opt + "@alpha-a1f00d01",
                            1000 + p * i));
                }
            }
        }
        out.add(new Outcome(
                "0000000000000001",
                3,
                "nvcc-sm90",
                "O3_FM",
                "lumi",
                "NVIDIA H200 driver 550",
                Outcome.Status.CRASH,
                null,
                "signal 11 (SIGSEGV) in \"kernel\"\n\tat é",
                "nvcc@O3_FM-1",
                0));
        out.add(new Outcome(
                "0000000000000001", 4, "gcc", "O0", Outcome.Status.TIMEOUT, null, "ran past 10 s", null, 7));
        return out;
    }

    @Test
    void aCompactLogReadsBackTheSameOutcomesInUnderAThirdOfTheBytesOfJsonObjects() throws Exception {
        Path json = tmp.resolve("json.jsonl");
        Path compact = tmp.resolve("compact.jsonl");
        try (OutcomeLog a = OutcomeLog.open(json, s -> {}, OutcomeLog.Form.JSON);
                OutcomeLog b = OutcomeLog.open(compact, s -> {}, OutcomeLog.Form.COMPACT)) {
            for (Outcome o : runs()) {
                a.append(o);
                b.append(o);
            }
        }
        OutcomeLog.Contents read = OutcomeLog.read(compact);
        assertEquals(runs(), read.outcomes());
        assertEquals(List.of(), read.problems());
        assertEquals(runs(), OutcomeLog.read(json).outcomes());
        List<String> lines = Files.readAllLines(compact);
        // 3 clang platforms, the nvcc one and the gcc one, each declared once before its first run
        assertEquals(runs().size() + 5, lines.size());
        assertEquals(
                "{\"p\":0,\"toolchain\":\"clang-19\",\"opt\":\"O0\",\"site\":\"alpha\",\"platform\":\"clang-19@O0@alpha-a1f00d01\"}",
                lines.get(0));
        assertEquals("[\"6b7d807a15fd8ca7\",0,0,\"OK\",\"-0x1.782e1b359acd0p+0\",1000]", lines.get(1));
        assertEquals("[\"0000000000000001\",4,4,\"TIMEOUT\",null,7,\"ran past 10 s\"]", lines.getLast());
        long j = Files.size(json), c = Files.size(compact);
        assertTrue(c * 3 < j, c + " bytes compact against " + j + " as JSON objects");

        // export and merge read a log through OutcomeLines: the same JSON object lines from either spelling
        assertEquals(jsonLines(json), jsonLines(compact));
    }

    private static List<String> jsonLines(Path f) throws Exception {
        List<String> out = new ArrayList<>();
        try (OutcomeLines lines = OutcomeLines.open(f)) {
            while (lines.nextLine()) out.add(new String(lines.line(), 0, lines.length(), StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void aKillDuringAnAppendLosesOnlyThatRunAndTheNextAppendDeclaresItsPlatformAgain() throws Exception {
        Path f = tmp.resolve("outcomes.jsonl");
        List<Outcome> runs = runs();
        try (OutcomeLog log = OutcomeLog.open(f, s -> {}, OutcomeLog.Form.COMPACT)) {
            for (Outcome o : runs.subList(0, 10)) log.append(o);
        }
        long before = Files.size(f);
        Outcome crash = runs.get(runs.size() - 2); // a new platform: its append is a declaration and a run
        try (OutcomeLog log = OutcomeLog.open(f, s -> {}, OutcomeLog.Form.COMPACT)) {
            log.append(crash);
        }
        byte[] all = Files.readAllBytes(f);
        // killed in the middle of the declaration: the write is cut there
        Files.write(f, java.util.Arrays.copyOf(all, (int) before + 30));
        OutcomeLog.Contents torn = OutcomeLog.read(f);
        assertEquals(runs.subList(0, 10), torn.outcomes());
        assertEquals(1, torn.problems().size());
        assertTrue(
                torn.problems().getFirst().contains("torn last line"),
                torn.problems().getFirst());
        List<String> warned = new ArrayList<>();
        try (OutcomeLog log = OutcomeLog.open(f, warned::add, OutcomeLog.Form.COMPACT)) {
            log.append(crash);
            log.append(runs.get(10));
        }
        assertEquals(1, warned.size(), warned.toString());
        List<Outcome> want = new ArrayList<>(runs.subList(0, 10));
        want.add(crash);
        want.add(runs.get(10));
        assertEquals(want, OutcomeLog.read(f).outcomes());
        assertEquals(List.of(), OutcomeLog.read(f).problems());
        // an old platform's run is not declared again on resume
        assertEquals(
                4,
                Files.readAllLines(f).stream().filter(l -> l.startsWith("{")).count(),
                "clang-19 at O0, O2 and O3_FM, and nvcc, declared once each");
    }

    @Test
    void aRunNamingAnUndeclaredPlatformIsSetAsideNotGuessed() throws Exception {
        Path f = tmp.resolve("outcomes.jsonl");
        try (OutcomeLog log = OutcomeLog.open(f, s -> {}, OutcomeLog.Form.COMPACT)) {
            log.append(runs().get(0));
        }
        Files.writeString(
                f,
                "[\"6b7d807a15fd8ca7\",1,7,\"OK\",\"0x1p+0\",5]\n",
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        OutcomeLog.Contents c = OutcomeLog.read(f);
        assertEquals(List.of(runs().get(0)), c.outcomes());
        assertEquals(
                List.of(
                        "outcomes.jsonl line 3: unreadable outcome skipped (platform 7 is not declared before this line)"),
                c.problems());
        List<String> warned = new ArrayList<>();
        try (OutcomeLog log = OutcomeLog.open(f, warned::add, OutcomeLog.Form.COMPACT)) {
            log.append(runs().get(1));
        }
        assertEquals(
                List.of("[\"6b7d807a15fd8ca7\",1,7,\"OK\",\"0x1p+0\",5]"),
                Files.readAllLines(OutcomeLog.rejectedFile(f)));
        assertEquals(List.of(runs().get(0), runs().get(1)), OutcomeLog.read(f).outcomes());
    }

    @Test
    void twoCompactLogsConcatenatedStillReadEachRunUnderItsOwnPlatform() throws Exception {
        Path a = tmp.resolve("a.jsonl"), b = tmp.resolve("b.jsonl");
        List<Outcome> runs = runs();
        try (OutcomeLog la = OutcomeLog.open(a, s -> {}, OutcomeLog.Form.COMPACT);
                OutcomeLog lb = OutcomeLog.open(b, s -> {}, OutcomeLog.Form.COMPACT)) {
            la.append(runs.get(0)); // clang O0 is 0 in a
            lb.append(runs.get(1)); // clang O2 is 0 in b
        }
        Path both = tmp.resolve("both.jsonl");
        Files.write(both, Files.readAllBytes(a));
        Files.write(both, Files.readAllBytes(b), java.nio.file.StandardOpenOption.APPEND);
        assertEquals(List.of(runs.get(0), runs.get(1)), OutcomeLog.read(both).outcomes());
    }
}
