package org.fparity.reduce;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Expr;
import org.fparity.ir.MathFn;
import org.fparity.ir.Node;
import org.fparity.ir.NodePath;
import org.fparity.ir.Precision;
import org.fparity.ir.Printer;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.fparity.ir.Walker;

/**
 * The C body printer with every value traced: each operation, math call, variable or element read is wrapped in
 * {@code fp_t(ID, …)}, and a compound assignment {@code comp op= e} becomes {@code comp = fp_t(ID, fp_t(IDold, comp) op (e))}
 * (the same C semantics, with the old value and the result visible). IDs index {@link #paths()}.
 */
final class TracePrinter extends Printer {
    private final Map<Node, Integer> ids = new IdentityHashMap<>();
    private final List<NodePath> paths = new ArrayList<>();

    TracePrinter(Program p) {
        super(p.precision());
        Walker.each(p, (path, n) -> {
            if (traced(n)) {
                ids.put(n, paths.size());
                paths.add(path);
            }
        });
    }

    /** What gets a trace line: computed values and reads (literals are in the source already). */
    static boolean traced(Node n) {
        return n instanceof Expr.Bin
                || n instanceof Expr.Neg
                || n instanceof Expr.Call
                || n instanceof Expr.Var
                || n instanceof Expr.Elem
                || (n instanceof Stmt.Assign a && a.op() != Stmt.AssignOp.SET);
    }

    List<NodePath> paths() {
        return paths;
    }

    @Override
    protected String callName(MathFn fn) {
        return fn.c(precision);
    }

    @Override
    public void stmt(StringBuilder out, Stmt s, int indent) {
        if (s instanceof Stmt.Assign a && a.op() != Stmt.AssignOp.SET) {
            String target = lvalue(a.target());
            out.append("  ".repeat(indent))
                    .append(target)
                    .append(" = fp_t(")
                    .append(ids.get(a))
                    .append(", fp_t(")
                    .append(ids.get((Node) a.target()))
                    .append(", ")
                    .append(target)
                    .append(") ")
                    .append(a.op().binOp().symbol())
                    .append(" (")
                    .append(expr(a.value()))
                    .append("));\n");
            return;
        }
        if (s instanceof Stmt.Assign a) {
            out.append("  ".repeat(indent))
                    .append(lvalue(a.target()))
                    .append(" = ")
                    .append(expr(a.value()))
                    .append(";\n");
            return;
        }
        super.stmt(out, s, indent);
    }

    @Override
    protected void expr(StringBuilder sb, Expr e) {
        Integer id = ids.get(e);
        if (id == null) {
            super.expr(sb, e);
            return;
        }
        sb.append("fp_t(").append(id).append(", ");
        super.expr(sb, e);
        sb.append(')');
    }

    /** The trace function, for the program's precision: one line on stderr per value, then the value unchanged. */
    static String function(Precision p) {
        String t = p.cType();
        return "#include <stdio.h>\nstatic " + t + " fp_t(int id, " + t
                + " v) {\n  fprintf(stderr, \"T %d %a\\n\", id, (double) v);\n  return v;\n}\n";
    }
}
