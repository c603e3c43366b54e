package org.fparity.ir;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Parameter surgery that keeps a program and its inputs in step. */
public final class Params {
    private Params() {}

    /** A program together with one input for it. */
    public record WithInput(Program program, Input input) {}

    /** The names of the parameters the body reads or writes (loop bounds and array names included). */
    public static Set<String> used(Program p) {
        Set<String> used = new HashSet<>();
        used.add(Param.COMP); // the result: always used
        Walker.each(p, (path, n) -> {
            switch (n) {
                case Expr.Var v -> used.add(v.name());
                case Expr.Elem e -> used.add(e.array());
                case Stmt.For f -> used.add(f.bound());
                default -> {}
            }
        });
        return used;
    }

    /**
     * Removes parameter {@code name} and its value from the input. An FP scalar still in use is replaced by a literal
     * holding its input value (so the program computes exactly what it did for this input); any other parameter
     * (or an FP value a literal cannot hold: NaN, Inf, or not a value of the precision) must be unused. Returns null when
     * the parameter cannot go; {@code comp} never goes.
     */
    public static WithInput remove(Program p, Input in, String name) {
        if (name.equals(Param.COMP)) return null;
        int idx = -1;
        for (int i = 0; i < p.params().size(); i++) if (p.params().get(i).name().equals(name)) idx = i;
        if (idx < 0) throw new IllegalArgumentException("no parameter '" + name + "'");
        Param par = p.params().get(idx);
        Program body = p;
        if (used(p).contains(name)) {
            if (par.kind() != Param.Kind.FP) return null;
            double v = in.fp(idx);
            if (!Double.isFinite(v) || !p.precision().representable(v)) return null;
            body = substitute(p, name, new Expr.Lit(v));
        }
        List<Param> params = new ArrayList<>(p.params());
        params.remove(idx);
        List<String> args = new ArrayList<>(in.args());
        args.remove(idx);
        return new WithInput(new Program(p.precision(), p.arrayLength(), params, body.body()), new Input(args));
    }

    /** Every read of the scalar {@code name} replaced by {@code e} (it must not be assigned: parameters other than comp never are). */
    public static Program substitute(Program p, String name, Expr e) {
        return Nodes.withRoot(p, (Node.Block) replaceVar(Nodes.root(p), name, e));
    }

    private static Node replaceVar(Node n, String name, Expr e) {
        if (n instanceof Expr.Var v) return v.name().equals(name) ? e : v;
        List<Node> k = Nodes.children(n);
        if (k.isEmpty()) return n;
        List<Node> nk = new ArrayList<>(k.size());
        boolean changed = false;
        for (Node c : k) {
            Node r = replaceVar(c, name, e);
            changed |= r != c;
            nk.add(r);
        }
        return changed ? Nodes.withChildren(n, nk) : n;
    }
}
