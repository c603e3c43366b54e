package org.fparity.run;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignLock;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.OutcomeLog;
import org.fparity.campaign.ProgramStore;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.JobSpec;
import org.fparity.exec.NodeFacts;
import org.fparity.exec.Outcome;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.WorkerLine;

/**
 * The engine every campaign run goes through, here or at other sites (this machine in-process, ssh hosts, Slurm
 * clusters): runs a campaign into its folder, resumably. campaign.json is written first (temp-then-rename), then
 * every outcome is appended as it arrives. Run again with the same spec, it skips every (program, input, toolchain,
 * opt, site) that already has an outcome, and the binary cache means it compiles nothing it already built.
 */
public final class CampaignRunner {
    private CampaignRunner() {}

    /**
     * What to run.
     *
     * @param fparityVersion version string recorded in campaign.json
     * @param seed           generator seed, or null
     * @param grammar        the grammar, or null
     * @param settings       options worth recording
     * @param programs       the programs with their inputs, in batch order
     * @param toolchains     the toolchains (detected here for a run here; for a run elsewhere only their descriptors count)
     * @param opts           opt levels; each toolchain runs those it has
     * @param batchSize      programs per batch binary
     */
    public record Spec(
            String fparityVersion,
            Long seed,
            CampaignMeta.GrammarInfo grammar,
            Map<String, String> settings,
            List<CampaignMeta.ProgramEntry> programs,
            List<DetectedToolchain> toolchains,
            List<String> opts,
            int batchSize) {

        /** This spec over {@code stored}, the same programs as written to the campaign's program store: batches then read them from there. */
        public Spec withPrograms(List<CampaignMeta.ProgramEntry> stored) {
            return new Spec(fparityVersion, seed, grammar, settings, stored, toolchains, opts, batchSize);
        }

        /** The toolchains' descriptors: what job documents carry. */
        public List<Toolchain> descriptors() {
            return toolchains.stream().map(DetectedToolchain::toolchain).toList();
        }
    }

    /** One site of a run: where its jobs go, and the toolchain descriptors to use there (detected there, not here). */
    public record Site(SiteExecutor executor, List<Toolchain> toolchains) {
        public String name() {
            return executor.site();
        }
    }

    /**
     * A site that runs jobs in this process ({@link SiteExecutor#windowed}) gets them planned and handed over a window
     * at a time: batches until their runs reach this many lines (at least one batch), so that memory holds the job
     * lines of a few batches, not of the campaign.
     */
    static final int WINDOW_LINES = 20_000;
    /** and at most this many batches: each job keeps its batch's program text until the window is done */
    static final int WINDOW_BATCHES = 16;

    /** What one invocation did. */
    public record Result(Campaign campaign, int total, int alreadyDone, int ran, long millis) {}

    /** The campaign run at one site, {@code here}, with the spec's toolchains. */
    public static Result run(
            Path dir, Spec spec, SiteExecutor here, Function<Integer, Progress> progress, Consumer<String> log)
            throws InterruptedException {
        return run(dir, spec, List.of(new Site(here, spec.descriptors())), false, progress, log);
    }

