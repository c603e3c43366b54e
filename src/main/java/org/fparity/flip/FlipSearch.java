package org.fparity.flip;

import com.microsoft.z3.AlgebraicNum;
import com.microsoft.z3.ArithExpr;
import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Model;
import com.microsoft.z3.RatNum;
import com.microsoft.z3.RealExpr;
import com.microsoft.z3.RealSort;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * The search of Gu, Wahl, Bayati and Leeser for one branch: Phase I picks the critical comparison (Alg. 2.1) and asks
 * Z3 over the reals for an input on its boundary inside one domain cell; Phase II bounds the comparison over every
 * evaluation model at the input rounded to the program's precision ({@link Extremes}); when both bounds fall on one
 * side, calibration (Alg. 2.3) shifts the boundary by the error and asks again. Deterministic: cells come from the
 * seed, everything else from the solver's answers.
 */
public final class FlipSearch {
    /** What to search. */
    public record Settings(
            int branch,
            Domain domain,
            double split,
            List<EvaluationModel> models,
            long seed,
            long budgetMillis,
            int queryTimeoutMillis,
            int maxCalibrations,
            int maxCandidates,
            int maxCells) {}

    /** Why a branch cannot be searched, or how the search ended. */
    public record Outcome(
            List<Candidate> candidates, int cells, int queries, long z3Millis, long millis, List<String> notes) {}

    private final Program program;
    private final Settings s;
    private final Z3Session z3;
    private final Consumer<Candidate> sink;
    private final List<String> notes = new ArrayList<>();

    public FlipSearch(Program program, Settings settings, Z3Session z3, Consumer<Candidate> sink) {
        this(program, settings, z3, sink, (cells, candidates) -> {});
    }

    /** Told after each cell searched: cells so far, candidates so far (for a progress line). */
    public interface Cells {
        void searched(int cells, int candidates);
    }

    private final Cells cellsDone;

    /** As above, telling {@code cellsDone} after each cell. */
    public FlipSearch(Program program, Settings settings, Z3Session z3, Consumer<Candidate> sink, Cells cellsDone) {
        this.program = program;
        this.s = settings;
        this.z3 = z3;
        this.sink = sink;
        this.cellsDone = cellsDone;
    }

    public Outcome run() {
        long t0 = System.nanoTime();
        long deadline = t0 + s.budgetMillis() * 1_000_000L;
        List<Target> targets =
                new SymbolicPaths(program, 64).targets(s.branch(), s.domain().bounds());
        List<Candidate> found = new ArrayList<>();
        if (targets.isEmpty()) {
            notes.add("branch " + s.branch() + " is not reached on any path for loop bounds "
                    + s.domain().bounds());
            return done(found, 0, t0);
        }
        targets = feasible(targets);
        if (targets.isEmpty()) {
            notes.add("branch " + s.branch() + ": no path to it is feasible over the reals in the domain");
            return done(found, 0, t0);
        }
        List<String> fpVars = new ArrayList<>(s.domain().ranges().keySet());
        SplittableRandom rnd = new SplittableRandom(s.seed());
        Set<List<String>> seen = new HashSet<>();
        int cells = 0;
        while (cells < s.maxCells() && found.size() < s.maxCandidates() && System.nanoTime() < deadline) {
            Target t = targets.get(cells % targets.size());
            List<Cond.Cmp> atoms = atoms(t.cond());
            int[] crit = critical(t.cond(), atoms, cells / targets.size());
            if (crit == null) {
                notes.add("branch " + s.branch()
                        + ": no comparison decides the condition (Alg. 2.1 found no critical atom)");
                break;
            }
            Cell cell = cell(fpVars, rnd, cells);
            cells++;
            Candidate c = searchCell(t, atoms, crit, cell, found.size(), seen, deadline);
            if (c != null) {
                found.add(c);
                sink.accept(c);
            }
            cellsDone.searched(cells, found.size());
        }
        return done(found, cells, t0);
    }

