package org.fparity.fprev;

import java.util.Locale;
import org.fparity.FparityError;

/** Reveals the summation tree of a target: opens it, runs one of the three algorithms, checks every reading. */
public final class Fprev {
    /** Which algorithm to run. */
    public enum Algo {
        NAIVE, BASIC, ADVANCED;

        public static Algo parse(String s) {
            try {
                return valueOf(s.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new FparityError("unknown algorithm '" + s + "' (use advanced, basic or naive)");
            }
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A revealed tree and what it cost. */
    public record Result(String target, Precision precision, int n, Algo algo, SumTree tree, long probes, long calls,
            double seconds, double openSeconds) {}

    private Fprev() {}

    public static Result reveal(SumTarget target, int n, Algo algo) {
        Precision p = target.precision();
        return reveal(target, n, algo, p.mask(), p.unit());
    }

    public static Result reveal(SumTarget target, int n, Algo algo, double mask, double unit) {
        Precision p = target.precision();
        Prober.checkResolvable(n, p, mask, unit);
        long t0 = System.nanoTime();
        try (SumTarget.Session s = target.open(n, mask, unit)) {
            long t1 = System.nanoTime();
            return run(s, target.name(), p, n, algo, mask, unit, (t1 - t0) / 1e9);
        }
    }

    /** Runs on an already open session (benchmarks reuse one process across n). */
    public static Result run(SumTarget.Session s, String name, Precision p, int n, Algo algo, double mask, double unit,
            double openSeconds) {
        long t1 = System.nanoTime();
        SumTree tree;
        long probes, calls;
        if (algo == Algo.NAIVE) {
            int trials = 64;
            tree = NaiveFprev.reveal(s, n, p, trials, 0x5eed, name);
            probes = 0;
            calls = trials;
        } else {
            Prober prober = new Prober(s, name, n, p, unit);
            tree = algo == Algo.BASIC ? BasicFprev.reveal(prober, name) : AdvancedFprev.reveal(prober);
            TreeCheck.verify(tree, prober, name);
            prober.recheck(16, n);
            probes = prober.probes();
            calls = prober.calls();
        }
        long t2 = System.nanoTime();
        return new Result(name, p, n, algo, tree, probes, calls, (t2 - t1) / 1e9, openSeconds);
    }
}
