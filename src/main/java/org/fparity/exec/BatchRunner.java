package org.fparity.exec;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.fparity.ir.HexFloat;
import org.fparity.util.Processes;

/**
 * Feeds one batch binary all its input lines and turns its answers into outcomes. A line that hangs or crashes costs
 * only its own outcome: the process tree is killed and the lines after it go to a fresh process.
 */
final class BatchRunner {
    /** Sentinel the stdout reader queues at end of stream. */
    private static final String EOF = new String("<eof>");
    /** What splits an answer's fields (String.split compiled this pattern again for every answer). */
    private static final java.util.regex.Pattern BLANKS = java.util.regex.Pattern.compile("\\s+");

    private final List<String> argv;
    private final Map<String, String> env;
    private final Path workDir;
    private final long runTimeoutMillis;
    private final long startupTimeoutMillis;

    BatchRunner(
            List<String> argv,
            Map<String, String> env,
            Path workDir,
            long runTimeoutSeconds,
            long startupTimeoutSeconds) {
        this.argv = argv;
        this.env = env;
        this.workDir = workDir;
        this.runTimeoutMillis = runTimeoutSeconds * 1000;
        this.startupTimeoutMillis = startupTimeoutSeconds * 1000;
    }

    /** Status, result and detail of one line, before it becomes an outcome. */
    record Answer(Outcome.Status status, String hex, String detail, long micros) {}

    /**
     * Runs {@code lines}; {@code positions[i]} is the batch index of line i's program. Calls {@code done} once per line, in
     * order.
     */
    void run(List<Job.Line> lines, int[] positions, Consumer<Answer> done) throws IOException, InterruptedException {
        int next = 0;
        while (next < lines.size()) {
            next = runOnce(lines, positions, next, done);
        }
    }

    /** One process serving lines from {@code from}; returns the first line not yet answered. */
    private int runOnce(List<Job.Line> lines, int[] positions, int from, Consumer<Answer> done)
            throws IOException, InterruptedException {
        Path errFile = Files.createTempFile(workDir, ".stderr", ".txt");
        long start = System.nanoTime();
        Processes.Running p =
                Processes.command(argv).env(env).dir(workDir).stderr(errFile).start();
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        Thread writer = Thread.ofVirtual().start(() -> feed(p, lines, positions, from));
        Thread reader = Thread.ofVirtual().start(() -> read(p, answers));
        int k = from;
        try {
            long last = start;
            while (k < lines.size()) {
                long wait = k == from ? startupTimeoutMillis + runTimeoutMillis : runTimeoutMillis;
                String a = answers.poll(wait, TimeUnit.MILLISECONDS);
                long now = System.nanoTime();
                long micros = (now - last) / 1000;
                last = now;
                if (a == null) {
                    p.kill();
                    done.accept(new Answer(
                            Outcome.Status.TIMEOUT,
                            null,
                            "no answer within " + wait / 1000 + " s; process tree killed",
                            micros));
                    return k + 1;
                }
                if (a == EOF) {
                    return ended(p, errFile, lines.size(), from, k, micros, done);
                }
                done.accept(parse(a, positions[k], micros));
                k++;
            }
            // Every line answered: the harness should now exit 0 at EOF; a late hang must not block the campaign.
            if (!p.waitFor(runTimeoutMillis)) p.kill();
            return k;
        } finally {
            p.close();
            writer.join(2000);
            reader.join(2000);
            Files.deleteIfExists(errFile);
        }
    }

    /** The process closed stdout before answering line {@code k}: decide what that costs. */
    private static int ended(
            Processes.Running p, Path errFile, int total, int from, int k, long micros, Consumer<Answer> done)
            throws IOException, InterruptedException {
        if (!p.waitFor(5000)) p.kill();
        int rc = p.exitValue();
        String err = lastLine(errFile);
        String signal = Processes.signalName(rc);
        if (rc == 3) {
            // The harness says the device or runtime is missing: nothing in this binary can run here.
            String why = err.isEmpty() ? "harness exited 3 (device or runtime unavailable)" : err;
            for (int i = k; i < total; i++) done.accept(new Answer(Outcome.Status.CANNOT_RUN, null, why, 0));
            return total;
        }
        if (signal != null) {
            done.accept(new Answer(Outcome.Status.CRASH, null, signal + (err.isEmpty() ? "" : ": " + err), micros));
            return k + 1;
        }
        String why = "harness exited with status " + rc + " before answering" + (err.isEmpty() ? "" : ": " + err);
        if (k == from) {
            // Not a single answer from a fresh process and no signal: the binary cannot serve any line (bad kernel
            // build, missing library); rerunning it once per line would only repeat the failure.
            for (int i = k; i < total; i++) done.accept(new Answer(Outcome.Status.HARNESS_ERROR, null, why, 0));
            return total;
        }
        done.accept(new Answer(Outcome.Status.HARNESS_ERROR, null, why, micros));
        return k + 1;
    }

    /** Turns {@code index hex decimal} or {@code index error reason} into an answer for the line at {@code position}. */
    static Answer parse(String line, int position, long micros) {
        String[] f = BLANKS.split(line.strip(), 3);
        if (f.length < 2)
            return new Answer(Outcome.Status.HARNESS_ERROR, null, "unreadable answer: " + clip(line), micros);
        if (!f[0].equals(Integer.toString(position))) {
            return new Answer(
                    Outcome.Status.HARNESS_ERROR,
                    null,
                    "answer for index " + f[0] + " where " + position + " was expected: " + clip(line),
                    micros);
        }
        if (f[1].equals("error")) {
            return new Answer(Outcome.Status.HARNESS_ERROR, null, f.length > 2 ? clip(f[2]) : "error", micros);
        }
        try {
            double v = HexFloat.parse(f[1]);
            return new Answer(Outcome.Status.OK, HexFloat.format(v), null, micros);
        } catch (NumberFormatException e) {
            return new Answer(Outcome.Status.HARNESS_ERROR, null, "not a number: " + clip(line), micros);
        }
    }

    private static void feed(Processes.Running p, List<Job.Line> lines, int[] positions, int from) {
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(p.stdin(), StandardCharsets.UTF_8))) {
            for (int i = from; i < lines.size(); i++) {
                w.write(Integer.toString(positions[i]));
                for (String t : lines.get(i).args()) w.append(' ').append(t);
                w.write('\n');
            }
        } catch (IOException ignored) {
            // the process died (crash, kill): the reader side reports what happened
        }
    }

    private static void read(Processes.Running p, BlockingQueue<String> answers) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.stdout(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (!line.isBlank()) answers.add(line);
            }
        } catch (IOException ignored) {
            // stream closed by a kill: same as end of stream
        } finally {
            answers.add(EOF);
        }
    }

    private static String lastLine(Path f) {
        try {
            List<String> ls = Files.readAllLines(f, StandardCharsets.UTF_8).stream()
                    .map(String::strip)
                    .filter(s -> !s.isEmpty())
                    .toList();
            if (ls.isEmpty()) return "";
            // Prefer the harness's own one-liner over whatever a runtime printed before it.
            for (int i = ls.size() - 1; i >= 0; i--)
                if (ls.get(i).startsWith("fparity-harness:")) return clip(ls.get(i));
            return clip(ls.getLast());
        } catch (IOException e) {
            return "";
        }
    }

    private static String clip(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "…" : s;
    }
}
