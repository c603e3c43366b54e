package org.fparity.campaign;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.exec.Job;
import org.fparity.exec.JobSpec;
import org.fparity.exec.NodeFacts;
import org.fparity.exec.Outcome;
import org.fparity.exec.PlatformKey;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.WorkerLine;

/**
 * Runs one campaign at several sites at once (clusters, hosts, this machine), into one folder: every run is planned
 * per site as job documents, each site's executor takes its own, and every outcome is appended to the one outcome log
 * as it arrives, so the sites' platforms end up side by side. Resumable like a local campaign: what has an outcome
 * (for that site) is not planned again. Platform records come from the workers, as they detected them on the nodes.
 */
public final class ClusterRunner {
    private ClusterRunner() {}

    /** One site: its executor and the toolchain descriptors to use there (detected there, not here). */
    public record Site(SiteExecutor executor, List<Toolchain> toolchains) {}

    public static CampaignRunner.Result run(Path dir, CampaignRunner.Spec spec, List<Site> sites, Function<Integer, Progress> progress, Consumer<String> log)
            throws InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(dir)) {
            return runLocked(dir, spec, sites, progress, log);
        }
    }

    private static CampaignRunner.Result runLocked(Path dir, CampaignRunner.Spec spec, List<Site> sites, Function<Integer, Progress> progress, Consumer<String> log)
            throws InterruptedException {
        long t0 = System.nanoTime();
        CampaignMeta meta = CampaignRunner.open(dir, spec, NodeFacts::collect, log);
        spec = spec.withPrograms(meta.programs());
        Map<String, CampaignMeta.Platform> platforms = new LinkedHashMap<>();
        for (CampaignMeta.Platform p : meta.platforms()) platforms.put(p.id(), p);
        CampaignMeta[] metaRef = {meta};

        Set<String> done = Collections.newSetFromMap(new ConcurrentHashMap<>());
        Path outcomes = dir.resolve(Campaign.OUTCOMES);
        try (OutcomeLog out = OutcomeLog.open(outcomes, p -> log.accept("warning: " + p), CampaignRunner.misfits(outcomes, spec.programs()))) {
            for (Outcome o : out.contents().outcomes()) done.add(o.key());
            int already = done.size();
            Map<SiteExecutor, List<JobSpec>> plan = new LinkedHashMap<>();
            int todo = 0;
            for (Site s : sites) {
                List<JobSpec> jobs = jobs(spec, s.toolchains(), s.executor().site(), done);
                plan.put(s.executor(), jobs);
                todo += jobs.stream().mapToInt(j -> j.lines().size()).sum();
            }
            if (already > 0) log.accept(already + " runs already done, " + todo + " to go");
            Progress bar = progress.apply(todo);
            Consumer<WorkerLine> sink = w -> {
                switch (w) {
                    case WorkerLine.Result r -> {
                        // A retried line may come twice (the first copy arrived just before a connection dropped).
                        if (done.add(r.outcome().key())) {
                            out.append(r.outcome());
                            bar.record(r.outcome());
                        }
                    }
                    case WorkerLine.PlatformRecord pr -> {
                        CampaignMeta.Platform p = CampaignRunner.platformOf(pr.platform());
                        synchronized (platforms) {
                            if (platforms.putIfAbsent(p.id(), p) == null) {
                                metaRef[0] = metaRef[0].withPlatforms(List.copyOf(platforms.values()));
                                Campaign.writeMeta(dir, metaRef[0]);
                            }
                        }
                    }
                    case WorkerLine.End e -> { }
                }
            };
            runSites(plan, sink, bar);
            bar.finish();
            return new CampaignRunner.Result(Campaign.load(dir), todo + already, already, todo, (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /**
     * Runs each site's job documents on its executor, all sites at once (a thread each), and returns when every site is
     * done; the first failure of a site is thrown after the others have finished.
     */
    static void runSites(Map<SiteExecutor, List<JobSpec>> plan, Consumer<WorkerLine> sink, Progress bar) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (var e : plan.entrySet()) {
            SiteExecutor ex = e.getKey();
            threads.add(Thread.ofPlatform().name("fparity-site-" + ex.site()).start(() -> {
                try {
                    ex.execute(e.getValue(), sink, st -> {
                        if (bar != null) bar.site(ex.site(), st);
                    });
                    if (bar != null) bar.site(ex.site(), "done");
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                } catch (Throwable t) {
                    if (bar != null) bar.site(ex.site(), "failed");
                    failures.add(t);
                }
            }));
        }
        try {
            for (Thread t : threads) t.join();
        } catch (InterruptedException ie) {
            threads.forEach(Thread::interrupt);
            throw ie;
        }
        if (!failures.isEmpty()) {
            Throwable f = failures.getFirst();
            if (f instanceof RuntimeException re) throw re;
            if (f instanceof Error er) throw er;
            throw new IllegalStateException(f);
        }
    }

    /**
     * Reruns, {@code attempts} times, every case of {@code cases} ({@code program/input}) on every platform that gave it
     * a result the first time, at the site that ran it, with the same job documents as the first run (the binaries are
     * in that site's cache): the stability check of a local run ({@link Reruns}), recorded the same way, in
     * {@code reruns-K.jsonl}, so export, import, merge and every report treat a cluster's unstable platforms as a local
     * run's. A resumed run reads the recorded reruns back and redoes only what is missing.
     */
    public static Reruns.Result rerun(Campaign campaign, CampaignRunner.Spec spec, List<Site> sites, Set<String> cases, int attempts, Consumer<String> log)
            throws InterruptedException {
        if (cases.isEmpty() || attempts < 1) return new Reruns.Result(0, 0);
        try (CampaignLock lock = CampaignLock.acquire(campaign.dir())) {
            return rerunLocked(campaign, spec, sites, cases, attempts, log);
        }
    }

    private static Reruns.Result rerunLocked(Campaign campaign, CampaignRunner.Spec spec, List<Site> sites, Set<String> cases, int attempts, Consumer<String> log)
            throws InterruptedException {
        CampaignRunner.Spec all = spec.withPrograms(campaign.programEntries());
        Reruns.Firsts firsts = Reruns.firsts(campaign.outcomes(), cases);
        List<CampaignRunner.Batch> batches = CampaignRunner.batches(all.programs(), all.batchSize());
        return Reruns.attempts(campaign, attempts, cases.size(), ", each at the site that ran it", log, done -> {
            Map<SiteExecutor, List<JobSpec>> plan = new LinkedHashMap<>();
            int todo = 0;
            for (Site s : sites) {
                List<JobSpec> jobs = new ArrayList<>();
                for (CampaignRunner.Batch b : batches) {
                    List<JobSpec.ProgramText> texts = null;
                    for (Toolchain tc : s.toolchains()) {
                        for (String opt : all.opts()) {
                            if (!tc.opt().containsKey(opt)) continue;
                            List<Job.Line> lines = Reruns.linesToRerun(b.programs(), new PlatformKey(tc.name(), opt, s.executor().site(), null), firsts, done);
                            if (lines.isEmpty()) continue;
                            if (texts == null) texts = texts(b);
                            jobs.add(new JobSpec(JobSpec.SCHEMA, b.name(), s.executor().site(), tc, opt, texts, lines));
                        }
                    }
                }
                todo += jobs.stream().mapToInt(j -> j.lines().size()).sum();
                if (!jobs.isEmpty()) plan.put(s.executor(), jobs);
            }
            return new Reruns.Attempt(todo, out -> runSites(plan, w -> {
                if (w instanceof WorkerLine.Result r && done.add(r.outcome().key())) out.append(r.outcome());
            }, null));
        });
    }

    private static List<JobSpec.ProgramText> texts(CampaignRunner.Batch b) {
        return b.programs().stream().map(p -> new JobSpec.ProgramText(p.id(), p.source())).toList();
    }

    /** Job documents for one site: batch × toolchain × opt with runs left, each carrying its programs' text. */
    static List<JobSpec> jobs(CampaignRunner.Spec spec, List<Toolchain> toolchains, String site, Set<String> done) {
        List<JobSpec> jobs = new ArrayList<>();
        for (CampaignRunner.Batch b : CampaignRunner.batches(spec.programs(), spec.batchSize())) {
            List<JobSpec.ProgramText> texts = texts(b);
            for (Toolchain tc : toolchains) {
                for (String opt : spec.opts()) {
                    if (!tc.opt().containsKey(opt)) continue;
                    List<Job.Line> lines = CampaignRunner.linesToDo(b.programs(), new PlatformKey(tc.name(), opt, site, null), done);
                    if (!lines.isEmpty()) jobs.add(new JobSpec(JobSpec.SCHEMA, b.name(), site, tc, opt, texts, lines));
                }
            }
        }
        return jobs;
    }

    /** Keys of outcomes already recorded (a set the caller may keep using). */
    static Set<String> keys(List<Outcome> os) {
        Set<String> s = new HashSet<>();
        for (Outcome o : os) s.add(o.key());
        return s;
    }
}
