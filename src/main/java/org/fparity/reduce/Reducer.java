package org.fparity.reduce;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.fparity.exec.Outcome;
import org.fparity.ir.Expr;
import org.fparity.ir.Input;
import org.fparity.ir.NodePath;
import org.fparity.ir.Param;
import org.fparity.ir.Params;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.ir.Walker;
import org.fparity.oracle.ReferenceEvaluator;

/**
 * Reduces a program behind an interestingness verdict, C-Reduce style but over the IR and in batches: each round
 * proposes every pass's candidates (priority order, in windows of {@code limit}), runs them all in one batch per
 * platform, and in one more small batch the unions of the interesting, non-overlapping ones (the best 2, 4, 8 … and
 * all) — which is what makes a 40-statement program shrink in a handful of rounds — and takes the smallest interesting
 * one. The to-value pass, the only one that needs the platforms' traced values, is proposed only in a round where no
 * other step was taken. Ends at a fixed point: no candidate interesting. The end state is checked in the
 * single-program form, with a way back when a batch neighbour made the discrepancy (see {@link #reduce}), so the result
 * and the outcomes it reports are standalone ones.
 */
public final class Reducer {
    /** Where a reduction ended and what it cost. */
    public record Result(Program program, Input input, Outcome a, Outcome b, int rounds, int candidates, int batches, int standaloneRuns, long millis, Phases phases) {}

    /**
     * Where a reduction's wall time went, in milliseconds: batch builds and runs, single-program (standalone) builds
     * and runs, instrumented trace builds and runs (the to-value pass's platform values), and everything else
     * (proposing and applying candidates, the reference's values).
     */
    public record Phases(long batch, long standalone, long trace, long other) {
        @Override
        public String toString() {
            return "batches " + batch / 1000.0 + " s, standalone " + standalone / 1000.0 + " s, traces " + trace / 1000.0 + " s, other " + other / 1000.0 + " s";
        }
    }

    /** The runner with a clock on each kind of call. */
    private static final class Timed {
        final CandidateRunner runner;
        long batch;
        long standalone;
        long trace;

        Timed(CandidateRunner runner) {
            this.runner = runner;
        }

        List<Outcome[]> run(List<Params.WithInput> cs) throws InterruptedException {
            long t = System.nanoTime();
            try {
                return runner.run(cs);
            } finally {
                batch += System.nanoTime() - t;
            }
        }

        Outcome[] standalone(Params.WithInput c) throws InterruptedException {
            long t = System.nanoTime();
            try {
                return runner.standalone(c);
            } finally {
                standalone += System.nanoTime() - t;
            }
        }

        List<Map<NodePath, Double>> values(Params.WithInput c) throws InterruptedException {
            long t = System.nanoTime();
            try {
                return runner.values(c);
            } finally {
                trace += System.nanoTime() - t;
            }
        }

        Phases phases(long total) {
            return new Phases(batch / 1_000_000, standalone / 1_000_000, trace / 1_000_000, (total - batch - standalone - trace) / 1_000_000);
        }
    }

    private final CandidateRunner runner;
    private final Verdict verdict;
    private final int limit;
    private final Consumer<String> log;

    public Reducer(CandidateRunner runner, Verdict verdict, int limit, Consumer<String> log) {
        this.runner = runner;
        this.verdict = verdict;
        this.limit = limit;
        this.log = log;
    }