    /** The targets whose path condition has a real solution in the domain (or where Z3 could not tell). */
    private List<Target> feasible(List<Target> targets) {
        if (targets.size() == 1) return targets;
        List<Target> out = new ArrayList<>();
        Context ctx = z3.ctx();
        for (Target t : targets) {
            RealEncoder enc = new RealEncoder(ctx);
            List<BoolExpr> q = new ArrayList<>();
            for (var e : s.domain().ranges().entrySet()) {
                q.add(ctx.mkGe(enc.var(e.getKey()), enc.real(e.getValue()[0])));
                q.add(ctx.mkLe(enc.var(e.getKey()), enc.real(e.getValue()[1])));
            }
            for (Target.Guard g : t.path()) {
                BoolExpr c = enc.cond(g.cond());
                q.add(g.taken() ? c : ctx.mkNot(c));
            }
            q.addAll(enc.side());
            Z3Session.Answer[] a = new Z3Session.Answer[1];
            z3.check(q, solver -> Boolean.TRUE, a);
            if (a[0] != Z3Session.Answer.UNSAT) out.add(t);
        }
        if (out.size() < targets.size())
            notes.add((targets.size() - out.size()) + " of " + targets.size() + " paths to branch " + s.branch()
                    + " are infeasible");
        return out;
    }

    private Outcome done(List<Candidate> found, int cells, long t0) {
        return new Outcome(
                found, cells, z3.queries(), z3.millis(), (System.nanoTime() - t0) / 1_000_000, List.copyOf(notes));
    }

    /** A box: every variable in a sub-range of width {@code split}, except {@code free}, which spans its whole range. */
    record Cell(Map<String, double[]> box, String free, String label) {}

    private Cell cell(List<String> vars, SplittableRandom rnd, int n) {
        Map<String, double[]> box = new LinkedHashMap<>();
        String free = vars.isEmpty() ? null : vars.get(n % vars.size());
        StringBuilder label = new StringBuilder();
        for (String v : vars) {
            double[] r = s.domain().ranges().get(v);
            double w = s.split() > 0 ? s.split() : (r[1] - r[0]);
            long count = Math.max(1, (long) Math.floor((r[1] - r[0]) / w));
            long k = rnd.nextLong(count);
            double lo = r[0] + k * w;
            double hi = Math.min(r[1], lo + w);
            if (v.equals(free)) {
                box.put(v, r.clone());
            } else {
                // one float of the cell: the query becomes univariate in the free variable, which Z3's nlsat solves in
                // milliseconds where a box in every variable takes it hundreds
                double x = roundToPrecision(lo + rnd.nextDouble() * (hi - lo));
                if (x < lo || x > hi) x = roundToPrecision(lo);
                box.put(v, new double[] {x, x});
                label.append(v).append('=').append(lo).append(':').append(hi).append(' ');
            }
        }
        label.append("free ").append(free);
        return new Cell(box, free, label.toString().strip());
    }

    /** The comparisons of a condition, pre-order. */
    static List<Cond.Cmp> atoms(Cond c) {
        List<Cond.Cmp> out = new ArrayList<>();
        collect(c, out);
        return out;
    }

    private static void collect(Cond c, List<Cond.Cmp> out) {
        switch (c) {
            case Cond.Cmp cmp -> out.add(cmp);
            case Cond.And a -> {
                collect(a.left(), out);
                collect(a.right(), out);
            }
            case Cond.Or o -> {
                collect(o.left(), out);
                collect(o.right(), out);
            }
            case Cond.Not n -> collect(n.operand(), out);
        }
    }

