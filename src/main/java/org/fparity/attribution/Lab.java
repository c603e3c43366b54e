package org.fparity.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;

/**
 * Runs many cases' experiment procedures in lockstep, so that experiments of different cases are built together: each
 * procedure runs until it asks for an outcome not known yet; what every case asked for is then run in one call of the
 * runner (one batch per toolchain and flag set, however many cases share it), and the procedures run again from the
 * start, answered from memory up to their next question. A procedure must be deterministic given the outcomes.
 */
final class Lab {
    /** Thrown by a procedure that needs outcomes not known yet. */
    static final class Need extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient List<Experiment> experiments;

        Need(List<Experiment> experiments) {
            super(null, null, false, false);
            this.experiments = experiments;
        }
    }

    /** One case's procedure. */
    @FunctionalInterface
    interface Procedure<C, R> {
        R apply(C c);
    }

    private final ExperimentRunner runner;
    private final Map<Experiment.Key, Outcome> known = new HashMap<>();
    private final Runnable afterRound;

    Lab(ExperimentRunner runner, Runnable afterRound) {
        this.runner = runner;
        this.afterRound = afterRound;
    }

    ExperimentRunner runner() {
        return runner;
    }

    /** The outcome of one experiment (known), or a {@link Need}. */
    Outcome outcome(Experiment e) {
        Outcome o = known.get(e.key());
        if (o == null) throw new Need(List.of(e));
        return o;
    }

    /** Every case's result; cases are run in rounds until none needs more. */
    <C, R> Map<C, R> solve(List<C> cases, Procedure<C, R> procedure) throws InterruptedException {
        Map<C, R> out = new LinkedHashMap<>();
        List<C> pending = new ArrayList<>(cases);
        while (!pending.isEmpty()) {
            List<C> next = new ArrayList<>();
            List<Experiment> needed = new ArrayList<>();
            for (C c : pending) {
                try {
                    out.put(c, procedure.apply(c));
                } catch (Need n) {
                    needed.addAll(n.experiments);
                    next.add(c);
                }
            }
            if (!needed.isEmpty()) {
                List<Outcome> got = runner.run(needed);
                for (int i = 0; i < needed.size(); i++) known.put(needed.get(i).key(), got.get(i));
                afterRound.run();
            }
            pending = next;
        }
        return out;
    }
}
