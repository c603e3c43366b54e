package org.fparity.run;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignLock;
import org.fparity.campaign.OutcomeLog;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.WorkerLine;

/**
 * Reruns the cases that disagree, so a platform whose answer changes from run to run (PoCL's fast math on some CPUs)
 * is told apart from one that is consistently different. Each attempt runs the same batch binaries (the binary cache
 * holds them) on the same inputs again and is kept in its own file, {@code reruns-K.jsonl}, so a resumed or repeated
 * {@code run} reads the reruns back instead of redoing them, and gives the same verdict.
 */
public final class Reruns {
    /** Reruns per disagreeing case and platform: with the first run, three results to compare. */
    public static final int DEFAULT_ATTEMPTS = 2;

    private Reruns() {}

    /** What the reruns did: runs this invocation made, runs recorded earlier. */
    public record Result(int ran, int alreadyDone) {}

    /**
     * Reruns, {@code attempts} times, every case of {@code cases} ({@code program/input}) on every platform that gave it
     * a result the first time, at the site that ran it (each of {@code sites} gets its own job documents, planned as the
     * first run's: the binaries are in that site's cache), all sites at once.
     *
     * @param eachAtItsSite say so in the log line (a run at named sites)
     */
    public static Result run(
            Campaign campaign,
            CampaignRunner.Spec spec,
            List<CampaignRunner.Site> sites,
            boolean eachAtItsSite,
            Set<String> cases,
            int attempts,
            Consumer<String> log)
            throws InterruptedException {
        if (cases.isEmpty() || attempts < 1) return new Result(0, 0);
        CampaignRunner.Spec all = spec.withPrograms(campaign.programEntries());
        Firsts firsts = firsts(campaign.outcomes(), cases);
        List<CampaignRunner.Batch> batches = CampaignRunner.batches(all.programs(), all.batchSize());
        return attempts(
                campaign, attempts, cases.size(), eachAtItsSite ? ", each at the site that ran it" : "", log, done -> {
                    JobPlan.Lines lines = JobPlan.toRerun(firsts, done);
                    Map<SiteExecutor, CampaignRunner.Plan> plan = new LinkedHashMap<>();
                    int todo = 0;
                    for (CampaignRunner.Site s : sites) {
                        List<JobSpec> jobs = JobPlan.jobs(batches, s.toolchains(), all.opts(), s.name(), lines);
                        todo += jobs.stream().mapToInt(j -> j.lines().size()).sum();
                        if (!jobs.isEmpty())
                            plan.put(s.executor(), (from, windowed) -> new CampaignRunner.Window(jobs, batches.size()));
                    }
                    return new Attempt(
                            todo,
                            out -> CampaignRunner.runSites(
                                    plan,
                                    batches.size(),
                                    w -> {
                                        if (w instanceof WorkerLine.Result r
                                                && done.add(r.outcome().key())) out.append(r.outcome());
                                    },
                                    null));
                });
    }

    /** One attempt as planned: the runs it makes, and how it makes them into that attempt's file. */
    record Attempt(int todo, Into run) {}

    /** Runs an attempt's jobs, appending each new outcome to {@code out}. */
    @FunctionalInterface
    interface Into {
        void run(OutcomeLog out) throws InterruptedException;
    }

    /**
     * The attempt loop: for each attempt K, the keys {@code reruns-K.jsonl} already holds
     * (a concurrent set the plan may keep adding to), the plan for what it lacks, and its runs appended to that file.
     */
    @SuppressWarnings("try") // the campaign lock is held for the whole body, not used in it
    static Result attempts(
            Campaign campaign,
            int attempts,
            int cases,
            String where,
            Consumer<String> log,
            java.util.function.Function<Set<String>, Attempt> plan)
            throws InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(campaign.dir())) {
            return attemptsLocked(campaign, attempts, cases, where, log, plan);
        }
    }

    private static Result attemptsLocked(
            Campaign campaign,
            int attempts,
            int cases,
            String where,
            Consumer<String> log,
            java.util.function.Function<Set<String>, Attempt> plan)
            throws InterruptedException {
        int ran = 0, already = 0;
        for (int k = 1; k <= attempts; k++) {
            Path file = campaign.dir().resolve(Campaign.rerunFile(k));
            Set<String> done = java.util.concurrent.ConcurrentHashMap.newKeySet();
            for (Outcome o : OutcomeLog.read(file).outcomes()) done.add(o.key());
            already += done.size();
            Attempt a = plan.apply(done);
            if (a.todo() == 0) continue;
            log.accept("rerun " + k + " of " + attempts + ": " + a.todo() + " runs of the " + cases
                    + " cases that disagree" + where + " (is every platform stable?)");
            try (OutcomeLog out = OutcomeLog.open(
                    file,
                    p -> log.accept("warning: " + p),
                    OutcomeLog.Form.of(campaign.meta().schema()))) {
                a.run().run(out);
            }
            ran += a.todo();
        }
        return new Result(ran, already);
    }

    /**
     * The first run of each (case of {@code cases}, platform) that printed a result, by run key ({@code byKey}), and the
     * inputs of each program that have one ({@code inputs}, by program id): what the reruns plan from, so that planning
     * looks only at these cases instead of every input of every program on every platform.
     */
    record Firsts(Map<String, Outcome> byKey, Map<String, java.util.BitSet> inputs) {
        Outcome get(String key) {
            return byKey.get(key);
        }
    }

    static Firsts firsts(List<Outcome> outcomes, Set<String> cases) {
        Map<String, Outcome> firsts = new HashMap<>();
        Map<String, java.util.BitSet> inputs = new HashMap<>();
        for (Outcome o : outcomes) {
            if (o.status() == Outcome.Status.OK
                    && cases.contains(o.program() + "/" + o.input())
                    && firsts.putIfAbsent(o.key(), o) == null) {
                inputs.computeIfAbsent(o.program(), k -> new java.util.BitSet()).set(o.input());
            }
        }
        return new Firsts(firsts, inputs);
    }
}
