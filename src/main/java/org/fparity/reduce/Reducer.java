package org.fparity.reduce;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.fparity.confirm.Interestingness;
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
 * other step was taken, and after it, as a last resort, a loop's removal with a value made extreme (what lets one pass
 * of the body overflow as the loop did). Ends at a fixed point: no candidate interesting. The end state is checked in the
 * single-program form, with a way back when a batch neighbour made the discrepancy (see {@link #reduce}), so the result
 * and the outcomes it reports are standalone ones. Then a second start reduces the original again without the
 * statements the first result came from (the input may hide a smaller cause there), and the smaller end wins.
 */
public final class Reducer {
    /** Where a reduction ended and what it cost. */
    public record Result(
            Program program,
            Input input,
            Outcome a,
            Outcome b,
            int rounds,
            int candidates,
            int batches,
            int standaloneRuns,
            long millis,
            Phases phases) {}

    /**
     * Where a reduction's wall time went, in milliseconds: batch builds and runs, single-program (standalone) builds
     * and runs, instrumented trace builds and runs (the to-value pass's platform values), and everything else
     * (proposing and applying candidates, the reference's values).
     */
    public record Phases(long batch, long standalone, long trace, long other) {
        @Override
        public String toString() {
            return "batches " + batch / 1000.0 + " s, standalone " + standalone / 1000.0 + " s, traces "
                    + trace / 1000.0 + " s, other " + other / 1000.0 + " s";
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
            return new Phases(
                    batch / 1_000_000,
                    standalone / 1_000_000,
                    trace / 1_000_000,
                    (total - batch - standalone - trace) / 1_000_000);
        }
    }

    private final CandidateRunner runner;
    private final Interestingness verdict;
    private final int limit;
    private final Consumer<String> log;
    private final Options options;
    private long started;
    /** The side off the correctly rounded truth at the start (null for a run that ended differently). */
    private OffTruth.Who culprit;

    /**
     * C-Vise's conventions: {@code extra}, the user's own interestingness test (null: none), must also hold for a
     * candidate to be kept; {@code timeLimitSeconds} (0: none) stops taking steps once passed — the reduction then ends
     * on the smallest state known to show the discrepancy standalone.
     */
    public record Options(UserTest extra, long timeLimitSeconds) {
        public static final Options NONE = new Options(null, 0);
    }

    public Reducer(CandidateRunner runner, Interestingness verdict, int limit, Consumer<String> log) {
        this(runner, verdict, limit, log, Options.NONE);
    }

    public Reducer(CandidateRunner runner, Interestingness verdict, int limit, Consumer<String> log, Options options) {
        this.runner = runner;
        this.verdict = verdict;
        this.limit = limit;
        this.log = log;
        this.options = options;
    }

    private boolean interesting(Program p, Input in, Outcome a, Outcome b) {
        return verdict.interesting(p, in, a, b)
                && (options.extra() == null || options.extra().test(p, in));
    }

    /**
     * Whether a candidate that changes the input leaves the same side off the correctly rounded truth as the start did:
     * a new input may keep the class and move the fault to the other side, and a vendor is then handed the wrong
     * culprit. So may one that makes a literal extreme ({@link Candidate#movesValues}). A candidate that keeps the
     * input and the literals' values keeps the reference's answer.
     */
    private boolean sameCulprit(Candidate c, Params.WithInput r, Outcome[] o) {
        return culprit == null || !c.movesValues() || culprit == offTruth(r, o);
    }

    /** Which side of {@code o} is off the correctly rounded result of {@code w} (undecided without a reference). */
    static OffTruth.Who offTruth(Params.WithInput w, Outcome[] o) {
        Double ref;
        try {
            ref = ReferenceEvaluator.ideal(w.program(), w.input()).comp();
        } catch (RuntimeException e) {
            ref = null;
        }
        return OffTruth.of("A", o[0], "B", o[1], ref).who();
    }

    private boolean timeUp() {
        return options.timeLimitSeconds() > 0
                && System.nanoTime() - started > options.timeLimitSeconds() * 1_000_000_000L;
    }

    private String elapsed() {
        return String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - started) / 1e9);
    }

    /**
     * Reduces (p, in). Candidates are judged in batches, and a step is taken on its batch verdict alone; the single-program
     * form (what the bundle ships) is checked where the reduction stops. If the end state does not show the discrepancy
     * standalone (fast math let a batch neighbour make it), the reducer goes back to the last state that does — a binary
     * search over the states taken since the last standalone check, every state standalone-checked at most once — and
     * from there takes a step only once its single-program form keeps the discrepancy. So a reduction always ends on a
     * program whose single-program form shows it; the outcomes returned are that form's. Throws ReduceException when the
     * start is not interesting in both forms.
     *
     * <p>Greedy rounds commit early: the first round keeps whatever statement makes the discrepancy with the most
     * deleted around it, and a program can hold a second, smaller cause that the input hides (seen: a first statement's
     * {@code log10} of a negative input kept at 3 operations, where the last statement's {@code comp / 0} on a zero
     * {@code comp} needs 1). So once the first reduction ends, a second start (see {@link #secondStart}) reduces the
     * original again without the top-level statements the first result came from, and the smaller end wins (ties: the
     * first).
     */
    public Result reduce(Program p, Input in) throws InterruptedException {
        long t0 = System.nanoTime();
        started = t0;
        Timed runner = new Timed(this.runner);
        Params.WithInput start = new Params.WithInput(p, in);
        Outcome[] batchOut = runner.run(List.of(start)).getFirst();
        if (!interesting(p, in, batchOut[0], batchOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce as a batch of one: A " + describe(batchOut[0])
                    + ", B " + describe(batchOut[1]));
        }
        Counts counts = new Counts(runner);
        Outcome[] startOut = counts.standalone(start);
        if (!interesting(p, in, startOut[0], startOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce in the single-program form: A "
                    + describe(startOut[0]) + ", B " + describe(startOut[1]));
        }
        culprit = verdict.cls() == null ? null : offTruth(start, startOut);
        List<Integer> origins = new ArrayList<>();
        for (int i = 0; i < p.body().size(); i++) origins.add(i);
        End best = search(counts, start, startOut, origins, "");
        long t1 = System.nanoTime();
        End second = timeUp() ? null : secondStart(counts, start, best);
        if (timeUp())
            log.accept("time limit of " + options.timeLimitSeconds() + " s reached after " + elapsed() + ": keeping "
                    + Size.of(best.state().program()));
        if (second != null) {
            boolean smaller = compare(second.state(), best.state()) < 0;
            log.accept("second start ended at " + Size.of(second.state().program()) + " in "
                    + (System.nanoTime() - t1) / 1_000_000 / 1000.0 + " s, the first at "
                    + Size.of(best.state().program()) + " in " + (t1 - t0) / 1_000_000 / 1000.0 + " s: keeping the "
                    + (smaller ? "second" : "first"));
            if (smaller) best = second;
        }
        long total = System.nanoTime() - t0;
        Phases phases = runner.phases(total);
        log.accept("reduced in " + counts.rounds + " rounds, " + total / 1_000_000 / 1000.0 + " s: " + phases);
        return new Result(
                best.state().program(),
                best.state().input(),
                best.out()[0],
                best.out()[1],
                counts.rounds,
                counts.tried,
                this.runner.batches(),
                counts.standaloneRuns,
                total / 1_000_000,
                phases);
    }

    /**
     * Where one search ended: the state, its standalone outcomes, and for each of its top-level statements the index of
     * the original's top-level statement it came from.
     */
    private record End(Params.WithInput state, Outcome[] out, List<Integer> origins) {}

    /** The greedy rounds from a start known to be interesting in both forms, to a fixed point confirmed standalone. */
    private End search(Counts counts, Params.WithInput cur, Outcome[] curOut, List<Integer> origins, String tag)
            throws InterruptedException {
        Round state = new Round(counts);
        state.seen.add(key(cur));
        // the states taken, oldest first; history[confirmed] is the newest one known to show the discrepancy standalone
        List<Params.WithInput> history = new ArrayList<>(List.of(cur));
        List<List<Integer>> from = new ArrayList<>(List.of(origins));
        int confirmed = 0;
        boolean careful = false;
        while (true) {
            int round = ++counts.rounds;
            Step step = state.step(cur, round, careful);
            if (step != null) {
                cur = step.next();
                origins = origins(origins, step.taken());
                history.add(cur);
                from.add(origins);
                if (step.standalone() != null) {
                    confirmed = history.size() - 1;
                    curOut = step.standalone();
                }
                log.accept(tag + "round " + round + ": " + step.proposed() + " candidates, " + step.interesting()
                        + " interesting; now " + Size.of(cur.program()));
                continue;
            }
            if (confirmed == history.size() - 1) break;
            Outcome[] so = counts.standalone(cur);
            if (interesting(cur.program(), cur.input(), so[0], so[1])) {
                curOut = so;
                break;
            }
            // back to the newest state that keeps the discrepancy standalone (history[confirmed] does, the last one
            // does not)
            int lo = confirmed;
            int hi = history.size() - 1;
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                Outcome[] mo = counts.standalone(history.get(mid));
                if (interesting(history.get(mid).program(), history.get(mid).input(), mo[0], mo[1])) {
                    lo = mid;
                    curOut = mo;
                } else {
                    hi = mid;
                }
            }
            log.accept(tag + "round " + round + ": the end state keeps the discrepancy only in a batch (standalone: A "
                    + describe(so[0]) + ", B " + describe(so[1]) + "): back to state " + lo + " of "
                    + (history.size() - 1) + ", " + Size.of(history.get(lo).program())
                    + "; every step checked standalone from here");
            history = new ArrayList<>(history.subList(0, lo + 1));
            from = new ArrayList<>(from.subList(0, lo + 1));
            cur = history.get(lo);
            origins = from.get(lo);
            confirmed = lo;
            careful = true;
        }
        return new End(cur, curOut, origins);
    }

    /**
     * The second start: the original without the top-level statements the first result came from, made interesting
     * again by the input — alone, with one parameter's input value set to 0 (C-Reduce's "constant to 0"; an int loop bound
     * to 0), and with every FP value 0 — all in one batch; the smallest interesting seed that also keeps the
     * discrepancy standalone (of the best {@link #CONFIRM_TRIES}) is reduced like the original. Null when there is
     * nothing to try (the first result is a single operation, or came from every statement) or no seed is interesting.
     * A first result whose statements the search cannot do without costs one batch.
     */
    private End secondStart(Counts counts, Params.WithInput original, End first) throws InterruptedException {
        Program p = original.program();
        java.util.SortedSet<Integer> kept = new java.util.TreeSet<>(first.origins());
        if (Size.of(first.state().program()).operations() <= 1
                || kept.isEmpty()
                || kept.size() >= p.body().size()) return null;
        List<Candidate.Edit> removal = new ArrayList<>();
        for (int i : kept) removal.add(new Candidate.Edit(NodePath.ROOT.child(i), true, List.of()));
        Candidate without = new Candidate("second-start", removal, Set.of(), Map.of());
        List<Candidate> seeds = new ArrayList<>(List.of(without));
        Map<Integer, String> allZero = new HashMap<>();
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            String zero = switch (par.kind()) {
                case INT -> "0";
                case FP, FP_ARRAY -> org.fparity.ir.HexFloat.format(0.0);
                case FP_ELEMENTS ->
                    Input.elementsToken(
                            p.precision(), new double[original.input().elements(i).length]);
            };
            if (zero.equals(original.input().args().get(i))) continue;
            seeds.add(new Candidate("second-start", removal, Set.of(), Map.of(i, zero)));
            if (par.kind() != Param.Kind.INT) allZero.put(i, zero);
        }
        if (allZero.size() > 1) seeds.add(new Candidate("second-start", removal, Set.of(), allZero));
        List<Params.WithInput> runs = new ArrayList<>();
        List<Candidate> made = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (Candidate c : seeds) {
            Params.WithInput r = c.apply(p, original.input());
            if (r != null && keys.add(key(r))) {
                runs.add(r);
                made.add(c);
            }
        }
        String what =
                "the original without its statement" + (kept.size() == 1 ? " " : "s ") + kept + " (the first result's)";
        if (runs.isEmpty()) {
            log.accept("second start: " + what + " is not a valid program");
            return null;
        }
        List<Outcome[]> outs = counts.runner.run(runs);
        counts.tried += runs.size();
        List<Params.WithInput> good = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            if (interesting(runs.get(i).program(), runs.get(i).input(), outs.get(i)[0], outs.get(i)[1])
                    && sameCulprit(made.get(i), runs.get(i), outs.get(i))) good.add(runs.get(i));
        }
        log.accept("second start: " + what + ", " + runs.size() + " seeds, " + good.size() + " interesting");
        good.sort(Reducer::compare);
        for (int k = 0; k < Math.min(CONFIRM_TRIES, good.size()); k++) {
            Params.WithInput s = good.get(k);
            Outcome[] so = counts.standalone(s);
            if (!interesting(s.program(), s.input(), so[0], so[1])) continue;
            List<Integer> origins = new ArrayList<>();
            for (int i = 0; i < p.body().size(); i++) if (!kept.contains(i)) origins.add(i);
            log.accept("second start from " + Size.of(s.program()) + ", input "
                    + s.input().args());
            return search(counts, s, so, origins, "second start, ");
        }
        return null;
    }

    /**
     * The origins (original top-level statement per top-level statement) after a candidate: a top-level statement
     * spliced into n statements (deleted: none; an if or loop unwrapped: its body) passes its origin on to each of them;
     * edits inside a statement keep it.
     */
    static List<Integer> origins(List<Integer> before, Candidate c) {
        List<Integer> out = new ArrayList<>(before);
        List<Candidate.Edit> top = new ArrayList<>();
        for (Candidate.Edit e : c.edits()) if (e.splice() && e.path().depth() == 1) top.add(e);
        top.sort(Comparator.comparingInt((Candidate.Edit e) -> e.path().last()).reversed());
        for (Candidate.Edit e : top) {
            int at = e.path().last();
            int origin = out.remove(at);
            for (int k = 0; k < e.with().size(); k++) out.add(at, origin);
        }
        return out;
    }

    /** A step a round takes: the next state, the candidate that made it, its standalone outcomes when they were checked (else null), and counts. */
    private record Step(Params.WithInput next, Candidate taken, Outcome[] standalone, int proposed, int interesting) {}

    /** What every search of one reduction shares: the clocked runner, the platform values per state, the counts. */
    private static final class Counts {
        final Timed runner;
        final Map<String, List<Map<NodePath, Double>>> values = new HashMap<>();
        int tried = 1;
        int standaloneRuns;
        int rounds;

        Counts(Timed runner) {
            this.runner = runner;
        }

        Outcome[] standalone(Params.WithInput w) throws InterruptedException {
            standaloneRuns++;
            return runner.standalone(w);
        }
    }

    /** A candidate with the state it makes. */
    private record Pick(Params.WithInput state, Candidate candidate) {}

    /** What the rounds of one search share: the candidates already run (never run twice in a search). */
    private final class Round {
        final Counts counts;
        final Timed runner;
        final Set<String> seen = new HashSet<>();

        Round(Counts counts) {
            this.counts = counts;
            this.runner = counts.runner;
        }

        /**
         * One round from {@code cur}: the structural passes' candidates in windows of {@code limit}, then — only if none
         * was taken — the platforms' traced values and the to-value candidates, then — only if none of those either — the
         * loops replaced by one pass of their body with a value made extreme ({@link Passes#extremeValues}: the one kind
         * of step that makes a value larger, a last resort so it never steers a reduction the other passes can make).
         * Null at a fixed point.
         */
        Step step(Params.WithInput cur, int round, boolean careful) throws InterruptedException {
            int[] n = new int[2];
            List<Candidate> structural = Passes.structural(cur.program(), cur.input());
            // a run that ended differently has no class to keep and no culprit to check: its inputs stay
            if (verdict.cls() == null) structural.removeIf(Passes::simplerInput);
            Step s = windows(cur, structural, round, careful, n);
            if (s != null) return s;
            List<Map<NodePath, Double>> vs = counts.values.get(key(cur));
            if (vs == null) {
                vs = platformValues(runner, cur);
                counts.values.put(key(cur), vs);
            }
            s = windows(cur, Passes.toValues(cur.program(), vs), round, careful, n);
            if (s != null) return s;
            return windows(cur, Passes.extremeValues(cur.program(), cur.input()), round, careful, n);
        }

        private Step windows(Params.WithInput cur, List<Candidate> all, int round, boolean careful, int[] n)
                throws InterruptedException {
            int next0 = 0;
            while (next0 < all.size()) {
                if (timeUp()) break;
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
                counts.tried += runs.size();
                n[0] += runs.size();
                log.accept("round " + round + ": " + runs.size() + " candidates tried, " + (all.size() - next0)
                        + " left this round; " + Size.of(cur.program()).operations() + " operations; " + elapsed());
                List<Integer> good = new ArrayList<>();
                for (int i = 0; i < runs.size(); i++) {
                    Outcome[] o = outs.get(i);
                    if (interesting(runs.get(i).program(), runs.get(i).input(), o[0], o[1])
                            && sameCulprit(proposals.get(i), runs.get(i), o)) good.add(i);
                }
                n[1] += good.size();
                if (good.isEmpty()) continue;
                good.sort(Comparator.comparing(i -> runs.get(i), Reducer::compare));
                // unions of the interesting steps, best first, skipping one that overlaps a step already in: the first
                // 2,
                // 4, 8 … and all of them, in one more batch; the smallest interesting union wins over the best single
                // step
                List<Pick> unions = new ArrayList<>();
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
                    if (parts > 1 && r != null && compare(r, runs.get(good.getFirst())) < 0 && seen.add(key(r)))
                        unions.add(new Pick(r, union));
                }
                List<Pick> order = new ArrayList<>();
                if (!unions.isEmpty()) {
                    List<Outcome[]> uo =
                            runner.run(unions.stream().map(Pick::state).toList());
                    counts.tried += unions.size();
                    for (int i = 0; i < unions.size(); i++) {
                        Params.WithInput u = unions.get(i).state();
                        if (interesting(u.program(), u.input(), uo.get(i)[0], uo.get(i)[1])
                                && sameCulprit(unions.get(i).candidate(), u, uo.get(i))) order.add(unions.get(i));
                    }
                    order.sort(Comparator.comparing(Pick::state, Reducer::compare));
                }
                for (int i : good) order.add(new Pick(runs.get(i), proposals.get(i)));
                if (!careful)
                    return new Step(order.getFirst().state(), order.getFirst().candidate(), null, n[0], n[1]);
                // careful (after a step lost the discrepancy standalone): the best few, until one keeps it standalone
                for (int k = 0; k < Math.min(CONFIRM_TRIES, order.size()); k++) {
                    Params.WithInput r = order.get(k).state();
                    Outcome[] so = counts.standalone(r);
                    if (interesting(r.program(), r.input(), so[0], so[1]))
                        return new Step(r, order.get(k).candidate(), so, n[0], n[1]);
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
    private static List<Map<NodePath, Double>> platformValues(Timed runner, Params.WithInput w)
            throws InterruptedException {
        List<Map<NodePath, Double>> out = new ArrayList<>(runner.values(w));
        try {
            out.add(ReferenceEvaluator.idealValues(w.program(), w.input()));
        } catch (RuntimeException e) {
            // an input the reference cannot take: the platforms' values only
        }
        return out;
    }

    /**
     * Smaller is better: size first, then fewer significant bits in literals and inputs, then exponents nearer 0 (so
     * 1 is simpler than 2^-1022, which has as few bits).
     */
    static int compare(Params.WithInput x, Params.WithInput y) {
        int c = Size.of(x.program()).compareTo(Size.of(y.program()));
        if (c != 0) return c;
        c = Long.compare(bits(x), bits(y));
        return c != 0 ? c : Long.compare(spread(x), spread(y));
    }

    /** The sum of |exponent| over literals and FP input values (0 for zero, an infinity or a NaN). */
    static long spread(Params.WithInput w) {
        long[] s = {0};
        Walker.each(w.program(), (path, n) -> {
            if (n instanceof Expr.Lit l) s[0] += spread(l.value());
        });
        for (int i = 0; i < w.program().params().size(); i++) {
            if (w.program().params().get(i).kind() == Param.Kind.INT) continue;
            for (double v : w.input().elements(i)) s[0] += spread(v);
        }
        return s[0];
    }

    private static int spread(double v) {
        return v == 0 || !Double.isFinite(v) ? 0 : Math.abs(Math.getExponent(v));
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
        return o.status() == Outcome.Status.OK
                ? o.hex()
                : o.status() + (o.detail() == null ? "" : " (" + o.detail() + ")");
    }
}
