package org.fparity.reduce;

import java.util.ArrayList;
import java.util.Comparator;
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
 * proposes every pass's candidates (priority order, capped), runs them all in one batch per platform, keeps the
 * smallest interesting one — and, in one more small batch, the union of all interesting, non-overlapping ones, which
 * is what makes a 40-statement program shrink in a handful of rounds. Ends at a fixed point: no candidate interesting.
 * A step is taken only when the single-program form keeps the discrepancy too (one build per platform per round), so
 * the result and the outcomes it reports are standalone ones.
 */
public final class Reducer {
    /** Where a reduction ended and what it cost. */
    public record Result(Program program, Input input, Outcome a, Outcome b, int rounds, int candidates, int batches, int standaloneRuns, long millis) {}

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
     * Reduces (p, in). Candidates are judged in batches; the one a round keeps is accepted only once its single-program
     * form (what the bundle ships) still shows the discrepancy, so a reduction never ends on a batch-only program.
     * Throws ReduceException when the start is not interesting in both forms.
     */
    public Result reduce(Program p, Input in) throws InterruptedException {
        long t0 = System.nanoTime();
        Params.WithInput cur = new Params.WithInput(p, in);
        Outcome[] batchOut = runner.run(List.of(cur)).getFirst();
        if (!verdict.interesting(p, in, batchOut[0], batchOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce as a batch of one: A " + describe(batchOut[0]) + ", B " + describe(batchOut[1]));
        }
        Outcome[] curOut = runner.standalone(cur);
        int standalone = 1;
        if (!verdict.interesting(p, in, curOut[0], curOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce in the single-program form: A " + describe(curOut[0]) + ", B " + describe(curOut[1]));
        }
        int rounds = 0;
        int tried = 1;
        Set<String> seen = new HashSet<>();
        seen.add(key(cur));
        while (true) {
            rounds++;
            List<Map<NodePath, Double>> values = platformValues(cur);
            List<Candidate> all = Passes.all(cur.program(), cur.input(), values, Integer.MAX_VALUE);
            Params.WithInput next = null;
            Outcome[] nextOut = null;
            int proposed = 0;
            int interesting = 0;
            int next0 = 0;
            // windows of `limit` candidates in priority order until one is interesting in a batch and standalone
            while (next == null && next0 < all.size()) {
                List<Candidate> proposals = new ArrayList<>();
                List<Params.WithInput> runs = new ArrayList<>();
                while (next0 < all.size() && runs.size() < limit) {
                    Candidate c = all.get(next0++);
                    Params.WithInput r = c.apply(cur.program(), cur.input());
                    if (r == null || compare(r, cur) >= 0 || !seen.add(key(r))) continue;
                    proposals.add(c);
                    runs.add(r);
                }
                if (runs.isEmpty()) break;
                List<Outcome[]> outs = runner.run(runs);
                tried += runs.size();
                proposed += runs.size();
                List<Integer> good = new ArrayList<>();
                for (int i = 0; i < runs.size(); i++) {
                    Outcome[] o = outs.get(i);
                    if (verdict.interesting(runs.get(i).program(), runs.get(i).input(), o[0], o[1])) good.add(i);
                }
                interesting += good.size();
                if (good.isEmpty()) continue;
                good.sort(Comparator.comparing(i -> runs.get(i), Reducer::compare));
                // the union of every interesting step that does not overlap one already taken, best first
                Candidate union = proposals.get(good.getFirst());
                int parts = 1;
                for (int i : good.subList(1, good.size())) {
                    Candidate u = union.union(proposals.get(i));
                    if (u == null || u.apply(cur.program(), cur.input()) == null) continue;
                    union = u;
                    parts++;
                }
                if (parts > 1) {
                    Params.WithInput r = union.apply(cur.program(), cur.input());
                    if (r != null && compare(r, runs.get(good.getFirst())) < 0 && seen.add(key(r))) {
                        Outcome[] o = runner.run(List.of(r)).getFirst();
                        tried++;
                        if (verdict.interesting(r.program(), r.input(), o[0], o[1])) {
                            Outcome[] so = runner.standalone(r);
                            standalone++;
                            if (verdict.interesting(r.program(), r.input(), so[0], so[1])) {
                                next = r;
                                nextOut = so;
                            }
                        }
                    }
                }
                // else the smallest interesting ones, one by one, until one keeps the discrepancy standalone
                for (int k = 0; next == null && k < Math.min(CONFIRM_TRIES, good.size()); k++) {
                    Params.WithInput r = runs.get(good.get(k));
                    Outcome[] so = runner.standalone(r);
                    standalone++;
                    if (verdict.interesting(r.program(), r.input(), so[0], so[1])) {
                        next = r;
                        nextOut = so;
                    } else {
                        log.accept("round " + rounds + ": a " + proposals.get(good.get(k)).pass() + " step keeps the discrepancy only in the batch: not taken");
                    }
                }
            }
            if (next == null) break;
            cur = next;
            curOut = nextOut;
            log.accept("round " + rounds + ": " + proposed + " candidates, " + interesting + " interesting; now " + Size.of(cur.program()));
        }
        return new Result(cur.program(), cur.input(), curOut[0], curOut[1], rounds, tried, runner.batches(), standalone, (System.nanoTime() - t0) / 1_000_000);
    }

    /** Interesting-in-a-batch candidates of one window checked standalone before the reducer moves to the next window. */
    static final int CONFIRM_TRIES = 4;

    /**
     * The values to offer the to-value pass, in order: what platform A computed at each node, what B computed, then
     * the ideal IEEE platform's — a platform's own value is what keeps a platform-made discrepancy alive.
     */
    private List<Map<NodePath, Double>> platformValues(Params.WithInput w) throws InterruptedException {
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
