package org.fparity.exec;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.util.AtomicFiles;

/**
 * Runs a campaign's jobs on a Slurm cluster through Slurm's own commands: shards of job documents as one job array
 * ({@code sbatch --parsable --array=…%M}) from the script template {@code runners/slurm/array.sbatch}; each task runs
 * {@code fparity worker} on its shard and appends outcome lines to its own file in the work folder, which this side
 * reads as it grows (only whole lines: a torn last line waits, or, once the task is over, is dropped and its run
 * resubmitted). Submissions are persisted in the campaign ({@code clusters/NAME/slurm.json}) before {@code sbatch} and
 * with their job id the moment it is known, so a killed {@code fparity run} collects on the next start and resubmits
 * only what no task delivered and none is still working on. {@code squeue} is polled every few seconds (the profile's
 * {@code pollSeconds}), not in a tight loop; a task that ended without delivering everything (time limit, node failure,
 * preemption, out of memory, cancelled) has its missing runs resubmitted a bounded number of times, then recorded as
 * outcomes saying what happened: a time limit is a TIMEOUT result, anything else is infrastructure (CANNOT_RUN, with
 * the Slurm state). Ctrl-C cancels the campaign's jobs ({@code scancel}).
 */
public final class SlurmExecutor implements SiteExecutor {
    private final ClusterProfile profile;
    private final Shell shell;
    private final Path stateDir;
    private final String campaignTag;
    private final Consumer<String> log;
    private final Path template;

    /** One submission: its tag (file names, job name), job id once known, attempt, shard indices and which are over. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Submission(String tag, String jobId, int attempt, List<Integer> shards, List<Integer> finished) {
        public Submission {
            finished = finished == null ? List.of() : List.copyOf(finished);
        }
    }

    /** The persisted state: every submission this campaign made on this cluster. */
    public record State(List<Submission> submissions) {
        public State {
            submissions = submissions == null ? List.of() : List.copyOf(submissions);
        }
    }

    /**
     * @param stateDir    the campaign's folder for this cluster (state and a copy of every shard)
     * @param campaignTag a short tag unique to the campaign (names its files and jobs in the shared work folder)
     * @param template    the batch script template
     */
    public SlurmExecutor(ClusterProfile profile, Path stateDir, String campaignTag, Path template, Consumer<String> log)
            throws IOException {
        this.profile = profile;
        this.shell = profile.host() == null
                ? new LocalShell(profile.setup())
                : new SshShell(profile.host(), profile.ssh(), profile.setup());
        this.stateDir = stateDir;
        this.campaignTag = campaignTag;
        this.template = template;
        this.log = log;
    }

    public Shell shell() {
        return shell;
    }

    @Override
    public String site() {
        return profile.name();
    }

    private Path stateFile() {
        return stateDir.resolve("slurm.json");
    }

    public State state() {
        try {
            return WorkerLine.COMPACT.readValue(Files.readString(stateFile()), State.class);
        } catch (NoSuchFileException e) {
            return new State(List.of());
        } catch (IOException e) {
            throw new FparityError(
                    stateFile() + ": cannot read (" + org.fparity.FparityError.reason(e) + ")", ExitCode.IO_FAILURE);
        }
    }

    private synchronized void save(State s) {
        try {
            Files.createDirectories(stateDir);
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create " + stateDir + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        try {
            AtomicFiles.write(
                    stateFile(),
                    WorkerLine.COMPACT.writerWithDefaultPrettyPrinter().writeValueAsString(s) + "\n");
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- running -------------------------------------------------------------------------------------------------

    private final Map<String, Long> offsets = new HashMap<>();
    private final Map<String, WorkerLine.Reader> readers = new HashMap<>();
    private volatile State current;
    private List<String> classpath;
    /** The java the batch script runs workers with (the profile's, or fparity's runtime staged there). */
    private String javaCmd;

    /** A task: one shard of one submission. */
    private record Task(Submission sub, int index) {
        String id() {
            return sub.jobId() + "_" + index;
        }
    }

    @Override
    public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status)
            throws InterruptedException {
        current = state();
        Deliveries owed = new Deliveries(jobs);
        if (owed.isEmpty() && current.submissions().isEmpty()) return;
        Thread cancel = new Thread(this::cancelAll, "fparity-scancel");
        Runtime.getRuntime().addShutdownHook(cancel);
        try {
            run(owed, sink, status);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(cancel);
            } catch (IllegalStateException ignored) {
                // already shutting down: the hook runs
            }
        }
    }

