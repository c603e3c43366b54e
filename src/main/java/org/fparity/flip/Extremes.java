package org.fparity.flip;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Expr;
import org.fparity.ir.MathFn;
import org.fparity.ir.Precision;

/**
 * Phase II (a) of Gu, Wahl, Bayati and Leeser: bounds of a term over every evaluation model for one input. A chain
 * of sums and products ({@code t1 ± … ± tn}, each {@code ti} possibly a product that may fuse) gets its minimum and
 * maximum from the dynamic programme of eq. (7) extended with FMA (the paper's dot-product recurrence), run on every
 * corner of its summands' intervals (Alg. 2.2); other operations compose intervals by eq. (8). When the corners are
 * too many the same recurrence runs on intervals (sound, looser).
 *
 * <p>What it covers: every parenthesisation of every chain (contiguous splits: the recurrence's orders), every choice
 * of fusing a product into the addition that consumes it, and the model's own orders; the named models' values are
 * added by the caller. Non-contiguous orders (k-lane strided) are not all covered by eq. (7): the caller adds them.
 * Math calls other than the exact ones are widened by {@link #LIBM_ULPS} ulps around the correctly rounded value.
 */
public final class Extremes {
    /** Largest error assumed for a platform's math library, in ulps (OpenCL 1.2's full-profile limit for pow). */
    public static final int LIBM_ULPS = 16;
    /** Most corner combinations enumerated per chain before falling back to the interval recurrence. */
    static final int MAX_CORNERS = 256;

    private final Precision precision;
    private final Map<String, Double> inputs;
    private final Map<Expr, Interval> memo = new IdentityHashMap<>();

    public Extremes(Precision precision, Map<String, Double> inputs) {
        this.precision = precision;
        this.inputs = inputs;
    }

    public Interval bound(Expr e) {
        Interval m = memo.get(e);
        if (m != null) return m;
        Interval r = switch (e) {
            case Expr.Lit l -> Interval.point(precision.round(l.value()));
            case Expr.IntLit i -> Interval.point(i.value());
            case Expr.Var v -> Interval.point(inputs.get(v.name()));
            case Expr.Elem el -> throw new IllegalArgumentException("array element left in a term: " + el);
            case Expr.Paren p -> bound(p.inner());
            case Expr.Neg n -> {
                Interval o = bound(n.operand());
                yield new Interval(-o.hi(), -o.lo());
            }
            case Expr.Bin b when b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB -> chain(b);
            case Expr.Bin b when b.op() == Expr.BinOp.MUL -> product(b);
            case Expr.Bin b -> divide(bound(b.left()), bound(b.right()));
            case Expr.Call c -> call(c);
        };
        if (Double.isNaN(r.lo()) || Double.isNaN(r.hi())) r = Interval.ALL;
        memo.put(e, r);
        return r;
    }

    /** One summand of a chain: a product {@code x*y} (may fuse) or a plain value, already carrying its sign in x or v. */
    record Summand(Interval x, Interval y, Interval v) {
        boolean product() {
            return x != null;
        }
    }

    private Interval chain(Expr.Bin root) {
        List<Expr> terms = new ArrayList<>();
        List<Boolean> neg = new ArrayList<>();
        flatten(root, false, terms, neg);
        List<Summand> s = new ArrayList<>();
        long corners = 1;
        for (int i = 0; i < terms.size(); i++) {
            Expr t = unparen(terms.get(i));
            boolean n = neg.get(i);
            if (t instanceof Expr.Bin m && m.op() == Expr.BinOp.MUL) {
                Interval x = bound(m.left());
                Interval y = bound(m.right());
                if (n) x = new Interval(-x.hi(), -x.lo());
                s.add(new Summand(x, y, null));
                corners *= (x.isPoint() ? 1 : 2) * (y.isPoint() ? 1 : 2);
            } else {
                Interval v = bound(t);
                if (n) v = new Interval(-v.hi(), -v.lo());
                s.add(new Summand(null, null, v));
                corners *= v.isPoint() ? 1 : 2;
            }
            if (corners > MAX_CORNERS) corners = MAX_CORNERS + 1;
        }
        for (Summand x : s) {
            if (x.product() ? !(x.x().bounded() && x.y().bounded()) : !x.v().bounded()) return Interval.ALL;
        }
        if (corners <= MAX_CORNERS) return getBound(s);
        return intervalDp(s);
    }

    /** Alg. 2.2: every combination of lower/upper bounds of the summands' operands, each through getMin/getMax. */
    private Interval getBound(List<Summand> s) {
        int n = s.size();
        double[] xs = new double[n];
        double[] ys = new double[n];
        double[] lo = {Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY};
        corners(s, 0, xs, ys, lo, hi);
        return new Interval(lo[0], hi[0]);
    }

