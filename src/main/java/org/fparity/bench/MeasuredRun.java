package org.fparity.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.util.CpuTime;
import org.fparity.util.Processes;

/**
 * One whole fparity process, measured as the kernel saw it: wall and CPU seconds (user + system, the process tree) and
 * peak resident memory, by GNU time ({@code /usr/bin/time -f}) when the machine has it; without it, wall and CPU from
 * this JVM's reaped children and no peak memory.
 */
public final class MeasuredRun {
    private MeasuredRun() {}

    static final Path GNU_TIME = Path.of("/usr/bin/time");

    /** How it went; {@code peakKb} is -1 when unknown. */
    public record Usage(int exitCode, double wallSeconds, double cpuSeconds, long peakKb) {
        public boolean ok() {
            return exitCode == 0;
        }
    }

    /** Runs {@code fparity args…} with {@code env} added, output to {@code log}. */
    public static Usage run(List<String> args, Map<String, String> env, Path log, long timeoutSeconds)
            throws IOException, InterruptedException {
        List<String> argv = new ArrayList<>();
        Path times = null;
        if (Files.isExecutable(GNU_TIME)) {
            times = Files.createTempFile("fparity-time", ".txt");
            argv.addAll(List.of(GNU_TIME.toString(), "-f", "%e %U %S %M", "-o", times.toString()));
        }
        argv.addAll(FparityProcess.command());
        argv.addAll(args);
        long c0 = CpuTime.childCpuMillis();
        Processes.Result r = Processes.run(argv, env, null, log, timeoutSeconds);
        double cpu = (CpuTime.childCpuMillis() - c0) / 1000.0;
        int exit = r.timedOut() ? -1 : r.exitCode();
        if (times == null) return new Usage(exit, r.micros() / 1e6, cpu, -1);
        try {
            Usage u = parse(Files.readString(times), exit);
            return u != null ? u : new Usage(exit, r.micros() / 1e6, cpu, -1);
        } finally {
            Files.deleteIfExists(times);
        }
    }

    /**
     * GNU time's {@code %e %U %S %M} line (the last line: before it, time may say the command exited non-zero), or null
     * when it has none.
     */
    static Usage parse(String timeOutput, int exitCode) {
        String[] lines = timeOutput.strip().split("\n");
        String[] f = lines[lines.length - 1].strip().split(" ");
        if (f.length != 4) return null;
        try {
            return new Usage(
                    exitCode,
                    Double.parseDouble(f[0]),
                    Double.parseDouble(f[1]) + Double.parseDouble(f[2]),
                    Long.parseLong(f[3]));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
