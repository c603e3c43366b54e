package org.fparity.campaign;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Executor;
import org.fparity.exec.Job;
import org.fparity.exec.Outcome;
import org.fparity.exec.PlatformKey;

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
     * Reruns, {@code attempts} times, every case of {@code cases} ({@code program/input}) on every platform of this spec
     * that gave it a result the first time.
     */
    public static Result run(Campaign campaign, CampaignRunner.Spec spec, Executor executor, String site, Set<String> cases, int attempts, Consumer<String> log)
            throws InterruptedException {
        if (cases.isEmpty() || attempts < 1) return new Result(0, 0);
        CampaignRunner.Spec all = spec.withPrograms(campaign.programEntries());
        Firsts firsts = firsts(campaign.outcomes(), cases);
        return attempts(campaign, attempts, cases.size(), "", log, done -> {
            List<Job> jobs = jobs(all, site, firsts, done);
            return new Attempt(jobs.stream().mapToInt(j -> j.lines().size()).sum(), out -> executor.execute(jobs, out::append));
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
     * The attempt loop of a local and a cluster rerun: for each attempt K, the keys {@code reruns-K.jsonl} already holds
     * (a concurrent set the plan may keep adding to), the plan for what it lacks, and its runs appended to that file.
     */
    static Result attempts(Campaign campaign, int attempts, int cases, String where, Consumer<String> log,
            java.util.function.Function<Set<String>, Attempt> plan) throws InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(campaign.dir())) {
            return attemptsLocked(campaign, attempts, cases, where, log, plan);
        }
    }

    private static Result attemptsLocked(Campaign campaign, int attempts, int cases, String where, Consumer<String> log,
            java.util.function.Function<Set<String>, Attempt> plan) throws InterruptedException {
        int ran = 0, already = 0;
        for (int k = 1; k <= attempts; k++) {
            Path file = campaign.dir().resolve(Campaign.rerunFile(k));
            Set<String> done = java.util.concurrent.ConcurrentHashMap.newKeySet();
            for (Outcome o : OutcomeLog.read(file).outcomes()) done.add(o.key());
            already += done.size();
            Attempt a = plan.apply(done);
            if (a.todo() == 0) continue;
            log.accept("rerun " + k + " of " + attempts + ": " + a.todo() + " runs of the " + cases + " cases that disagree" + where + " (is every platform stable?)");
            try (OutcomeLog out = OutcomeLog.open(file, p -> log.accept("warning: " + p))) {
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
            if (o.status() == Outcome.Status.OK && cases.contains(o.program() + "/" + o.input()) && firsts.putIfAbsent(o.key(), o) == null) {
                inputs.computeIfAbsent(o.program(), k -> new java.util.BitSet()).set(o.input());
            }
        }
        return new Firsts(firsts, inputs);
    }

    /**
     * The runs of a batch on one platform (as planned) whose first run printed a result and that this attempt lacks, in
     * program then input order.
     */
    static List<Job.Line> linesToRerun(List<CampaignMeta.ProgramEntry> batch, PlatformKey planned, Firsts firsts, Set<String> done) {
        List<Job.Line> lines = new ArrayList<>();
        for (CampaignMeta.ProgramEntry p : batch) {
            java.util.BitSet ins = firsts.inputs().get(p.id());
            if (ins == null) continue;
            for (int i = ins.nextSetBit(0); i >= 0 && i < p.inputs().size(); i = ins.nextSetBit(i + 1)) {
                String key = Outcome.key(p.id(), i, planned);
                if (firsts.byKey().containsKey(key) && !done.contains(key)) lines.add(new Job.Line(p.id(), i, p.inputs().get(i).args()));
            }
        }
        return lines;
    }

    /** Per batch × toolchain × opt level: the lines whose first run printed a result and that this attempt lacks. */
    static List<Job> jobs(CampaignRunner.Spec spec, String site, Firsts firsts, Set<String> done) {
        List<Job> jobs = new ArrayList<>();
        for (CampaignRunner.Batch batch : CampaignRunner.batches(spec.programs(), spec.batchSize())) {
            List<CampaignMeta.ProgramEntry> entries = List.copyOf(batch.programs());
            List<String> ids = entries.stream().map(CampaignMeta.ProgramEntry::id).toList();
            var emitters = spec.batchEmitters(entries);
            for (DetectedToolchain dt : spec.toolchains()) {
                BatchEmitter emitter = null;
                for (String opt : spec.opts()) {
                    if (!dt.toolchain().opt().containsKey(opt)) continue;
                    PlatformKey planned = new PlatformKey(dt.name(), opt, site, null);
                    List<Job.Line> lines = linesToRerun(entries, planned, firsts, done);
                    if (lines.isEmpty()) continue;
                    Job.Line l0 = lines.getFirst();
                    Outcome sample = firsts.get(Outcome.key(l0.program(), l0.input(), planned));
                    if (emitter == null) emitter = emitters.apply(dt);
                    jobs.add(new Job(batch.name(), ids, emitter, dt, opt, sample.platform(), lines, site, sample.node()));
                }
            }
        }
        return jobs;
    }
}
