package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How a Slurm task that ended without delivering everything is read and recorded: the state from sacct, scontrol or
 * slurmstepd's last words (texts as Slurm 22.05 prints them), and the outcome it becomes once resubmission gives up.
 * A time limit is the run's result; a node failure, a preemption, out of memory or a cancel are the cluster's.
 */
class SlurmStatesTest {
    @TempDir
    Path tmp;

    @Test
    void sacctWinsAndOnlyItsFirstWordCounts() {
        for (String s : List.of("TIMEOUT", "NODE_FAIL", "PREEMPTED", "OUT_OF_MEMORY", "FAILED", "COMPLETED"))
            assertEquals(s, SlurmExecutor.stateOf(s + "\n", "", ""));
        assertEquals("CANCELLED", SlurmExecutor.stateOf("CANCELLED by 0\n", "JobState=TIMEOUT", ""));
        assertEquals("NODE_FAIL", SlurmExecutor.stateOf("\n  NODE_FAIL \nCOMPLETED\n", "", ""));
    }

    @Test
    void scontrolWhenThereIsNoAccounting() {
        String line =
                "JobId=12 ArrayJobId=11 ArrayTaskId=1 JobName=fparity-c1-1 UserId=root(0) Priority=1 JobState=NODE_FAIL Reason=NodeDown Dependency=(null) Requeue=0";
        assertEquals("NODE_FAIL", SlurmExecutor.stateOf("", line, ""));
        assertEquals(
                "PREEMPTED",
                SlurmExecutor.stateOf(
                        "",
                        line.replace("NODE_FAIL", "PREEMPTED"),
                        "*** JOB 12 ON node0 CANCELLED AT 2026-11-22T10:00:00 DUE TO TIME LIMIT ***"));
        assertEquals("OUT_OF_MEMORY", SlurmExecutor.stateOf(null, line.replace("NODE_FAIL", "OUT_OF_MEMORY"), null));
    }

    @Test
    void slurmstepdsLastWordsWhenSlurmForgotTheJob() {
        String at = "slurmstepd-node0: error: *** JOB 11 ON node0 CANCELLED AT 2026-11-22T10:00:00";
        assertEquals("TIMEOUT", SlurmExecutor.stateOf("", "", "out\n" + at + " DUE TO TIME LIMIT ***\n"));
        assertEquals("PREEMPTED", SlurmExecutor.stateOf("", "", at + " DUE TO PREEMPTION ***"));
        assertEquals("NODE_FAIL", SlurmExecutor.stateOf("", "", at + " DUE TO NODE FAILURE ***"));
        assertEquals("CANCELLED", SlurmExecutor.stateOf("", "", at + " ***"));
        assertEquals("CANCELLED (job requeued)", SlurmExecutor.stateOf("", "", at + " DUE TO JOB REQUEUED ***"));
        assertEquals(
                "OUT_OF_MEMORY",
                SlurmExecutor.stateOf(
                        "",
                        "",
                        "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=12.batch. Some of your processes may have been killed by the cgroup out-of-memory handler."));
        assertNull(SlurmExecutor.stateOf("", "", "fparity-worker: compile failed\n"));
        assertNull(SlurmExecutor.stateOf(null, null, null));
    }

    @Test
    void aTimeLimitIsTheRunsResultAnythingElseIsInfrastructure() {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        Job.Line l = new Job.Line("p1", 2, List.of("1.5"));
        JobSpec j = new JobSpec(
                JobSpec.SCHEMA, "B", "hpc", gcc, "O2", List.of(new JobSpec.ProgramText("p1", "x")), List.of(l));
        Outcome t = SlurmExecutor.giveUp(j, l, "TIMEOUT", 3);
        assertEquals(Outcome.Status.TIMEOUT, t.status());
        assertEquals("slurm: task ended TIMEOUT in 3 attempts (its time limit)", t.detail());
        assertEquals("p1/2/gcc@O2@hpc", t.key());
        for (String st : List.of(
                "NODE_FAIL",
                "PREEMPTED",
                "OUT_OF_MEMORY",
                "CANCELLED",
                "(state unknown: Slurm no longer remembers the task)")) {
            Outcome o = SlurmExecutor.giveUp(j, l, st, 1);
            assertEquals(Outcome.Status.CANNOT_RUN, o.status(), st);
            assertEquals("slurm: task ended " + st + " in 1 attempts (infrastructure, not the program)", o.detail());
            assertNull(o.hex());
        }
    }

    @Test
    void aRestartedWorkerSkipsWhatItsOutcomeFileHoldsAndClosesATornLine() throws Exception {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        List<Job.Line> lines = List.of(
                new Job.Line("p1", 0, List.of("1")),
                new Job.Line("p1", 1, List.of("2")),
                new Job.Line("p2", 0, List.of("3")));
        JobSpec j = new JobSpec(
                JobSpec.SCHEMA,
                "B",
                "hpc",
                gcc,
                "O2",
                List.of(new JobSpec.ProgramText("p1", "x"), new JobSpec.ProgramText("p2", "y")),
                lines);
        JobSpec k = new JobSpec(
                JobSpec.SCHEMA, "B", "hpc", gcc, "O3", j.programs(), List.of(new Job.Line("p1", 0, List.of("1"))));
        Path out = tmp.resolve("task.jsonl");
        assertEquals(List.of(j, k), Worker.resume(out, List.of(j, k)), "no file: everything runs");
        Outcome done = new Outcome("p1", 1, "gcc", "O2", "hpc", null, Outcome.Status.OK, "0x1p+0", null, "gcc@O2-x", 5);
        Outcome doneK =
                new Outcome("p1", 0, "gcc", "O3", "hpc", null, Outcome.Status.OK, "0x1p+0", null, "gcc@O3-x", 5);
        Files.writeString(
                out,
                WorkerLine.format(new WorkerLine.Result(done)) + "\n" + WorkerLine.format(new WorkerLine.Result(doneK))
                        + "\n{\"program\":\"p2\",\"inp");
        List<JobSpec> left = Worker.resume(out, List.of(j, k));
        assertEquals(1, left.size(), "the O3 job is done, so it is dropped");
        assertEquals(List.of(lines.get(0), lines.get(2)), left.getFirst().lines());
        String text = Files.readString(out);
        assertTrue(text.endsWith("\"inp\n"), "the torn line is closed, not glued to the next one");
        // The same file read again gives the same answer (the closed torn line is just noise).
        assertEquals(left, Worker.resume(out, List.of(j, k)));
    }
}