    private void corners(List<Summand> s, int i, double[] xs, double[] ys, double[] lo, double[] hi) {
        if (i == s.size()) {
            double[] mm = pointDp(s, xs, ys);
            lo[0] = Math.min(lo[0], mm[0]);
            hi[0] = Math.max(hi[0], mm[1]);
            return;
        }
        Summand t = s.get(i);
        Interval a = t.product() ? t.x() : t.v();
        for (double av : a.isPoint() ? new double[] {a.lo()} : new double[] {a.lo(), a.hi()}) {
            xs[i] = av;
            if (t.product()) {
                Interval b = t.y();
                for (double bv : b.isPoint() ? new double[] {b.lo()} : new double[] {b.lo(), b.hi()}) {
                    ys[i] = bv;
                    corners(s, i + 1, xs, ys, lo, hi);
                }
            } else {
                corners(s, i + 1, xs, ys, lo, hi);
            }
        }
    }

    /**
     * getMin/getMax of a volatile dot product for point operands (eq. 7 with the FMA cases): N[i][j] is the least (or
     * greatest) value any order and any fusing can give to the summands i..j. Rounding is monotone, so the minimum of
     * a combination comes from the minima of its parts. O(n^3).
     */
    double[] pointDp(List<Summand> s, double[] xs, double[] ys) {
        int n = s.size();
        double[][] mn = new double[n][n];
        double[][] mx = new double[n][n];
        for (int i = 0; i < n; i++) {
            double v = s.get(i).product() ? ModelEvaluator.op(precision, Expr.BinOp.MUL, xs[i], ys[i]) : xs[i];
            mn[i][i] = v;
            mx[i][i] = v;
        }
        for (int len = 2; len <= n; len++) {
            for (int i = 0; i + len - 1 < n; i++) {
                int j = i + len - 1;
                double lo = Double.POSITIVE_INFINITY;
                double hi = Double.NEGATIVE_INFINITY;
                for (int k = i; k < j; k++) {
                    lo = Math.min(lo, ModelEvaluator.op(precision, Expr.BinOp.ADD, mn[i][k], mn[k + 1][j]));
                    hi = Math.max(hi, ModelEvaluator.op(precision, Expr.BinOp.ADD, mx[i][k], mx[k + 1][j]));
                }
                if (s.get(i).product()) {
                    lo = Math.min(lo, ModelEvaluator.fma(precision, xs[i], ys[i], mn[i + 1][j]));
                    hi = Math.max(hi, ModelEvaluator.fma(precision, xs[i], ys[i], mx[i + 1][j]));
                }
                if (s.get(j).product()) {
                    lo = Math.min(lo, ModelEvaluator.fma(precision, xs[j], ys[j], mn[i][j - 1]));
                    hi = Math.max(hi, ModelEvaluator.fma(precision, xs[j], ys[j], mx[i][j - 1]));
                }
                mn[i][j] = lo;
                mx[i][j] = hi;
            }
        }
        return new double[] {mn[0][n - 1], mx[0][n - 1]};
    }

    /** The same recurrence on intervals: each cell an interval, combinations by their corners. */
    private Interval intervalDp(List<Summand> s) {
        int n = s.size();
        Interval[][] N = new Interval[n][n];
        for (int i = 0; i < n; i++) {
            Summand t = s.get(i);
            N[i][i] = t.product() ? corners2(Expr.BinOp.MUL, t.x(), t.y()) : t.v();
        }
        for (int len = 2; len <= n; len++) {
            for (int i = 0; i + len - 1 < n; i++) {
                int j = i + len - 1;
                Interval r = null;
                for (int k = i; k < j; k++) r = hull(r, corners2(Expr.BinOp.ADD, N[i][k], N[k + 1][j]));
                if (s.get(i).product())
                    r = hull(r, fmaCorners(s.get(i).x(), s.get(i).y(), N[i + 1][j]));
                if (s.get(j).product())
                    r = hull(r, fmaCorners(s.get(j).x(), s.get(j).y(), N[i][j - 1]));
                N[i][j] = r;
            }
        }
        return N[0][n - 1];
    }

    private static Interval hull(Interval a, Interval b) {
        return a == null ? b : a.hull(b);
    }

