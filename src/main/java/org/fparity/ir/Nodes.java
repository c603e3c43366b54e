package org.fparity.ir;

import java.util.ArrayList;
import java.util.List;

/**
 * The one place that knows the shape of every node kind: its children in evaluation order and how to rebuild it with
 * new ones. Everything generic (walker, paths, size, reducer passes) is written against these two functions, so a new
 * node kind needs one case here and nothing else (the switches are exhaustive: the compiler points at this file).
 */
public final class Nodes {
    private Nodes() {}

    /**
     * The children of a node, in evaluation order: an {@code if} has its condition then a {@link Node.Block} per arm; a
     * loop has one block; an assignment has its target then its value; a call its arguments (int literals included).
     */
    public static List<Node> children(Node n) {
        return switch (n) {
            case Node.Block b -> List.copyOf(b.stmts());
            case Stmt.Decl d -> List.of(d.init());
            case Stmt.Assign a -> List.of((Expr) a.target(), a.value());
            case Stmt.If i -> List.of(i.cond(), new Node.Block(i.then()), new Node.Block(i.otherwise()));
            case Stmt.For f -> List.of(new Node.Block(f.body()));
            case Cond.Cmp c -> List.of(c.left(), c.right());
            case Cond.And a -> List.of(a.left(), a.right());
            case Cond.Or o -> List.of(o.left(), o.right());
            case Cond.Not x -> List.of(x.operand());
            case Expr.Lit l -> List.of();
            case Expr.IntLit l -> List.of();
            case Expr.Var v -> List.of();
            case Expr.Elem e -> List.of();
            case Expr.Neg x -> List.of(x.operand());
            case Expr.Bin b -> List.of(b.left(), b.right());
            case Expr.Paren p -> List.of(p.inner());
            case Expr.Call c -> List.copyOf(c.args());
        };
    }

    /**
     * The node rebuilt with these children (same count and kinds as {@link #children}, except a block, which takes any
     * number of statements). Throws IllegalArgumentException when a child does not fit its slot.
     */
    public static Node withChildren(Node n, List<? extends Node> k) {
        return switch (n) {
            case Node.Block b -> new Node.Block(stmts(k));
            case Stmt.Decl d -> new Stmt.Decl(d.name(), expr(one(n, k, 0)));
            case Stmt.Assign a -> new Stmt.Assign(lvalue(arity(n, k, 2).get(0)), a.op(), expr(k.get(1)));
            case Stmt.If i -> new Stmt.If(cond(arity(n, k, 3).get(0)), block(k.get(1)), block(k.get(2)));
            case Stmt.For f -> new Stmt.For(f.var(), f.bound(), block(one(n, k, 0)));
            case Cond.Cmp c -> new Cond.Cmp(c.op(), expr(arity(n, k, 2).get(0)), expr(k.get(1)));
            case Cond.And a -> new Cond.And(cond(arity(n, k, 2).get(0)), cond(k.get(1)));
            case Cond.Or o -> new Cond.Or(cond(arity(n, k, 2).get(0)), cond(k.get(1)));
            case Cond.Not x -> new Cond.Not(cond(one(n, k, 0)));
            case Expr.Lit l -> leaf(n, k);
            case Expr.IntLit l -> leaf(n, k);
            case Expr.Var v -> leaf(n, k);
            case Expr.Elem e -> leaf(n, k);
            case Expr.Neg x -> new Expr.Neg(expr(one(n, k, 0)));
            case Expr.Bin b -> new Expr.Bin(b.op(), expr(arity(n, k, 2).get(0)), expr(k.get(1)));
            case Expr.Paren p -> new Expr.Paren(expr(one(n, k, 0)));
            case Expr.Call c -> new Expr.Call(c.fn(), exprs(arity(n, k, c.args().size())));
        };
    }

    /**
     * How deep the tree under {@code root} is (a leaf is 1), without recursion, so that it can be asked of a tree
     * too deep for the recursive walks; it stops looking past {@code limit + 1}.
     */
    public static int depth(Node root, int limit) {
        java.util.ArrayDeque<Node> nodes = new java.util.ArrayDeque<>();
        java.util.ArrayDeque<Integer> depths = new java.util.ArrayDeque<>();
        nodes.push(root);
        depths.push(1);
        int max = 0;
        while (!nodes.isEmpty()) {
            Node n = nodes.pop();
            int d = depths.pop();
            if (d > max) max = d;
            if (max > limit) return max;
            for (Node k : children(n)) {
                nodes.push(k);
                depths.push(d + 1);
            }
        }
        return max;
    }

    /** The program's body as the root node of its tree. */
    public static Node.Block root(Program p) {
        return new Node.Block(p.body());
    }

    /** The program with a new body (precision, array length and parameters kept). */
    public static Program withRoot(Program p, Node.Block body) {
        return new Program(p.precision(), p.arrayLength(), p.params(), body.stmts());
    }

    private static Node leaf(Node n, List<? extends Node> k) {
        arity(n, k, 0);
        return n;
    }

    private static Node one(Node n, List<? extends Node> k, int i) {
        return arity(n, k, 1).get(i);
    }

    private static <T extends Node> List<T> arity(Node n, List<T> k, int want) {
        if (k.size() != want)
            throw new IllegalArgumentException(
                    n.getClass().getSimpleName() + " takes " + want + " children, got " + k.size());
        return k;
    }

    private static Expr expr(Node n) {
        if (n instanceof Expr e) return e;
        throw new IllegalArgumentException(
                "an expression is needed here, not " + n.getClass().getSimpleName());
    }

    private static LValue lvalue(Node n) {
        if (n instanceof LValue l) return l;
        throw new IllegalArgumentException("an assignable (variable or element) is needed here, not "
                + n.getClass().getSimpleName());
    }

    private static Cond cond(Node n) {
        if (n instanceof Cond c) return c;
        throw new IllegalArgumentException(
                "a condition is needed here, not " + n.getClass().getSimpleName());
    }

    private static List<Stmt> block(Node n) {
        if (n instanceof Node.Block b) return b.stmts();
        throw new IllegalArgumentException(
                "a block is needed here, not " + n.getClass().getSimpleName());
    }

    private static List<Stmt> stmts(List<? extends Node> k) {
        List<Stmt> out = new ArrayList<>(k.size());
        for (Node n : k) {
            if (!(n instanceof Stmt s))
                throw new IllegalArgumentException(
                        "a statement is needed here, not " + n.getClass().getSimpleName());
            out.add(s);
        }
        return out;
    }

    private static List<Expr> exprs(List<? extends Node> k) {
        List<Expr> out = new ArrayList<>(k.size());
        for (Node n : k) out.add(expr(n));
        return out;
    }
}
