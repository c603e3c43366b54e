package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a worker sends back: outcomes compact (as a campaign keeps them at rest), and an older worker's lines still read. */
class WorkerLineTest {
    static final Outcome OK = new Outcome(
            "6b7d807a15fd8ca7",
            12,
            "gcc",
            "O2",
            "lumi",
            null,
            Outcome.Status.OK,
            "0x1.921fb54442d18p+1",
            null,
            "gcc@O2@lumi-1a2b3c4d",
            1423);
    static final Outcome CRASH = new Outcome(
            "6b7d807a15fd8ca7",
            3,
            "clang-19",
            "O3_FM",
            "lumi",
            null,
            Outcome.Status.CRASH,
            null,
            "signal 11",
            "clang-19@O3_FM@lumi-5e6f7a8b",
            0);
    static final Outcome ODD = new Outcome(
            "6b7d807a15fd8ca7",
            4,
            "gcc",
            "O2",
            "lumi",
            null,
            Outcome.Status.COMPILE_ERROR,
            null,
            "error: \"x\" undeclared\n",
            "gcc@O2@lumi-1a2b3c4d",
            0);

    @Test
    void aWorkerStreamIsCompactAndReadsBackTheSameOutcomes() {
        WorkerLine.Writer w = new WorkerLine.Writer();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Outcome o : List.of(OK, CRASH, OK, ODD)) out.writeBytes(w.bytes(new WorkerLine.Result(o)));
        out.writeBytes(w.bytes(new WorkerLine.End(2, 4)));
        String text = out.toString(StandardCharsets.UTF_8);
        List<String> lines = text.lines().toList();
        // two declarations, four runs (the escaped one in general JSON), the end marker
        assertEquals(7, lines.size(), text);
        assertEquals("[\"6b7d807a15fd8ca7\",12,0,\"OK\",\"0x1.921fb54442d18p+1\",1423]", lines.get(1));
        // about a third of the bytes of the same outcomes as JSON objects
        int objects = 0;
        for (Outcome o : List.of(OK, CRASH, OK))
            objects += WorkerLine.format(new WorkerLine.Result(o)).length() + 1;
        int compact =
                lines.get(1).length() + lines.get(3).length() + lines.get(4).length() + 3;
        assertTrue(compact * 3 < objects, compact + " bytes compact against " + objects + " as objects");

        WorkerLine.Reader r = new WorkerLine.Reader();
        List<WorkerLine> read = new ArrayList<>();
        for (String l : lines) {
            WorkerLine x = r.parse(l);
            if (x != null) read.add(x);
        }
        assertEquals(5, read.size());
        assertEquals(OK, ((WorkerLine.Result) read.get(0)).outcome());
        assertEquals(CRASH, ((WorkerLine.Result) read.get(1)).outcome());
        assertEquals(OK, ((WorkerLine.Result) read.get(2)).outcome());
        assertEquals(ODD, ((WorkerLine.Result) read.get(3)).outcome());
        assertEquals(new WorkerLine.End(2, 4), read.get(4));
        // a plain run line comes with its bytes and where its platform number is; an escaped one without
        WorkerLine.Spelt s = ((WorkerLine.Result) read.get(1)).spelt();
        assertEquals(lines.get(3), new String(s.line(), StandardCharsets.UTF_8));
        assertEquals("1", new String(s.line(), s.numberFrom(), s.numberTo() - s.numberFrom(), StandardCharsets.UTF_8));
        assertNull(((WorkerLine.Result) read.get(3)).spelt());
    }

    @Test
    void anOlderWorkersJsonObjectLinesAreStillRead() {
        WorkerLine.Reader r = new WorkerLine.Reader();
        WorkerLine.Result res =
                assertInstanceOf(WorkerLine.Result.class, r.parse(WorkerLine.format(new WorkerLine.Result(OK))));
        assertEquals(OK, res.outcome());
        assertNull(res.spelt());
        assertEquals(new WorkerLine.End(1, 1), r.parse(WorkerLine.format(new WorkerLine.End(1, 1))));
    }

    @Test
    void aRunWhosePlatformWasNotDeclaredOrATornLineIsNoOutcome() {
        WorkerLine.Reader r = new WorkerLine.Reader();
        assertNull(r.parse("[\"6b7d807a15fd8ca7\",12,0,\"OK\",\"0x1p+0\",1423]"));
        assertNull(r.parse("[\"6b7d807a15fd8ca7\",12,0,\"O"));
        assertNull(r.parse("Last login: Fri Nov 27 from 10.0.0.1"));
    }
}
