package org.fparity.exec;

import com.fasterxml.jackson.databind.MappingIterator;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Program;
import org.fparity.util.Processes;

/**
 * What {@code fparity worker} does on the node that runs a job: reads job documents, detects each toolchain and the
 * node's facts here, and runs the jobs through the local executor (build cache, batching, bisection of compile
 * failures, timeouts, tree kills), writing one platform record per job and one line per outcome as it arrives, then an
 * end marker.
 */
public final class Worker {
    private final BinaryCache cache;
    private final int workers;
    private final BiFunction<Toolchain, Map<String, Program>, BatchEmitter> emitters;
    /** when set, a job's batch emitter as is, its program text not parsed (a test's or a profile's own sources) */
    private final java.util.function.Function<JobSpec, BatchEmitter> given;

    private final Consumer<String> log;
    /**
     * Toolchains as detected here, by whole descriptor, and the node's facts: a worker kept by an in-process site
     * detects each once, not once per window of jobs.
     */
    private final Map<String, DetectedToolchain> detected = new java.util.concurrent.ConcurrentHashMap<>();

    private volatile Map<String, String> facts;

    /**
     * The order jobs are built and run in: the costlier compiles first (O2 and above, then O1, then O0; otherwise as
     * given, so toolchains take turns), so that the last job to finish while the other workers idle is a short one.
     * Measured on gcc and clang-14, 200 programs: O0 costs a third to a tenth of O2–O3_FM. Only the order changes,
     * never which runs are made, so outcomes are the same.
     */
    public static final java.util.Comparator<Job> COSTLIEST_FIRST =
            java.util.Comparator.comparingInt(j -> switch (j.opt()) {
                case "O0" -> 2;
                case "O1" -> 1;
                default -> 0;
            });

    /**
     * @param emitters the batch emitter of a toolchain for a batch's programs (the {@code campaign} package's, passed in
     *                 so that {@code exec} stays left of it)
     */
    public Worker(
            BinaryCache cache,
            int workers,
            BiFunction<Toolchain, Map<String, Program>, BatchEmitter> emitters,
            Consumer<String> log) {
        this.cache = cache;
        this.workers = workers;
        this.emitters = emitters;
        this.given = null;
        this.log = log;
    }

    /** A worker whose jobs' batches are emitted by {@code given} (their text is not parsed as programs). */
    public Worker(
            BinaryCache cache,
            int workers,
            java.util.function.Function<JobSpec, BatchEmitter> given,
            Consumer<String> log) {
        this.cache = cache;
        this.workers = workers;
        this.emitters = null;
        this.given = given;
        this.log = log;
    }

    /**
     * Writes jobs as a job document, one per line, each batch's programs and input lines once: the first job of a batch
     * (by name) carries its text, the batch's later jobs (its other toolchains and opt levels) carry none and get it back
     * when read; likewise a later job whose lines are the batch's first job's (a batch not yet run anywhere) leaves them
     * out. A shard of a campaign thus holds each program's text and inputs once, not once per toolchain and opt level.
     */
    public static void write(List<JobSpec> jobs, java.io.Writer out) throws IOException {
        write(jobs, out, null);
    }

    /**
     * As {@link #write(List, java.io.Writer)}; with {@code keys} (a program's key in the site's program store, where it
     * has been staged: {@link ProgramStaging}) the document names each program by key instead of carrying its text, and a
     * job whose runs are its programs' stored inputs names them by input index ({@code runs}: {@code [id, 0, 1, ...]}).
     */
    public static void write(
            List<JobSpec> jobs, java.io.Writer out, java.util.function.Function<JobSpec.ProgramText, String> keys)
            throws IOException {
        Map<String, JobSpec> first = new HashMap<>();
        for (JobSpec j : jobs) {
            JobSpec had = first.putIfAbsent(j.name(), j);
            if (had != null && !had.programs().equals(j.programs())) {
                throw new IllegalArgumentException(
                        "two jobs named " + j.name() + " with different programs in one job document");
            }
            List<JobSpec.ProgramText> programs = had == null ? j.programs() : List.of();
            List<Job.Line> lines = had != null && had.lines().equals(j.lines()) ? List.of() : j.lines();
            List<List<String>> stored = null;
            List<List<Object>> runs = keys == null ? null : runs(j, lines);
            if (keys != null && !programs.isEmpty()) {
                stored = new ArrayList<>();
                for (JobSpec.ProgramText p : programs) stored.add(List.of(p.id(), keys.apply(p)));
                programs = List.of();
            }
            if (runs != null) lines = List.of();
            else if (keys != null) lines = lines.stream().toList();
            out.write(WorkerLine.COMPACT.writeValueAsString(new Doc(
                    j.schema(),
                    j.name(),
                    j.site(),
                    j.opt(),
                    j.toolchain(),
                    lines,
                    runs,
                    programs.stream()
                            .map(p -> new JobSpec.ProgramText(p.id(), p.source()))
                            .toList(),
                    stored)));
            out.write('\n');
        }
    }

