package org.fparity.emit;

import java.util.function.BiFunction;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Printer;
import org.fparity.ir.Program;

/** The C-family body printer with one language's math spelling, plus the signature of {@code compute_K}. */
final class CSyntax extends Printer {
    private final BiFunction<MathFn, Precision, String> spelling;

    CSyntax(Precision precision, BiFunction<MathFn, Precision, String> spelling) {
        super(precision);
        this.spelling = spelling;
    }

    @Override
    protected String callName(MathFn fn) {
        return spelling.apply(fn, precision);
    }

    /**
     * Appends {@code <qualifiers> T compute_K(params) { body return comp; }}; {@code arrayQualifier} prefixes array
     * pointers ({@code __global } in OpenCL, where a pointer without an address space is private).
     */
    static void function(StringBuilder out, String qualifiers, int k, Program p, BiFunction<MathFn, Precision, String> spelling,
            String arrayQualifier) {
        String t = p.precision().cType();
        out.append(qualifiers).append(t).append(" compute_").append(k).append('(');
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            if (i > 0) out.append(", ");
            switch (par.kind()) {
                case FP -> out.append(t).append(' ').append(par.name());
                case INT -> out.append("int ").append(par.name());
                case FP_ARRAY -> out.append(arrayQualifier).append(t).append(" *").append(par.name());
            }
        }
        out.append(") {\n");
        new CSyntax(p.precision(), spelling).block(out, p.body(), 1);
        out.append("  return comp;\n}\n\n");
    }
}
