package org.fparity.fprev;

import java.util.Locale;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/** Reveals the summation tree of a target: opens it, runs one of the three algorithms, checks every reading. */
public final class Fprev {
    /**
     * Which algorithm to run: the paper's naive (Alg. 3), basic (Alg. 4) and advanced (Alg. 7), or incremental
     * ({@link IncrementalFprev}: the same trees, fused nodes included, from about one probe per leaf).
     */
    public enum Algo {
        NAIVE,
        BASIC,
        ADVANCED,
        INCREMENTAL;

        public static Algo parse(String s) {
            try {
                return valueOf(s.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new FparityError("unknown algorithm '" + s + "' (use incremental, advanced, basic or naive)");
            }
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A revealed tree and what it cost. */
    public record Result(
            String target,
            Precision precision,
            int n,
            Algo algo,
            SumTree tree,
            long probes,
            long calls,
            double seconds,
            double openSeconds,
            ReplayCheck.Report replay) {
        Result withReplay(ReplayCheck.Report r) {
            return new Result(target, precision, n, algo, tree, probes, calls, seconds, openSeconds, r);
        }
    }

    /** Random inputs the replay check uses by default. */
    public static final int REPLAY_TRIALS = 16;

    private Fprev() {}

    public static Result reveal(SumTarget target, int n, Algo algo) {
        Precision p = target.precision();
        return reveal(target, n, algo, ProbeValues.mask(p), ProbeValues.unit(p));
    }

    public static Result reveal(SumTarget target, int n, Algo algo, double mask, double unit) {
        return reveal(target, n, algo, mask, unit, REPLAY_TRIALS);
    }

    /**
     * Reveals the tree, then (replayTrials > 0) replays it on random inputs: a replay that fails for any reason other
     * than a wider accumulator means the probes were fooled (compensated sums cancel their compensation at the masks).
     */
    public static Result reveal(SumTarget target, int n, Algo algo, double mask, double unit, int replayTrials) {
        Precision p = target.precision();
        Prober.checkResolvable(n, p, target.output(), mask, unit);
        // the replay's random inputs do not depend on the tree: made before the target opens, while a process target
        // may still be starting (bin/fparity's numpy server is importing numpy then: the JVM only waits)
        double[][] inputs = replayTrials > 0 ? ReplayCheck.inputs(n, p, replayTrials) : null;
        long t0 = System.nanoTime();
        try (SumTarget.Session s = target.open(n, mask, unit)) {
            long t1 = System.nanoTime();
            Result r = run(s, target.name(), p, target.output(), n, algo, mask, unit, (t1 - t0) / 1e9);
            return replayTrials > 0 ? replay(s, target, r, inputs) : r;
        }
    }

    /** The replay check of {@code r} on {@code inputs} ({@link ReplayCheck#inputs} for its n and precision). */
    static Result replay(SumTarget.Session s, SumTarget target, Result r, double[][] inputs) {
        if (!r.tree().isBinary() && target.fusedModel() == null) {
            return r.withReplay(new ReplayCheck.Report(
                    false,
                    false,
                    0,
                    0,
                    "not replayed: the tree has fused nodes and the target's fused arithmetic is unknown"));
        }
        ReplayCheck.Report rep;
        try {
            rep = ReplayCheck.run(
                    s, r.tree(), r.precision(), target.output(), target.fusedModel(), target.fusesEveryNode(), inputs);
        } catch (FparityError e) {
            return r.withReplay(new ReplayCheck.Report(false, false, 0, 0, "not replayed: " + e.getMessage()));
        }
        if (!rep.matches() && !rep.widerAccumulator()) {
            throw new NotOrdinarySummation(
                    r.target(),
                    "every probe fits a " + TreeShapes.name(r.tree())
                            + " order, but replaying it in " + r.precision().dtype() + " differs on " + rep.mismatches()
                            + " of "
                            + rep.trials()
                            + " random inputs: a compensated (Kahan-like) sum whose compensation the masks cancel,"
                            + " FMA contraction, or a value-dependent order");
        }
        return r.withReplay(rep);
    }

    /** Runs on an already open session (benchmarks reuse one process across n). */
    public static Result run(
            SumTarget.Session s,
            String name,
            Precision p,
            Precision out,
            int n,
            Algo algo,
            double mask,
            double unit,
            double openSeconds) {
        long t1 = System.nanoTime();
        SumTree tree;
        long probes, calls;
        if (algo == Algo.NAIVE) {
            int trials = 128;
            tree = NaiveFprev.reveal(s, n, p, trials, 0x5eed, name);
            probes = trials; // naive probes with random inputs, one call each
            calls = trials;
        } else {
            Prober prober = new Prober(s, name, n, out, unit);
            tree = switch (algo) {
                case BASIC -> BasicFprev.reveal(prober, name);
                case ADVANCED -> AdvancedFprev.reveal(prober);
                default -> IncrementalFprev.reveal(prober);
            };
            TreeCheck.verify(tree, prober, name);
            prober.recheck(16, n);
            probes = prober.probes();
            calls = prober.calls();
        }
        long t2 = System.nanoTime();
        return new Result(name, p, n, algo, tree, probes, calls, (t2 - t1) / 1e9, openSeconds, null);
    }
}
