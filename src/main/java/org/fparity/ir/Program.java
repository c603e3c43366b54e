package org.fparity.ir;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import org.fparity.util.Hashes;

/**
 * One test program: {@code compute(params)} accumulating into {@code comp} (Varity semantics), whose final value is
 * the observable result. Parameter 0 is always the FP scalar {@code comp}.
 */
@JsonPropertyOrder({"precision", "arrayLength", "params", "body"})
public record Program(Precision precision, int arrayLength, List<Param> params, List<Stmt> body) {
    /**
     * The deepest program tree accepted (statements, conditions and expressions together; a sum of n terms is n deep):
     * generated programs stay below 100, and every recursive walk of a tree this deep fits a thread's stack. Deeper
     * programs are refused when read, with one line.
     */
    public static final int MAX_DEPTH = 400;

    public Program {
        if (!precision.programPrecision())
            throw new IllegalArgumentException("a program's precision is fp32 or fp64, not " + precision.id());
        params = List.copyOf(params);
        body = List.copyOf(body);
    }

    /** The canonical text form: the identity of a program (two programs are the same iff their canonical forms are). */
    public String canonical() {
        StringBuilder sb = new StringBuilder(512);
        sb.append("program ")
                .append(precision.id())
                .append(" array ")
                .append(arrayLength)
                .append('\n');
        sb.append("compute(");
        for (int i = 0; i < params.size(); i++) {
            if (i > 0) sb.append(", ");
            Param p = params.get(i);
            switch (p.kind()) {
                case FP -> sb.append(precision.cType()).append(' ').append(p.name());
                case INT -> sb.append("int ").append(p.name());
                case FP_ARRAY ->
                    sb.append(precision.cType())
                            .append(' ')
                            .append(p.name())
                            .append('[')
                            .append(arrayLength)
                            .append(']');
                case FP_ELEMENTS ->
                    sb.append(precision.cType())
                            .append(' ')
                            .append(p.name())
                            .append('[')
                            .append(arrayLength)
                            .append("] each");
            }
        }
        sb.append(") {\n");
        new Printer(precision).block(sb, body, 1);
        sb.append("}\n");
        return sb.toString();
    }

    /** Stable id: the first 16 hex digits of the SHA-256 of the canonical form. */
    @JsonIgnore
    public String id() {
        return idOf(canonical());
    }

    public static String idOf(String canonical) {
        return Hashes.sha256Hex(canonical).substring(0, 16);
    }

    /** The parameter with this name, or null. */
    public Param param(String name) {
        for (Param p : params) if (p.name().equals(name)) return p;
        return null;
    }

    /** Parses the canonical text form (or a hand-written program in the same syntax). */
    public static Program parse(String text) {
        return new ProgramParser(text).program();
    }
}
