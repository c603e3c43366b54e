package org.fparity.exec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;

/**
 * Runs a campaign's jobs on one host over ssh: checks the JDK there (staging fparity's own runtime when it has none >= 25), stages fparity's jars (content-addressed, once),
 * then runs one {@code fparity worker -} through the multiplexed connection, sends the jobs on its standard input and
 * appends outcome lines as they stream back. A dropped connection costs only the lines in flight: after reconnecting
 * (with backoff, a bounded number of times) exactly those are sent again; the remote build cache means nothing built
 * is built twice.
 */
public final class SshExecutor implements SiteExecutor {
    private final ClusterProfile profile;
    private final SshShell shell;
    private final Consumer<String> log;
    private final int reconnects;
    /** The site's program store as staged by this executor (made on the first execute). */
    private ProgramStaging programs;

    public SshExecutor(ClusterProfile profile, Consumer<String> log) throws IOException {
        this(profile, log, 6);
    }

    SshExecutor(ClusterProfile profile, Consumer<String> log, int reconnects) throws IOException {
        this.profile = profile;
        this.shell = new SshShell(profile.host(), profile.ssh(), profile.setup());
        this.log = log;
        this.reconnects = reconnects;
    }

    public SshShell shell() {
        return shell;
    }

    @Override
    public String site() {
        return profile.name();
    }

    @Override
    public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status)
            throws InterruptedException {
        if (jobs.isEmpty()) return;
        Staging.NodeJava nodeJava = Staging.nodeJava(
                shell, profile.name(), profile.java(), profile.workdir(), s -> log.accept(profile.name() + ": " + s));
        List<String> cp;
        try {
            cp = Staging.stage(shell, profile.workdir(), s -> log.accept(profile.name() + ": " + s));
        } catch (IOException e) {
            throw new FparityError("cluster " + profile.name() + ": " + e.getMessage(), ExitCode.MISSING_TOOL);
        }
        // the programs first, each once per site: the job documents name them by key
        if (programs == null)
            programs = new ProgramStaging(
                    shell,
                    profile.workdir() + "/programs",
                    a -> Staging.workerArgv(nodeJava.command(), cp, a),
                    s -> log.accept(profile.name() + ": " + s));
        programs.stage(jobs);
        List<String> args =
                new ArrayList<>(List.of("-", "--cache", profile.workdir() + "/cache", "--programs", programs.store()));
        if (profile.workers() != null)
            args.addAll(List.of("--jobs", profile.workers().toString()));
        List<String> argv = Staging.workerArgv(nodeJava.command(), cp, args);

        Deliveries owed = new Deliveries(jobs);
        int total = owed.size();
        int failures = 0;
        while (!owed.isEmpty()) {
            Session s = session(argv, owed.remaining(), owed, sink);
            status.accept("running " + (total - owed.size()) + "/" + total + " runs");
            if (s.ended && owed.isEmpty()) return;
            if (s.ended || s.exit != 255 && s.exit != -1 && s.exit != 124) {
                // The worker itself failed (a bad job, a full disk there): not something a reconnect fixes.
                throw new FparityError(
                        "cluster " + profile.name() + ": the worker on " + shell.describe() + " failed (exit " + s.exit
                                + "): " + s.lastError,
                        ExitCode.MISSING_TOOL);
            }
            if (++failures > reconnects) {
                throw new FparityError(
                        "cluster " + profile.name() + ": lost the connection " + failures + " times (" + s.lastError
                                + "); " + owed.size() + " runs left, a rerun resumes",
                        ExitCode.MISSING_TOOL);
            }
            long wait = Math.min(30, 1L << Math.min(failures, 5));
            log.accept(profile.name() + ": connection lost (" + s.lastError + "); " + owed.size()
                    + " runs in flight are sent again in " + wait + " s");
            shell.dropMaster();
            Thread.sleep(wait * 1000);
        }
    }

    private static final class Session {
        boolean ended;
        int exit = -1;
        String lastError = "";
    }

    /** One ssh session with one remote worker: sends {@code jobs}, delivers lines until the stream ends. */
    private Session session(List<String> argv, List<JobSpec> jobs, Deliveries owed, Consumer<WorkerLine> sink)
            throws InterruptedException {
        Session s = new Session();
        java.nio.file.Path err;
        try {
            err = java.nio.file.Files.createTempFile("fparity-ssh", ".err");
        } catch (IOException e) {
            throw new FparityError(
                    "cannot create a temporary file: " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
        try (org.fparity.util.Processes.Running p = shell.start(argv, err)) {
            Thread feeder = Thread.ofVirtual().start(() -> {
                try (OutputStream in = p.stdin()) {
                    java.io.Writer w =
                            new java.io.BufferedWriter(new java.io.OutputStreamWriter(in, StandardCharsets.UTF_8));
                    Worker.write(jobs, w, programs::key);
                    w.flush();
                } catch (IOException e) {
                    // the session died while sending: the read side sees it too
                }
            });
            WorkerLine.Reader reader = new WorkerLine.Reader();
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.stdout(), StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    WorkerLine w = reader.parse(line);
                    switch (w) {
                        case null -> {} // a torn line or a login banner: the run it belonged to is still owed
                        case WorkerLine.Result res -> {
                            if (owed.deliver(res.outcome())) sink.accept(res);
                        }
                        case WorkerLine.PlatformRecord pr -> sink.accept(pr);
                        case WorkerLine.End e -> s.ended = true;
                    }
                }
            } catch (IOException e) {
                s.lastError = e.getMessage();
            }
            s.exit = p.finish().exitCode();
            feeder.join(5000);
        } catch (IOException e) {
            s.lastError = "cannot start ssh: " + e.getMessage();
        } finally {
            try {
                for (String l : java.nio.file.Files.readAllLines(err)) {
                    if (l.isBlank()) continue;
                    s.lastError = l.strip();
                    if (!l.startsWith("fparity-worker: compile failed")) log.accept(profile.name() + ": " + l.strip());
                }
                java.nio.file.Files.deleteIfExists(err);
            } catch (IOException ignored) {
                // no stderr to show
            }
        }
        return s;
    }

    @Override
    public void close() {
        shell.close();
    }
}
