package org.fparity.attribution;

import java.util.List;
import org.fparity.exec.Outcome;

/**
 * Runs a list of experiments and gives one outcome each, in order. The local runner builds one batch per toolchain
 * and flag set, as campaigns batch programs; a site-aware one only has to return the same outcomes.
 */
public interface ExperimentRunner {
    /** One outcome per experiment, in order (never null: a run that could not be made is an outcome saying why). */
    List<Outcome> run(List<Experiment> experiments) throws InterruptedException;

    /** Batch builds made so far (one per toolchain and flag set in each call, cached builds included). */
    int builds();

    /** Experiments run so far (each a run of one program on one input). */
    int runs();
}