    /**
     * Runs the campaign at every site at once (a thread each), into one folder: each site's runs are planned as job
     * documents ({@link JobPlan}), its executor runs them, and every outcome is appended to the one outcome log as it
     * arrives, so the sites' platforms end up side by side. Resumable: what has an outcome (for that site) is not
     * planned again. Platform records come from the workers, as they detected them on the nodes, and go to
     * campaign.json before any outcome of theirs.
     *
     * @param showSites each site's own progress after the totals (a run at named sites), not for a plain run here
     */
    @SuppressWarnings("try") // the campaign lock is held for the whole body, not used in it
    public static Result run(
            Path dir,
            Spec spec,
            List<Site> sites,
            boolean showSites,
            Function<Integer, Progress> progress,
            Consumer<String> log)
            throws InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(dir)) {
            return runLocked(dir, spec, sites, showSites, progress, log);
        }
    }

    private static Result runLocked(
            Path dir,
            Spec spec,
            List<Site> sites,
            boolean showSites,
            Function<Integer, Progress> progress,
            Consumer<String> log)
            throws InterruptedException {
        long t0 = System.nanoTime();
        CampaignMeta meta = open(dir, spec, NodeFacts::collect, log);
        Spec all = spec.withPrograms(meta.programs());
        Map<String, CampaignMeta.PlatformRecord> platforms = new LinkedHashMap<>();
        for (CampaignMeta.PlatformRecord p : meta.platforms()) platforms.put(p.id(), p);
        CampaignMeta[] metaRef = {meta};

        Set<String> done = ConcurrentHashMap.newKeySet();
        Path outcomes = dir.resolve(Campaign.OUTCOMES);
        try (OutcomeLog out = OutcomeLog.open(
                outcomes,
                p -> log.accept("warning: " + p),
                misfits(outcomes, all.programs()),
                OutcomeLog.Form.of(meta.schema()))) {
            for (Outcome o : out.contents().outcomes()) done.add(o.key());
            int already = done.size();
            List<Batch> batches = batches(all.programs(), all.batchSize());
            JobPlan.Lines toDo = JobPlan.toDo(done);
            int todo = 0;
            for (Site s : sites) todo += JobPlan.count(batches, s.toolchains(), all.opts(), s.name(), toDo);
            if (already > 0) log.accept(already + " runs already done, " + todo + " to go");
            Progress bar = progress.apply(todo);
            Consumer<WorkerLine> sink = w -> {
                switch (w) {
                    case WorkerLine.Result r -> {
                        // A retried line may come twice (the first copy arrived just before a connection dropped).
                        if (done.add(r.outcome().key())) {
                            out.append(r);
                            bar.record(r.outcome());
                        }
                    }
                    case WorkerLine.PlatformRecord pr -> {
                        CampaignMeta.PlatformRecord p = platformOf(pr.platform());
                        synchronized (platforms) {
                            if (platforms.putIfAbsent(p.id(), p) == null) {
                                metaRef[0] = Campaign.writeMeta(
                                        dir, metaRef[0].withPlatforms(List.copyOf(platforms.values())));
                            }
                        }
                    }
                    case WorkerLine.End e -> {}
                }
            };
            Map<SiteExecutor, Plan> plan = new LinkedHashMap<>();
            for (Site s : sites) {
                // a window of batches at a time (an in-process site) or all at once; planned when the site asks, so a
                // window's lines are made, run and dropped before the next window's
                plan.put(s.executor(), (from, windowed) -> {
                    int to = from, lines = 0;
                    List<JobSpec> jobs = new ArrayList<>();
                    while (to < batches.size()
                            && (jobs.isEmpty() || !windowed || lines < WINDOW_LINES && to - from < WINDOW_BATCHES)) {
                        for (JobSpec j :
                                JobPlan.jobs(batches.subList(to, to + 1), s.toolchains(), all.opts(), s.name(), toDo)) {
                            jobs.add(j);
                            lines += j.lines().size();
                        }
                        to++;
                    }
                    return new Window(jobs, to);
                });
            }
            runSites(plan, batches.size(), sink, showSites ? bar : null);
            bar.finish();
            // the campaign as written: campaign.json as this run wrote it and the outcomes it read and appended, not
            // read back
            return new Result(
                    Campaign.of(dir, metaRef[0], out.contents()),
                    todo + already,
                    already,
                    todo,
                    (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /** A site's jobs for its next batches from batch {@code from}: a window of them, or (not {@code windowed}) all the rest. */
    @FunctionalInterface
    interface Plan {
        Window next(int from, boolean windowed);
    }

    /** The jobs of a window, and the batch after it. */
    record Window(List<JobSpec> jobs, int next) {}

    /**
     * Runs each site's jobs on its executor, all sites at once (a thread each; one site runs in this thread), a window
     * at a time for a {@link SiteExecutor#windowed} site and all at once for the others, and returns when every site is
     * done; the first failure of a site is thrown after the others have finished. {@code bar}: where each site's own
     * progress goes, or null.
     */
    static void runSites(Map<SiteExecutor, Plan> plan, int batches, Consumer<WorkerLine> sink, Progress bar)
            throws InterruptedException {
        if (plan.size() == 1) {
            var e = plan.entrySet().iterator().next();
            runSite(e.getKey(), e.getValue(), batches, sink, bar);
            return;
        }
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (var e : plan.entrySet()) {
            SiteExecutor ex = e.getKey();
            threads.add(Thread.ofPlatform().name("fparity-site-" + ex.site()).start(() -> {
                try {
                    runSite(ex, e.getValue(), batches, sink, bar);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                } catch (Throwable t) {
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

    private static void runSite(SiteExecutor ex, Plan plan, int batches, Consumer<WorkerLine> sink, Progress bar)
            throws InterruptedException {
        try {
            for (int from = 0; from < batches; ) {
                Window w = plan.next(from, ex.windowed());
                from = w.next();
                if (w.jobs().isEmpty()) continue;
                ex.execute(w.jobs(), sink, st -> {
                    if (bar != null) bar.site(ex.site(), st);
                });
            }
            if (bar != null) bar.site(ex.site(), "done");
        } catch (RuntimeException | Error t) {
            if (bar != null) bar.site(ex.site(), "failed");
            throw t;
        }
    }

    /**
     * Why an outcome of an existing log does not belong to a campaign of these programs (an unknown program, an input it
     * does not have), for a resume to set such lines aside; null (nothing to check) when the log is empty or missing, so
     * that a new campaign does not read its programs for it.
     */
    static Function<Outcome, String> misfits(Path log, List<CampaignMeta.ProgramEntry> programs) {
        try {
            if (!Files.exists(log) || Files.size(log) == 0) return null;
        } catch (java.io.IOException e) {
            return null;
        }
        Map<String, Integer> inputsOf = new HashMap<>();
        for (CampaignMeta.ProgramEntry p : programs)
            inputsOf.put(p.id(), p.inputs().size());
        return o -> misfit(o, inputsOf);
    }

    /** Why outcome {@code o} is not one of a campaign whose programs have these many inputs, or null when it is. */
    public static String misfit(Outcome o, Map<String, Integer> inputsOf) {
        Integer n = inputsOf.get(o.program());
        if (n == null) return "program " + o.program() + " is not in the campaign";
        if (o.input() < 0 || o.input() >= n)
            return "program " + o.program() + " input " + o.input() + ", which has only " + n + " inputs";
        return null;
    }

    // A resumed campaign must be the same campaign: same programs, same inputs.
    /**
     * The campaign in {@code dir}, creating the folder and a new campaign.json (host facts from {@code host}, no platforms
     * yet) when there is none; an existing campaign must have been made from the same spec ({@link #checkSame}).
     */
    static CampaignMeta open(
            Path dir, Spec spec, java.util.function.Supplier<Map<String, String>> host, Consumer<String> log) {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw FparityError.io("cannot create campaign folder " + dir, e);
        }
        CampaignMeta meta = Campaign.readMeta(dir);
        if (meta == null) {
            // The program store first, as the programs are generated (a killed run leaves whole lines, which the next
            // one
            // checks and continues); campaign.json, which names the store and its count, once the store is complete.
            ProgramStore.Entries store = ProgramStore.fill(dir, spec.programs(), w -> log.accept("warning: " + w));
            meta = new CampaignMeta(
                    Campaign.SCHEMA,
                    spec.fparityVersion(),
                    Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                    spec.seed(),
                    spec.grammar(),
                    spec.settings(),
                    host.get(),
                    List.of(),
                    store,
                    null);
            meta = Campaign.writeMeta(dir, meta);
        } else {
            checkSame(dir, meta, spec);
            log.accept("resuming campaign " + dir);
        }
        return meta;
    }

    static void checkSame(Path dir, CampaignMeta meta, Spec spec) {
        String was = meta.settings().get("generator");
        String now = spec.settings().get("generator");
        if (meta.seed() != null && now != null && !now.equals(was)) {
            throw new FparityError(
                    dir + " was generated by generator stream "
                            + (was == null ? "1 (fparity 0.1.0, whose nearby seeds shared programs)" : was)
                            + "; this fparity's stream " + now + " gives other programs for seed " + meta.seed()
                            + ", so the campaign cannot be resumed; choose another --out, or finish it with the fparity that made it");
        }
        if (!same(meta.programs(), spec.programs())) {
            String had = meta.programs().size() + " programs" + (meta.seed() == null ? "" : ", seed " + meta.seed())
                    + ", " + meta.settings();
            throw new FparityError(
                    dir + " holds a different campaign (" + had + "); choose another --out or delete it");
        }
    }

    /** The same programs in the same order, compared one pair at a time as both lists are iterated (neither is copied). */
    static boolean same(List<CampaignMeta.ProgramEntry> a, List<CampaignMeta.ProgramEntry> b) {
        if (a.size() != b.size()) return false;
        java.util.Iterator<CampaignMeta.ProgramEntry> j = b.iterator();
        for (CampaignMeta.ProgramEntry e : a) if (!e.equals(j.next())) return false;
        return true;
    }

    /**
     * One batch: its name ({@code Batch64_0007}, a class name) and its programs, all of one precision, as a view of the
     * campaign's list (a program store's programs are read when the batch is planned, not before).
     */
    record Batch(String name, List<CampaignMeta.ProgramEntry> programs) {}

    /** Batches of {@code batchSize} programs of one precision, in campaign order. Holds 4 bytes per program, not the programs. */
    static List<Batch> batches(List<CampaignMeta.ProgramEntry> programs, int batchSize) {
        Map<Object, int[]> byPrecision = new LinkedHashMap<>();
        Map<Object, Integer> sizes = new HashMap<>();
        int i = 0;
        for (CampaignMeta.ProgramEntry p : programs) {
            Object k = Objects.requireNonNullElse((Object) p.precision(), "none");
            int[] at = byPrecision.computeIfAbsent(k, x -> new int[16]);
            int n = sizes.merge(k, 1, Integer::sum);
            if (n > at.length) byPrecision.put(k, at = java.util.Arrays.copyOf(at, Math.max(n, at.length * 2)));
            at[n - 1] = i++;
        }
        List<Batch> out = new ArrayList<>();
        for (var e : byPrecision.entrySet()) {
            int[] at = e.getValue();
            int n = sizes.get(e.getKey());
            String tag =
                    e.getKey() instanceof org.fparity.ir.Precision pr ? pr.id().substring(2) : "";
            for (int b = 0; b * batchSize < n; b++) {
                int from = b * batchSize;
                int to = Math.min(n, from + batchSize);
                out.add(new Batch(String.format("Batch%s_%04d", tag, b), new java.util.AbstractList<>() {
                    @Override
                    public CampaignMeta.ProgramEntry get(int k) {
                        return programs.get(at[from + Objects.checkIndex(k, to - from)]);
                    }

                    @Override
                    public int size() {
                        return to - from;
                    }
                }));
            }
        }
        return out;
    }

    /** A platform record as a worker wrote it. */
    public static CampaignMeta.PlatformRecord platformOf(com.fasterxml.jackson.databind.JsonNode record) {
        try {
            return org.fparity.ir.ProgramJson.MAPPER.treeToValue(record, CampaignMeta.PlatformRecord.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new FparityError("malformed platform record from a worker: " + org.fparity.ir.ProgramJson.oneLine(e));
        }
    }
}
