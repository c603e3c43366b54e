package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What a worker that is not being stopped delivers: every outcome, a program's own crash and a run that died of a stop
 * signal alike. (The other half, a worker stopped by Slurm's time limit delivering nothing more so that its runs end
 * as TIMEOUT, needs a real time limit: RemoteClusterTest#aTaskKilledByItsTimeLimitEndsAsTimeoutOutcomes.)
 */
class WorkerDeliveryTest {
    private static Outcome outcome(Outcome.Status status, String detail) {
        return new Outcome("6dc7a8e407b4affd", 0, "gcc", "O0", "local", null, status, null, detail, "gcc@O0@local", 10);
    }

    @Test
    void aWorkerThatIsNotStoppingDeliversEveryOutcomeARunKilledByAStopSignalAfterWaitingForTheStop() {
        assertTrue(Worker.deliverable(outcome(Outcome.Status.OK, null), 5000));
        assertTrue(Worker.deliverable(outcome(Outcome.Status.CRASH, "SIGSEGV: Segmentation fault"), 5000));

        long t0 = System.nanoTime();
        assertTrue(Worker.deliverable(outcome(Outcome.Status.CRASH, "SIGTERM: Terminated"), 300));
        long waited = System.nanoTime() - t0;
        assertTrue(
                waited >= 300_000_000L, "a run that died of SIGTERM was delivered after " + waited / 1_000_000 + " ms");
    }
}