    /**
     * {@code lines} as runs by input index, consecutive lines of a program in one entry; null when a line's tokens are
     * not its program's stored inputs (they then travel as lines).
     */
    private static List<List<Object>> runs(JobSpec j, List<Job.Line> lines) {
        Map<String, JobSpec.ProgramText> byId = new HashMap<>();
        for (JobSpec.ProgramText p : j.programs()) byId.put(p.id(), p);
        List<List<Object>> runs = new ArrayList<>();
        List<Object> run = null;
        for (Job.Line l : lines) {
            JobSpec.ProgramText p = byId.get(l.program());
            if (p == null
                    || p.inputs() == null
                    || l.input() < 0
                    || l.input() >= p.inputs().size()
                    || !p.inputs().get(l.input()).equals(l.args())) return null;
            if (run == null || !run.getFirst().equals(l.program())) {
                run = new ArrayList<>();
                run.add(l.program());
                runs.add(run);
            }
            run.add(l.input());
        }
        return runs;
    }

    /** A job as a document spells it: {@link JobSpec} with programs by key ({@code stored}) and runs by index ({@code runs}). */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({
        "schema",
        "name",
        "site",
        "opt",
        "toolchain",
        "lines",
        "runs",
        "programs",
        "stored"
    })
    record Doc(
            int schema,
            String name,
            String site,
            String opt,
            Toolchain toolchain,
            List<Job.Line> lines,
            List<List<Object>> runs,
            List<JobSpec.ProgramText> programs,
            List<List<String>> stored) {}

    /** {@link #write} into a string. */
    public static String document(List<JobSpec> jobs) {
        return document(jobs, null);
    }

