package org.fparity.exec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs ssh, scp, sbatch, squeue, sacct and scancel to completion with a timeout that fires and kills the whole process
 * tree, capturing both outputs (drained on their own threads, so a chatty command cannot block on a full pipe).
 */
final class Commands {
    private Commands() {}

    static Shell.Result run(List<String> argv, byte[] stdin, long timeoutSeconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(argv).redirectInput(stdin == null ? ProcessBuilder.Redirect.from(new java.io.File("/dev/null")) : ProcessBuilder.Redirect.PIPE).start();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread to = drain(p.getInputStream(), out);
        Thread te = drain(p.getErrorStream(), err);
        try {
            if (stdin != null) {
                try (OutputStream in = p.getOutputStream()) {
                    in.write(stdin);
                } catch (IOException e) {
                    // the command ended before reading all of it: its exit status says why
                }
            }
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                Processes.killTree(p);
                p.waitFor(5, TimeUnit.SECONDS);
                to.join(2000);
                te.join(2000);
                return new Shell.Result(124, out.toString(StandardCharsets.UTF_8), "timed out after " + timeoutSeconds + " s: " + argv.getFirst());
            }
            to.join(5000);
            te.join(5000);
            return new Shell.Result(p.exitValue(), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            if (p.isAlive()) Processes.killTree(p);
        }
    }

    private static Thread drain(InputStream in, ByteArrayOutputStream to) {
        return Thread.ofVirtual().start(() -> {
            try (in) {
                in.transferTo(to);
            } catch (IOException ignored) {
                // the process was killed
            }
        });
    }

    /** The first non-blank line of what a failed command said, for a one-line error. */
    static String firstLine(Shell.Result r) {
        for (String s : List.of(r.err(), r.out())) {
            for (String l : s.lines().toList()) if (!l.isBlank()) return l.strip();
        }
        return "exit " + r.exit();
    }
}
