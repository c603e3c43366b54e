package org.fparity.fprev;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.fparity.util.Processes;

/**
 * A summation function in another process, spoken to through FPRev's line protocol (see
 * {@code runners/fprev/numpy_target.py}): the driver sends n, dtype, M and unit once, then batches of (i, j) pairs; the
 * process builds each masked array itself and answers one sum per probe. One process serves every n of a sweep. A
 * server that says {@code ok +raw …} takes the replay's inputs as float64 bytes in hex ({@code r K}) instead of hex
 * floats ({@code e K}); one that says {@code +bin} too takes them as raw bytes ({@code b K W}), float32 when every
 * summand is one exactly.
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
    /** The process came from bin/fparity (see {@link #adoptLaunched}) and has not answered yet. */
    private boolean adopted;
    /** The process is bin/fparity's: it ends by itself after "q", and bin/fparity waits for it. */
    private boolean launched;
    /** The server takes replay inputs as raw bytes in hex. */
    private boolean raw;
    /** The server takes replay inputs as raw bytes ({@code b K W}). */
    private boolean bin;

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

    /**
     * A probe server started before anyone asked for it, and where its stderr goes: our own child ({@code process}), or
     * one bin/fparity started ({@code launched}), listening on {@code socket}.
     */
    private record Early(Processes.Running process, ProcessHandle launched, Path socket, Path errLog) {}

    /** The system property through which bin/fparity hands over the probe server it started before the JVM. */
    public static final String LAUNCHED = "fparity.fprev.server";

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
            register(
                    key,
                    new Early(Processes.command(command).env(env).stderr(err).start(), null, null, err));
        } catch (IOException | RuntimeException e) {
            // open() starts it again and says what went wrong
        }
    }

    private static synchronized void register(List<Object> key, Early e) {
        if (EARLY.isEmpty()) Runtime.getRuntime().addShutdownHook(new Thread(ProcessTarget::stopEarly));
        Early old = EARLY.put(key, e);
        if (old != null) discard(old);
    }

    /**
     * Takes over a probe server bin/fparity started before the JVM, so that Python's start and numpy's import overlap
     * the launcher's and the JVM's ({@code numpy_target.py OP --socket PATH}, see bin/fparity). {@code spec} is what
     * bin/fparity passed in {@link #LAUNCHED}, one item a line: the server's pid, its socket, its stderr file, the BLAS
     * threads ("" for the default), then its command. The first {@link #open} of a target with that command and
     * environment connects to it; one never taken is stopped when the JVM exits. A server that ends before it answers
     * is replaced by one started here, so that any error is the same as without it.
     */
    public static void adoptLaunched(String spec) {
        String[] f = spec.split("\n", -1);
        if (f.length < 5) return;
        try {
            ProcessHandle h = ProcessHandle.of(Long.parseLong(f[0].strip())).orElse(null);
            String threads = f[3].strip();
            Map<String, String> env = threads.isEmpty() ? Map.of() : threadsEnv(threads);
            List<String> cmd = List.of(f).subList(4, f.length);
            Early e = new Early(null, h, Path.of(f[1]), Path.of(f[2]));
            if (h == null) discard(e);
            else register(List.of(cmd, env), e);
        } catch (RuntimeException e) {
            // a malformed hand-over: every target starts its own server
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
        if (e.process() != null) e.process().close();
        else if (e.launched() != null) Processes.killTree(e.launched());
        try {
            Files.deleteIfExists(e.errLog());
            if (e.socket() != null) Files.deleteIfExists(e.socket());
        } catch (IOException ignored) {
            // temporary files
        }
    }

    private void start() {
        if (process != null && process.isAlive()) return;
        Early early = EARLY.remove(List.<Object>of(command, env));
        adopted = false;
        if (early != null && early.launched() != null && (process = connect(early)) != null) {
            errLog = early.errLog();
            adopted = true;
            launched = true;
        } else if (early != null && early.process() != null && early.process().isAlive()) {
            errLog = early.errLog();
            process = early.process();
        } else {
            // one that died before anyone asked is started again, so that the error (if any) is this start's
            if (early != null) discard(early);
            startHere();
            return;
        }
        streams();
    }

    private void startHere() {
        launched = false;
        try {
            errLog = Files.createTempFile("fparity-fprev-", ".err");
            process = Processes.command(command).env(env).stderr(errLog).start();
        } catch (IOException e) {
            throw new FparityError(
                    "cannot start " + name + " (" + command.get(0) + "): " + e.getMessage(), ExitCode.MISSING_TOOL, e);
        }
        streams();
    }

    private void streams() {
        in = new BufferedWriter(new OutputStreamWriter(process.stdin(), StandardCharsets.US_ASCII), 1 << 16);
        out = new BufferedReader(new InputStreamReader(process.stdout(), StandardCharsets.US_ASCII), 1 << 16);
    }

    /**
     * Connects to the socket of a server bin/fparity started; it binds the socket as it starts, so a refused
     * connection is retried while the process lives (up to a minute). Null when it is gone or never listened.
     */
    private static Processes.Running connect(Early e) {
        long deadline = System.nanoTime() + 60_000_000_000L;
        UnixDomainSocketAddress at = UnixDomainSocketAddress.of(e.socket());
        while (true) {
            try {
                SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX);
                try {
                    ch.connect(at);
                } catch (IOException x) {
                    ch.close();
                    throw x;
                }
                return Processes.adopt(
                        e.launched(), Channels.newOutputStream(ch), Channels.newInputStream(ch), 600_000);
            } catch (IOException | RuntimeException x) {
                if (!Processes.alive(e.launched()) || System.nanoTime() - deadline > 0) {
                    discard(e);
                    return null;
                }
                try {
                    Thread.sleep(2);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    discard(e);
                    return null;
                }
            }
        }
    }

    /** A server that stopped answering (its message says how it ended). */
    private static final class Died extends FparityError {
        private static final long serialVersionUID = 1L;

        Died(String message, Throwable cause) {
            super(message, ExitCode.MISSING_TOOL, cause);
        }
    }

    @Override
    public Session open(int n, double mask, double unit) {
        start();
        String request = "fprev " + n + " " + precision.dtype() + " " + Double.toHexString(mask) + " "
                + Double.toHexString(unit) + "\n";
        String reply;
        try {
            reply = roundTrip(request);
        } catch (Died d) {
            if (!adopted) throw d;
            // bin/fparity's server ended before it answered: one started here says what (if anything) is wrong
            process.close();
            deleteErrLog();
            startHere();
            reply = roundTrip(request);
        } finally {
            adopted = false;
        }
        if (!reply.startsWith("ok")) throw new FparityError(name + ": " + reply.replaceFirst("^error ", ""));
        description = reply.substring(2).strip();
        raw = false;
        bin = false;
        // what the server offers beyond the base protocol: leading "+word"s
        while (description.startsWith("+")) {
            int end = description.indexOf(' ');
            String flag = end < 0 ? description : description.substring(0, end);
            raw |= flag.equals("+raw");
            bin |= flag.equals("+bin");
            description = end < 0 ? "" : description.substring(end + 1).strip();
        }
        return new Session() {
            private final StringBuilder sb = new StringBuilder();

            @Override
            public void probe(int[] is, int[] js, int count, int from, int to, double[] res) {
                sb.setLength(0);
                sb.append("p ").append(from).append(' ').append(to).append(' ').append(count);
                for (int k = 0; k < count; k++)
                    sb.append(' ').append(is[k]).append(' ').append(js[k]);
                sb.append('\n');
                parse(roundTrip(sb.toString()), count, res);
            }

            @Override
            public double[] evaluate(double[][] inputs) {
                if (bin) return evaluateBinary(inputs);
                if (raw) return evaluateRaw(inputs);
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

    /** The replay's inputs as float64 bytes (little-endian) in hex, one line each: no decimal or hex-float text. */
    private double[] evaluateRaw(double[][] inputs) {
        double[] res = new double[inputs.length];
        java.util.HexFormat hex = java.util.HexFormat.of();
        try {
            in.write("r " + inputs.length + "\n");
            for (double[] row : inputs) {
                java.nio.ByteBuffer bytes =
                        java.nio.ByteBuffer.allocate(8 * row.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                for (double v : row) bytes.putDouble(v); // the raw bits: NaN payloads kept
                in.write(hex.formatHex(bytes.array()));
                in.write('\n');
            }
        } catch (IOException e) {
            throw died(e);
        }
        parse(roundTrip(""), inputs.length, res);
        return res;
    }

    /**
     * The replay's inputs as raw little-endian bytes after one command line: float32 when every summand is exactly a
     * float32 (the bits of each double survive the round trip through float, so nothing is rounded and no NaN payload
     * is lost), else float64. For 16 x 8,192 float32 summands that is 512 KB instead of 2 MB of hex on both sides.
     */
    private double[] evaluateBinary(double[][] inputs) {
        int n = inputs.length == 0 ? 0 : inputs[0].length;
        for (double[] row : inputs)
            if (row.length != n) throw new IllegalArgumentException("replay inputs of different lengths");
        boolean narrow = true;
        for (double[] row : inputs) {
            for (double v : row) {
                if (Double.doubleToRawLongBits((double) (float) v) != Double.doubleToRawLongBits(v)) {
                    narrow = false;
                    break;
                }
            }
            if (!narrow) break;
        }
        int width = narrow ? 4 : 8;
        java.nio.ByteBuffer bytes =
                java.nio.ByteBuffer.allocate(width * n * inputs.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (double[] row : inputs) {
            if (narrow) for (double v : row) bytes.putFloat((float) v);
            else for (double v : row) bytes.putLong(Double.doubleToRawLongBits(v));
        }
        double[] res = new double[inputs.length];
        try {
            in.write("b " + inputs.length + " " + width + "\n");
            in.flush();
            process.stdin().write(bytes.array());
            process.stdin().flush();
        } catch (IOException e) {
            throw died(e);
        }
        parse(roundTrip(""), inputs.length, res);
        return res;
    }

    private String roundTrip(String request) {
        try {
            if (!request.isEmpty()) in.write(request);
            in.flush();
            String line = out.readLine();
            if (line == null) throw died(null);
            if (line.startsWith("error ")) {
                String msg = line.substring(6);
                ExitCode code = msg.contains("not installed") || msg.contains("no CUDA")
                        ? ExitCode.MISSING_TOOL
                        : ExitCode.BAD_INPUT;
                throw new FparityError(name + ": " + msg, code);
            }
            return line;
        } catch (IOException e) {
            throw died(e);
        }
    }

    private Died died(IOException e) {
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
        return new Died(name + " stopped answering" + (code >= 0 ? " (exit " + code + ")" : "") + tail, e);
    }

    private void parse(String line, int count, double[] res) {
        if (line.startsWith("x ")) {
            if (line.length() != 2 + 16L * count)
                throw new FparityError(
                        name + " answered " + (line.length() - 2) / 16 + " sums for " + count + " probes");
            for (int k = 0, at = 2; k < count; k++) {
                long bits = 0;
                int bad = 0;
                for (int b = 0; b < 64; b += 8, at += 2) {
                    int hi = nibble(line.charAt(at)), lo = nibble(line.charAt(at + 1));
                    bad |= hi | lo;
                    bits |= (long) ((hi << 4) | lo) << b;
                }
                if (bad < 0) throw new FparityError(name + " sent a malformed result line");
                res[k] = Double.longBitsToDouble(bits);
            }
            return;
        }
        int k = 0, pos = 0, len = line.length();
        while (pos < len) {
            int end = line.indexOf(' ', pos);
            if (end < 0) end = len;
            if (end > pos) {
                if (k == count)
                    throw new FparityError(name + " answered more than " + count + " sums for " + count + " probes");
                res[k++] = parseHex(line, pos, end);
            }
            pos = end + 1;
        }
        if (k != count) throw new FparityError(name + " answered " + k + " sums for " + count + " probes");
    }

    private static int nibble(char c) {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
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
                if (launched) {
                    // numpy's teardown need not hold up the JVM's exit: bin/fparity waits for it (and stops it)
                    in.close();
                    out.close();
                    return;
                }
                process.waitFor(2000);
            }
        } catch (IOException | InterruptedException e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
        } finally {
            if (!launched || !process.isAlive()) process.close();
            deleteErrLog();
            process = null;
        }
    }

    private void deleteErrLog() {
        try {
            if (errLog != null) Files.deleteIfExists(errLog);
        } catch (IOException ignored) {
            // temp file
        }
    }

    /** The numpy runner shipped in runners/fprev, found next to the install or the working directory. */
    public static ProcessTarget numpy(String op, Precision p, Integer threads) {
        return numpy(Runners.python(), op, p, threads);
    }

    /** The same with the interpreter {@code python}. */
    static ProcessTarget numpy(String python, String op, Precision p, Integer threads) {
        Path script = Runners.find("numpy_target.py");
        List<String> cmd = new ArrayList<>(List.of(python, script.toString(), op));
        Map<String, String> env = threads == null ? Map.of() : threadsEnv(threads.toString());
        return new ProcessTarget("numpy." + op, p, cmd, env);
    }

    private static Map<String, String> threadsEnv(String threads) {
        return Map.of("OPENBLAS_NUM_THREADS", threads, "OMP_NUM_THREADS", threads, "MKL_NUM_THREADS", threads);
    }
}