    private Interval corners2(Expr.BinOp op, Interval a, Interval b) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double x : new double[] {a.lo(), a.hi()}) {
            for (double y : new double[] {b.lo(), b.hi()}) {
                double v = ModelEvaluator.op(precision, op, x, y);
                if (Double.isNaN(v)) return Interval.ALL;
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        return new Interval(lo, hi);
    }

    private Interval fmaCorners(Interval a, Interval b, Interval c) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double x : new double[] {a.lo(), a.hi()}) {
            for (double y : new double[] {b.lo(), b.hi()}) {
                for (double z : new double[] {c.lo(), c.hi()}) {
                    double v = ModelEvaluator.fma(precision, x, y, z);
                    if (Double.isNaN(v)) return Interval.ALL;
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        return new Interval(lo, hi);
    }

    /** A product chain f1 * … * fm: the least and greatest over every parenthesisation (contiguous splits). */
    private Interval product(Expr.Bin root) {
        List<Expr> fs = new ArrayList<>();
        factors(root, fs);
        int n = fs.size();
        Interval[][] P = new Interval[n][n];
        for (int i = 0; i < n; i++) P[i][i] = bound(fs.get(i));
        for (int len = 2; len <= n; len++) {
            for (int i = 0; i + len - 1 < n; i++) {
                int j = i + len - 1;
                Interval r = null;
                for (int k = i; k < j; k++) r = hull(r, corners2(Expr.BinOp.MUL, P[i][k], P[k + 1][j]));
                P[i][j] = r;
            }
        }
        return P[0][n - 1];
    }

    private static void factors(Expr e, List<Expr> out) {
        Expr u = unparen(e);
        if (u instanceof Expr.Bin b && b.op() == Expr.BinOp.MUL) {
            factors(b.left(), out);
            factors(b.right(), out);
        } else {
            out.add(u);
        }
    }

    private Interval divide(Interval a, Interval b) {
        if (b.lo() <= 0 && b.hi() >= 0) return Interval.ALL;
        return corners2(Expr.BinOp.DIV, a, b);
    }

    private Interval call(Expr.Call c) {
        MathFn fn = c.fn();
        List<Interval> args = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < c.args().size(); i++) {
            if (fn.args().get(i) == MathFn.Arg.INT) k = ((Expr.IntLit) c.args().get(i)).value();
            else args.add(bound(c.args().get(i)));
        }
        for (Interval a : args) if (!a.bounded()) return Interval.ALL;
        int ulps = fn.ieeeExact() ? 0 : LIBM_ULPS;
        Interval a = args.get(0);
        Interval b = args.size() > 1 ? args.get(1) : Interval.point(0);
        if (fn == MathFn.FABS) {
            if (a.lo() >= 0) return a;
            if (a.hi() <= 0) return new Interval(-a.hi(), -a.lo());
            return new Interval(0, Math.max(-a.lo(), a.hi()));
        }
        if (fn == MathFn.FMIN || fn == MathFn.FMAX || fn == MathFn.LDEXP) {
            return new Interval(
                    MathCalls.apply(fn, precision, a.lo(), b.lo(), k),
                    MathCalls.apply(fn, precision, a.hi(), b.hi(), k));
        }
        if (MathCalls.increasing(fn)) {
            return widen(
                    MathCalls.apply(fn, precision, a.lo(), 0, k), MathCalls.apply(fn, precision, a.hi(), 0, k), ulps);
        }
        if (MathCalls.decreasing(fn)) {
            return widen(
                    MathCalls.apply(fn, precision, a.hi(), 0, k), MathCalls.apply(fn, precision, a.lo(), 0, k), ulps);
        }
        if (a.isPoint() && b.isPoint()) {
            double v = MathCalls.apply(fn, precision, a.lo(), b.lo(), k);
            return widen(v, v, ulps);
        }
        // not monotone (sin, cos, pow, fmod …) over a range of arguments: nothing sound short of everything
        return Interval.ALL;
    }

    private Interval widen(double lo, double hi, int ulps) {
        if (Double.isNaN(lo) || Double.isNaN(hi)) return Interval.ALL;
        for (int i = 0; i < ulps; i++) {
            lo = precision == Precision.FP32 ? Math.nextDown((float) lo) : Math.nextDown(lo);
            hi = precision == Precision.FP32 ? Math.nextUp((float) hi) : Math.nextUp(hi);
        }
        return new Interval(lo, hi);
    }

    private static void flatten(Expr e, boolean negated, List<Expr> terms, List<Boolean> neg) {
        Expr u = unparen(e);
        if (u instanceof Expr.Bin b && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB)) {
            flatten(b.left(), negated, terms, neg);
            flatten(b.right(), b.op() == Expr.BinOp.SUB ? !negated : negated, terms, neg);
            return;
        }
        terms.add(u);
        neg.add(negated);
    }

    private static Expr unparen(Expr e) {
        return e instanceof Expr.Paren p ? unparen(p.inner()) : e;
    }
}
