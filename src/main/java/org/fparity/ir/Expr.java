package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.List;
import java.util.Objects;

/** An expression of the program's precision (or, only as an int argument of a math call, an int literal). */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "k")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Expr.Lit.class, name = "lit"),
    @JsonSubTypes.Type(value = Expr.IntLit.class, name = "int"),
    @JsonSubTypes.Type(value = Expr.Var.class, name = "var"),
    @JsonSubTypes.Type(value = Expr.Elem.class, name = "elem"),
    @JsonSubTypes.Type(value = Expr.Neg.class, name = "neg"),
    @JsonSubTypes.Type(value = Expr.Bin.class, name = "bin"),
    @JsonSubTypes.Type(value = Expr.Paren.class, name = "paren"),
    @JsonSubTypes.Type(value = Expr.Call.class, name = "call"),
})
public sealed interface Expr extends Node {

    /** A floating-point literal; for FP32 programs the value is exactly a float. Stored in JSON as a hex float. */
    record Lit(
            @JsonSerialize(using = HexFloat.Serializer.class) @JsonDeserialize(using = HexFloat.Deserializer.class)
            double value)
            implements Expr {
        @Override
        public boolean equals(Object o) {
            return o instanceof Lit l && Double.doubleToRawLongBits(l.value) == Double.doubleToRawLongBits(value);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(Double.doubleToRawLongBits(value));
        }
    }

    /** An int literal: only the int argument of a math call such as {@code ldexp(x, 3)}. */
    record IntLit(int value) implements Expr {}

    /** A scalar: {@code comp}, an FP parameter or a temporary. */
    record Var(String name) implements Expr, LValue {
        public Var {
            Objects.requireNonNull(name);
        }
    }

    /** An array element {@code a[i]}; the index is a loop variable or a constant, always in range. */
    record Elem(String array, Index index) implements Expr, LValue {}

    /** Unary minus. */
    record Neg(Expr operand) implements Expr {}

    /** A binary operation; the tree fixes evaluation order, printers add the parentheses it needs. */
    record Bin(BinOp op, Expr left, Expr right) implements Expr {}

    /** Explicit parentheses written by the generator or a person; printed as written (they change nothing in C). */
    record Paren(Expr inner) implements Expr {}

    /** A math-library call. */
    record Call(MathFn fn, List<Expr> args) implements Expr {
        public Call {
            args = List.copyOf(args);
        }
    }

    /** The four arithmetic operators. */
    enum BinOp {
        ADD("+", 1),
        SUB("-", 1),
        MUL("*", 2),
        DIV("/", 2);

        private final String symbol;
        private final int precedence;

        BinOp(String symbol, int precedence) {
            this.symbol = symbol;
            this.precedence = precedence;
        }

        public String symbol() {
            return symbol;
        }

        /** This operation in IEEE-754 round-to-nearest at {@code p} (FP32 operands are narrowed first; FP32 results are exact doubles). */
        public double apply(Precision p, double x, double y) {
            if (p == Precision.FP32) {
                float a = (float) x, b = (float) y;
                return switch (this) {
                    case ADD -> a + b;
                    case SUB -> a - b;
                    case MUL -> a * b;
                    case DIV -> a / b;
                };
            }
            return switch (this) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
            };
        }

        /** 1 for additive, 2 for multiplicative. */
        public int precedence() {
            return precedence;
        }

        public static BinOp bySymbol(String s) {
            for (BinOp op : values()) if (op.symbol.equals(s)) return op;
            throw new IllegalArgumentException("unknown operator " + s);
        }
    }

    /** Binding strength of an expression as printed: 1 additive, 2 multiplicative, 3 unary, 4 primary. */
    static int precedence(Expr e) {
        return switch (e) {
            case Bin b -> b.op().precedence();
            case Neg n -> 3;
            case Lit l -> (Double.doubleToRawLongBits(l.value()) < 0) ? 3 : 4; // printed with a leading minus
            case IntLit i -> i.value() < 0 ? 3 : 4;
            default -> 4;
        };
    }

    /** Whether an operand of unary minus prints without parentheses. */
    static boolean bareUnderNeg(Expr e) {
        return e instanceof Var || e instanceof Elem || e instanceof Call || e instanceof Paren;
    }

    /**
     * A binary node, dropping explicit parentheses that the tree needs anyway, so that printing and parsing give
     * back an equal tree ({@code (a + b) * c} is one program, not two).
     */
    static Bin bin(BinOp op, Expr left, Expr right) {
        if (left instanceof Paren p && needsParens(op.precedence(), p.inner(), false)) left = p.inner();
        if (right instanceof Paren p && needsParens(op.precedence(), p.inner(), true)) right = p.inner();
        return new Bin(op, left, right);
    }

    /** Unary minus, normalised like {@link #bin}. */
    static Neg neg(Expr operand) {
        if (operand instanceof Paren p && !bareUnderNeg(p.inner())) operand = p.inner();
        return new Neg(operand);
    }

    /**
     * Whether {@code child} must be parenthesised under a parent of the given precedence so that a C-family parser
     * rebuilds the same tree: left-associative binaries need parentheses on an equal-precedence right operand.
     */
    static boolean needsParens(int parentPrecedence, Expr child, boolean rightOperand) {
        int c = precedence(child);
        return rightOperand ? c <= parentPrecedence : c < parentPrecedence;
    }
}
