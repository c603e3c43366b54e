package org.fparity.flip;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.ir.Expr;

/**
 * Rewrites an expression as a model evaluates it: every sum chain re-associated in the model's order, divisions by
 * literals turned into multiplications when the model does that, and the additions into which a product fuses
 * recorded in {@link Applied#fused()} (true: the left operand's product, false: the right's). The result is an
 * ordinary IR tree, so the same rewrite drives evaluation here and the Java emitter.
 */
public final class ModelTransform {
    private final EvaluationModel model;
    private final Set<Expr> stored;
    private final Map<Expr, Expr> done = new IdentityHashMap<>();
    private final Map<Expr.Bin, Boolean> fused = new IdentityHashMap<>();
    private final Set<Expr> consumed = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Expr> newStored = Collections.newSetFromMap(new IdentityHashMap<>());

    /** The rewritten tree and its fused additions (identity map). */
    public record Applied(Expr root, Map<Expr.Bin, Boolean> fused) {}

    /** {@code stored}: nodes that are values read from variables (chains and contraction stop there unless the model crosses statements). */
    public ModelTransform(EvaluationModel model, Set<Expr> stored) {
        this.model = model;
        this.stored = stored;
    }

    public static Applied apply(EvaluationModel model, Expr e, Set<Expr> stored) {
        ModelTransform t = new ModelTransform(model, stored);
        Expr r = t.rewrite(e);
        t.contract(r, Collections.newSetFromMap(new IdentityHashMap<>()));
        return new Applied(r, t.fused);
    }