    /** {@link #write(List, java.io.Writer, java.util.function.Function)} into a string. */
    public static String document(List<JobSpec> jobs, java.util.function.Function<JobSpec.ProgramText, String> keys) {
        java.io.StringWriter w = new java.io.StringWriter();
        try {
            write(jobs, w, keys);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return w.toString();
    }

    /**
     * Reads every job of a job document (one JSON value after another, e.g. one per line) from {@code in}; a job
     * without programs gets those of the document's earlier job of the same batch, and without lines that job's lines
     * ({@link #write}). A document naming programs in a site's program store needs {@link #read(Reader, String,
     * ProgramBlobs)}.
     */
    public static List<JobSpec> read(Reader in, String what) {
        return read(in, what, (id, key, where) -> {
            throw new FparityError(where + ": names its programs in a site's program store, and this worker was"
                    + " given none (--programs DIR)");
        });
    }

    /** As {@link #read(Reader, String)}, programs named by key read from {@code store} (each checked against its key). */
    public static List<JobSpec> read(Reader in, String what, ProgramBlobs store) {
        return read(in, what, (id, key, where) -> {
            ProgramBlobs.Blob b = store.get(key, where + " program " + id);
            return new JobSpec.ProgramText(id, b.source(), b.inputs());
        });
    }

    /**
     * As {@link #read(Reader, String)} without reading programs named by key: their text is null and their runs' lines
     * have no tokens. For who only needs which runs a document holds (their keys).
     */
    public static List<JobSpec> runsOf(Reader in, String what) {
        return read(in, what, (id, key, where) -> new JobSpec.ProgramText(id, null, null));
    }

    /** Where a document's programs named by key come from. */
    @FunctionalInterface
    private interface Stored {
        JobSpec.ProgramText get(String id, String key, String where);
    }

    private static List<JobSpec> read(Reader in, String what, Stored store) {
        List<JobSpec> specs = new ArrayList<>();
        Map<String, JobSpec> batches = new HashMap<>();
        Map<String, JobSpec.ProgramText> fetched = new HashMap<>();
        try (MappingIterator<Doc> it = WorkerLine.COMPACT.readerFor(Doc.class).readValues(in)) {
            while (it.hasNextValue()) {
                Doc d = it.nextValue();
                String where = what + " job " + (specs.size() + 1);
                if (d == null) throw new FparityError(where + ": empty");
                List<JobSpec.ProgramText> programs = d.programs() == null ? List.of() : d.programs();
                for (JobSpec.ProgramText p : programs)
                    if (p == null || p.id() == null || p.source() == null)
                        throw new FparityError(where + ": a program needs \"id\" and \"source\"");
                if (d.stored() != null && !d.stored().isEmpty()) {
                    if (!programs.isEmpty()) throw new FparityError(where + ": has both \"programs\" and \"stored\"");
                    List<JobSpec.ProgramText> got = new ArrayList<>();
                    for (List<String> ref : d.stored()) {
                        if (ref == null || ref.size() != 2 || ref.get(0) == null || ref.get(1) == null)
                            throw new FparityError(where + ": a stored program is [id, key]");
                        got.add(fetched.computeIfAbsent(
                                ref.get(0) + "\0" + ref.get(1), k -> store.get(ref.get(0), ref.get(1), where)));
                    }
                    programs = got;
                }
                JobSpec earlier = d.name() == null ? null : batches.get(d.name());
                if (programs.isEmpty()) {
                    if (earlier == null)
                        throw new FparityError(
                                where + ": no programs, and no earlier job of batch " + d.name() + " carries them");
                    programs = earlier.programs();
                }
                List<Job.Line> lines = d.lines() == null ? List.of() : d.lines();
                if (d.runs() != null && !d.runs().isEmpty()) lines = lines(d.runs(), programs, where);
                if (lines.isEmpty() && earlier != null) lines = earlier.lines();
                JobSpec s = new JobSpec(d.schema(), d.name(), d.site(), d.toolchain(), d.opt(), programs, lines);
                check(s, where);
                batches.putIfAbsent(s.name(), s);
                specs.add(s);
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new FparityError(what + ": malformed job: " + org.fparity.ir.ProgramJson.oneLine(e));
        } catch (IOException e) {
            throw new FparityError(
                    what + ": cannot read (" + org.fparity.FparityError.reason(e) + ")", ExitCode.IO_FAILURE);
        } catch (RuntimeException e) {
            if (e instanceof FparityError) throw e;
            if (e.getCause() instanceof com.fasterxml.jackson.core.JsonProcessingException j) {
                throw new FparityError(what + ": malformed job: " + org.fparity.ir.ProgramJson.oneLine(j));
            }
            throw e;
        }
        return specs;
    }

    /** A job's {@code runs} ({@code [id, input, input, ...]}) as lines, each input's tokens from its stored program. */
    private static List<Job.Line> lines(List<List<Object>> runs, List<JobSpec.ProgramText> programs, String where) {
        Map<String, JobSpec.ProgramText> byId = new HashMap<>();
        for (JobSpec.ProgramText p : programs) byId.put(p.id(), p);
        List<Job.Line> lines = new ArrayList<>();
        for (List<Object> run : runs) {
            if (run == null || run.isEmpty() || !(run.getFirst() instanceof String id))
                throw new FparityError(where + ": a run is [program id, input index, ...]");
            JobSpec.ProgramText p = byId.get(id);
            if (p == null) throw new FparityError(where + ": runs of program " + id + " that the job does not carry");
            for (Object i : run.subList(1, run.size())) {
                if (!(i instanceof Integer n)
                        || n < 0
                        || p.source() != null
                                && (p.inputs() == null || n >= p.inputs().size()))
                    throw new FparityError(where + ": program " + id + " has no stored input " + i);
                lines.add(new Job.Line(
                        id, n, p.inputs() == null ? List.of() : p.inputs().get(n)));
            }
        }
        return lines;
    }

    /**
     * Resuming into an outcome file that already has lines (a Slurm task requeued or restarted): the runs it already
     * records are dropped from the jobs, so nothing runs twice, and a torn last line (the writer was killed mid-write)
     * is closed with a newline so that it stays one unreadable line of its own instead of swallowing the next one.
     *
     * @return the jobs with only the runs {@code out} does not record yet (jobs left with none are dropped)
     */
    public static List<JobSpec> resume(java.nio.file.Path out, List<JobSpec> specs) throws IOException {
        if (!java.nio.file.Files.isRegularFile(out) || java.nio.file.Files.size(out) == 0) return specs;
        byte[] bytes = java.nio.file.Files.readAllBytes(out);
        if (bytes[bytes.length - 1] != '\n') {
            java.nio.file.Files.write(out, new byte[] {'\n'}, java.nio.file.StandardOpenOption.APPEND);
        }
        java.util.Set<String> done = new java.util.HashSet<>();
        // one reader for the whole file: each worker that appended to it declared its platforms before its runs
        WorkerLine.Reader reader = new WorkerLine.Reader();
        for (int from = 0; from < bytes.length; ) {
            int nl = from;
            while (nl < bytes.length && bytes[nl] != '\n') nl++;
            if (reader.parse(bytes, from, nl) instanceof WorkerLine.Result r)
                done.add(r.outcome().key());
            from = nl + 1;
        }
        if (done.isEmpty()) return specs;
        List<JobSpec> left = new ArrayList<>();
        for (JobSpec s : specs) {
            List<Job.Line> ls =
                    s.lines().stream().filter(l -> !done.contains(s.key(l))).toList();
            if (!ls.isEmpty()) left.add(ls.size() == s.lines().size() ? s : s.withLines(ls));
        }
        return left;
    }

    private static void check(JobSpec s, String what) {
        if (s == null) throw new FparityError(what + ": empty");
        if (s.schema() > JobSpec.SCHEMA)
            throw new FparityError(what + ": schema " + s.schema() + " is newer than this fparity understands ("
                    + JobSpec.SCHEMA + ")");
        if (s.name() == null || !s.name().matches("[A-Za-z_][A-Za-z0-9_]*"))
            throw new FparityError(what + ": \"name\" must be a class name, got " + s.name());
        if (s.toolchain() == null || s.opt() == null)
            throw new FparityError(what + ": needs \"toolchain\" and \"opt\"");
        try {
            s.toolchain().validate(null);
        } catch (IllegalArgumentException e) {
            throw new FparityError(what + ": toolchain " + s.toolchain().name() + ": " + e.getMessage());
        }
        if (!s.toolchain().opt().containsKey(s.opt()))
            throw new FparityError(what + ": toolchain " + s.toolchain().name() + " has no opt level " + s.opt());
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (JobSpec.ProgramText p : s.programs()) {
            if (p.id() == null) throw new FparityError(what + ": a program needs \"id\" and \"source\"");
            ids.add(p.id());
        }
        for (Job.Line l : s.lines()) {
            if (!ids.contains(l.program()))
                throw new FparityError(what + ": line for program " + l.program() + " that the job does not carry");
        }
    }

    /** Takes {@code here} as this node's detection of its descriptor (a worker in the process that detected it: not twice). */
    public void know(DetectedToolchain here) {
        detected.put(key(here.toolchain()), here);
    }

    private static String key(Toolchain tc) {
        return tc.name() + "\0" + tc;
    }

    /**
     * Runs the jobs; every line of every job ends as exactly one outcome line. {@code out} receives whole lines and
     * must be thread-safe.
     */
    public void run(List<JobSpec> specs, Consumer<WorkerLine> out) throws InterruptedException {
        Map<String, String> facts = this.facts;
        if (facts == null) this.facts = facts = NodeFacts.collect();
        List<Job> jobs = new ArrayList<>();
        java.util.Set<String> recorded = new java.util.HashSet<>();
        Map<String, Program> parsed = new java.util.concurrent.ConcurrentHashMap<>();
        Map<String, BatchEmitter> batchEmitters = new HashMap<>();
        for (JobSpec s : specs) {
            // Keyed by the whole descriptor: two jobs naming gcc with different flags are two toolchains.
            DetectedToolchain dt =
                    detected.computeIfAbsent(key(s.toolchain()), k -> DetectedToolchain.detect(s.toolchain()));
            var record = PlatformRecords.of(dt, s.opt(), s.site(), facts);
            String platform = record.get("id").asText();
            if (recorded.add(platform)) out.accept(new WorkerLine.PlatformRecord(record));
            List<String> ids =
                    s.programs().stream().map(JobSpec.ProgramText::id).toList();
            // One emitter per toolchain × batch, shared by its opt levels (the batch text does not depend on the
            // level),
            // parsing its programs only when a pool thread first needs the text: parsing overlaps other jobs' builds.
            String batchKey = s.toolchain() + "\0" + ids + "\0"
                    + s.programs().stream()
                            .mapToInt(p -> p.source() == null ? 0 : p.source().hashCode())
                            .sum();
            BatchEmitter emitter = batchEmitters.computeIfAbsent(
                    batchKey, k -> given != null ? given.apply(s) : new LazyEmitter(s, parsed, emitters));
            jobs.add(new Job(
                    s.name(),
                    ids,
                    emitter,
                    dt,
                    s.opt(),
                    platform,
                    s.lines(),
                    s.site(),
                    Platform.nodeLabel(facts, dt.toolchain().lang())));
        }
        jobs.sort(COSTLIEST_FIRST);
        int[] runs = {0};
        new LocalExecutor(cache, workers, log).execute(jobs, o -> {
            if (!deliverable(o, STOP_WAIT_MILLIS)) return;
            synchronized (runs) {
                runs[0]++;
            }
            out.accept(new WorkerLine.Result(o));
        });
        if (Processes.stoppingWithin(0)) return;
        out.accept(new WorkerLine.End(jobs.size(), runs[0]));
    }

    /** How long a run that died of a stop signal waits to learn whether the worker itself is being stopped. */
    static final long STOP_WAIT_MILLIS = 2000;

    /**
     * Whether a run's outcome is the program's, to be delivered. Once the worker is being stopped (Slurm's time limit,
     * a cancel, a Ctrl-C) it delivers nothing more: the same signal reached its children, so a run that ends then
     * ended by the stop, not by itself, and must stay undelivered for the sender to settle (as TIMEOUT, or by
     * running it again) instead of being recorded as a crash of the program.
     */
    static boolean deliverable(Outcome o, long waitMillis) {
        boolean stopSignal = o.status() == Outcome.Status.CRASH
                && o.detail() != null
                && STOP_SIGNALS.stream().anyMatch(sig -> o.detail().startsWith(sig));
        try {
            return !Processes.stoppingWithin(stopSignal ? waitMillis : 0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Signals a scheduler or a person stops a process tree with (a program's own crash is SIGSEGV, SIGFPE, ...). */
    private static final List<String> STOP_SIGNALS = List.of("SIGTERM", "SIGINT", "SIGHUP", "SIGKILL");

    /** A batch's emitter made on first use: its programs parsed then (each program text once per worker). */
    private static final class LazyEmitter implements BatchEmitter {
        private final JobSpec spec;
        private final Map<String, Program> parsed;
        private final BiFunction<Toolchain, Map<String, Program>, BatchEmitter> emitters;
        private BatchEmitter real;

        LazyEmitter(
                JobSpec spec,
                Map<String, Program> parsed,
                BiFunction<Toolchain, Map<String, Program>, BatchEmitter> emitters) {
            this.spec = spec;
            this.parsed = parsed;
            this.emitters = emitters;
        }

        private synchronized BatchEmitter real() {
            if (real == null) {
                Map<String, Program> programs = new LinkedHashMap<>();
                for (JobSpec.ProgramText p : spec.programs())
                    programs.put(p.id(), parsed.computeIfAbsent(p.id() + "\0" + p.source(), k -> parse(p, spec)));
                real = emitters.apply(spec.toolchain(), programs);
            }
            return real;
        }

        @Override
        public String emit(String className, List<String> programIds) {
            return real().emit(className, programIds);
        }

        @Override
        public String className(String batchName) {
            return real().className(batchName);
        }
    }

    private static Program parse(JobSpec.ProgramText p, JobSpec s) {
        Program prog;
        try {
            prog = Program.parse(p.source());
        } catch (RuntimeException e) {
            throw new FparityError("job " + s.name() + ": program " + p.id() + " does not parse: " + e.getMessage());
        }
        // Fixture programs may use readable ids; a generated program's id is the hash of its text and must match.
        if (p.id().matches("[0-9a-f]{16}") && !prog.id().equals(p.id())) {
            throw new FparityError("job " + s.name() + ": program " + p.id() + " has text whose id is " + prog.id()
                    + " (damaged in transit?)");
        }
        return prog;
    }
}