    private void run(Deliveries owed, Consumer<WorkerLine> sink, Consumer<String> status) throws InterruptedException {
        int total = owed.size();
        // Earlier submissions first: what their tasks wrote is collected, what they still work on is left to them.
        List<Task> active = new ArrayList<>();
        for (Submission s : current.submissions()) {
            for (int i : s.shards()) if (!s.finished().contains(i)) active.add(new Task(s, i));
        }
        adoptLostJobIds();
        active.replaceAll(t -> new Task(find(t.sub().tag()), t.index()));
        Set<String> inFlight = new HashSet<>();
        for (Task t : active) {
            collect(t, owed, sink);
            for (JobSpec j : shardJobs(t)) for (Job.Line l : j.lines()) if (owed.owes(j.key(l))) inFlight.add(j.key(l));
        }
        if (!active.isEmpty())
            log.accept(profile.name() + ": collecting " + active.size() + " tasks submitted before; " + inFlight.size()
                    + " runs still with them");
        List<JobSpec> fresh = new ArrayList<>();
        for (JobSpec j : owed.remaining()) {
            List<Job.Line> ls =
                    j.lines().stream().filter(l -> !inFlight.contains(j.key(l))).toList();
            if (!ls.isEmpty()) fresh.add(j.withLines(ls));
        }
        if (!fresh.isEmpty()) {
            prepare();
            active.addAll(submit(fresh, 0));
        }
        Map<String, Long> pendingSince = new HashMap<>();
        int pollSeconds = profile.pollSeconds();
        while (!active.isEmpty()) {
            Map<String, String> queue = squeue(active);
            List<Task> over = new ArrayList<>();
            int pending = 0;
            int running = 0;
            for (Task t : active) {
                collect(t, owed, sink);
                String st = queue == null ? "UNKNOWN" : queue.get(t.id());
                if (queue != null && st == null) {
                    over.add(t);
                } else if ("PENDING".equals(st)) {
                    pending++;
                    long since = pendingSince.computeIfAbsent(t.id(), k -> System.nanoTime());
                    Integer limit =
                            profile.slurm() == null ? null : profile.slurm().pendingMinutes();
                    if ((System.nanoTime() - since) / 60e9 > (limit == null ? 60 : limit)) {
                        log.accept(profile.name() + ": task " + t.id() + " pending for over "
                                + (limit == null ? 60 : limit) + " min (still waiting; scancel it to give up)");
                        pendingSince.put(t.id(), System.nanoTime());
                    }
                } else {
                    running++;
                }
            }
            for (Task t : over) {
                active.remove(t);
                collect(t, owed, sink);
                List<String> missing = new ArrayList<>();
                for (JobSpec j : shardJobs(t))
                    for (Job.Line l : j.lines()) if (owed.owes(j.key(l))) missing.add(j.key(l));
                markFinished(t);
                if (missing.isEmpty()) continue;
                String why = taskState(t);
                List<JobSpec> again = owed.take(missing);
                if (t.sub().attempt() < profile.resubmits()) {
                    log.accept(profile.name() + ": task " + t.id() + " ended " + why + " with " + missing.size()
                            + " runs undelivered; resubmitting them (attempt "
                            + (t.sub().attempt() + 2) + " of " + (profile.resubmits() + 1) + ")");
                    // Taken out of the owed set to be settled by the new tasks: put back as owed by them.
                    owed.restore(again);
                    prepare();
                    active.addAll(submit(again, t.sub().attempt() + 1));
                } else {
                    log.accept(profile.name() + ": task " + t.id() + " ended " + why + "; " + missing.size()
                            + " runs recorded as such after " + (t.sub().attempt() + 1) + " attempts");
                    for (JobSpec j : again)
                        for (Job.Line l : j.lines())
                            sink.accept(new WorkerLine.Result(
                                    giveUp(j, l, why, t.sub().attempt() + 1)));
                }
            }
            status.accept("queued " + pending + " running " + running + " runs " + (total - owed.size()) + "/" + total);
            if (!active.isEmpty()) Thread.sleep(pollSeconds * 1000L);
        }
        if (!owed.isEmpty()) throw new IllegalStateException(owed.size() + " runs neither delivered nor settled");
    }

