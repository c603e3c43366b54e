package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.exec.Outcome;
import org.fparity.exec.WorkerLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The login node appends a worker's compact run lines to a compact log as they came, its own numbering kept. */
class WorkerOutcomeAppendTest {
    @TempDir
    Path tmp;

    private static Outcome run(String tc, int input, String hex) {
        return new Outcome(
                "6b7d807a15fd8ca7", input, tc, "O2", "lumi", null, Outcome.Status.OK, hex, null, tc + "@O2@lumi-1", 99);
    }

    @Test
    void aWorkersRunLineIsAppendedAsItCameUnderTheLogsOwnNumberForItsPlatform() throws Exception {
        Path log = tmp.resolve("outcomes.jsonl");
        Outcome local = run("clang-19", 0, "0x1p+0");
        try (OutcomeLog out = OutcomeLog.open(log, w -> {}, OutcomeLog.Form.COMPACT)) {
            out.append(local); // the log numbers clang-19 0
        }
        // a worker at another site numbers its own platform 0 too
        WorkerLine.Writer worker = new WorkerLine.Writer();
        Outcome a = run("gcc", 1, "0x1.8p+1");
        Outcome b = run("gcc", 2, "-0x1.4p-3");
        WorkerLine.Reader reader = new WorkerLine.Reader();
        List<WorkerLine.Result> received = new java.util.ArrayList<>();
        for (Outcome o : List.of(a, b))
            for (String l : new String(worker.bytes(new WorkerLine.Result(o)), StandardCharsets.UTF_8)
                    .lines()
                    .toList()) if (reader.parse(l) instanceof WorkerLine.Result r) received.add(r);
        assertEquals(2, received.size());
        try (OutcomeLog out = OutcomeLog.open(log, w -> {}, OutcomeLog.Form.COMPACT)) {
            for (WorkerLine.Result r : received) out.append(r);
        }
        List<String> lines = Files.readAllLines(log);
        assertEquals(5, lines.size(), String.join("\n", lines));
        assertEquals(
                "{\"p\":1,\"toolchain\":\"gcc\",\"opt\":\"O2\",\"site\":\"lumi\",\"platform\":\"gcc@O2@lumi-1\"}",
                lines.get(2));
        // the worker's bytes, its 0 now the log's 1
        assertEquals("[\"6b7d807a15fd8ca7\",1,1,\"OK\",\"0x1.8p+1\",99]", lines.get(3));
        assertEquals("[\"6b7d807a15fd8ca7\",2,1,\"OK\",\"-0x1.4p-3\",99]", lines.get(4));
        assertEquals(List.of(local, a, b), OutcomeLog.read(log).outcomes());
    }
}
