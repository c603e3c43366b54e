package org.fparity.ir;

import java.util.List;

/**
 * Any node of a program's tree — an expression, a statement, a condition, or a block of statements — so that tools
 * (walker, paths, reducer) can treat every node kind alike through {@link Nodes#children} and {@link Nodes#withChildren}.
 */
public sealed interface Node permits Expr, Stmt, Cond, Node.Block {
    /**
     * A list of statements seen as one node: the body of a program, of a loop, or one arm of an {@code if}. It exists
     * only in the generic view (records keep plain lists), so that a path can name a statement inside any body.
     */
    record Block(List<Stmt> stmts) implements Node {
        public Block {
            stmts = List.copyOf(stmts);
        }
    }
}
