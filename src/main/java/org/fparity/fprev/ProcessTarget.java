package org.fparity.fprev;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.ir.HexFloat;
import org.fparity.util.Processes;
import org.fparity.ir.Precision;

/**
 * A summation function in another process, spoken to through FPRev's line protocol (see
 * {@code runners/fprev/numpy_target.py}): the driver sends n, dtype, M and unit once, then batches of (i, j) pairs; the
 * process builds each masked array itself and answers one sum per probe. One process serves every n of a sweep.
 */
public class ProcessTarget implements SumTarget {
    private final String name;
    private final Precision precision;
    private final List<String> command;
    private final Map<String, String> env;
    private Processes.Running process;
    private BufferedWriter in;
    private BufferedReader out;
    private Path errLog;
    private String description = "";

    public ProcessTarget(String name, Precision precision, List<String> command, Map<String, String> env) {
        this.name = name;
        this.precision = precision;
        this.command = List.copyOf(command);
        this.env = Map.copyOf(env);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Precision precision() {
        return precision;
    }

    /** What the process said about itself (library, version, op), after the first open. */
    public String description() {
        return description;
    }

    /** A probe server started before anyone asked for it, and where its stderr goes. */
    private record Early(Processes.Running process, Path errLog) {}

    /** Servers started ahead of need ({@link #startEarly}), by command and environment; each is taken at most once. */
    private static final Map<List<Object>, Early> EARLY = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * Starts this target's process now, so that its own start (Python importing numpy: a few hundred milliseconds)
     * overlaps the caller's; the first {@link #open} of a target with the same command and environment takes it over.
     * One that is never taken is stopped when the JVM exits. Best effort: a process that cannot start is left to
     * {@link #open}, which reports it.
     */
    public void startEarly() {
        List<Object> key = List.of(command, env);
        if (EARLY.containsKey(key)) return;
        try {
            Path err = Files.createTempFile("fparity-fprev-", ".err");
            Early e = new Early(Processes.command(command).env(env).stderr(err).start(), err);
            if (EARLY.isEmpty()) Runtime.getRuntime().addShutdownHook(new Thread(ProcessTarget::stopEarly));
            EARLY.put(key, e);
        } catch (IOException | RuntimeException e) {
            // open() starts it again and says what went wrong
        }
    }

    /** Whether a process started early for this target's command is waiting to be taken over. */
    boolean hasEarly() {
        return EARLY.containsKey(List.<Object>of(command, env));
    }

    private static void stopEarly() {
        for (List<Object> k : List.copyOf(EARLY.keySet())) {
            Early e = EARLY.remove(k);
            if (e != null) discard(e);
        }
    }

    private static void discard(Early e) {
        e.process().close();
        try {
            Files.deleteIfExists(e.errLog());
        } catch (IOException ignored) {
            // a temporary file
        }
    }

    private void start() {
        if (process != null && process.isAlive()) return;
        Early early = EARLY.remove(List.<Object>of(command, env));
        if (early != null && early.process().isAlive()) {
            errLog = early.errLog();
            process = early.process();
        } else {
            // one that died before anyone asked is started again, so that the error (if any) is this start's
            if (early != null) discard(early);
            try {
                errLog = Files.createTempFile("fparity-fprev-", ".err");
                process = Processes.command(command).env(env).stderr(errLog).start();
            } catch (IOException e) {
                throw new FparityError("cannot start " + name + " (" + command.get(0) + "): " + e.getMessage(), FparityError.MISSING_TOOL, e);
            }
        }
        in = new BufferedWriter(new OutputStreamWriter(process.stdin(), StandardCharsets.US_ASCII), 1 << 16);
        out = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.US_ASCII), 1 << 16);
    }

