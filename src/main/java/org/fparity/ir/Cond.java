package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/** A branch condition: comparisons combined with {@code && || !}. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "k")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Cond.Cmp.class, name = "cmp"),
    @JsonSubTypes.Type(value = Cond.And.class, name = "and"),
    @JsonSubTypes.Type(value = Cond.Or.class, name = "or"),
    @JsonSubTypes.Type(value = Cond.Not.class, name = "not"),
})
public sealed interface Cond extends Node {
    record Cmp(CmpOp op, Expr left, Expr right) implements Cond {}

    record And(Cond left, Cond right) implements Cond {}

    record Or(Cond left, Cond right) implements Cond {}

    record Not(Cond operand) implements Cond {}

    /** The six IEEE comparisons (all false on NaN except {@code !=}). */
    enum CmpOp {
        EQ("=="),
        NE("!="),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        CmpOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        public boolean test(double a, double b) {
            return switch (this) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                case GE -> a >= b;
            };
        }

        public static CmpOp bySymbol(String s) {
            for (CmpOp op : values()) if (op.symbol.equals(s)) return op;
            throw new IllegalArgumentException("unknown comparison " + s);
        }
    }
}