    /** Rewrites several expressions sharing nodes (a branch's two sides); fused additions are shared. */
    public static List<Applied> applyAll(EvaluationModel model, List<Expr> es, Set<Expr> stored) {
        ModelTransform t = new ModelTransform(model, stored);
        List<Expr> rs = new ArrayList<>();
        for (Expr e : es) rs.add(t.rewrite(e));
        Set<Expr> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Expr r : rs) t.contract(r, seen);
        List<Applied> out = new ArrayList<>();
        for (Expr r : rs) out.add(new Applied(r, t.fused));
        return out;
    }

    private boolean boundary(Expr e) {
        return !model.crossStatements() && stored.contains(e);
    }

    private Expr rewrite(Expr e) {
        Expr r = done.get(e);
        if (r != null) return r;
        r = switch (e) {
            case Expr.Bin b
            when (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB)
                    && model.order() != EvaluationModel.Order.WRITTEN -> {
                List<Expr> terms = new ArrayList<>();
                List<Boolean> neg = new ArrayList<>();
                flatten(b, false, true, terms, neg);
                List<Expr> rs = new ArrayList<>();
                for (Expr t : terms) rs.add(rewrite(t));
                yield order(rs, neg);
            }
            case Expr.Bin b -> {
                Expr l = rewrite(b.left());
                Expr rr = rewrite(b.right());
                if (model.reciprocal()
                        && b.op() == Expr.BinOp.DIV
                        && rr instanceof Expr.Lit lit
                        && lit.value() != 0
                        && Double.isFinite(lit.value())) {
                    yield new Expr.Bin(Expr.BinOp.MUL, l, new Expr.Lit(1.0 / lit.value()));
                }
                yield l == b.left() && rr == b.right() ? b : new Expr.Bin(b.op(), l, rr);
            }
            case Expr.Neg n -> {
                Expr o = rewrite(n.operand());
                yield o == n.operand() ? n : new Expr.Neg(o);
            }
            case Expr.Paren p -> rewrite(p.inner());
            case Expr.Call c -> {
                List<Expr> args = new ArrayList<>();
                boolean same = true;
                for (Expr a : c.args()) {
                    Expr x = rewrite(a);
                    same &= x == a;
                    args.add(x);
                }
                yield same ? c : new Expr.Call(c.fn(), args);
            }
            default -> e;
        };
        if (stored.contains(e)) newStored.add(r);
        done.put(e, r);
        return r;
    }

    /** The summands of a chain with their signs; stops at stored values unless the model crosses statements. */
    private void flatten(Expr e, boolean negated, boolean root, List<Expr> terms, List<Boolean> neg) {
        if (e instanceof Expr.Paren p) {
            flatten(p.inner(), negated, root, terms, neg);
            return;
        }
        if (e instanceof Expr.Bin b
                && (b.op() == Expr.BinOp.ADD || b.op() == Expr.BinOp.SUB)
                && (root || !boundary(e))) {
            flatten(b.left(), negated, false, terms, neg);
            flatten(b.right(), b.op() == Expr.BinOp.SUB ? !negated : negated, false, terms, neg);
            return;
        }
        terms.add(e);
        neg.add(negated);
    }

    private Expr order(List<Expr> t, List<Boolean> neg) {
        int n = t.size();
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < n; i++) idx.add(i);
        return switch (model.order()) {
            case WRITTEN, LEFT -> left(idx, t, neg);
            case RIGHT -> right(idx, t, neg);
            case PAIRWISE -> pairwise(idx, t, neg);
            case STRIDED -> {
                int k = Math.max(1, model.lanes());
                List<Signed> lanes = new ArrayList<>();
                for (int j = 0; j < Math.min(k, n); j++) {
                    List<Integer> lane = new ArrayList<>();
                    for (int i = j; i < n; i += k) lane.add(i);
                    lanes.add(leftSigned(lane, t, neg));
                }
                yield pairwiseSigned(lanes, 0, lanes.size()).expr();
            }
        };
    }

    /** A partial sum and whether it is to be negated when used (only a chain starting with subtractions needs it). */
    private record Signed(Expr expr, boolean negated) {}

    private static Signed combine(Signed a, Signed b) {
        // a ± b with signs folded into the operator; (-a) + (-b) = -(a + b) exactly
        if (!a.negated())
            return new Signed(new Expr.Bin(b.negated() ? Expr.BinOp.SUB : Expr.BinOp.ADD, a.expr(), b.expr()), false);
        if (!b.negated()) return new Signed(new Expr.Bin(Expr.BinOp.SUB, b.expr(), a.expr()), false);
        return new Signed(new Expr.Bin(Expr.BinOp.ADD, a.expr(), b.expr()), true);
    }

    private static Expr finish(Signed s) {
        return s.negated() ? new Expr.Neg(s.expr()) : s.expr();
    }

    private static Signed leftSigned(List<Integer> idx, List<Expr> t, List<Boolean> neg) {
        Signed acc = new Signed(t.get(idx.get(0)), neg.get(idx.get(0)));
        for (int i = 1; i < idx.size(); i++) acc = combine(acc, new Signed(t.get(idx.get(i)), neg.get(idx.get(i))));
        return acc;
    }

    private static Expr left(List<Integer> idx, List<Expr> t, List<Boolean> neg) {
        return finish(leftSigned(idx, t, neg));
    }

    private static Expr right(List<Integer> idx, List<Expr> t, List<Boolean> neg) {
        int n = idx.size();
        Signed acc = new Signed(t.get(idx.get(n - 1)), neg.get(idx.get(n - 1)));
        for (int i = n - 2; i >= 0; i--) acc = combine(new Signed(t.get(idx.get(i)), neg.get(idx.get(i))), acc);
        return finish(acc);
    }

    private static Expr pairwise(List<Integer> idx, List<Expr> t, List<Boolean> neg) {
        List<Signed> s = new ArrayList<>();
        for (int i : idx) s.add(new Signed(t.get(i), neg.get(i)));
        return finish(pairwiseSigned(s, 0, s.size()));
    }

    private static Signed pairwiseSigned(List<Signed> s, int from, int to) {
        if (to - from == 1) return s.get(from);
        int mid = (from + to + 1) / 2;
        return combine(pairwiseSigned(s, from, mid), pairwiseSigned(s, mid, to));
    }

    /** Marks fused additions bottom-up: a product fuses into the addition that consumes it, once. */
    private void contract(Expr e, Set<Expr> seen) {
        if (!seen.add(e)) return;
        switch (e) {
            case Expr.Bin b -> {
                contract(b.left(), seen);
                contract(b.right(), seen);
                if (model.contraction() == EvaluationModel.Contraction.NONE) return;
                if (b.op() != Expr.BinOp.ADD && b.op() != Expr.BinOp.SUB) return;
                boolean l = fusable(b.left());
                boolean r = fusable(b.right());
                Boolean side = null;
                if (model.contraction() == EvaluationModel.Contraction.LEFT_FIRST)
                    side = l ? Boolean.TRUE : r ? Boolean.FALSE : null;
                else side = r ? Boolean.FALSE : l ? Boolean.TRUE : null;
                if (side != null) {
                    fused.put(b, side);
                    consumed.add(side ? b.left() : b.right());
                }
            }
            case Expr.Neg n -> contract(n.operand(), seen);
            case Expr.Paren p -> contract(p.inner(), seen);
            case Expr.Call c -> {
                for (Expr a : c.args()) contract(a, seen);
            }
            default -> {}
        }
    }

    private boolean fusable(Expr e) {
        if (e instanceof Expr.Paren p) return fusable(p.inner());
        return e instanceof Expr.Bin m
                && m.op() == Expr.BinOp.MUL
                && !consumed.contains(e)
                && !(!model.crossStatements() && (stored.contains(e) || newStored.contains(e)));
    }
}