    /** The outcome of a run Slurm would not finish: a time limit is a result of the run, anything else the cluster's. */
    static Outcome giveUp(JobSpec j, Job.Line l, String why, int attempts) {
        boolean timeout = why.startsWith("TIMEOUT");
        Outcome.Status st = timeout ? Outcome.Status.TIMEOUT : Outcome.Status.CANNOT_RUN;
        String detail = "slurm: task ended " + why + " in " + attempts + " attempts"
                + (timeout ? " (its time limit)" : " (infrastructure, not the program)");
        return new Outcome(
                l.program(), l.input(), j.toolchain().name(), j.opt(), j.site(), null, st, null, detail, null, 0);
    }

    /** Slurm reachable (munge included), JDK check and staging, once per execute. */
    private void prepare() throws InterruptedException {
        if (classpath != null) return;
        try {
            Shell.Result r = shell.run(List.of("sinfo", "-h", "-o", "%P"), null, 60);
            if (shell.connectionLost(r))
                throw new FparityError(
                        "cluster " + profile.name() + ": cannot reach it (" + shell.describe() + "): "
                                + Commands.firstLine(r),
                        ExitCode.MISSING_TOOL);
            if (!r.ok())
                throw new FparityError(
                        "cluster " + profile.name() + ": Slurm does not answer: " + slurmError(r),
                        ExitCode.MISSING_TOOL);
        } catch (IOException e) {
            throw new FparityError(
                    "cluster " + profile.name() + ": cannot run sinfo: " + e.getMessage(), ExitCode.MISSING_TOOL);
        }
        javaCmd = Staging.nodeJava(
                        shell,
                        profile.name(),
                        profile.java(),
                        profile.workdir(),
                        s -> log.accept(profile.name() + ": " + s))
                .command();
        try {
            classpath = Staging.stage(shell, profile.workdir(), s -> log.accept(profile.name() + ": " + s));
        } catch (IOException e) {
            throw new FparityError("cluster " + profile.name() + ": " + e.getMessage(), ExitCode.MISSING_TOOL);
        }
        List<String> cp = classpath;
        String java = javaCmd;
        programs = new ProgramStaging(
                shell,
                profile.workdir() + "/programs",
                a -> Staging.workerArgv(java, cp, a),
                s -> log.accept(profile.name() + ": " + s));
    }

    /** The site's program store as staged by this executor (made by {@link #prepare}). */
    private ProgramStaging programs;

    /** A batch's runs, and a compile per job worth about fifty runs. */
    private static long weight(List<JobSpec> batch) {
        long w = 0;
        for (JobSpec j : batch) w += j.lines().size() + 50L;
        return w;
    }