    @Override
    public Session open(int n, double mask, double unit) {
        start();
        String reply = roundTrip("fprev " + n + " " + precision.dtype() + " " + Double.toHexString(mask) + " " + Double.toHexString(unit) + "\n");
        if (!reply.startsWith("ok")) throw new FparityError(name + ": " + reply.replaceFirst("^error ", ""));
        description = reply.substring(2).strip();
        return new Session() {
            private final StringBuilder sb = new StringBuilder();

            @Override
            public void probe(int[] is, int[] js, int count, int from, int to, double[] res) {
                sb.setLength(0);
                sb.append("p ").append(from).append(' ').append(to).append(' ').append(count);
                for (int k = 0; k < count; k++) sb.append(' ').append(is[k]).append(' ').append(js[k]);
                sb.append('\n');
                parse(roundTrip(sb.toString()), count, res);
            }

            @Override
            public double[] evaluate(double[][] inputs) {
                sb.setLength(0);
                sb.append("e ").append(inputs.length).append('\n');
                for (double[] row : inputs) {
                    for (int k = 0; k < row.length; k++) {
                        if (k > 0) sb.append(' ');
                        HexFloat.append(sb, row[k]);
                    }
                    sb.append('\n');
                }
                double[] res = new double[inputs.length];
                parse(roundTrip(sb.toString()), inputs.length, res);
                return res;
            }
        };
    }

    private String roundTrip(String request) {
        try {
            in.write(request);
            in.flush();
            String line = out.readLine();
            if (line == null) throw died(null);
            if (line.startsWith("error ")) {
                String msg = line.substring(6);
                int code = msg.contains("not installed") || msg.contains("no CUDA") ? FparityError.MISSING_TOOL : FparityError.BAD_INPUT;
                throw new FparityError(name + ": " + msg, code);
            }
            return line;
        } catch (IOException e) {
            throw died(e);
        }
    }

    private FparityError died(IOException e) {
        String tail = "";
        try {
            if (process != null) process.waitFor(2000);
            if (errLog != null) {
                List<String> lines = Files.readAllLines(errLog);
                tail = lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1);
            }
        } catch (IOException | InterruptedException ignored) {
            // best effort for the message
        }
        int code = process != null ? process.exitValue() : -1;
        return new FparityError(name + " stopped answering (exit " + code + ")" + tail, FparityError.MISSING_TOOL, e);
    }

    private void parse(String line, int count, double[] res) {
        if (line.startsWith("x ")) {
            if (line.length() != 2 + 16L * count) throw new FparityError(name + " answered " + (line.length() - 2) / 16 + " sums for " + count + " probes");
            for (int k = 0; k < count; k++) {
                long bits = 0;
                for (int b = 0; b < 8; b++) {
                    int at = 2 + 16 * k + 2 * b;
                    int hi = Character.digit(line.charAt(at), 16), lo = Character.digit(line.charAt(at + 1), 16);
                    if (hi < 0 || lo < 0) throw new FparityError(name + " sent a malformed result line");
                    bits |= (long) ((hi << 4) | lo) << (8 * b);
                }
                res[k] = Double.longBitsToDouble(bits);
            }
            return;
        }
        int k = 0, pos = 0, len = line.length();
        while (pos < len) {
            int end = line.indexOf(' ', pos);
            if (end < 0) end = len;
            if (end > pos) {
                if (k == count) throw new FparityError(name + " answered more than " + count + " sums for " + count + " probes");
                res[k++] = parseHex(line, pos, end);
            }
            pos = end + 1;
        }
        if (k != count) throw new FparityError(name + " answered " + k + " sums for " + count + " probes");
    }

    static double parseHex(String s) {
        return parseHex(s, 0, s.length());
    }

    /** Parses one result (a hex float as C's %a or Python's float.hex print it, inf/nan, or a decimal). */
    static double parseHex(String s, int from, int to) {
        try {
            return HexFloat.parse(s, from, to);
        } catch (NumberFormatException e) {
            throw new FparityError("not a number in target output: '" + s.substring(from, to) + "'");
        }
    }

    @Override
    public void close() {
        if (process == null) return;
        try {
            if (process.isAlive()) {
                in.write("q\n");
                in.flush();
                process.waitFor(2000);
            }
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
        } finally {
            process.close();
            try {
                if (errLog != null) Files.deleteIfExists(errLog);
            } catch (IOException ignored) {
                // temp file
            }
            process = null;
        }
    }

    /** The numpy runner shipped in runners/fprev, found next to the install or the working directory. */
    public static ProcessTarget numpy(String op, Precision p, Integer threads) {
        Path script = Runners.find("numpy_target.py");
        List<String> cmd = new ArrayList<>(List.of(Runners.python(), script.toString(), op));
        Map<String, String> env = threads == null ? Map.of()
                : Map.of("OPENBLAS_NUM_THREADS", threads.toString(), "OMP_NUM_THREADS", threads.toString(), "MKL_NUM_THREADS", threads.toString());
        return new ProcessTarget("numpy." + op, p, cmd, env);
    }
}
