package org.fparity.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.bench.FprevBench;
import org.fparity.fprev.Fprev;
import org.fparity.fprev.ProbeValues;
import org.fparity.fprev.ProcessTarget;
import org.fparity.fprev.SumTarget;
import org.fparity.fprev.SumTree;
import org.fparity.fprev.Targets;
import org.fparity.fprev.TreeDiff;
import org.fparity.fprev.TreeFormats;
import org.fparity.fprev.TreeShapes;
import org.fparity.ir.Precision;
import org.fparity.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity fprev}: reveal, sweep or compare summation orders (FPRev). */
@Command(
        name = "fprev",
        mixinStandardHelpOptions = true,
        description = {
            "Reveals the order in which a summation-based function adds its inputs (FPRev).",
            "Targets: " + Targets.HELP
        },
        footer = {
            "",
            "Findings (exit 1): the two orders differ (--compare), or the function is not an ordinary summation",
            "(compensated, randomised, value-dependent: no single order explains it).",
            "Cost: every algorithm makes at least n-1 probes of n summands each, so time grows like n²; above --n "
                    + FprevCommand.FORCE_N + " fparity says the cost and needs --force."
        })
public final class FprevCommand implements Callable<Integer> {
    /** Beyond this the index arrays alone need gigabytes. */
    static final int MAX_N = 1 << 27;

    /**
     * The documented limit without {@code --force}. Measured: {@code fprev --target java.seq --n 65536} took 44 s
     * and 203 MB (maximum resident size, load average 16 on 2 cores); the time grows like n².
     */
    static final int FORCE_N = 1 << 16;

    /** Memory per summand beyond the JVM's own, an estimate: the probe requests and replies are text of ~20 bytes per index pair, plus the tree. */
    static final long BYTES_PER_SUMMAND = 64;

    @Spec
    CommandSpec spec;

    @Option(
            names = "--target",
            paramLabel = "TARGET",
            description = "the function to probe, e.g. numpy.dot, java.seq, tc.hopper, c.gcc")
    String target;

    @Option(
            names = "--dtype",
            defaultValue = "float32",
            description = "float64, float32, float16 or bfloat16 (default: ${DEFAULT-VALUE})")
    String dtype;

    @Option(names = "--n", description = "number of summands")
    Integer n;

    @Option(
            names = "--algo",
            defaultValue = "incremental",
            description = "incremental (leaves placed one by one, about one probe each), "
                    + "advanced (the paper's Algorithm 7), basic or naive (default: ${DEFAULT-VALUE})")
    String algo;

    @Option(
            names = "--format",
            defaultValue = "text",
            description = "text, json, dot or svg (default: ${DEFAULT-VALUE})")
    String format;

    @Option(
            names = "--check",
            description = "replay on 64 random inputs (16 without it) and, for numpy, compare 1 and 2 BLAS threads")
    boolean check;

    @Option(
            names = "--sweep",
            paramLabel = "A..B",
            description = "reveal for n = A, 2A, 4A, … up to B and print n, probes, seconds, shape")
    String sweep;

    @Option(
            names = "--repeat",
            defaultValue = "1",
            description = "sweep: best of this many runs per n (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(
            names = "--compare",
            arity = "2",
            paramLabel = "TARGET",
            description = "do two targets sum in the same order?")
    List<String> compare;

    @Option(names = "--threads", description = "BLAS threads for numpy targets")
    Integer threads;

    @Option(names = "--kernel", description = "kernel source for c.* (defines fprev_sum) or opencl (fprev_reduce)")
    Path kernel;

    @Option(
            names = "--cflags",
            description = "compiler flags for c.* targets (default: " + org.fparity.fprev.CompiledTargets.DEFAULT_CFLAGS
                    + ")")
    String cflags;

    @Option(
            names = "--local-size",
            defaultValue = "64",
            description = "OpenCL work-group size (default: ${DEFAULT-VALUE})")
    int localSize;

    @Option(names = "--mask", description = "override the mask M (e.g. 0x1p127)")
    String mask;

    @Option(names = "--unit", description = "override the unit (e.g. 0x1p-24)")
    String unit;

    @Option(
            names = {"-o", "--output"},
            description = "write the result to this file instead of standard output")
    Path output;