    /** Cuts jobs into shards, writes them here and there, persists the submission, then sbatch, then its job id. */
    private List<Task> submit(List<JobSpec> jobs, int attempt) throws InterruptedException {
        // A batch's jobs (its toolchains and opt levels) stay in one shard, which then carries the batch's text once.
        Map<String, List<JobSpec>> byBatch = new java.util.LinkedHashMap<>();
        for (JobSpec j : jobs)
            byBatch.computeIfAbsent(j.name(), k -> new ArrayList<>()).add(j);
        int n = Math.min(profile.slurm().shards() == null ? 8 : profile.slurm().shards(), byBatch.size());
        List<List<JobSpec>> shards = new ArrayList<>();
        long[] load = new long[n];
        for (int i = 0; i < n; i++) shards.add(new ArrayList<>());
        // Largest batches first onto the lightest shard: shards finish at about the same time.
        List<List<JobSpec>> sorted = new ArrayList<>(byBatch.values());
        sorted.sort((a, b) -> Long.compare(weight(b), weight(a)));
        for (List<JobSpec> batch : sorted) {
            int k = 0;
            for (int i = 1; i < n; i++) if (load[i] < load[k]) k = i;
            shards.get(k).addAll(batch);
            load[k] += weight(batch);
        }
        String tag = campaignTag + "-" + (current.submissions().size() + 1);
        List<Integer> indices = new ArrayList<>();
        // the programs before the shards that name them: each once per site (a resubmission stages nothing)
        programs.stage(jobs);
        try {
            Files.createDirectories(stateDir.resolve("shards"));
            for (int i = 0; i < n; i++) {
                Path local = stateDir.resolve("shards").resolve(tag + "-" + i + ".jobs");
                AtomicFiles.write(local, Worker.document(shards.get(i), programs::key));
                shell.put(local, profile.workdir() + "/shards/" + tag + "-" + i + ".jobs", 600);
                indices.add(i);
            }
            Path script = stateDir.resolve("shards").resolve(tag + ".sbatch");
            AtomicFiles.write(script, script(tag));
            shell.put(script, profile.workdir() + "/scripts/" + tag + ".sbatch", 120);
            shell.run(List.of("mkdir", "-p", profile.workdir() + "/log", profile.workdir() + "/out"), null, 60);
        } catch (IOException e) {
            throw new FparityError(
                    "cluster " + profile.name() + ": cannot send shards: " + org.fparity.FparityError.reason(e),
                    ExitCode.IO_FAILURE);
        }
        // Persisted before sbatch: if this process dies before the id is written, the next start finds the job by name.
        Submission s = new Submission(tag, null, attempt, indices, List.of());
        List<Submission> subs = new ArrayList<>(current.submissions());
        subs.add(s);
        current = new State(subs);
        save(current);
        List<String> argv = new ArrayList<>(List.of(
                "sbatch",
                "--parsable",
                "--array=" + range(indices) + throttle(),
                "--job-name=fparity-" + tag,
                "--output=" + profile.workdir() + "/log/" + tag + "-%a.log",
                "--chdir=" + profile.workdir(),
                // fparity resubmits what a lost task did not deliver (bounded, recorded); Slurm's own requeue would
                // rerun whole shards.
                "--no-requeue"));
        ClusterProfile.Slurm sl = profile.slurm();
        if (sl.partition() != null) argv.add("--partition=" + sl.partition());
        if (sl.account() != null) argv.add("--account=" + sl.account());
        if (sl.qos() != null) argv.add("--qos=" + sl.qos());
        if (sl.gres() != null) argv.add("--gres=" + sl.gres());
        if (sl.time() != null) argv.add("--time=" + sl.time());
        argv.addAll(sl.sbatch());
        argv.add(profile.workdir() + "/scripts/" + tag + ".sbatch");
        Shell.Result r;
        try {
            r = shell.run(argv, null, 120);
        } catch (IOException e) {
            throw new FparityError(
                    "cluster " + profile.name() + ": cannot run sbatch: " + e.getMessage(), ExitCode.MISSING_TOOL);
        }
        if (!r.ok())
            throw new FparityError(
                    "cluster " + profile.name() + ": sbatch failed: " + slurmError(r), ExitCode.MISSING_TOOL);
        String id = r.out().strip().split(";")[0];
        if (!id.matches("\\d+"))
            throw new FparityError(
                    "cluster " + profile.name() + ": sbatch printed '" + r.out().strip() + "', not a job id",
                    ExitCode.MISSING_TOOL);
        replace(new Submission(tag, id, attempt, indices, List.of()));
        log.accept(
                profile.name() + ": submitted job array " + id + " (" + n + " tasks, attempt " + (attempt + 1) + ")");
        List<Task> tasks = new ArrayList<>();
        for (int i : indices) tasks.add(new Task(find(tag), i));
        return tasks;
    }

