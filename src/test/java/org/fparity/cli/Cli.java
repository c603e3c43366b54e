package org.fparity.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs {@code fparity …} in-process and captures its exit code, stdout and stderr. */
public final class Cli {
    private Cli() {}

    public record Run(int exit, String out, String err) {}

    public static synchronized Run fparity(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /**
     * The command line of fparity in a child JVM of its own (this test run's classes, {@code jvmOptions} such as a heap
     * limit, then {@code args}): for tests that kill it, limit its memory or must not share this JVM's state.
     */
    public static java.util.List<String> childJvm(java.util.List<String> jvmOptions, String... args) {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        java.util.List<String> cmd = new java.util.ArrayList<>();
        cmd.add(java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java")
                .toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(java.util.List.of("-cp", cp, Main.class.getName()));
        cmd.addAll(java.util.List.of(args));
        return cmd;
    }

    /**
     * The exit code {@code compare} must give for its printed text, read off its headline (the one rule of the commands
     * that compare, a campaign without a baseline): 1 when it says cases disagree, or it lists runs that ended
     * differently ("P input K: gcc O3 CRASH where …"), else 0.
     */
    public static int compareExit(String compareOut) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                        "(?m)^campaign \\S+: (?:(\\d+) of \\d+ cases? disagrees?|all \\d+ cases? agree)")
                .matcher(compareOut);
        if (!m.find()) throw new AssertionError("no headline in compare's output: " + compareOut);
        boolean mismatch = java.util.regex.Pattern.compile("(?m)^\\S+ input \\d+: .* where ")
                .matcher(compareOut)
                .find();
        return m.group(1) != null || mismatch ? 1 : 0;
    }
}
