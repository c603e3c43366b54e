package org.fparity.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.oracle.bounds.Bounds;
import org.fparity.oracle.bounds.EdfPlot;
import org.fparity.oracle.bounds.Experiments;
import org.fparity.util.AtomicFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code fparity bounds}: rounding-error bounds of a kernel, or the paper's experiments (Figs. 5 and 6) on the CPU. */
@Command(
        name = "bounds",
        mixinStandardHelpOptions = true,
        description =
                "Prints deterministic and probabilistic rounding-error bounds (Bhola & Duraisamy; Higham & Mary) for dot, gemm or mac, "
                        + "or reproduces the paper's experiments (--experiment mac|gemm) as a table and an SVG plot.")
public final class BoundsCommand implements Callable<Integer> {
    @Option(names = "--kernel", paramLabel = "K", description = "dot, gemm or mac")
    String kernel;

    @Option(names = "--experiment", paramLabel = "E", description = "mac (Fig. 5) or gemm (Fig. 6)")
    String experiment;

    @Option(
            names = "--n",
            paramLabel = "N",
            defaultValue = "1024",
            description =
                    "terms (dot) or inner dimension (gemm); for --experiment gemm: columns of B, there 8 when not given (default: ${DEFAULT-VALUE})")
    long n;

    @Option(
            names = "--precision",
            paramLabel = "P",
            defaultValue = "fp32",
            description = "accumulation precision: fp16, bf16, fp32 or fp64 (default: ${DEFAULT-VALUE})")
    String precision;

    @Option(
            names = "--low-precision",
            paramLabel = "P",
            defaultValue = "fp16",
            description = "input precision of MPFMA / tensor cores (default: ${DEFAULT-VALUE})")
    String lowPrecision;

    @Option(
            names = "--block",
            paramLabel = "B",
            defaultValue = "4",
            description = "block-FMA width of the tensor core (default: ${DEFAULT-VALUE})")
    int block;

    @Option(
            names = "--lambda",
            paramLabel = "L",
            defaultValue = "5",
            description = "λ of the probabilistic bounds (default: ${DEFAULT-VALUE})")
    double lambda;

    @Option(names = "--m", paramLabel = "M", description = "rows of A (gemm) (default: 256 for --experiment gemm)")
    Long m;

    @Option(
            names = "--t",
            paramLabel = "T",
            description = "experiment gemm: inner dimension; the paper used 32768 (default: 4096)")
    Long t;