    private String throttle() {
        Integer t = profile.slurm().throttle();
        return t == null ? "" : "%" + t;
    }

    private static String range(List<Integer> idx) {
        return idx.size() == 1 ? idx.getFirst().toString() : idx.getFirst() + "-" + idx.getLast();
    }

    /** The batch script: the template with the profile's values filled in, each quoted for the shell. */
    private String script(String tag) throws IOException {
        String t = Files.readString(template);
        StringBuilder vars = new StringBuilder();
        vars.append("FPARITY_DIR=").append(Shell.quote(profile.workdir())).append('\n');
        vars.append("FPARITY_TAG=").append(Shell.quote(tag)).append('\n');
        vars.append("FPARITY_JAVA=").append(Shell.quote(javaCmd)).append('\n');
        vars.append("FPARITY_CP=")
                .append(Shell.quote(String.join(":", classpath)))
                .append('\n');
        vars.append("FPARITY_PROGRAMS=").append(Shell.quote(programs.store())).append('\n');
        vars.append("FPARITY_WORKERS=")
                .append(profile.workers() == null ? "''" : Shell.quote("--jobs " + profile.workers()))
                .append('\n');
        return t.replace(
                        "{{SBATCH}}",
                        "# options are on sbatch's command line (see the campaign's clusters/" + profile.name()
                                + "/slurm.json)")
                .replace("{{VARS}}", vars.toString().strip())
                .replace("{{SETUP}}", String.join("\n", profile.setup()));
    }

    private Submission find(String tag) {
        for (Submission s : current.submissions()) if (s.tag().equals(tag)) return s;
        throw new IllegalStateException("no submission " + tag);
    }

    private synchronized void replace(Submission s) {
        List<Submission> subs = new ArrayList<>();
        for (Submission x : current.submissions()) subs.add(x.tag().equals(s.tag()) ? s : x);
        current = new State(subs);
        save(current);
    }

    private void markFinished(Task t) {
        Submission s = find(t.sub().tag());
        TreeSet<Integer> f = new TreeSet<>(s.finished());
        f.add(t.index());
        replace(new Submission(s.tag(), s.jobId(), s.attempt(), s.shards(), List.copyOf(f)));
    }

    /** A submission persisted without a job id (killed between sbatch and saving): found again by its job name. */
    private void adoptLostJobIds() throws InterruptedException {
        for (Submission s : current.submissions()) {
            if (s.jobId() != null) continue;
            try {
                Shell.Result r = shell.run(List.of("squeue", "-h", "--name=fparity-" + s.tag(), "-o", "%F"), null, 60);
                String id = r.ok()
                        ? r.out()
                                .lines()
                                .map(String::strip)
                                .filter(x -> x.matches("\\d+"))
                                .findFirst()
                                .orElse(null)
                        : null;
                if (id == null) {
                    // Already out of the queue: accounting (where it is on) still knows the job by its name.
                    r = shell.run(
                            List.of(
                                    "sacct",
                                    "-n",
                                    "-P",
                                    "-X",
                                    "--name=fparity-" + s.tag(),
                                    "-S",
                                    "now-7days",
                                    "-o",
                                    "JobID"),
                            null,
                            60);
                    id = r.ok()
                            ? r.out()
                                    .lines()
                                    .map(x -> x.strip().replaceFirst("_.*", ""))
                                    .filter(x -> x.matches("\\d+"))
                                    .findFirst()
                                    .orElse(null)
                            : null;
                }
                // Not queued: it never started, or it is over; either way what it wrote is collected and the rest
                // resubmitted.
                replace(new Submission(
                        s.tag(),
                        id == null ? "0" : id,
                        s.attempt(),
                        s.shards(),
                        id == null ? s.shards() : s.finished()));
            } catch (IOException e) {
                throw new FparityError(
                        "cluster " + profile.name() + ": cannot run squeue: " + e.getMessage(), ExitCode.MISSING_TOOL);
            }
        }
    }