    @Option(names = "--force", description = "reveal beyond --n " + FORCE_N + " (the cost is printed first)")
    boolean force;

    @Option(
            names = "--bench",
            paramLabel = "SUITE",
            description = "timing suites side by side with baselines: numpy, java, hopper, all")
    String bench;

    /**
     * {@code fparity fprev --target numpy.OP …} (one reveal): starts the numpy probe server before picocli and the
     * command are set up, so that Python's start and numpy's import overlap the JVM's (see
     * {@link ProcessTarget#startEarly}). Anything else, or arguments it does not understand, start nothing here.
     */
    static void startEarly(String[] args) {
        // bin/fparity started it before the JVM (see ProcessTarget.adoptLaunched)
        String launched = System.getProperty(ProcessTarget.LAUNCHED);
        if (launched != null) {
            ProcessTarget.adoptLaunched(launched);
            return;
        }
        if (args.length < 2 || !args[0].equals("fprev")) return;
        String target = null;
        Integer threads = null;
        for (int i = 1; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help")
                    || a.equals("-h")
                    || a.startsWith("--bench")
                    || a.startsWith("--sweep")
                    || a.startsWith("--compare")) return;
            String value = a.contains("=") ? a.substring(a.indexOf('=') + 1) : i + 1 < args.length ? args[i + 1] : null;
            if (a.equals("--target") || a.startsWith("--target=")) target = value;
            if (a.equals("--threads") || a.startsWith("--threads=")) {
                try {
                    threads = Integer.valueOf(value);
                } catch (NumberFormatException e) {
                    return; // the command says what is wrong with it
                }
                if (threads < 1) return;
            }
        }
        if (target == null || !target.matches("numpy\\.(sum|dot|matvec|matmul)")) return;
        // the precision is told per reveal; the process is the same for every dtype
        ProcessTarget.numpy(target.substring(6), Precision.FP32, threads).startEarly();
    }

    @Override
    public Integer call() {
        int modes = (target != null && compare == null ? 1 : 0) + (compare != null ? 1 : 0) + (bench != null ? 1 : 0);
        if (modes != 1) throw new FparityError("give exactly one of --target, --compare A B or --bench");
        if (compare != null && target != null)
            throw new FparityError("--compare takes its two targets itself; drop --target");
        Precision p = Precision.parse(dtype, "fprev", java.util.List.of(Precision.values()));
        Fprev.Algo a = Fprev.Algo.parse(algo);
        String fmt = format.toLowerCase(Locale.ROOT);
        if (!List.of("text", "json", "dot", "svg").contains(fmt))
            throw new FparityError("unknown format '" + format + "' (use text, json, dot or svg)");
        if (repeat < 1) throw new FparityError("--repeat must be at least 1");
        if (threads != null && threads < 1) throw new FparityError("--threads must be at least 1");
        if (n != null && n > MAX_N) throw new FparityError("--n " + n + " is above the limit " + MAX_N);
        if (n != null) bound("--n " + n, n);
        if (bench != null) {
            emit(FprevBench.run(bench, out()));
            return ExitCode.OK.code();
        }
        Targets.Options opts = new Targets.Options(threads, kernel, cflags, localSize);
        double m = mask == null ? ProbeValues.mask(p) : positive("--mask", mask);
        double u = unit == null ? ProbeValues.unit(p) : positive("--unit", unit);
        if (sweep != null) {
            if (!fmt.equals("text") && !fmt.equals("json")) throw new FparityError("--sweep prints text or json");
            return sweepMode(p, a, fmt, m, u, opts);
        }
        if (n == null) throw new FparityError("give the number of summands with --n");
        if (n < 2) throw new FparityError("--n must be at least 2 (got " + n + ")");
        if (compare != null) {
            if (!fmt.equals("text") && !fmt.equals("json")) throw new FparityError("--compare prints text or json");
            return compareMode(p, a, fmt, m, u, opts);
        }
        try (SumTarget t = Targets.resolve(target, p, opts)) {
            Fprev.Result r = Fprev.reveal(t, n, a, m, u, check ? 64 : Fprev.REPLAY_TRIALS);
            String threadsLine = check && target.startsWith("numpy.") ? threadCheck(p, a, m, u) : null;
            String desc = t instanceof ProcessTarget pt ? pt.description() : "";
            emit(
                    switch (fmt) {
                        case "json" -> json(resultMap(r, desc, threadsLine));
                        case "dot" -> TreeFormats.dot(r.tree());
                        case "svg" -> TreeFormats.svg(r.tree(), r.target() + " " + p.dtype() + " n=" + n);
                        default -> text(r, desc, threadsLine);
                    });
        }
        return ExitCode.OK.code();
    }

    /** Standard output, when this command was set up by {@link #plain} instead of picocli. */
    private PrintWriter plainOut;

    private PrintWriter out() {
        if (spec != null) return spec.commandLine().getOut();
        // as picocli's own: System.out in its charset, flushed on println
        if (plainOut == null)
            plainOut = new PrintWriter(new OutputStreamWriter(System.out, System.out.charset()), true);
        return plainOut;
    }

    /**
     * One plain reveal, {@code fprev --target T [--n N] [--dtype D] [--algo A] [--format F] [--threads K] [--check]
     * [-o FILE]} (each option at most once, as {@code --opt VALUE} or {@code --opt=VALUE}), set up as picocli would set
     * it up but without picocli: building picocli's model of this command (reflection over its annotations, proxies the
     * AOT cache cannot hold) took 110-230 ms of a whole numpy reveal's critical path (runners/README.md). Null for
     * anything else (help, sweeps, benches, compare, any other option, a repeated option, a value that is empty or
     * starts with '-' or '@', a number that is not plain decimal), which picocli parses as before.
     * {@code FprevPlainParseTest} checks that both set every option alike.
     */
    static FprevCommand plain(String[] args) {
        if (args.length < 3 || !args[0].equals("fprev")) return null;
        FprevCommand c = new FprevCommand();
        // the defaults of the @Option annotations above
        c.dtype = "float32";
        c.algo = "incremental";
        c.format = "text";
        c.repeat = 1;
        c.localSize = 64;
        List<String> seen = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String name = args[i], value = null;
            int eq = name.indexOf('=');
            if (name.startsWith("--") && eq > 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            String key = name.equals("-o") ? "--output" : name;
            if (seen.contains(key)) return null;
            seen.add(key);
            if (name.equals("--check")) {
                if (value != null) return null;
                c.check = true;
                continue;
            }
            if (value == null) {
                if (++i == args.length) return null;
                value = args[i];
            }
            if (value.isEmpty() || value.charAt(0) == '-' || value.charAt(0) == '@') return null;
            switch (name) {
                case "--target" -> c.target = value;
                case "--dtype" -> c.dtype = value;
                case "--algo" -> c.algo = value;
                case "--format" -> c.format = value;
                case "--n" -> c.n = decimal(value);
                case "--threads" -> c.threads = decimal(value);
                case "-o", "--output" -> {
                    try {
                        c.output = Path.of(value);
                    } catch (java.nio.file.InvalidPathException e) {
                        return null;
                    }
                }
                default -> {
                    return null;
                }
            }
            if ((name.equals("--n") && c.n == null) || (name.equals("--threads") && c.threads == null)) return null;
        }
        return c.target == null ? null : c;
    }

    /** A plain decimal 1 to 999,999,999 (no sign, no leading zero), else null. */
    private static Integer decimal(String s) {
        if (s.length() > 9 || s.charAt(0) == '0') return null;
        int v = 0;
        for (int k = 0; k < s.length(); k++) {
            char ch = s.charAt(k);
            if (ch < '0' || ch > '9') return null;
            v = v * 10 + (ch - '0');
        }
        return v;
    }

    private void emit(String s) {
        if (output != null) {
            AtomicFiles.write(output, s.endsWith("\n") ? s : s + "\n");
        } else {
            PrintWriter w = out();
            w.print(s.endsWith("\n") ? s : s + "\n");
            w.flush();
        }
    }

    private static double positive(String opt, String s) {
        double v;
        try {
            v = Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new FparityError(opt + " must be a number like 0x1p127, not '" + s + "'");
        }
        if (!(v > 0) || Double.isInfinite(v))
            throw new FparityError(opt + " must be positive and finite, not '" + s + "'");
        return v;
    }

    private String threadCheck(Precision p, Fprev.Algo a, double m, double u) {
        SumTree one, two;
        try (ProcessTarget t1 = ProcessTarget.numpy(target.substring(6), p, 1);
                ProcessTarget t2 = ProcessTarget.numpy(target.substring(6), p, 2)) {
            one = Fprev.reveal(t1, n, a, m, u, 0).tree();
            two = Fprev.reveal(t2, n, a, m, u, 0).tree();
        }
        if (one.equals(two)) return "same order with 1 and 2 BLAS threads";
        List<String> d = TreeDiff.describe(one, two, "1 thread", "2 threads");
        return "the order changes with the thread count: " + String.join("; ", d);
    }

    private static String text(Fprev.Result r, String desc, String threadsLine) {
        StringBuilder sb = new StringBuilder();
        sb.append(r.target())
                .append("  ")
                .append(r.precision().dtype())
                .append("  n=")
                .append(r.n())
                .append("  ")
                .append(r.algo().id());
        if (!desc.isEmpty()) sb.append("  (").append(desc).append(')');
        sb.append('\n');
        sb.append("tree:    ").append(r.tree().canonical()).append('\n');
        sb.append("shape:   ").append(TreeShapes.name(r.tree())).append('\n');
        sb.append(String.format(Locale.ROOT, "probes:  %d (%d calls), %.4f s", r.probes(), r.calls(), r.seconds()));
        if (r.openSeconds() > 0.01)
            sb.append(String.format(Locale.ROOT, " (+%.2f s to start the target)", r.openSeconds()));
        sb.append('\n');
        if (r.replay() != null)
            sb.append("replay:  ").append(r.replay().verdict()).append('\n');
        if (threadsLine != null) sb.append("threads: ").append(threadsLine).append('\n');
        return sb.toString();
    }

    private static Map<String, Object> resultMap(Fprev.Result r, String desc, String threadsLine) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("target", r.target());
        if (!desc.isEmpty()) m.put("description", desc);
        m.put("dtype", r.precision().dtype());
        m.put("n", r.n());
        m.put("algo", r.algo().id());
        m.put("tree", r.tree().canonical());
        m.put("shape", TreeShapes.name(r.tree()));
        m.put("maxArity", r.tree().maxArity());
        m.put("probes", r.probes());
        m.put("calls", r.calls());
        m.put("seconds", r.seconds());
        if (r.replay() != null) {
            Map<String, Object> rep = new LinkedHashMap<>();
            rep.put("matches", r.replay().matches());
            rep.put("widerAccumulator", r.replay().widerAccumulator());
            rep.put("trials", r.replay().trials());
            rep.put("mismatches", r.replay().mismatches());
            rep.put("verdict", r.replay().verdict());
            m.put("replay", rep);
        }
        if (threadsLine != null) m.put("threads", threadsLine);
        return m;
    }

    static String json(Object o) {
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Says what revealing {@code n} summands costs and refuses it above {@link #FORCE_N} unless --force (exit 2). */
    private void bound(String what, int n) {
        if (n <= FORCE_N) return;
        String cost = cost(n);
        if (!force)
            throw new FparityError(
                    what + ": " + cost + "; the limit is " + FORCE_N + " summands, --force runs it anyway");
        System.err.println("fparity: --force: " + cost);
    }

    /** The cost of one reveal of {@code n} summands, in words. */
    static String cost(long n) {
        double evaluations = (double) (n - 1) * n;
        double seconds = 44.0 * evaluations / ((double) (FORCE_N - 1) * FORCE_N);
        return String.format(
                Locale.ROOT,
                "at least %,d probes of %,d summands each (%.1e summand evaluations; n = %,d took 44 s here,"
                        + " so expect about %s) and about %s of memory",
                n - 1,
                n,
                evaluations,
                FORCE_N,
                duration(seconds),
                CampaignCost.size((double) n * BYTES_PER_SUMMAND));
    }

    private static String duration(double s) {
        if (s < 120) return String.format(Locale.ROOT, "%.0f s", s);
        if (s < 7200) return String.format(Locale.ROOT, "%.0f minutes", s / 60);
        if (s < 2 * 86400) return String.format(Locale.ROOT, "%.0f hours", s / 3600);
        return String.format(Locale.ROOT, "%.0f days", s / 86400);
    }

    static int[] sweepSizes(String s) {
        String[] parts = s.split("\\.\\.");
        int lo, hi;
        try {
            if (parts.length != 2) throw new NumberFormatException();
            lo = Integer.parseInt(parts[0].strip());
            hi = Integer.parseInt(parts[1].strip());
        } catch (NumberFormatException e) {
            throw new FparityError("--sweep takes A..B, e.g. 4..8192, not '" + s + "'");
        }
        if (lo < 2 || hi < lo) throw new FparityError("--sweep needs 2 <= A <= B, got " + s);
        if (hi > MAX_N) throw new FparityError("--sweep goes up to " + MAX_N + " summands, not " + hi);
        List<Integer> sizes = new ArrayList<>();
        for (long v = lo; v <= hi; v *= 2) sizes.add((int) v);
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    private int sweepMode(Precision p, Fprev.Algo a, String fmt, double m, double u, Targets.Options opts) {
        if (target == null) throw new FparityError("--sweep needs --target");
        int[] sizes = sweepSizes(sweep);
        bound("--sweep " + sweep, sizes[sizes.length - 1]);
        List<Map<String, Object>> rows = new ArrayList<>();
        StringBuilder sb = new StringBuilder(
                String.format(Locale.ROOT, "%-10s %12s %10s  %s%n", "n", "probes", "seconds", "shape"));
        PrintWriter w = out();
        if (fmt.equals("text") && output == null) {
            w.printf("%s  %s  %s  (best of %d)%n", target, p.dtype(), a.id(), repeat);
            w.print(sb);
            w.flush();
        }
        try (SumTarget t = Targets.resolve(target, p, opts)) {
            for (int size : sizes) {
                Fprev.Result best = null;
                for (int k = 0; k < repeat; k++) {
                    Fprev.Result r = Fprev.reveal(t, size, a, m, u, check ? 16 : 0);
                    if (best == null || r.seconds() < best.seconds()) best = r;
                }
                String line = String.format(
                        Locale.ROOT,
                        "%-10d %12d %10.4f  %s%n",
                        size,
                        best.probes(),
                        best.seconds(),
                        TreeShapes.name(best.tree()));
                sb.append(line);
                if (fmt.equals("text") && output == null) {
                    w.print(line);
                    w.flush();
                }
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("n", size);
                row.put("probes", best.probes());
                row.put("calls", best.calls());
                row.put("seconds", best.seconds());
                row.put("shape", TreeShapes.name(best.tree()));
                rows.add(row);
            }
        }
        if (fmt.equals("json")) emit(json(Map.of("target", target, "dtype", p.dtype(), "algo", a.id(), "rows", rows)));
        else if (output != null) emit(sb.toString());
        return ExitCode.OK.code();
    }

    private int compareMode(Precision p, Fprev.Algo a, String fmt, double m, double u, Targets.Options opts) {
        String na = compare.get(0), nb = compare.get(1);
        SumTree ta, tb;
        try (SumTarget x = Targets.resolve(na, p, opts);
                SumTarget y = Targets.resolve(nb, p, opts)) {
            ta = Fprev.reveal(x, n, a, m, u).tree();
            tb = Fprev.reveal(y, n, a, m, u).tree();
        }
        List<String> diff = TreeDiff.describe(ta, tb, na, nb);
        if (fmt.equals("json")) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("a", na);
            o.put("b", nb);
            o.put("n", n);
            o.put("same", diff.isEmpty());
            o.put("shapeA", TreeShapes.name(ta));
            o.put("shapeB", TreeShapes.name(tb));
            o.put("differences", diff);
            emit(json(o));
        } else if (diff.isEmpty()) {
            emit("same order: " + na + " and " + nb + " both sum " + n + " " + p.dtype() + " values as "
                    + TreeShapes.name(ta) + "\n");
        } else {
            StringBuilder sb = new StringBuilder("different orders: " + na + " (" + TreeShapes.name(ta) + ") vs " + nb
                    + " (" + TreeShapes.name(tb) + ")\n");
            for (String d : diff) sb.append("  ").append(d).append('\n');
            emit(sb.toString());
        }
        return ExitCode.found(!diff.isEmpty()).code();
    }
}
