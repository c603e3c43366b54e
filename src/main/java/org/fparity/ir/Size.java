package org.fparity.ir;

/**
 * How big a program is, as a reducer measures it.
 *
 * @param statements every statement, nested ones included
 * @param operations floating-point operations written in the program: binary operators, negations, math calls,
 *                   comparisons and compound assignments ({@code comp += e} is one addition)
 * @param parameters parameters, {@code comp} included
 * @param nodes      every node of the tree (expressions, conditions, statements): the reducer's tie-breaker
 */
public record Size(int statements, int operations, int parameters, int nodes) implements Comparable<Size> {
    public static Size of(Program p) {
        int[] c = new int[3];
        Walker.each(p, (path, n) -> {
            if (n instanceof Node.Block) return;
            c[2]++;
            switch (n) {
                case Stmt.Assign a -> {
                    c[0]++;
                    if (a.op() != Stmt.AssignOp.SET) c[1]++;
                }
                case Stmt s -> c[0]++;
                case Expr.Bin b -> c[1]++;
                case Expr.Neg x -> c[1]++;
                case Expr.Call x -> c[1]++;
                case Cond.Cmp x -> c[1]++;
                default -> {}
            }
        });
        return new Size(c[0], c[1], p.params().size(), c[2]);
    }

    /** Smaller first: operations, then statements, parameters, nodes. */
    @Override
    public int compareTo(Size o) {
        int c = Integer.compare(operations, o.operations);
        if (c == 0) c = Integer.compare(statements, o.statements);
        if (c == 0) c = Integer.compare(parameters, o.parameters);
        if (c == 0) c = Integer.compare(nodes, o.nodes);
        return c;
    }

    @Override
    public String toString() {
        return operations + " operations, " + statements + " statements, " + parameters + " parameters";
    }
}
