package org.fparity.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.fprev.Fprev;
import org.fparity.fprev.ProbeValues;
import org.fparity.fprev.ProcessTarget;
import org.fparity.fprev.Runners;
import org.fparity.ir.Precision;
import org.fparity.util.CpuTime;
import org.fparity.util.Processes;

/**
 * fparity's FPRev against the original (peichenxie/FPRev, unmodified, from a folder the user names) on numpy's float32
 * dot: the original's own {@code fprev()} on its own {@code NumpyDot} adapter, imported from that folder by a small
 * driver written at run time beside a stand-in {@code graphviz} module (the original needs graphviz only to draw).
 */
public final class FprevPeer {
    private FprevPeer() {}

    /**
     * Our driver: {@code driver.py N 0} is one whole reveal (what a user of the original runs); {@code driver.py N R}
     * prints the best of R timed reveals after one warm-up, each on a fresh adapter as the original's experiments do.
     */
    static final String DRIVER = """
            import sys, time
            peer = sys.argv[3]
            sys.path[:0] = [peer, peer + "/experiments"]
            from fprev import fprev
            from accumimpls.numpy import NumpyDot
            n, reps = int(sys.argv[1]), int(sys.argv[2])
            if reps == 0:
                fprev(NumpyDot(n))
                sys.exit(0)
            fprev(NumpyDot(n))
            best = float("inf")
            for _ in range(reps):
                impl = NumpyDot(n)
                t = time.perf_counter()
                fprev(impl)
                best = min(best, time.perf_counter() - t)
            print("best %.6f" % best)
            """;

    /** The original draws with graphviz.Digraph; timing it needs only a class whose methods do nothing. */
    static final String GRAPHVIZ_STUB = """
            class Digraph:
                source = ""
                def __init__(self, *args, **kwargs):
                    pass
                def node(self, *args, **kwargs):
                    pass
                def edge(self, *args, **kwargs):
                    pass
            """;

    /** Figures of one side: best warm reveal (s), best whole-process reveal (wall s) and its CPU (s). */
    public record Side(String name, double warm, double whole, double wholeCpu) {}

    /** The original's checkout: fprev.py and experiments/accumimpls/numpy.py. */
    public static Path check(Path dir) {
        if (!Files.isRegularFile(dir.resolve("fprev.py"))
                || !Files.isRegularFile(dir.resolve("experiments/accumimpls/numpy.py"))) {
            throw new FparityError(
                    "--fprev " + dir
                            + ": no fprev.py and experiments/accumimpls/numpy.py there (expected a checkout of peichenxie/FPRev)",
                    ExitCode.BAD_INPUT);
        }
        return dir.toAbsolutePath();
    }

    /** Writes the driver and the graphviz stand-in into {@code scratch}; returns the driver. */
    public static Path prepare(Path scratch) throws IOException {
        Path d = Files.createDirectories(scratch);
        Files.writeString(d.resolve("graphviz.py"), GRAPHVIZ_STUB, StandardCharsets.UTF_8);
        return Files.writeString(d.resolve("driver.py"), DRIVER, StandardCharsets.UTF_8);
    }

    /** The best of {@code reps} warm reveals by the original, in one Python process. */
    public static double originalWarm(Path driver, Path peer, int n, int reps)
            throws IOException, InterruptedException {
        Path log = driver.resolveSibling("warm.log");
        Processes.Result r = Processes.run(
                List.of(
                        Runners.pythonAsTyped(),
                        driver.toString(),
                        Integer.toString(n),
                        Integer.toString(reps),
                        peer.toString()),
                Map.of(),
                driver.getParent(),
                log,
                3600);
        String text = Files.readString(log, StandardCharsets.UTF_8);
        if (!r.ok())
            throw new FparityError(
                    "the original FPRev failed (exit " + r.exitCode() + "): " + last(text), ExitCode.MISSING_TOOL);
        return parseBest(text);
    }

    static double parseBest(String text) {
        for (String l : text.lines().toList().reversed()) {
            if (l.startsWith("best ")) return Double.parseDouble(l.substring(5).strip());
        }
        throw new FparityError("the original FPRev driver printed no timing: " + last(text), ExitCode.MISSING_TOOL);
    }

    /**
     * One whole-process reveal by the original with the interpreter {@code python} (its user types python3:
     * {@link Runners#pythonAsTyped}): Python's start, numpy's import, one fprev() call. Wall and CPU ms.
     */
    public static long[] originalWhole(Path driver, Path peer, int n, String python)
            throws IOException, InterruptedException {
        Path log = driver.resolveSibling("whole.log");
        long t0 = System.nanoTime();
        long c0 = CpuTime.childCpuMillis();
        Processes.Result r = Processes.run(
                List.of(python, driver.toString(), Integer.toString(n), "0", peer.toString()),
                Map.of(),
                driver.getParent(),
                log,
                3600);
        long[] out = {(System.nanoTime() - t0) / 1_000_000, CpuTime.childCpuMillis() - c0};
        if (!r.ok())
            throw new FparityError("the original FPRev failed: " + last(Files.readString(log)), ExitCode.MISSING_TOOL);
        return out;
    }

    /** fparity's best warm reveal (s) and the probes it made. */
    public record Warm(double seconds, long probes) {}

    /** fparity's best of {@code reps} warm reveals (after one warm-up) on one open numpy target, as {@code fprev --bench} does. */
    public static Warm fparityWarm(int n, int reps, Fprev.Algo algo) {
        try (ProcessTarget t = ProcessTarget.numpy("dot", Precision.FP32, null)) {
            double best = Double.MAX_VALUE;
            long probes = 0;
            for (int k = 0; k <= reps; k++) {
                Fprev.Result r =
                        Fprev.reveal(t, n, algo, ProbeValues.mask(t.precision()), ProbeValues.unit(t.precision()), 0);
                if (k > 0) best = Math.min(best, r.seconds());
                probes = r.probes();
            }
            return new Warm(best, probes);
        }
    }

    /** One whole-process {@code fparity fprev --target numpy.dot --dtype float32 --n N}: wall and CPU ms. */
    public static long[] fparityWhole(Path scratch, int n) throws IOException, InterruptedException {
        FparityProcess.Run r = FparityProcess.run(
                List.of("fprev", "--target", "numpy.dot", "--dtype", "float32", "--n", Integer.toString(n)),
                scratch.resolve("fparity-fprev.log"),
                3600);
        if (r.exitCode() != 0)
            throw new FparityError(
                    "fparity fprev failed (exit " + r.exitCode() + "); see " + r.log(), ExitCode.MISSING_TOOL);
        return new long[] {r.millis(), r.cpuMillis()};
    }

    private static String last(String text) {
        List<String> ls = new ArrayList<>(text.strip().lines().toList());
        return ls.isEmpty() ? "(no output)" : ls.getLast();
    }
}
