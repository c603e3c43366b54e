package org.fparity.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.util.Processes;

/**
 * Runs ssh, sbatch, squeue, sacct and scancel through the one process runner ({@link Processes}: a timeout that fires,
 * whole-tree kill), capturing both outputs.
 */
final class Commands {
    private Commands() {}

    static Shell.Result run(List<String> argv, byte[] stdin, long timeoutSeconds)
            throws IOException, InterruptedException {
        Path in = null;
        try {
            Processes.Command c = Processes.command(argv).timeoutSeconds(timeoutSeconds);
            if (stdin != null) {
                in = Files.createTempFile("fparity-stdin", ".bin");
                Files.write(in, stdin);
                c.stdin(in);
            }
            Processes.Captured r = c.capture();
            if (r.result().timedOut())
                return new Shell.Result(
                        124, r.stdout(), "timed out after " + timeoutSeconds + " s: " + argv.getFirst());
            return new Shell.Result(r.result().exitCode(), r.stdout(), r.stderr());
        } finally {
            if (in != null) Files.deleteIfExists(in);
        }
    }

    /** The first non-blank line of what a failed command said, for a one-line error. */
    static String firstLine(Shell.Result r) {
        for (String s : List.of(r.err(), r.out())) {
            for (String l : s.lines().toList()) if (!l.isBlank()) return l.strip();
        }
        return "exit " + r.exit();
    }
}