    /**
     * Alg. 2.1 with Z3 over the Boolean skeleton: the first atom k (from {@code rotate}, so cells visit every critical
     * atom in turn) for which {@code q(…b_k…) xor q(…¬b_k…)} is satisfiable; returns [k, A0 bits…].
     */
    private int[] critical(Cond cond, List<Cond.Cmp> atoms, int rotate) {
        Context ctx = z3.ctx();
        int n = atoms.size();
        BoolExpr[] b = new BoolExpr[n];
        for (int i = 0; i < n; i++) b[i] = ctx.mkBoolConst("b" + i);
        for (int r = 0; r < n; r++) {
            int k = (r + rotate) % n;
            BoolExpr[] flipped = b.clone();
            flipped[k] = ctx.mkNot(b[k]);
            BoolExpr xor = ctx.mkXor(skeleton(cond, atoms, b), skeleton(cond, atoms, flipped));
            int[] res = z3.check(
                    List.of(xor),
                    solver -> {
                        Model m = solver.getModel();
                        int[] out = new int[n + 1];
                        out[0] = k;
                        for (int i = 0; i < n; i++)
                            out[i + 1] = m.eval(b[i], true).isTrue() ? 1 : 0;
                        return out;
                    },
                    null);
            if (res != null) return res;
        }
        return null;
    }

    private BoolExpr skeleton(Cond c, List<Cond.Cmp> atoms, BoolExpr[] b) {
        Context ctx = z3.ctx();
        return switch (c) {
            case Cond.Cmp cmp -> b[indexOf(atoms, cmp)];
            case Cond.And a -> ctx.mkAnd(skeleton(a.left(), atoms, b), skeleton(a.right(), atoms, b));
            case Cond.Or o -> ctx.mkOr(skeleton(o.left(), atoms, b), skeleton(o.right(), atoms, b));
            case Cond.Not n -> ctx.mkNot(skeleton(n.operand(), atoms, b));
        };
    }

    private static int indexOf(List<Cond.Cmp> atoms, Cond.Cmp c) {
        for (int i = 0; i < atoms.size(); i++) if (atoms.get(i) == c) return i;
        throw new IllegalStateException("atom not found");
    }

    /** Phase I, Phase II and calibration inside one cell; null when the cell yields no candidate. */
    private Candidate searchCell(
            Target t, List<Cond.Cmp> atoms, int[] crit, Cell cell, int id, Set<List<String>> seen, long deadline) {
        Context ctx = z3.ctx();
        RealEncoder enc = new RealEncoder(ctx);
        List<BoolExpr> base = new ArrayList<>();
        for (var e : cell.box().entrySet()) {
            RealExpr v = enc.var(e.getKey());
            base.add(ctx.mkGe(v, enc.real(e.getValue()[0])));
            base.add(ctx.mkLe(v, enc.real(e.getValue()[1])));
        }
        for (Target.Guard g : t.path()) {
            BoolExpr c = enc.cond(g.cond());
            base.add(g.taken() ? c : ctx.mkNot(c));
        }
        int k = crit[0];
        for (int i = 0; i < atoms.size(); i++) {
            if (i == k) continue;
            BoolExpr c = enc.cond(atoms.get(i));
            base.add(crit[i + 1] == 1 ? c : ctx.mkNot(c));
        }
        Cond.Cmp atom = atoms.get(k);
        ArithExpr<RealSort> x = enc.encode(atom.left());
        ArithExpr<RealSort> c0 = enc.encode(atom.right());
        List<BoolExpr> extra = new ArrayList<>();
        BigDecimal shift = BigDecimal.ZERO;
        for (int round = 0; round <= s.maxCalibrations() && System.nanoTime() < deadline; round++) {
            List<BoolExpr> q = new ArrayList<>(base);
            q.addAll(enc.side());
            q.addAll(extra);
            // phi_appr: X_k = c_k - eps (eps accumulated by calibration)
            q.add(ctx.mkEq(ctx.mkSub(x, c0), ctx.mkReal(shift.toPlainString())));
            Map<String, Double> in = z3.check(q, solver -> decode(solver.getModel(), enc, cell), null);
            if (in == null) return null; // unsat or timeout: nothing on this boundary in this cell
            List<String> tokens = tokens(in);
            if (!seen.add(tokens)) {
                // blocking constraint: this input (as the solver gave it) is done; ask for another
                extra.add(block(ctx, enc, in));
                continue;
            }
            if (!pathHolds(t, atoms, crit, in)) {
                extra.add(block(ctx, enc, in));
                continue;
            }
            Extremes ex = new Extremes(program.precision(), in);
            Interval l = ex.bound(atom.left());
            Interval r = ex.bound(atom.right());
            if (straddles(atom.op(), l, r)) return candidate(id, t, atoms, k, in, tokens, l, r, round, cell);
            Map<String, Double> near = neighbour(t, atoms, crit, atom, in, cell.free(), seen);
            if (near != null) {
                Extremes nx = new Extremes(program.precision(), near);
                return candidate(
                        id,
                        t,
                        atoms,
                        k,
                        near,
                        tokens(near),
                        nx.bound(atom.left()),
                        nx.bound(atom.right()),
                        round,
                        cell);
            }
            // Phase II (b): both ends on one side of the boundary
            double lo = l.lo() - r.hi();
            double hi = l.hi() - r.lo();
            if (!(Double.isFinite(lo) && Double.isFinite(hi)) || lo == hi) {
                extra.add(block(ctx, enc, in));
                continue;
            }
            double eps = lo > 0 ? lo : hi < 0 ? hi : 0;
            if (eps == 0) {
                extra.add(block(ctx, enc, in));
                continue;
            }
            shift = shift.subtract(new BigDecimal(eps));
            pinCalls(t, enc, extra, in);
        }
        return null;
    }

