package org.fparity.ir;

import java.util.List;

/**
 * Prints a program's body in C syntax. The canonical form uses it as is; the C-family emitters (C, CUDA, HIP,
 * OpenCL) override the hooks for math-call spelling and literals. Parentheses come from the tree (so a C parser
 * rebuilds exactly this evaluation order) plus every explicit {@link Expr.Paren}.
 */
public class Printer {
    protected final Precision precision;

    public Printer(Precision precision) {
        this.precision = precision;
    }

    /** The name written for a math call. */
    protected String callName(MathFn fn) {
        return fn.canonicalName();
    }

    /** A floating-point literal: glibc hex float plus the precision's suffix. */
    protected String literal(double v) {
        return HexFloat.format(v) + precision.literalSuffix();
    }

    /** Name of the FP type in declarations. */
    protected String fpType() {
        return precision.cType();
    }

    public final void block(StringBuilder out, List<Stmt> body, int indent) {
        for (Stmt s : body) stmt(out, s, indent);
    }

    public void stmt(StringBuilder out, Stmt s, int indent) {
        String pad = "  ".repeat(indent);
        switch (s) {
            case Stmt.Decl d ->
                out.append(pad)
                        .append(fpType())
                        .append(' ')
                        .append(d.name())
                        .append(" = ")
                        .append(expr(d.init()))
                        .append(";\n");
            case Stmt.Assign a ->
                out.append(pad)
                        .append(lvalue(a.target()))
                        .append(' ')
                        .append(a.op().symbol())
                        .append(' ')
                        .append(expr(a.value()))
                        .append(";\n");
            case Stmt.If i -> {
                out.append(pad).append("if (").append(cond(i.cond())).append(") {\n");
                block(out, i.then(), indent + 1);
                if (i.otherwise().isEmpty()) {
                    out.append(pad).append("}\n");
                } else {
                    out.append(pad).append("} else {\n");
                    block(out, i.otherwise(), indent + 1);
                    out.append(pad).append("}\n");
                }
            }
            case Stmt.For f -> {
                out.append(pad)
                        .append("for (int ")
                        .append(f.var())
                        .append(" = 0; ")
                        .append(f.var())
                        .append(" < ")
                        .append(f.bound())
                        .append("; ++")
                        .append(f.var())
                        .append(") {\n");
                block(out, f.body(), indent + 1);
                out.append(pad).append("}\n");
            }
        }
    }

    public String lvalue(LValue lv) {
        return switch (lv) {
            case Expr.Var v -> v.name();
            case Expr.Elem e -> elem(e);
        };
    }

    protected String elem(Expr.Elem e) {
        return e.array() + "["
                + switch (e.index()) {
                    case Index.Loop l -> l.var();
                    case Index.Const c -> Integer.toString(c.value());
                }
                + "]";
    }

    public String expr(Expr e) {
        StringBuilder sb = new StringBuilder();
        expr(sb, e);
        return sb.toString();
    }

    protected void expr(StringBuilder sb, Expr e) {
        switch (e) {
            case Expr.Lit l -> sb.append(literal(l.value()));
            case Expr.IntLit i -> sb.append(i.value());
            case Expr.Var v -> sb.append(v.name());
            case Expr.Elem el -> sb.append(elem(el));
            case Expr.Neg n -> {
                sb.append('-');
                // "- -x" must not print as "--x", nor "-(1)" as the literal "-1": only names, calls and (…) go bare
                child(sb, n.operand(), !Expr.bareUnderNeg(n.operand()));
            }
            case Expr.Bin b -> {
                child(sb, b.left(), Expr.needsParens(b.op().precedence(), b.left(), false));
                sb.append(' ').append(b.op().symbol()).append(' ');
                child(sb, b.right(), Expr.needsParens(b.op().precedence(), b.right(), true));
            }
            case Expr.Paren p -> {
                sb.append('(');
                expr(sb, p.inner());
                sb.append(')');
            }
            case Expr.Call c -> call(sb, c);
        }
    }

    protected void call(StringBuilder sb, Expr.Call c) {
        sb.append(callName(c.fn())).append('(');
        for (int i = 0; i < c.args().size(); i++) {
            if (i > 0) sb.append(", ");
            expr(sb, c.args().get(i));
        }
        sb.append(')');
    }

    private void child(StringBuilder sb, Expr e, boolean parens) {
        if (parens) sb.append('(');
        expr(sb, e);
        if (parens) sb.append(')');
    }

    public String cond(Cond c) {
        return switch (c) {
            case Cond.Cmp cmp -> expr(cmp.left()) + " " + cmp.op().symbol() + " " + expr(cmp.right());
            case Cond.And a -> condOperand(a.left(), true, false) + " && " + condOperand(a.right(), true, true);
            case Cond.Or o -> condOperand(o.left(), false, false) + " || " + condOperand(o.right(), false, true);
            case Cond.Not n -> "!(" + cond(n.operand()) + ")";
        };
    }

    // && and || operands are parenthesised unless they are comparisons, negations or (on the left, as C groups
    // them) the same operator, so that the printed text parses back to the same tree
    private String condOperand(Cond c, boolean underAnd, boolean right) {
        boolean same = !right && (underAnd ? c instanceof Cond.And : c instanceof Cond.Or);
        boolean bare = c instanceof Cond.Cmp || c instanceof Cond.Not || same;
        return bare ? cond(c) : "(" + cond(c) + ")";
    }
}