    private List<JobSpec> shardJobs(Task t) {
        Path f = stateDir.resolve("shards").resolve(t.sub().tag() + "-" + t.index() + ".jobs");
        try (var r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            return Worker.runsOf(r, f.toString());
        } catch (IOException e) {
            throw new FparityError("cannot read " + f + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
    }

    /** Reads what a task appended since last time: whole lines only; the rest waits for its newline. */
    private void collect(Task t, Deliveries owed, Consumer<WorkerLine> sink) throws InterruptedException {
        String path = profile.workdir() + "/out/" + t.sub().tag() + "-" + t.index() + ".jsonl";
        long off = offsets.getOrDefault(path, 0L);
        byte[] bytes;
        try {
            if (shell.sharesFileSystem()) {
                Path p = Path.of(path);
                if (!Files.exists(p)) return;
                try (var ch = java.nio.channels.FileChannel.open(p)) {
                    long size = ch.size();
                    if (size <= off) return;
                    var buf = java.nio.ByteBuffer.allocate((int) Math.min(Integer.MAX_VALUE - 8, size - off));
                    ch.read(buf, off);
                    bytes = java.util.Arrays.copyOf(buf.array(), buf.position());
                }
            } else {
                Shell.Result r = shell.run(
                        List.of(
                                "sh",
                                "-c",
                                "test ! -f \"$1\" || tail -c +\"$2\" \"$1\"",
                                "fparity-tail",
                                path,
                                Long.toString(off + 1)),
                        null,
                        120);
                if (!r.ok()) return; // unreachable for now: read again at the next poll
                bytes = r.out().getBytes(StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            return;
        }
        int last = -1;
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                last = i;
                break;
            }
        }
        if (last < 0) return;
        offsets.put(path, off + last + 1);
        // one reader per task file, kept across polls: a run line needs its platform's declaration, read earlier
        WorkerLine.Reader reader = readers.computeIfAbsent(path, k -> new WorkerLine.Reader());
        for (int from = 0; from <= last; ) {
            int nl = from;
            while (bytes[nl] != '\n') nl++;
            WorkerLine w = reader.parse(bytes, from, nl);
            from = nl + 1;
            if (w instanceof WorkerLine.Result res) {
                if (owed.deliver(res.outcome())) sink.accept(res);
            } else if (w instanceof WorkerLine.PlatformRecord pr) {
                sink.accept(pr);
            }
        }
    }

    /** Task id → state of the campaign's tasks still in the queue; null when squeue could not answer (try again later). */
    private Map<String, String> squeue(List<Task> tasks) throws InterruptedException {
        Set<String> ids = new TreeSet<>();
        for (Task t : tasks) ids.add(t.sub().jobId());
        ids.remove("0");
        Map<String, String> m = new LinkedHashMap<>();
        if (ids.isEmpty()) return m;
        try {
            Shell.Result r =
                    shell.run(List.of("squeue", "-h", "-r", "-j", String.join(",", ids), "-o", "%i|%T"), null, 60);
            if (!r.ok()) {
                if ((r.err() + r.out()).contains("Invalid job id")) return m;
                log.accept(profile.name() + ": squeue failed (" + Commands.firstLine(r) + "); trying again");
                return null;
            }
            for (String l : r.out().lines().toList()) {
                String[] p = l.strip().split("\\|");
                if (p.length == 2) m.put(p[0], p[1]);
            }
            return m;
        } catch (IOException e) {
            return null;
        }
    }

    /** How a task ended: sacct where accounting is on, else scontrol (while Slurm remembers the job), else its log. */
    private String taskState(Task t) throws InterruptedException {
        try {
            Shell.Result r = shell.run(List.of("sacct", "-n", "-P", "-X", "-j", t.id(), "-o", "State"), null, 60);
            String sacct = r.ok() ? r.out() : "";
            String scontrol = "";
            String tail = "";
            if (stateOf(sacct, "", "") == null) {
                r = shell.run(List.of("scontrol", "-o", "show", "job", t.id()), null, 60);
                scontrol = r.ok() ? r.out() : "";
            }
            if (stateOf(sacct, scontrol, "") == null) {
                r = shell.run(
                        List.of(
                                "sh",
                                "-c",
                                "test ! -f \"$1\" || tail -c 4096 \"$1\"",
                                "fparity-tail",
                                profile.workdir() + "/log/" + t.sub().tag() + "-" + t.index() + ".log"),
                        null,
                        60);
                tail = r.out();
            }
            String st = stateOf(sacct, scontrol, tail);
            if (st != null) return st;
        } catch (IOException ignored) {
            // fall through
        }
        return "(state unknown: Slurm no longer remembers the task)";
    }

    /**
     * A finished task's state from what Slurm says about it: {@code sacct -n -P -X -o State} (first word: {@code
     * CANCELLED by 0} is CANCELLED), else {@code scontrol -o show job} ({@code JobState=…}), else, with no accounting
     * and the job purged, slurmstepd's own words at the end of the task's log ({@code *** JOB 11 ON node0 CANCELLED AT
     * … DUE TO TIME LIMIT ***}, an oom-kill). Null when none of them says.
     */
    static String stateOf(String sacct, String scontrol, String logTail) {
        String first = sacct == null
                ? ""
                : sacct.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .findFirst()
                        .orElse("");
        if (!first.isEmpty()) return first.split("\\s+")[0];
        var m = java.util.regex.Pattern.compile("JobState=(\\S+)").matcher(scontrol == null ? "" : scontrol);
        if (m.find()) return m.group(1);
        String tail = logTail == null ? "" : logTail;
        var c = java.util.regex.Pattern.compile("CANCELLED AT \\S+( DUE TO ([A-Z ]+[A-Z]))?")
                .matcher(tail);
        if (c.find()) {
            if (c.group(2) == null) return "CANCELLED";
            return switch (c.group(2)) {
                case "TIME LIMIT" -> "TIMEOUT";
                case "PREEMPTION" -> "PREEMPTED";
                case "NODE FAILURE" -> "NODE_FAIL";
                default -> "CANCELLED (" + c.group(2).toLowerCase(java.util.Locale.ROOT) + ")";
            };
        }
        if (tail.contains("oom-kill") || tail.contains("Out Of Memory") || tail.contains("OUT_OF_MEMORY"))
            return "OUT_OF_MEMORY";
        return null;
    }

    /**
     * The line of a Slurm command's complaint that says what is wrong: munge's own words when authentication failed
     * (its first line only suggests restarting munged with more threads), else the last error line.
     */
    static String slurmError(Shell.Result r) {
        List<String> lines = (r.err() + "\n" + r.out())
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty())
                .toList();
        for (String l : lines)
            if (l.contains("Munge encode failed") || l.contains("Munge decode failed"))
                return "munge is down or unreachable (" + l + ")";
        return lines.isEmpty() ? "exit " + r.exit() : lines.getLast();
    }

    /** Cancels every job of this campaign still known (Ctrl-C). */
    void cancelAll() {
        State s = current;
        if (s == null) return;
        List<String> ids = new ArrayList<>();
        for (Submission x : s.submissions())
            if (x.jobId() != null
                    && !x.jobId().equals("0")
                    && x.finished().size() < x.shards().size()) ids.add(x.jobId());
        if (ids.isEmpty()) return;
        List<String> argv = new ArrayList<>(List.of("scancel"));
        argv.addAll(ids);
        try {
            shell.run(argv, null, 30);
            System.err.println("fparity: " + profile.name() + ": cancelled job" + (ids.size() > 1 ? "s " : " ")
                    + String.join(", ", ids));
        } catch (IOException | InterruptedException e) {
            System.err.println("fparity: " + profile.name() + ": could not cancel " + String.join(", ", ids) + ": "
                    + e.getMessage());
        }
    }

    @Override
    public void close() {
        shell.close();
    }
}