    /** How many floats on either side of the rounded solution Phase II tries before calibrating. */
    static final int NEIGHBOURS = 64;

    /**
     * The rounded solution is one of the two floats around the real boundary; the boundary of the rounded program can
     * sit a few floats away. Tries the free variable's neighbours, nearest first: cheap evaluation, no solver call.
     */
    private Map<String, Double> neighbour(
            Target t,
            List<Cond.Cmp> atoms,
            int[] crit,
            Cond.Cmp atom,
            Map<String, Double> in,
            String free,
            Set<List<String>> seen) {
        if (free == null) return null;
        double x0 = in.get(free);
        double[] range = s.domain().ranges().get(free);
        double up = x0;
        double down = x0;
        for (int i = 1; i <= NEIGHBOURS; i++) {
            up = program.precision() == Precision.FP32 ? Math.nextUp((float) up) : Math.nextUp(up);
            down = program.precision() == Precision.FP32 ? Math.nextDown((float) down) : Math.nextDown(down);
            for (double x : new double[] {up, down}) {
                if (x < range[0] || x > range[1]) continue;
                Map<String, Double> m = new LinkedHashMap<>(in);
                m.put(free, x);
                Extremes ex = new Extremes(program.precision(), m);
                if (straddles(atom.op(), ex.bound(atom.left()), ex.bound(atom.right()))
                        && pathHolds(t, atoms, crit, m)
                        && seen.add(tokens(m))) {
                    return m;
                }
            }
        }
        return null;
    }

    /** Whether some value of the left side and some of the right give different outcomes of the comparison. */
    static boolean straddles(Cond.CmpOp op, Interval l, Interval r) {
        boolean canTrue = op.test(l.lo(), r.hi())
                || op.test(l.hi(), r.lo())
                || op.test(l.lo(), r.lo())
                || op.test(l.hi(), r.hi());
        boolean canFalse = !op.test(l.lo(), r.hi())
                || !op.test(l.hi(), r.lo())
                || !op.test(l.lo(), r.lo())
                || !op.test(l.hi(), r.hi());
        if (op == Cond.CmpOp.EQ || op == Cond.CmpOp.NE) {
            boolean overlap = l.lo() <= r.hi() && r.lo() <= l.hi();
            boolean bothPoints = l.isPoint() && r.isPoint();
            return overlap && !bothPoints;
        }
        return canTrue && canFalse;
    }

