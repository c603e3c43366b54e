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
    /** Locals to mark used right after their declaration ({@code (void) name;}), for a reproducer built with -Wall -Wextra. */
    private final java.util.Set<String> markUsed;

    CSyntax(Precision precision, BiFunction<MathFn, Precision, String> spelling) {
        this(precision, spelling, java.util.Set.of());
    }

    private CSyntax(
            Precision precision, BiFunction<MathFn, Precision, String> spelling, java.util.Set<String> markUsed) {
        super(precision);
        this.spelling = spelling;
        this.markUsed = markUsed;
    }

    @Override
    public void stmt(StringBuilder out, org.fparity.ir.Stmt s, int indent) {
        super.stmt(out, s, indent);
        if (s instanceof org.fparity.ir.Stmt.Decl d && markUsed.contains(d.name()))
            out.append("  ".repeat(indent)).append("(void) ").append(d.name()).append(";\n");
    }

    @Override
    protected String callName(MathFn fn) {
        return spelling.apply(fn, precision);
    }

    /**
     * Appends {@code <qualifiers> T compute_K(params) { body return comp; }}; {@code arrayQualifier} prefixes array
     * pointers ({@code __global } in OpenCL, where a pointer without an address space is private).
     */
    static void function(
            StringBuilder out,
            String qualifiers,
            int k,
            Program p,
            BiFunction<MathFn, Precision, String> spelling,
            String arrayQualifier) {
        String t = p.precision().cType();
        out.append(qualifiers).append(t).append(" compute_").append(k).append('(');
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            if (i > 0) out.append(", ");
            switch (par.kind()) {
                case FP -> out.append(t).append(' ').append(par.name());
                case INT -> out.append("int ").append(par.name());
                case FP_ARRAY, FP_ELEMENTS ->
                    out.append(arrayQualifier).append(t).append(" *").append(par.name());
            }
        }
        out.append(") {\n");
        new CSyntax(p.precision(), spelling).block(out, p.body(), 1);
        out.append("  return comp;\n}\n\n");
    }

    /**
     * As {@link #function}, for a reproducer compiled with {@code -Wall -Wextra -Werror}: a parameter the body never
     * reads and a temporary never read after its declaration get {@code (void) name;}, which changes no arithmetic.
     */
    static void functionWithoutUnused(
            StringBuilder out, String qualifiers, int k, Program p, BiFunction<MathFn, Precision, String> spelling) {
        StringBuilder body = new StringBuilder();
        new CSyntax(p.precision(), spelling).block(body, p.body(), 1);
        java.util.Set<String> unusedLocals = new java.util.HashSet<>();
        java.util.List<String> unusedParams = new java.util.ArrayList<>();
        for (String line : body.toString().lines().toList()) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*"
                            + java.util.regex.Pattern.quote(p.precision().cType()) + " (\\w+) = ")
                    .matcher(line);
            if (m.find() && uses(body.toString(), m.group(1)) < 2) unusedLocals.add(m.group(1));
        }
        for (Param par : p.params()) if (uses(body.toString(), par.name()) == 0) unusedParams.add(par.name());
        StringBuilder head = new StringBuilder();
        function(head, qualifiers, k, p, spelling, "");
        String signature = head.substring(0, head.indexOf("{\n") + 2);
        out.append(signature);
        for (String name : unusedParams) out.append("  (void) ").append(name).append(";\n");
        new CSyntax(p.precision(), spelling, unusedLocals).block(out, p.body(), 1);
        out.append("  return comp;\n}\n\n");
    }

    private static int uses(String text, String name) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\b" + java.util.regex.Pattern.quote(name) + "\\b")
                .matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }
}
