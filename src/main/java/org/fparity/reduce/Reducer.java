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
 */
public final class Reducer {
    /** Where a reduction ended and what it cost. */
    public record Result(Program program, Input input, Outcome a, Outcome b, int rounds, int candidates, int batches, long millis) {}

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

    /** Reduces (p, in); throws ReduceException when the starting point itself is not interesting. */
    public Result reduce(Program p, Input in) throws InterruptedException {
        long t0 = System.nanoTime();
        Params.WithInput cur = new Params.WithInput(p, in);
        List<Outcome[]> first = runner.run(List.of(cur));
        Outcome[] curOut = first.getFirst();
        if (!verdict.interesting(p, in, curOut[0], curOut[1])) {
            throw new ReduceException("the discrepancy does not reproduce as a batch of one: A " + describe(curOut[0]) + ", B " + describe(curOut[1]));
        }
        int rounds = 0;
        int tried = 1;
        Set<String> seen = new HashSet<>();
        seen.add(key(cur));
        while (true) {
            rounds++;
            Map<NodePath, Double> values = idealValues(cur);
            List<Candidate> all = Passes.all(cur.program(), cur.input(), values, Integer.MAX_VALUE);
            List<Candidate> proposals = new ArrayList<>();
            List<Params.WithInput> runs = new ArrayList<>();
            List<Outcome[]> outs = new ArrayList<>();
            List<Integer> good = new ArrayList<>();
            int next0 = 0;
            // windows of `limit` candidates in priority order until one holds an interesting candidate (or none is left)
            while (good.isEmpty() && next0 < all.size()) {
                int from = runs.size();
                while (next0 < all.size() && runs.size() - from < limit) {
                    Candidate c = all.get(next0++);
                    Params.WithInput r = c.apply(cur.program(), cur.input());
                    if (r == null || compare(r, cur) >= 0 || !seen.add(key(r))) continue;
                    proposals.add(c);
                    runs.add(r);
                }
                if (runs.size() == from) break;
                outs.addAll(runner.run(runs.subList(from, runs.size())));
                tried += runs.size() - from;
                for (int i = from; i < runs.size(); i++) {
                    Outcome[] o = outs.get(i);
                    if (verdict.interesting(runs.get(i).program(), runs.get(i).input(), o[0], o[1])) good.add(i);
                }
            }
            if (good.isEmpty()) break;
            good.sort(Comparator.comparing(i -> runs.get(i), Reducer::compare));
            int best = good.getFirst();
            Params.WithInput next = runs.get(best);
            Outcome[] nextOut = outs.get(best);
            // the union of every interesting step that does not overlap one already taken, best first
            Candidate union = proposals.get(best);
            int parts = 1;
            for (int i : good.subList(1, good.size())) {
                Candidate u = union.union(proposals.get(i));
                if (u == null) continue;
                Params.WithInput r = u.apply(cur.program(), cur.input());
                if (r == null) continue;
                union = u;
                parts++;
            }
            if (parts > 1) {
                Params.WithInput r = union.apply(cur.program(), cur.input());
                if (r != null && compare(r, next) < 0 && seen.add(key(r))) {
                    Outcome[] o = runner.run(List.of(r)).getFirst();
                    tried++;
                    if (verdict.interesting(r.program(), r.input(), o[0], o[1])) {
                        next = r;
                        nextOut = o;
                    }
                }
            }
            cur = next;
            curOut = nextOut;
            log.accept("round " + rounds + ": " + runs.size() + " candidates, " + good.size() + " interesting; now " + Size.of(cur.program()));
        }
        return new Result(cur.program(), cur.input(), curOut[0], curOut[1], rounds, tried, runner.batches(), (System.nanoTime() - t0) / 1_000_000);
    }

    private static Map<NodePath, Double> idealValues(Params.WithInput w) {
        try {
            return ReferenceEvaluator.idealValues(w.program(), w.input());
        } catch (RuntimeException e) {
            return Map.of(); // no MPFR here or an input the reference cannot take: the to-value pass proposes nothing
        }
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
            else b[0] += Passes.bits(w.input().fp(i));
        }
        return b[0];
    }

    private static String key(Params.WithInput w) {
        return w.program().canonical() + "\n" + w.input().args();
    }

    static String describe(Outcome o) {
        if (o == null) return "no outcome";
        return o.status() == Outcome.Status.OK ? o.hex() : o.status() + (o.detail() == null ? "" : " (" + o.detail() + ")");
    }
}
