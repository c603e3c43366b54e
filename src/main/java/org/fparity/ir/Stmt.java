package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/** A statement of {@code compute}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "k")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Stmt.Decl.class, name = "decl"),
    @JsonSubTypes.Type(value = Stmt.Assign.class, name = "assign"),
    @JsonSubTypes.Type(value = Stmt.If.class, name = "if"),
    @JsonSubTypes.Type(value = Stmt.For.class, name = "for"),
})
public sealed interface Stmt extends Node {
    /** A temporary, always initialised: {@code double tmp_1 = e;} — visible to the end of its block. */
    record Decl(String name, Expr init) implements Stmt {}

    /** {@code target op value}, e.g. {@code comp += e} or {@code var_3[i_0] = e}. */
    record Assign(LValue target, AssignOp op, Expr value) implements Stmt {}

    /** {@code if (cond) {then} else {otherwise}}; {@code otherwise} may be empty (no else). */
    record If(Cond cond, List<Stmt> then, List<Stmt> otherwise) implements Stmt {
        public If {
            then = List.copyOf(then);
            otherwise = List.copyOf(otherwise);
        }
    }

    /** {@code for (int var = 0; var < bound; ++var) {body}}; {@code bound} is an int parameter. */
    record For(String var, String bound, List<Stmt> body) implements Stmt {
        public For {
            body = List.copyOf(body);
        }
    }

    /** Plain and compound assignment. */
    enum AssignOp {
        SET("="),
        ADD("+="),
        SUB("-="),
        MUL("*="),
        DIV("/=");

        private final String symbol;

        AssignOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        /** The arithmetic operator a compound assignment applies, or null for {@code =}. */
        public Expr.BinOp binOp() {
            return switch (this) {
                case SET -> null;
                case ADD -> Expr.BinOp.ADD;
                case SUB -> Expr.BinOp.SUB;
                case MUL -> Expr.BinOp.MUL;
                case DIV -> Expr.BinOp.DIV;
            };
        }

        public static AssignOp bySymbol(String s) {
            for (AssignOp op : values()) if (op.symbol.equals(s)) return op;
            throw new IllegalArgumentException("unknown assignment " + s);
        }
    }
}
