package org.fparity.campaign;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.FparityError;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Executor;
import org.fparity.exec.Job;
import org.fparity.exec.NodeFacts;
import org.fparity.exec.Outcome;
import org.fparity.exec.PlatformKey;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Input;
import org.fparity.util.Hashes;

/**
 * Runs a campaign into its folder, resumably: campaign.json is written first (temp-then-rename), then every outcome
 * is appended as it arrives. Run again with the same spec, it skips every (program, input, toolchain, opt) that
 * already has an outcome, and the binary cache means it compiles nothing it already built.
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
     * @param toolchains     detected toolchains (those that cannot compile still yield one COMPILE_ERROR per run)
     * @param opts           opt levels; each toolchain runs those it has
     * @param batchSize      programs per batch binary
     * @param emitters       the batch emitter for a toolchain
     */
    public record Spec(String fparityVersion, Long seed, CampaignMeta.GrammarInfo grammar, Map<String, String> settings,
            List<CampaignMeta.ProgramEntry> programs, List<DetectedToolchain> toolchains, List<String> opts, int batchSize,
            Function<DetectedToolchain, BatchEmitter> emitters) {

        /**
         * This spec over {@code stored}, the same programs as written to the campaign's program store: batches then read
         * them from there, and emitters that follow the programs ({@link Emitters#ofEntries}) follow them there.
         */
        public Spec withPrograms(List<CampaignMeta.ProgramEntry> stored) {
            return new Spec(fparityVersion, seed, grammar, settings, stored, toolchains, opts, batchSize,
                    emitters instanceof Emitters.OfEntries ? Emitters.ofEntries(stored) : emitters);
        }

        /**
         * The emitters of one batch, whose {@code entries} the caller holds: when the emitters follow the programs
         * ({@link Emitters#ofEntries}) each program is parsed once for all the batch's toolchains; other emitters as given.
         */
        java.util.function.Function<DetectedToolchain, BatchEmitter> batchEmitters(List<CampaignMeta.ProgramEntry> entries) {
            return emitters instanceof Emitters.OfEntries o ? o.forBatch(entries) : emitters;
        }
    }

    /**
     * Runs of a campaign are planned and handed to the executor a window at a time: batches until their runs reach
     * this many lines (at least one batch), so that memory holds the job lines of a few batches, not of the campaign.
     */
    static final int WINDOW_LINES = 20_000;
    /** and at most this many batches: each job keeps its batch's emitted source until the window is done */
    static final int WINDOW_BATCHES = 16;

    /**
     * The order a window's jobs are handed to the executor in: the costlier compiles first (O2 and above, then O1, then
     * O0; otherwise as planned, so toolchains take turns), so that the last job to finish while the other workers
     * idle is a short one. Measured on gcc and clang-14, 200 programs: O0 costs a third to a tenth of O2–O3_FM. Only the
     * order changes, never which runs are made, so outcomes are the same.
     */
    static final java.util.Comparator<Job> COSTLIEST_FIRST = java.util.Comparator.comparingInt(j -> switch (j.opt()) {
        case "O0" -> 2;
        case "O1" -> 1;
        default -> 0;
    });

    /** What one invocation did. */
    public record Result(Campaign campaign, int total, int alreadyDone, int ran, long millis) {}

    public static Result run(Path dir, Spec spec, Executor executor, Function<Integer, Progress> progress, Consumer<String> log)
            throws InterruptedException {
        return run(dir, spec, executor, PlatformKey.LOCAL, progress, log);
    }

    /** As {@link #run(Path, Spec, Executor, Function, Consumer)}, recording {@code site} as where every run happened. */
    public static Result run(Path dir, Spec spec, Executor executor, String site, Function<Integer, Progress> progress, Consumer<String> log)
            throws InterruptedException {
        try (CampaignLock lock = CampaignLock.acquire(dir)) {
            return runLocked(dir, spec, executor, site, progress, log);
        }
    }

    private static Result runLocked(Path dir, Spec spec, Executor executor, String site, Function<Integer, Progress> progress, Consumer<String> log)
            throws InterruptedException {
        long t0 = System.nanoTime();
        Map<String, String> host = NodeFacts.collect();
        CampaignMeta meta = open(dir, spec, () -> host, log);
        spec = spec.withPrograms(meta.programs());

        // Platforms: one per (toolchain, opt) this spec runs; the ones already recorded are kept as they were.
        Map<String, CampaignMeta.Platform> platforms = new LinkedHashMap<>();
        for (CampaignMeta.Platform p : meta.platforms()) platforms.put(p.id(), p);
        Map<String, String> platformOf = new LinkedHashMap<>();
        for (DetectedToolchain dt : spec.toolchains()) {
            for (String opt : spec.opts()) {
                if (!dt.toolchain().opt().containsKey(opt)) continue;
                CampaignMeta.Platform p = platform(dt, opt, site, host);
                platforms.putIfAbsent(p.id(), p);
                platformOf.put(dt.name() + "@" + opt, p.id());
            }
        }
        // campaign.json is written only when a platform is new: resuming a finished campaign writes nothing (a read-only copy resumes)
        if (platforms.size() != meta.platforms().size()) meta = Campaign.writeMeta(dir, meta.withPlatforms(List.copyOf(platforms.values())));

        Set<String> done = new HashSet<>();
        Path outcomes = dir.resolve(Campaign.OUTCOMES);
        try (OutcomeLog out = OutcomeLog.open(outcomes, p -> log.accept("warning: " + p), misfits(outcomes, spec.programs()))) {
            for (Outcome o : out.contents().outcomes()) done.add(o.key());
            List<Batch> batches = batches(spec.programs(), spec.batchSize());
            int todo = 0;
            for (Batch b : batches) todo += countToDo(spec, b, platformOf, done, site);
            int total = todo + done.size();
            if (!done.isEmpty()) log.accept(done.size() + " runs already done, " + todo + " to go");
            Progress bar = progress.apply(todo);
            // a window of batches at a time: their job lines are made, run and dropped before the next window's
            for (int from = 0; from < batches.size(); ) {
                List<Job> jobs = new ArrayList<>();
                int lines = 0;
                for (int n = 0; from < batches.size() && (jobs.isEmpty() || lines < WINDOW_LINES && n < WINDOW_BATCHES); from++, n++) {
                    for (Job j : jobs(spec, List.of(batches.get(from)), platformOf, done, site, host)) {
                        jobs.add(j);
                        lines += j.lines().size();
                    }
                }
                if (jobs.isEmpty()) continue;
                jobs.sort(COSTLIEST_FIRST);
                executor.execute(jobs, o -> {
                    out.append(o);
                    bar.record(o);
                });
            }
            bar.finish();
            // the campaign as written: campaign.json as this run wrote it and the outcomes it read and appended, not read back
            return new Result(Campaign.of(dir, meta, out.contents()), total, done.size(), todo, (System.nanoTime() - t0) / 1_000_000);
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
        for (CampaignMeta.ProgramEntry p : programs) inputsOf.put(p.id(), p.inputs().size());
        return o -> misfit(o, inputsOf);
    }

    /** Why outcome {@code o} is not one of a campaign whose programs have these many inputs, or null when it is. */
    static String misfit(Outcome o, Map<String, Integer> inputsOf) {
        Integer n = inputsOf.get(o.program());
        if (n == null) return "program " + o.program() + " is not in the campaign";
        if (o.input() < 0 || o.input() >= n) return "program " + o.program() + " input " + o.input() + ", which has only " + n + " inputs";
        return null;
    }

    /** A resumed campaign must be the same campaign: same programs, same inputs. */
    /**
     * The campaign in {@code dir}, creating the folder and a new campaign.json (host facts from {@code host}, no platforms
     * yet) when there is none; an existing campaign must have been made from the same spec ({@link #checkSame}).
     */
    static CampaignMeta open(Path dir, Spec spec, java.util.function.Supplier<Map<String, String>> host, Consumer<String> log) {
        try {
            Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw FparityError.io("cannot create campaign folder " + dir, e);
        }
        CampaignMeta meta = Campaign.readMeta(dir);
        if (meta == null) {
            // The program store first, as the programs are generated (a killed run leaves whole lines, which the next one
            // checks and continues); campaign.json, which names the store and its count, once the store is complete.
            ProgramStore.Entries store = ProgramStore.fill(dir, spec.programs(), w -> log.accept("warning: " + w));
            meta = new CampaignMeta(Campaign.SCHEMA, spec.fparityVersion(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
                    spec.seed(), spec.grammar(), spec.settings(), host.get(), List.of(), store, null);
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
            throw new FparityError(dir + " was generated by generator stream " + (was == null ? "1 (fparity 0.1.0, whose nearby seeds shared programs)" : was)
                    + "; this fparity's stream " + now + " gives other programs for seed " + meta.seed()
                    + ", so the campaign cannot be resumed; choose another --out, or finish it with the fparity that made it");
        }
        if (!same(meta.programs(), spec.programs())) {
            String had = meta.programs().size() + " programs" + (meta.seed() == null ? "" : ", seed " + meta.seed()) + ", " + meta.settings();
            throw new FparityError(dir + " holds a different campaign (" + had + "); choose another --out or delete it");
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
            String tag = e.getKey() instanceof org.fparity.ir.Precision pr ? pr.id().substring(2) : "";
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

    /** How many runs of a batch have no outcome yet, over the platforms of {@code platformOf}. */
    static int countToDo(Spec spec, Batch batch, Map<String, String> platformOf, Set<String> done, String site) {
        int n = 0;
        for (CampaignMeta.ProgramEntry p : batch.programs()) {
            for (DetectedToolchain dt : spec.toolchains()) {
                for (String opt : spec.opts()) {
                    if (platformOf.get(dt.name() + "@" + opt) == null) continue;
                    if (done.isEmpty()) { // a fresh campaign: every run is to do, no key to make
                        n += p.inputs().size();
                        continue;
                    }
                    PlatformKey planned = new PlatformKey(dt.name(), opt, site, null);
                    for (int i = 0; i < p.inputs().size(); i++) if (!done.contains(Outcome.key(p.id(), i, planned))) n++;
                }
            }
        }
        return n;
    }

    /** The runs of a batch on one platform (as planned: toolchain, opt, site) that have no outcome yet. */
    static List<Job.Line> linesToDo(List<CampaignMeta.ProgramEntry> batch, PlatformKey planned, Set<String> done) {
        List<Job.Line> lines = new ArrayList<>();
        for (CampaignMeta.ProgramEntry p : batch) {
            List<Input> ins = p.inputs();
            for (int i = 0; i < ins.size(); i++) {
                if (done.isEmpty() || !done.contains(Outcome.key(p.id(), i, planned))) lines.add(new Job.Line(p.id(), i, ins.get(i).args()));
            }
        }
        return lines;
    }

    /** One job per batch (of {@code batches}) × toolchain × opt with work left. */
    static List<Job> jobs(Spec spec, List<Batch> batches, Map<String, String> platformOf, Set<String> done, String site, Map<String, String> facts) {
        List<Job> jobs = new ArrayList<>();
        for (Batch batch : batches) {
            // the batch's entries read once (from the program store: a few chunks), not once per platform and toolchain
            List<CampaignMeta.ProgramEntry> entries = List.copyOf(batch.programs());
            List<String> ids = entries.stream().map(CampaignMeta.ProgramEntry::id).toList();
            var emitters = spec.batchEmitters(entries);
            for (DetectedToolchain dt : spec.toolchains()) {
                BatchEmitter emitter = null;
                for (String opt : spec.opts()) {
                    String platform = platformOf.get(dt.name() + "@" + opt);
                    if (platform == null) continue;
                    List<Job.Line> lines = linesToDo(entries, new PlatformKey(dt.name(), opt, site, null), done);
                    if (lines.isEmpty()) continue;
                    if (emitter == null) emitter = emitters.apply(dt);
                    jobs.add(new Job(batch.name(), ids, emitter, dt, opt, platform, lines, site, PlatformKey.nodeLabel(facts, dt.toolchain().language())));
                }
            }
        }
        return jobs;
    }

    /** The platform record of a toolchain at an opt level, run at {@code site} on a node with these {@code facts}. */
    public static CampaignMeta.Platform platform(DetectedToolchain dt, String opt, String site, Map<String, String> facts) {
        return platformOf(org.fparity.exec.PlatformRecords.of(dt, opt, site, facts));
    }

    /** A platform record as a worker wrote it. */
    public static CampaignMeta.Platform platformOf(com.fasterxml.jackson.databind.JsonNode record) {
        try {
            return org.fparity.ir.ProgramJson.MAPPER.treeToValue(record, CampaignMeta.Platform.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new FparityError("malformed platform record from a worker: " + org.fparity.ir.ProgramJson.oneLine(e));
        }
    }
}
