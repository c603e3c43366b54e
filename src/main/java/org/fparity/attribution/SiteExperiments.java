package org.fparity.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fparity.exec.Outcome;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.run.SiteRuns;
import org.fparity.util.Hashes;

/**
 * Runs experiments at one site (a host over ssh, a Slurm cluster, this machine as a site) through the engine
 * ({@link SiteRuns}): one call is one job document for the site, one job per toolchain and flag set, each a batch of
 * its programs (each program once, fed every input it is asked on), built there with the site's own descriptor of
 * the toolchain. An experiment already run is answered from memory. A run gets {@link LocalExperiments#RUN_SECONDS},
 * as here.
 */
public final class SiteExperiments extends CachedExperiments {
    private final SiteExecutor site;
    private final Function<String, Toolchain> descriptors;
    private final Function<String, FlagModel> models;
    private int calls;

    /**
     * @param descriptors the site's descriptor of a toolchain name (its flags as recorded there; the node detects it)
     * @param models      the knob model of a toolchain (how its flag words become build words)
     */
    public SiteExperiments(
            SiteExecutor site, Function<String, Toolchain> descriptors, Function<String, FlagModel> models) {
        this.site = site;
        this.descriptors = descriptors;
        this.models = models;
    }

    public String site() {
        return site.site();
    }

    @Override
    Batch runNew(List<Experiment> experiments) throws InterruptedException {
        List<SiteRuns.Run> batch = new ArrayList<>(experiments.size());
        Map<String, Level> levels = new LinkedHashMap<>();
        for (Experiment e : experiments) {
            Level l =
                    levels.computeIfAbsent(e.toolchain() + "\u0000" + String.join("\u0000", e.flags()), k -> level(e));
            batch.add(new SiteRuns.Run(e.program(), e.input(), l.toolchain(), l.name()));
        }
        List<Outcome> got = SiteRuns.run(site, String.format("Triage%04d", ++calls), batch);
        Map<Experiment.Key, Outcome> out = new HashMap<>();
        for (int i = 0; i < experiments.size(); i++) {
            if (got.get(i) != null) out.put(experiments.get(i).key(), got.get(i));
        }
        return new Batch(out, levels.size());
    }

    @Override
    String where() {
        return site.site();
    }

    /** An experiment's flags as an opt level of the site's descriptor: its name and the descriptor holding it. */
    private record Level(String name, Toolchain toolchain) {}

    /**
     * The experiment's flags as build words, a level named by their hash (two flag sets, two levels, two batches) of the
     * site's descriptor, with the short run limit.
     */
    private Level level(Experiment e) {
        List<String> words = models.apply(e.toolchain()).argv(e.flags());
        String name = "t" + Hashes.sha256Hex(String.join("\u0000", words)).substring(0, 12);
        Toolchain tc = descriptors.apply(e.toolchain()).withLevel(name, words);
        if (tc.runTimeout() > LocalExperiments.RUN_SECONDS)
            tc = tc.withTimeouts(tc.compileTimeoutSeconds(), LocalExperiments.RUN_SECONDS, tc.startupTimeoutSeconds());
        return new Level(name, tc);
    }
}
