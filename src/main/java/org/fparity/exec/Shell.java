package org.fparity.exec;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Where remote commands run: through the system {@code ssh} to a host, or on this machine (a Slurm login node that is
 * this machine). Commands are argv lists; every element is quoted for the remote shell, so a program's text, an input,
 * a flag or a path never reaches a shell unquoted. Only a cluster profile's own {@code setup} lines (its
 * {@code module load …}) are shell text, on purpose.
 */
public interface Shell extends AutoCloseable {
    /** What a finished command did. {@code exit} 255 from ssh means the connection, not the command, failed. */
    record Result(int exit, String out, String err) {
        public boolean ok() {
            return exit == 0;
        }
    }

    /** Runs a command to completion (killed, with its process tree, after {@code timeoutSeconds}). */
    Result run(List<String> argv, byte[] stdin, long timeoutSeconds) throws IOException, InterruptedException;

    /** Starts a long-running command whose standard input and output the caller streams; its stderr goes to {@code err}. */
    org.fparity.util.Processes.Running start(List<String> argv, Path err) throws IOException;

    /** Copies a local file to {@code remotePath} (written under a temporary name, then renamed). */
    void put(Path local, String remotePath, long timeoutSeconds) throws IOException, InterruptedException;

    /** Where it runs, for messages ({@code ssh fparity-local}, {@code this machine}). */
    String describe();

    /**
     * Whether its file system is this machine's: a path there names the same file here, so files can be written and
     * read there directly (a Slurm login node that is this machine), not through commands.
     */
    default boolean sharesFileSystem() {
        return false;
    }

    /** True when a failed command failed because the connection did (ssh's exit 255). */
    default boolean connectionLost(Result r) {
        return false;
    }

    @Override
    default void close() {}

    /**
     * One argv element quoted for a POSIX shell: inside single quotes nothing is special, and a single quote is closed,
     * escaped and reopened. Plain words are left as they are so that logs stay readable.
     */
    static String quote(String s) {
        if (!s.isEmpty() && s.matches("[A-Za-z0-9_./=:,+@%-]+")) return s;
        return "'" + s.replace("'", "'\\''") + "'";
    }

    /** A whole argv as one shell command line. */
    static String commandLine(List<String> argv) {
        StringBuilder sb = new StringBuilder();
        for (String a : argv) {
            if (!sb.isEmpty()) sb.append(' ');
            sb.append(quote(a));
        }
        return sb.toString();
    }
}
