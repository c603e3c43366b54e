package org.fparity.ir;

import java.util.List;

/**
 * One traversal for every tool: visits each node of a program with its path, parents before children, in evaluation
 * order. {@link Visitor#enter} may return false to skip a node's children; {@link Visitor#leave} runs after them
 * (scopes open in enter and close in leave).
 */
public final class Walker {
    private Walker() {}

    /** What a walk does at each node. */
    public interface Visitor {
        /** Called before the children; false skips them (and the matching leave still runs). */
        boolean enter(NodePath path, Node node);

        default void leave(NodePath path, Node node) {}
    }

    public static void walk(Program p, Visitor v) {
        walk(Nodes.root(p), NodePath.ROOT, v);
    }

    public static void walk(Node n, NodePath path, Visitor v) {
        if (v.enter(path, n)) {
            List<Node> k = Nodes.children(n);
            for (int i = 0; i < k.size(); i++) walk(k.get(i), path.child(i), v);
        }
        v.leave(path, n);
    }

    /** Every node with its path, in walk order. */
    public static void each(Program p, java.util.function.BiConsumer<NodePath, Node> f) {
        walk(p, (path, n) -> {
            f.accept(path, n);
            return true;
        });
    }
}