    @Option(
            names = "--samples",
            paramLabel = "S",
            defaultValue = "100000",
            description = "experiment mac: samples (default: ${DEFAULT-VALUE})")
    int samples;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "random seed of the experiments (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(
            names = "--svg",
            paramLabel = "FILE",
            description = "write the experiment's EDF plot here (default: reports/bounds-<experiment>.svg)")
    Path svg;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if ((kernel == null) == (experiment == null))
            throw new FparityError("give either --kernel dot|gemm|mac or --experiment mac|gemm");
        if (!(lambda > 0) || Double.isInfinite(lambda)) throw new FparityError("--lambda must be a positive number");
        double u, uLow;
        try {
            u = Bounds.unitRoundoff(precision);
            uLow = Bounds.unitRoundoff(lowPrecision);
        } catch (IllegalArgumentException e) {
            throw new FparityError(e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (kernel != null) kernel(out, kernel.toLowerCase(Locale.ROOT), u, uLow);
        else experiment(out, experiment.toLowerCase(Locale.ROOT));
        out.flush();
        return ExitCode.OK.code();
    }

    private void kernel(PrintWriter out, String k, double u, double uLow) {
        if (n < 1) throw new FparityError("--n must be at least 1");
        switch (k) {
            case "dot" -> {
                double p = Bounds.highamMaryProbability(u, lambda);
                out.printf(
                        "dot product, n = %d, %s (u = %s), λ = %g: |ŝ − xᵀy| ≤ c·|x|ᵀ|y| with c =%n",
                        n, precision, hex(u), lambda);
                out.printf("  %-58s %s%n", "deterministic γ_n (Lemma 2.1; Higham eq. 3.5)", num(Bounds.gamma(n, u)));
                out.printf(
                        "  %-58s %s%n", "deterministic n·u (Jeannerod–Rump, any n)", num(Bounds.jeannerodRump(n, u)));
                out.printf(
                        "  %-58s %s   P ≥ %s per term, ≥ %s for all n (union)%n",
                        "probabilistic γ̃_n(λ) (Higham–Mary)",
                        num(Bounds.gammaTilde(n, u, lambda)),
                        prob(p),
                        prob(1 - n * (1 - p)));
                out.printf(
                        "  %-58s %s   P ≥ %s (p_b(λ, u, n))%n",
                        "variance-informed γ̃_n(λ) (Lemma 2.2)",
                        num(Bounds.gammaTilde(n, u, lambda)),
                        prob(Bounds.pb(lambda, u, n)));
            }
            case "mac" -> {
                out.printf(
                        "multiply-accumulate d = a·b + c, accumulation %s (u = %s), low precision %s (u_low = %s), λ = %g%n",
                        precision, hex(u), lowPrecision, hex(uLow), lambda);
                out.println("  |d̂ − d|/|d| ≤ (c_ab·|a||b| + c_c·|c|)/|ab + c|");
                mac(out, "no FMA, inputs rounded to u (γ₄, γ₂)", Bounds.macNoFma(u));
                mac(out, "no FMA, probabilistic (γ̃₄, γ̃₂)", Bounds.macNoFmaProbabilistic(u, lambda));
                mac(out, "FMA, no representation error (Lemma 3.1)", Bounds.fma(u));
                mac(out, "FMA with representation error (Lemma 3.2)", Bounds.fmaRepresentation(u, u));
                mac(
                        out,
                        "FMA with representation error, prob. (Lemma 3.3)",
                        Bounds.fmaRepresentationProbabilistic(u, u, lambda));
                mac(out, "MPFMA, no representation error (Lemma 3.4)", Bounds.mpfma(u, u));
                mac(out, "MPFMA with representation error (Lemma 3.5)", Bounds.mpfmaRepresentation(uLow, u, u, u));
                mac(
                        out,
                        "MPFMA with representation error, prob. (Lemma 3.6)",
                        Bounds.mpfmaRepresentationProbabilistic(uLow, u, u, u, lambda));
            }
            case "gemm" -> {
                if (block < 1 || n % block != 0)
                    throw new FparityError("--n (" + n + ") must be a positive multiple of --block (" + block + ")");
                long rows = m == null ? 1 : m, cols = t == null ? 1 : t;
                out.printf(
                        "tensor-core GEMM, inner dimension n = %d in blocks of b = %d (q = %d), inputs %s, accumulation %s, λ = %g%n",
                        n, block, n / block, lowPrecision, precision, lambda);
                out.println("  |D̂ − D|/|D| ≤ c·(|A||B|)/|AB| elementwise with c =");
                double pr = Bounds.tensorCoreProbability(rows, cols, n, block, u, u, lambda);
                out.printf(
                        "  %-58s %s%n", "DBEA, inputs already low (Thm 3.7)", num(Bounds.tensorCore(n, block, u, u)));
                out.printf(
                        "  %-58s %s%n",
                        "DBEA, inputs rounded to low (Thm 3.8)",
                        num(Bounds.tensorCoreRepresentation(n, block, uLow, u, u)));
                out.printf(
                        "  %-58s %s   P ≥ %s for %d×%d outputs%n",
                        "VIBEA, inputs already low (Thm 3.9)",
                        num(Bounds.tensorCoreProbabilistic(n, block, u, u, lambda)),
                        prob(pr),
                        rows,
                        cols);
                out.printf(
                        "  %-58s %s   P ≥ %s%n",
                        "VIBEA, inputs rounded to low (Thm 3.10)",
                        num(Bounds.tensorCoreRepresentationProbabilistic(n, block, uLow, u, u, lambda)),
                        prob(pr));
            }
            default -> throw new FparityError("--kernel '" + kernel + "' is not dot, gemm or mac");
        }
    }

    private void experiment(PrintWriter out, String e) {
        Experiments.Result r;
        switch (e) {
            case "mac" -> {
                if (samples < 10 || samples > 100_000_000)
                    throw new FparityError("--samples must be between 10 and 10^8");
                r = Experiments.mac(samples, lambda, seed);
            }
            case "gemm" -> {
                long rows = m == null ? 256 : m,
                        inner = t == null ? 4096 : t,
                        cols = spec.commandLine().getParseResult().hasMatchedOption("--n") ? n : 8;
                if (rows < 1
                        || cols < 1
                        || inner < block
                        || rows * cols > 50_000_000
                        || rows * inner * cols > 20_000_000_000L) {
                    throw new FparityError(
                            "experiment gemm needs 1 ≤ m, n and block ≤ t, at most 5·10^7 outputs and 2·10^10 multiply-adds");
                }
                if (block < 1 || inner % block != 0)
                    throw new FparityError(
                            "--t (" + inner + ") must be a positive multiple of --block (" + block + ")");
                r = Experiments.gemm((int) rows, (int) inner, (int) cols, block, lambda, seed);
            }
            default -> throw new FparityError("--experiment '" + experiment + "' is not mac or gemm");
        }
        out.println(r.title());
        for (String note : r.notes()) out.println("  " + note);
        out.printf("  %-30s %11s %11s %11s %11s %11s %11s%n", "series", "min", "10%", "median", "90%", "99%", "max");
        for (Map.Entry<String, double[]> s : r.series().entrySet()) {
            double[] v = s.getValue();
            out.printf(
                    "  %-30s %11s %11s %11s %11s %11s %11s%n",
                    s.getKey(),
                    num(v[0]),
                    num(Experiments.quantile(v, 0.1)),
                    num(Experiments.quantile(v, 0.5)),
                    num(Experiments.quantile(v, 0.9)),
                    num(Experiments.quantile(v, 0.99)),
                    num(v[v.length - 1]));
        }
        StringBuilder v = new StringBuilder("  samples above their bound:");
        r.violations()
                .forEach((k, c) -> v.append(' ').append(k).append(' ').append(c).append(';'));
        out.println(v.substring(0, v.length() - 1));
        Path file = svg != null ? svg : Path.of("reports", "bounds-" + e + ".svg");
        AtomicFiles.write(file, EdfPlot.svg(r));
        out.println("  plot: " + file);
    }

    private static void mac(PrintWriter out, String what, Bounds.Mac b) {
        out.printf(
                "  %-52s c_ab = %-11s c_c = %-11s%s%n",
                what, num(b.ab()), num(b.c()), b.probability() < 1 ? "  P ≥ " + prob(b.probability()) : "");
    }

    private static String num(double v) {
        return Double.isInfinite(v) ? "void (nu≥1)" : String.format(Locale.ROOT, "%.4g", v);
    }

    private static String prob(double p) {
        return p < 0 ? String.format(Locale.ROOT, "%.3g (vacuous)", p) : String.format(Locale.ROOT, "%.6g", p);
    }

    private static String hex(double u) {
        return "2^" + Math.getExponent(u);
    }
}