    /**
     * phi_path and phi_assgn checked in floating point: every guard and every other atom must come out as planned
     * under every model (both bounds on the planned side).
     */
    private boolean pathHolds(Target t, List<Cond.Cmp> atoms, int[] crit, Map<String, Double> in) {
        Extremes ex = new Extremes(program.precision(), in);
        for (Target.Guard g : t.path()) {
            Boolean v = decided(g.cond(), ex);
            if (v == null || v != g.taken()) return false;
        }
        for (int i = 0; i < atoms.size(); i++) {
            if (i == crit[0]) continue;
            Boolean v = decided(atoms.get(i), ex);
            if (v == null || v != (crit[i + 1] == 1)) return false;
        }
        return true;
    }

    /** The value of a condition if every model agrees on it, else null. */
    private static Boolean decided(Cond c, Extremes ex) {
        return switch (c) {
            case Cond.Cmp cmp -> {
                Interval l = ex.bound(cmp.left());
                Interval r = ex.bound(cmp.right());
                if (straddles(cmp.op(), l, r)) yield null;
                yield cmp.op().test(l.lo(), r.lo());
            }
            case Cond.And a -> {
                Boolean x = decided(a.left(), ex);
                Boolean y = decided(a.right(), ex);
                yield Boolean.FALSE.equals(x) || Boolean.FALSE.equals(y)
                        ? Boolean.FALSE
                        : x == null || y == null ? null : Boolean.TRUE;
            }
            case Cond.Or o -> {
                Boolean x = decided(o.left(), ex);
                Boolean y = decided(o.right(), ex);
                yield Boolean.TRUE.equals(x) || Boolean.TRUE.equals(y)
                        ? Boolean.TRUE
                        : x == null || y == null ? null : Boolean.FALSE;
            }
            case Cond.Not n -> {
                Boolean x = decided(n.operand(), ex);
                yield x == null ? null : !x;
            }
        };
    }

    /** Pins each uninterpreted call at its argument's current value, so the next answer agrees with real libraries there. */
    private void pinCalls(Target t, RealEncoder enc, List<BoolExpr> extra, Map<String, Double> in) {
        if (enc.approximated().isEmpty()) return;
        ModelEvaluator ev = new ModelEvaluator(program.precision(), in, Map.of());
        for (Cond.Cmp a : atoms(t.cond())) {
            pin(a.left(), ev, enc, extra);
            pin(a.right(), ev, enc, extra);
        }
    }

    private void pin(Expr e, ModelEvaluator ev, RealEncoder enc, List<BoolExpr> extra) {
        switch (e) {
            case Expr.Call c -> {
                for (Expr a : c.args()) pin(a, ev, enc, extra);
                if (enc.approximated().contains(c.fn()) && c.fn().arity() == 1) {
                    double arg = ev.eval(c.args().get(0));
                    double v = ev.eval(c);
                    if (Double.isFinite(arg) && Double.isFinite(v)) extra.add(enc.pin(c.fn(), arg, v));
                }
            }
            case Expr.Bin b -> {
                pin(b.left(), ev, enc, extra);
                pin(b.right(), ev, enc, extra);
            }
            case Expr.Neg n -> pin(n.operand(), ev, enc, extra);
            case Expr.Paren p -> pin(p.inner(), ev, enc, extra);
            default -> {}
        }
    }

    private static BoolExpr block(Context ctx, RealEncoder enc, Map<String, Double> in) {
        List<BoolExpr> same = new ArrayList<>();
        for (var e : in.entrySet()) same.add(ctx.mkEq(enc.var(e.getKey()), enc.real(e.getValue())));
        return ctx.mkNot(ctx.mkAnd(same.toArray(new BoolExpr[0])));
    }

