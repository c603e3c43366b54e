package org.fparity.ir;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The name of one node of a program: child indices from the body (the root block), as {@link Nodes#children} numbers
 * them. Printed {@code 3.1.0} (statement 3, its then-block, that block's first statement); the root is {@code ""}.
 * Paths order as the nodes are evaluated (a parent before its children, left before right).
 */
public record NodePath(int[] steps) implements Comparable<NodePath> {
    public static final NodePath ROOT = new NodePath(new int[0]);

    public NodePath {
        steps = steps.clone();
    }

    public NodePath child(int i) {
        int[] s = Arrays.copyOf(steps, steps.length + 1);
        s[steps.length] = i;
        return new NodePath(s);
    }

    public NodePath parent() {
        if (steps.length == 0) throw new IllegalStateException("the root has no parent");
        return new NodePath(Arrays.copyOf(steps, steps.length - 1));
    }

    /** The last step: this node's index among its parent's children. */
    public int last() {
        return steps[steps.length - 1];
    }

    public int depth() {
        return steps.length;
    }

    /** Whether {@code other} is this node or lies below it. */
    public boolean isPrefixOf(NodePath other) {
        if (other.steps.length < steps.length) return false;
        for (int i = 0; i < steps.length; i++) if (steps[i] != other.steps[i]) return false;
        return true;
    }

    public static NodePath parse(String s) {
        if (s.isEmpty()) return ROOT;
        String[] f = s.split("\\.");
        int[] st = new int[f.length];
        for (int i = 0; i < f.length; i++) {
            st[i] = Integer.parseInt(f[i]);
            if (st[i] < 0) throw new IllegalArgumentException("negative step in path " + s);
        }
        return new NodePath(st);
    }

    /** The node at {@code path}; IllegalArgumentException when the path leaves the tree. */
    public static Node at(Program p, NodePath path) {
        Node n = Nodes.root(p);
        for (int i = 0; i < path.steps.length; i++) {
            List<Node> k = Nodes.children(n);
            if (path.steps[i] >= k.size())
                throw new IllegalArgumentException("no node at " + path + " (step " + i + ")");
            n = k.get(path.steps[i]);
        }
        return n;
    }

    /** The program with the node at {@code path} replaced by {@code node} (the root only by a block). */
    public static Program replace(Program p, NodePath path, Node node) {
        return Nodes.withRoot(p, (Node.Block) replaceIn(Nodes.root(p), path.steps, 0, List.of(node), false));
    }

    /**
     * The program with the statement at {@code path} replaced by zero or more statements: deletion ({@code List.of()}),
     * or an {@code if} / loop replaced by its body.
     */
    public static Program splice(Program p, NodePath path, List<Stmt> stmts) {
        if (path.depth() == 0) throw new IllegalArgumentException("splice needs a statement path, not the root");
        return Nodes.withRoot(p, (Node.Block) replaceIn(Nodes.root(p), path.steps, 0, List.copyOf(stmts), true));
    }

    private static Node replaceIn(Node n, int[] steps, int i, List<? extends Node> with, boolean splice) {
        if (i == steps.length) return with.getFirst();
        List<Node> k = new ArrayList<>(Nodes.children(n));
        int s = steps[i];
        if (s >= k.size())
            throw new IllegalArgumentException("no node at " + new NodePath(steps) + " (step " + i + ")");
        if (splice && i == steps.length - 1) {
            if (!(n instanceof Node.Block))
                throw new IllegalArgumentException(
                        "only a statement in a block can be spliced, " + new NodePath(steps) + " is not one");
            k.remove(s);
            k.addAll(s, with);
        } else {
            k.set(s, replaceIn(k.get(s), steps, i + 1, with, splice));
        }
        return Nodes.withChildren(n, k);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof NodePath p && Arrays.equals(steps, p.steps);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(steps);
    }

    @Override
    public int compareTo(NodePath o) {
        return Arrays.compare(steps, o.steps);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < steps.length; i++) {
            if (i > 0) sb.append('.');
            sb.append(steps[i]);
        }
        return sb.toString();
    }
}
