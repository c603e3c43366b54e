package org.fparity.flip;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.FparityError;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.Index;
import org.fparity.ir.Param;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;

/**
 * Symbolic execution of a program to one branch: loops run for concrete bounds, every {@code if} before the target
 * forks the path, and each value becomes a term over the inputs. FP scalars are leaves {@code Var(name)}; an array
 * (one fill value, Varity semantics) starts with every element {@code Var(name)}.
 */
public final class SymbolicPaths {
    private final Program program;
    private final int maxPaths;

    public SymbolicPaths(Program program, int maxPaths) {
        this.program = program;
        this.maxPaths = maxPaths;
    }

    /** Every {@code if} of the program in pre-order: the branch numbers the CLI and reports use. */
    public static List<Stmt.If> branches(Program p) {
        List<Stmt.If> out = new ArrayList<>();
        collect(p.body(), out);
        return out;
    }

    private static void collect(List<Stmt> body, List<Stmt.If> out) {
        for (Stmt s : body) {
            switch (s) {
                case Stmt.If i -> {
                    out.add(i);
                    collect(i.then(), out);
                    collect(i.otherwise(), out);
                }
                case Stmt.For f -> collect(f.body(), out);
                default -> {}
            }
        }
    }

    /** The symbolic variable standing for element {@code i} of the element-wise array {@code array}. */
    public static String element(String array, int i) {
        return array + "[" + i + "]";
    }

    /** The instances of branch {@code branch} for these loop bounds, at most {@code maxPaths} of them. */
    public List<Target> targets(int branch, Map<String, Integer> bounds) {
        List<Stmt.If> all = branches(program);
        if (branch < 0 || branch >= all.size()) {
            throw new FparityError(
                    "the program has " + all.size() + " branches (0.." + (all.size() - 1) + "), not " + branch);
        }
        Map<Stmt.If, Integer> numbers = new IdentityHashMap<>();
        for (int i = 0; i < all.size(); i++) numbers.put(all.get(i), i);
        State init = new State();
        for (Param p : program.params()) {
            switch (p.kind()) {
                case FP -> init.scalars.put(p.name(), new Expr.Var(p.name()));
                case INT -> {
                    Integer v = bounds.get(p.name());
                    if (v == null) throw new FparityError("no value for loop bound '" + p.name() + "'");
                    if (v < 0 || v > program.arrayLength()) {
                        throw new FparityError(
                                "loop bound '" + p.name() + "' = " + v + " is outside 0.." + program.arrayLength());
                    }
                }
                case FP_ARRAY -> {
                    Expr[] a = new Expr[program.arrayLength()];
                    Expr leaf = new Expr.Var(p.name());
                    java.util.Arrays.fill(a, leaf);
                    init.arrays.put(p.name(), a);
                }
                case FP_ELEMENTS -> {
                    // one symbolic variable per element, named a[i] (no program name can hold brackets)
                    Expr[] a = new Expr[program.arrayLength()];
                    for (int i = 0; i < a.length; i++) a[i] = new Expr.Var(element(p.name(), i));
                    init.arrays.put(p.name(), a);
                }
            }
        }
        Set<Expr> stored = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Target> out = new ArrayList<>();
        Deque<Work> stack = new ArrayDeque<>();
        stack.push(new Work(program.body(), 0, Map.of(), List.of()));
        run(init, stack, bounds, numbers.get(all.get(branch)), all.get(branch), numbers, stored, out);
        return out;
    }

    /** A block being executed from {@code pos}, with the loop variables in force and the iteration numbers. */
    private record Work(List<Stmt> block, int pos, Map<String, Integer> loops, List<Integer> iterations) {}

    private static final class State {
        final Map<String, Expr> scalars = new HashMap<>();
        final Map<String, Expr[]> arrays = new HashMap<>();
        final List<Target.Guard> path = new ArrayList<>();

        State copy() {
            State s = new State();
            s.scalars.putAll(scalars);
            arrays.forEach((k, v) -> s.arrays.put(k, v.clone()));
            s.path.addAll(path);
            return s;
        }
    }