    /** The solver's reals rounded to the program's precision; variables it left free take their cell's midpoint. */
    private Map<String, Double> decode(Model m, RealEncoder enc, Cell cell) {
        Map<String, Double> out = new LinkedHashMap<>();
        for (var e : cell.box().entrySet()) {
            com.microsoft.z3.Expr<?> v = m.eval(enc.var(e.getKey()), false);
            double d;
            if (v instanceof RatNum rn) {
                d = new BigDecimal(rn.getBigIntNumerator())
                        .divide(new BigDecimal(rn.getBigIntDenominator()), MathContext.DECIMAL128)
                        .doubleValue();
            } else if (v instanceof AlgebraicNum an) {
                d = new BigDecimal(an.toDecimal(40).replace("?", "")).doubleValue();
            } else {
                d = (e.getValue()[0] + e.getValue()[1]) / 2;
            }
            out.put(e.getKey(), roundToPrecision(d));
        }
        return out;
    }

    private double roundToPrecision(double d) {
        return program.precision() == Precision.FP32 ? (double) (float) d : d;
    }

    private List<String> tokens(Map<String, Double> in) {
        return s.domain().tokens(program, in::get);
    }

    private Candidate candidate(
            int id,
            Target t,
            List<Cond.Cmp> atoms,
            int k,
            Map<String, Double> in,
            List<String> tokens,
            Interval l,
            Interval r,
            int calibrations,
            Cell cell) {
        Map<String, double[]> byModel = new LinkedHashMap<>();
        String firstTrue = null;
        String firstFalse = null;
        Cond.Cmp atom = atoms.get(k);
        for (EvaluationModel m : s.models()) {
            List<ModelTransform.Applied> ap =
                    ModelTransform.applyAll(m, List.of(atom.left(), atom.right()), t.stored());
            ModelEvaluator ev =
                    new ModelEvaluator(program.precision(), in, ap.get(0).fused());
            double lv = ev.eval(ap.get(0).root());
            double rv = ev.eval(ap.get(1).root());
            boolean taken = atom.op().test(lv, rv);
            byModel.put(m.name(), new double[] {taken ? 1 : 0, lv, rv});
            if (taken && firstTrue == null) firstTrue = m.name();
            if (!taken && firstFalse == null) firstFalse = m.name();
        }
        List<String> pair = firstTrue != null && firstFalse != null ? List.of(firstTrue, firstFalse) : List.of();
        return new Candidate(
                id,
                tokens,
                in,
                k,
                l,
                r,
                byModel,
                pair,
                calibrations,
                cell.label(),
                exactCheck(t, atom, in, pair, byModel));
    }

    /** Recomputes both sides under each predicting model in Z3's FP theory and compares bits with the evaluator's. */
    private String exactCheck(
            Target t, Cond.Cmp atom, Map<String, Double> in, List<String> pair, Map<String, double[]> byModel) {
        if (pair.isEmpty()) return "no model pair to check";
        for (String name : pair) {
            EvaluationModel m = EvaluationModel.NAMED.get(name);
            if (m == null)
                m = s.models().stream()
                        .filter(x -> x.name().equals(name))
                        .findFirst()
                        .orElseThrow();
            List<ModelTransform.Applied> ap =
                    ModelTransform.applyAll(m, List.of(atom.left(), atom.right()), t.stored());
            try {
                FpEncoder fp = new FpEncoder(
                        z3.ctx(), program.precision(), in, ap.get(0).fused());
                double lv = fp.value(ap.get(0).root());
                double rv = fp.value(ap.get(1).root());
                double[] mine = byModel.get(name);
                if (Double.doubleToLongBits(lv) != Double.doubleToLongBits(mine[1])
                        || Double.doubleToLongBits(rv) != Double.doubleToLongBits(mine[2])) {
                    return "disagrees under " + name + ": Z3 " + HexFloat.format(lv) + " vs " + HexFloat.format(rv)
                            + ", evaluator " + HexFloat.format(mine[1]) + " vs " + HexFloat.format(mine[2]);
                }
            } catch (FpEncoder.OutOfReach e) {
                return "out of reach: " + e.getMessage();
            } catch (com.microsoft.z3.Z3Exception e) {
                return "Z3 failed: " + String.valueOf(e.getMessage()).replace('\n', ' ');
            }
        }
        return "agrees";
    }
}
