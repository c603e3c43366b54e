package org.fparity.reduce;

import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;
import org.fparity.ir.NodePath;
import org.fparity.ir.Params;

/**
 * Runs reduction candidates on the two platforms of a discrepancy. Executor-agnostic: the local implementation builds
 * one batch per platform; a remote or recorded one only has to return the same pairs.
 */
public interface CandidateRunner {
    /** For each candidate, in order, {@code {outcome on A, outcome on B}} (an element is null if the run is missing). */
    List<Outcome[]> run(List<Params.WithInput> candidates) throws InterruptedException;

    /**
     * This runner with every candidate in a binary of its own (a run that ends differently: a crash depends on the whole
     * binary); a runner whose every run is its own binary already is itself.
     */
    default CandidateRunner eachAlone() {
        return this;
    }

    /** Batches built so far (one per platform per call). */
    int batches();

    /**
     * {@code {outcome on A, outcome on B}} of one candidate in the single-program form a reproducer ships — the form a
     * reduction step must keep the discrepancy in (fast math lets a batch's other programs change a result). A runner
     * whose batch form is the single-program form (in-process platforms) may leave the default.
     */
    default Outcome[] standalone(Params.WithInput candidate) throws InterruptedException {
        return run(List.of(candidate)).getFirst();
    }

    /**
     * The values each platform computed at the candidate's nodes ({A's, B's}; a node that took several values is left
     * out), for the pass that replaces a sub-expression by the literal a platform computed there. Empty when the
     * runner cannot trace (the pass then offers the reference's values only).
     */
    default List<Map<NodePath, Double>> values(Params.WithInput candidate) throws InterruptedException {
        return List.of();
    }
}