    /**
     * Reduces (p, in). Candidates are judged in batches, and a step is taken on its batch verdict alone; the single-program
     * form (what the bundle ships) is checked where the reduction stops. If the end state does not show the discrepancy
     * standalone (fast math let a batch neighbour make it), the reducer goes back to the last state that does — a binary
     * search over the states taken since the last standalone check, every state standalone-checked at most once — and
     * from there takes a step only once its single-program form keeps the discrepancy. So a reduction always ends on a
     * program whose single-program form shows it; the outcomes returned are that form's. Throws ReduceException when the
     * start is not interesting in both forms.
     */
    public Result reduce(Program p, Input in) throws InterruptedException {
        long t0 = System.nanoTime();
        Timed runner = new Timed(this.runner);
        Params.WithInput cur = new Params.WithInput(p, in);
        Outcome[] batchOut = runner.run(List.of(cur)).getFirst();
        if (!verdict.interesting(p, in, batchOut[0], batchOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce as a batch of one: A " + describe(batchOut[0]) + ", B " + describe(batchOut[1]));
        }
        Outcome[] curOut = runner.standalone(cur);
        if (!verdict.interesting(p, in, curOut[0], curOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce in the single-program form: A " + describe(curOut[0]) + ", B " + describe(curOut[1]));
        }
        Round state = new Round(runner);
        state.seen.add(key(cur));
        // the states taken, oldest first; history[confirmed] is the newest one known to show the discrepancy standalone
        List<Params.WithInput> history = new ArrayList<>(List.of(cur));
        int confirmed = 0;
        boolean careful = false;
        int rounds = 0;
        while (true) {
            rounds++;
            Step step = state.step(cur, rounds, careful);
            if (step != null) {
                cur = step.next();
                history.add(cur);
                if (step.standalone() != null) {
                    confirmed = history.size() - 1;
                    curOut = step.standalone();
                }
                log.accept("round " + rounds + ": " + step.proposed() + " candidates, " + step.interesting() + " interesting; now " + Size.of(cur.program()));
                continue;
            }
            if (confirmed == history.size() - 1) break;
            Outcome[] so = state.standalone(cur);
            if (verdict.interesting(cur.program(), cur.input(), so[0], so[1])) {
                curOut = so;
                break;
            }
            // back to the newest state that keeps the discrepancy standalone (history[confirmed] does, the last one does not)
            int lo = confirmed;
            int hi = history.size() - 1;
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                Outcome[] mo = state.standalone(history.get(mid));
                if (verdict.interesting(history.get(mid).program(), history.get(mid).input(), mo[0], mo[1])) {
                    lo = mid;
                    curOut = mo;
                } else {
                    hi = mid;
                }
            }
            log.accept("round " + rounds + ": the end state keeps the discrepancy only in a batch (standalone: A " + describe(so[0]) + ", B " + describe(so[1])
                    + "): back to state " + lo + " of " + (history.size() - 1) + ", " + Size.of(history.get(lo).program()) + "; every step checked standalone from here");
            history = new ArrayList<>(history.subList(0, lo + 1));
            cur = history.get(lo);
            confirmed = lo;
            careful = true;
        }
        long total = System.nanoTime() - t0;
        Phases phases = runner.phases(total);
        log.accept("reduced in " + rounds + " rounds, " + total / 1_000_000 / 1000.0 + " s: " + phases);
        return new Result(cur.program(), cur.input(), curOut[0], curOut[1], rounds, state.tried, this.runner.batches(), state.standaloneRuns, total / 1_000_000, phases);
    }

    /** A step a round takes: the next state, its standalone outcomes when they were checked (else null), and counts. */
    private record Step(Params.WithInput next, Outcome[] standalone, int proposed, int interesting) {}

    /** What rounds share: the candidates already run (never run twice), the platform values per state, the counts. */
    private final class Round {
        final Timed runner;
        final Set<String> seen = new HashSet<>();
        final Map<String, List<Map<NodePath, Double>>> values = new HashMap<>();
        int tried = 1;
        int standaloneRuns = 1;

        Round(Timed runner) {
            this.runner = runner;
        }

        Outcome[] standalone(Params.WithInput w) throws InterruptedException {
            standaloneRuns++;
            return runner.standalone(w);
        }

        /**
         * One round from {@code cur}: the structural passes' candidates in windows of {@code limit}, then — only if none
         * was taken — the platforms' traced values and the to-value candidates. Null at a fixed point.
         */
        Step step(Params.WithInput cur, int round, boolean careful) throws InterruptedException {
            int[] counts = new int[2];
            Step s = windows(cur, Passes.structural(cur.program(), cur.input()), round, careful, counts);
            if (s != null) return s;
            List<Map<NodePath, Double>> vs = values.get(key(cur));
            if (vs == null) {
                vs = platformValues(runner, cur);
                values.put(key(cur), vs);
            }
            return windows(cur, Passes.toValues(cur.program(), vs), round, careful, counts);
        }

        private Step windows(Params.WithInput cur, List<Candidate> all, int round, boolean careful, int[] counts) throws InterruptedException {
            int next0 = 0;
            while (next0 < all.size()) {
                List<Candidate> proposals = new ArrayList<>();
                List<Params.WithInput> runs = new ArrayList<>();
                int ops = 0;
                while (next0 < all.size() && runs.size() < limit && ops < BATCH_OPERATIONS) {
                    Candidate c = all.get(next0++);
                    Params.WithInput r = c.apply(cur.program(), cur.input());
                    if (r == null || compare(r, cur) >= 0 || !seen.add(key(r))) continue;
                    proposals.add(c);
                    runs.add(r);
                    ops += Math.max(1, Size.of(r.program()).operations());
                }
                if (runs.isEmpty()) break;
                List<Outcome[]> outs = runner.run(runs);
                tried += runs.size();
                counts[0] += runs.size();
                List<Integer> good = new ArrayList<>();
                for (int i = 0; i < runs.size(); i++) {
                    Outcome[] o = outs.get(i);
                    if (verdict.interesting(runs.get(i).program(), runs.get(i).input(), o[0], o[1])) good.add(i);
                }
                counts[1] += good.size();
                if (good.isEmpty()) continue;
                good.sort(Comparator.comparing(i -> runs.get(i), Reducer::compare));
                // unions of the interesting steps, best first, skipping one that overlaps a step already in: the first 2,
                // 4, 8 … and all of them, in one more batch; the smallest interesting union wins over the best single step
                List<Params.WithInput> unions = new ArrayList<>();
                Candidate union = proposals.get(good.getFirst());
                int parts = 1;
                for (int k = 1; k < good.size(); k++) {
                    Candidate u = union.union(proposals.get(good.get(k)));
                    boolean grew = u != null && u.apply(cur.program(), cur.input()) != null;
                    if (grew) {
                        union = u;
                        parts++;
                    }
                    if (!(grew && Integer.bitCount(parts) == 1) && k < good.size() - 1) continue;
                    Params.WithInput r = union.apply(cur.program(), cur.input());
                    if (parts > 1 && r != null && compare(r, runs.get(good.getFirst())) < 0 && seen.add(key(r))) unions.add(r);
                }
                List<Params.WithInput> order = new ArrayList<>();
                if (!unions.isEmpty()) {
                    List<Outcome[]> uo = runner.run(unions);
                    tried += unions.size();
                    for (int i = 0; i < unions.size(); i++) {
                        if (verdict.interesting(unions.get(i).program(), unions.get(i).input(), uo.get(i)[0], uo.get(i)[1])) order.add(unions.get(i));
                    }
                    order.sort(Reducer::compare);
                }
                for (int i : good) order.add(runs.get(i));
                if (!careful) return new Step(order.getFirst(), null, counts[0], counts[1]);
                // careful (after a step lost the discrepancy standalone): the best few, until one keeps it standalone
                for (int k = 0; k < Math.min(CONFIRM_TRIES, order.size()); k++) {
                    Params.WithInput r = order.get(k);
                    Outcome[] so = standalone(r);
                    if (verdict.interesting(r.program(), r.input(), so[0], so[1])) return new Step(r, so, counts[0], counts[1]);
                    log.accept("round " + round + ": a step keeps the discrepancy only in the batch: not taken");
                }
            }
            return null;
        }
    }

    /**
     * A window also ends once its candidates hold this many operations in all: a batch's compile time grows with its
     * code (measured here: 50 candidates of a 45-operation program, about 3 CPU-s per optimising compile, 25 of them about 1 s), and early,
     * when most candidates are interesting, a window of the first dozen big deletions shrinks the program about as much
     * per round as one of 150. Late, on small programs, the count ({@code limit}) is what bounds a window.
     */
    static final int BATCH_OPERATIONS = 600;

    /** In careful mode, interesting-in-a-batch steps of one window checked standalone before the reducer moves to the next window. */
    static final int CONFIRM_TRIES = 4;

    /**
     * The values to offer the to-value pass, in order: what platform A computed at each node, what B computed, then
     * the ideal IEEE platform's — a platform's own value is what keeps a platform-made discrepancy alive.
     */
    private static List<Map<NodePath, Double>> platformValues(Timed runner, Params.WithInput w) throws InterruptedException {
        List<Map<NodePath, Double>> out = new ArrayList<>(runner.values(w));
        try {
            out.add(ReferenceEvaluator.idealValues(w.program(), w.input()));
        } catch (RuntimeException e) {
            // an input the reference cannot take: the platforms' values only
        }
        return out;
    }

    /** Smaller is better: size first, then fewer significant bits in literals and inputs. */
    static int compare(Params.WithInput x, Params.WithInput y) {
        int c = Size.of(x.program()).compareTo(Size.of(y.program()));
        return c != 0 ? c : Long.compare(bits(x), bits(y));
    }

    static long bits(Params.WithInput w) {
        long[] b = {0};
        Walker.each(w.program(), (path, n) -> {
            if (n instanceof Expr.Lit l) b[0] += Passes.bits(l.value());
        });
        for (int i = 0; i < w.program().params().size(); i++) {
            Param par = w.program().params().get(i);
            if (par.kind() == Param.Kind.INT) b[0] += w.input().integer(i);
            else for (double v : w.input().elements(i)) b[0] += Passes.bits(v);
        }
        return b[0];
    }

    private static String key(Params.WithInput w) {
        return w.program().canonical() + "\n" + w.input().args();
    }

    public static String describe(Outcome o) {
        if (o == null) return "no outcome";
        return o.status() == Outcome.Status.OK ? o.hex() : o.status() + (o.detail() == null ? "" : " (" + o.detail() + ")");
    }
}
