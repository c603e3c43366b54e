package org.fparity.reduce;

import java.util.List;
import org.fparity.exec.Outcome;
import org.fparity.ir.Params;

/**
 * Runs reduction candidates on the two platforms of a discrepancy. Executor-agnostic: the local implementation builds
 * one batch per platform; a remote or recorded one only has to return the same pairs.
 */
public interface CandidateRunner {
    /** For each candidate, in order, {@code {outcome on A, outcome on B}} (an element is null if the run is missing). */
    List<Outcome[]> run(List<Params.WithInput> candidates) throws InterruptedException;

    /** Batches built so far (one per platform per call). */
    int batches();
}
