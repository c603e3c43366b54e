package org.fparity.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.fparity.exec.Job;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.WorkerLine;
import org.fparity.ir.Input;
import org.fparity.ir.Program;

/**
 * Runs that are not a campaign's (reduction candidates, attribution experiments) through the same engine, at any
 * site: "these programs on these inputs on these platforms, at site S" in, one outcome per run out. One call is one
 * job document for the site: one job per platform (descriptor × opt level, the descriptor carrying any extra flags),
 * each job's programs built into one batch binary there, so a round of candidates costs one build per platform.
 */
public final class SiteRuns {
    private SiteRuns() {}

    /**
     * One run: a program on one input, built by {@code toolchain} (the descriptor as the site should use it: its flags,
     * timeouts) at {@code opt}. Each run is one program of its job's batch.
     */
    public record Run(Program program, Input input, Toolchain toolchain, String opt) {}

    /**
     * Runs every run at {@code site} and returns their outcomes in the same order (an element is null when the site
     * delivered none for it). {@code name}: the batch name stem, a class-name prefix unique among this caller's calls
     * ({@code Reduce0003}); a site's build cache keys by content, so the same batch again is not rebuilt.
     */
    public static List<Outcome> run(SiteExecutor site, String name, List<Run> runs) throws InterruptedException {
        return run(site, name, runs, false);
    }

    /**
     * As {@link #run(SiteExecutor, String, List)}; {@code alone}: each run in a binary of its own (one job each, still
     * one job document), for a result that depends on the whole binary (a crash).
     */
    public static List<Outcome> run(SiteExecutor site, String name, List<Run> runs, boolean alone)
            throws InterruptedException {
        if (runs.isEmpty()) return List.of();
        Map<String, Integer> index = new ConcurrentHashMap<>();
        // one job per platform: the same descriptor and opt level share a batch; runs keep their order within it
        Map<List<Object>, List<Integer>> byPlatform = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            byPlatform
                    .computeIfAbsent(
                            alone
                                    ? List.of(i)
                                    : List.of(
                                            runs.get(i).toolchain(), runs.get(i).opt()),
                            k -> new ArrayList<>())
                    .add(i);
        }
        List<JobSpec> jobs = new ArrayList<>();
        int k = 0;
        for (List<Integer> group : byPlatform.values()) {
            List<Job.Line> lines = new ArrayList<>();
            // a program asked on several inputs is in the batch once, one line per input (as a campaign's batch)
            Map<String, String> idOf = new java.util.HashMap<>();
            Map<String, String> textOf = new LinkedHashMap<>();
            Map<String, List<List<String>>> inputs = new java.util.HashMap<>();
            for (int i : group) {
                String text = runs.get(i).program().canonical();
                String id = idOf.get(text);
                if (id == null) {
                    id = "r" + i; // not a program hash: the worker takes the text as it comes
                    idOf.put(text, id);
                    textOf.put(id, text);
                }
                List<List<String>> ins = inputs.computeIfAbsent(id, x -> new ArrayList<>());
                int input = ins.size();
                ins.add(runs.get(i).input().args());
                lines.add(new Job.Line(id, input, runs.get(i).input().args()));
                index.put(id + "/" + input, i);
            }
            // each program with the inputs it runs on here: a site stores them with its text
            List<JobSpec.ProgramText> texts = new ArrayList<>();
            textOf.forEach((id, text) -> texts.add(new JobSpec.ProgramText(id, text, inputs.get(id))));
            Run first = runs.get(group.getFirst());
            jobs.add(new JobSpec(
                    JobSpec.SCHEMA, name + "_" + k++, site.site(), first.toolchain(), first.opt(), texts, lines));
        }
        Outcome[] out = new Outcome[runs.size()];
        site.execute(
                jobs,
                w -> {
                    if (w instanceof WorkerLine.Result r) {
                        Integer i = index.get(
                                r.outcome().program() + "/" + r.outcome().input());
                        if (i != null) {
                            synchronized (out) {
                                if (out[i] == null) out[i] = r.outcome();
                            }
                        }
                    }
                },
                s -> {});
        return java.util.Arrays.asList(out);
    }
}