    private void run(
            State st,
            Deque<Work> stack,
            Map<String, Integer> bounds,
            int target,
            Stmt.If targetIf,
            Map<Stmt.If, Integer> numbers,
            Set<Expr> stored,
            List<Target> out) {
        while (!stack.isEmpty() && out.size() < maxPaths) {
            Work w = stack.pop();
            if (w.pos() >= w.block().size()) continue;
            Stmt s = w.block().get(w.pos());
            Work next = new Work(w.block(), w.pos() + 1, w.loops(), w.iterations());
            switch (s) {
                case Stmt.Decl d -> {
                    st.scalars.put(d.name(), store(expr(d.init(), st, w.loops(), stored), stored));
                    stack.push(next);
                }
                case Stmt.Assign a -> {
                    Expr v = expr(a.value(), st, w.loops(), stored);
                    Expr.BinOp op = a.op().binOp();
                    switch (a.target()) {
                        case Expr.Var var -> {
                            Expr old = st.scalars.get(var.name());
                            st.scalars.put(var.name(), store(op == null ? v : new Expr.Bin(op, old, v), stored));
                        }
                        case Expr.Elem e -> {
                            Expr[] arr = st.arrays.get(e.array());
                            int i = index(e.index(), w.loops());
                            arr[i] = store(op == null ? v : new Expr.Bin(op, arr[i], v), stored);
                        }
                    }
                    stack.push(next);
                }
                case Stmt.For f -> {
                    stack.push(next);
                    int n = bounds.get(f.bound());
                    for (int i = n - 1; i >= 0; i--) {
                        Map<String, Integer> loops = new HashMap<>(w.loops());
                        loops.put(f.var(), i);
                        List<Integer> its = new ArrayList<>(w.iterations());
                        its.add(i);
                        stack.push(new Work(f.body(), 0, loops, its));
                    }
                }
                case Stmt.If f -> {
                    Cond c = cond(f.cond(), st, w.loops(), stored);
                    int number = numbers.get(f);
                    if (f == targetIf) {
                        out.add(new Target(target, bounds, w.iterations(), st.path, c, stored));
                        // outside loops a path meets its target once: nothing after it matters
                        if (w.iterations().isEmpty() || out.size() >= maxPaths) return;
                    }
                    // both ways: the else side on a copy, explored after the then side
                    State other = st.copy();
                    other.path.add(new Target.Guard(number, c, false));
                    Deque<Work> otherStack = new ArrayDeque<>(stack);
                    otherStack.push(next);
                    otherStack.push(new Work(f.otherwise(), 0, w.loops(), w.iterations()));
                    st.path.add(new Target.Guard(number, c, true));
                    stack.push(next);
                    stack.push(new Work(f.then(), 0, w.loops(), w.iterations()));
                    if (reaches(f.then(), targetIf) || !contains(f, targetIf))
                        run(st, stack, bounds, target, targetIf, numbers, stored, out);
                    if (reaches(f.otherwise(), targetIf) || !contains(f, targetIf))
                        run(other, otherStack, bounds, target, targetIf, numbers, stored, out);
                    return;
                }
            }
        }
    }

    /** True when {@code block} holds {@code target} somewhere inside. */
    private static boolean reaches(List<Stmt> block, Stmt.If target) {
        for (Stmt s : block) {
            if (s == target) return true;
            if (s instanceof Stmt.If i && (reaches(i.then(), target) || reaches(i.otherwise(), target))) return true;
            if (s instanceof Stmt.For f && reaches(f.body(), target)) return true;
        }
        return false;
    }

    private static boolean contains(Stmt.If f, Stmt.If target) {
        return reaches(f.then(), target) || reaches(f.otherwise(), target);
    }

    private static Expr store(Expr e, Set<Expr> stored) {
        stored.add(e);
        return e;
    }

    private int index(Index idx, Map<String, Integer> loops) {
        int i = switch (idx) {
            case Index.Loop l -> loops.get(l.var());
            case Index.Const c -> c.value();
        };
        if (i < 0 || i >= program.arrayLength())
            throw new FparityError("array index " + i + " outside 0.." + (program.arrayLength() - 1));
        return i;
    }

    private Cond cond(Cond c, State st, Map<String, Integer> loops, Set<Expr> stored) {
        return switch (c) {
            case Cond.Cmp cmp ->
                new Cond.Cmp(cmp.op(), expr(cmp.left(), st, loops, stored), expr(cmp.right(), st, loops, stored));
            case Cond.And a -> new Cond.And(cond(a.left(), st, loops, stored), cond(a.right(), st, loops, stored));
            case Cond.Or o -> new Cond.Or(cond(o.left(), st, loops, stored), cond(o.right(), st, loops, stored));
            case Cond.Not n -> new Cond.Not(cond(n.operand(), st, loops, stored));
        };
    }

    private Expr expr(Expr e, State st, Map<String, Integer> loops, Set<Expr> stored) {
        return switch (e) {
            case Expr.Lit l -> l;
            case Expr.IntLit i -> i;
            case Expr.Var v -> {
                Expr x = st.scalars.get(v.name());
                if (x == null) throw new FparityError("variable '" + v.name() + "' read before it is set");
                yield x;
            }
            case Expr.Elem el -> st.arrays.get(el.array())[index(el.index(), loops)];
            case Expr.Neg n -> new Expr.Neg(expr(n.operand(), st, loops, stored));
            case Expr.Bin b -> {
                Expr l = expr(b.left(), st, loops, stored);
                yield new Expr.Bin(b.op(), l, expr(b.right(), st, loops, stored));
            }
            case Expr.Paren p -> expr(p.inner(), st, loops, stored);
            case Expr.Call c -> {
                List<Expr> args = new ArrayList<>();
                for (Expr a : c.args()) args.add(expr(a, st, loops, stored));
                yield new Expr.Call(c.fn(), args);
            }
        };
    }
}
