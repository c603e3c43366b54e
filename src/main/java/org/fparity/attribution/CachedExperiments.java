package org.fparity.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.Outcome;

/**
 * What every experiment runner shares, wherever it builds: an experiment already run is answered from memory, the rest
 * of a call are run together ({@link #runNew}), each once, and a run that gave no outcome is an outcome saying so.
 */
abstract class CachedExperiments implements ExperimentRunner {
    /** What one call built: an outcome per experiment run (by key; missing ones are filled in), and its batch builds. */
    record Batch(Map<Experiment.Key, Outcome> outcomes, int builds) {}

    private final Map<Experiment.Key, Outcome> done = new HashMap<>();
    private int builds;
    private int runs;

    /** Runs experiments none of which was run before, each once. */
    abstract Batch runNew(List<Experiment> experiments) throws InterruptedException;

    /** Where a run that gave no outcome was meant to run (its outcome's site and detail). */
    abstract String where();

    @Override
    public final List<Outcome> run(List<Experiment> experiments) throws InterruptedException {
        Map<Experiment.Key, Experiment> todo = new LinkedHashMap<>();
        for (Experiment e : experiments) if (!done.containsKey(e.key())) todo.putIfAbsent(e.key(), e);
        if (!todo.isEmpty()) {
            Batch b = runNew(List.copyOf(todo.values()));
            done.putAll(b.outcomes());
            builds += b.builds();
            runs += todo.size();
        }
        List<Outcome> out = new ArrayList<>(experiments.size());
        for (Experiment e : experiments) out.add(done.computeIfAbsent(e.key(), k -> missing(e)));
        return out;
    }

    private Outcome missing(Experiment e) {
        String where = where();
        return new Outcome(
                e.program().id(),
                0,
                e.toolchain(),
                "experiment",
                where,
                null,
                Outcome.Status.HARNESS_ERROR,
                null,
                "no outcome came back" + (ExperimentSites.local(where) ? "" : " from site " + where),
                e.toolchain(),
                0);
    }

    @Override
    public final int builds() {
        return builds;
    }

    @Override
    public final int runs() {
        return runs;
    }
}
