package org.fparity.bench;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.util.CpuTime;
import org.fparity.util.Processes;

/**
 * fparity as a user starts it, for whole-process figures (JVM start, class loading and JIT included, as Varity's
 * figures include Python's start): the launcher {@code bin/fparity} beside the jar when there is one, else this JVM's
 * {@code java} on this JVM's class path.
 */
public final class FparityProcess {
    private FparityProcess() {}

    /** How one whole-process run went. */
    public record Run(int exitCode, long millis, long cpuMillis, Path log) {}

    /** The command that starts fparity. */
    public static List<String> command() {
        Path jar = codeSource();
        if (jar != null && jar.toString().endsWith(".jar")) {
            Path launcher =
                    jar.toAbsolutePath().getParent().getParent().resolve("bin").resolve("fparity");
            if (Files.isExecutable(launcher)) return List.of(launcher.toString());
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        return List.of(
                java,
                "--enable-native-access=ALL-UNNAMED",
                "-Xss8m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main");
    }

    private static Path codeSource() {
        try {
            var cs = FparityProcess.class.getProtectionDomain().getCodeSource();
            return cs == null ? null : Path.of(cs.getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** Runs {@code fparity args…} to completion; CPU time is the whole process tree's. */
    public static Run run(List<String> args, Path log, long timeoutSeconds) throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>(command());
        argv.addAll(args);
        long t0 = System.nanoTime();
        long c0 = CpuTime.childCpuMillis();
        Processes.Result r = Processes.run(argv, Map.of(), null, log, timeoutSeconds);
        return new Run(
                r.timedOut() ? -1 : r.exitCode(),
                (System.nanoTime() - t0) / 1_000_000,
                CpuTime.childCpuMillis() - c0,
                log);
    }
}
