package org.fparity.emit;

import java.util.List;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Program;

/** Host C99 (gcc, clang): {@code compute_K} as plain functions over libm, arrays on the heap sized exactly. */
final class CEmitter extends CHost {
    @Override
    public Language language() {
        return Language.C;
    }

    @Override
    void prelude(StringBuilder out, List<Program> programs) {
        out.append("""
                #include <math.h>
                #include <stdarg.h>
                #include <stdio.h>
                #include <stdlib.h>
                #include <string.h>
                """);
    }

    @Override
    void programs(StringBuilder out, List<Program> programs) {
        for (int k = 0; k < programs.size(); k++) CSyntax.function(out, "static ", k, programs.get(k), MathFn::c, "");
    }

    @Override
    void lifecycle(StringBuilder out, List<Program> programs) {
        out.append("static void fp_init(int argc, char **argv, int single) {\n  (void) argc;\n  (void) argv;\n  (void) single;\n}\n\n");
        out.append("static void fp_finish(void) {}\n\n");
    }

    @Override
    void runner(StringBuilder out, int k, Program p) {
        String t = p.precision().cType();
        out.append("static void fp_run_").append(k).append("(const double *fp_hv, const int *fp_hn, double *fp_r) {\n");
        StringBuilder call = new StringBuilder();
        StringBuilder free = new StringBuilder();
        for (int j = 0; j < p.params().size(); j++) {
            Param par = p.params().get(j);
            int s = slot(p, j);
            if (j > 0) call.append(", ");
            switch (par.kind()) {
                case FP -> call.append('(').append(t).append(") fp_hv[").append(s).append(']');
                case INT -> call.append("fp_hn[").append(s).append(']');
                case FP_ARRAY -> {
                    // exactly arrayLength elements on the heap, so a sanitizer sees any out-of-range access
                    String a = "fp_a" + j;
                    out.append("  ").append(t).append(" *").append(a).append(" = (").append(t).append(" *) fp_alloc(")
                            .append(p.arrayLength()).append(" * sizeof(").append(t).append("));\n");
                    out.append("  int fp_i").append(j).append(";\n");
                    out.append("  for (fp_i").append(j).append(" = 0; fp_i").append(j).append(" < ").append(p.arrayLength())
                            .append("; ++fp_i").append(j).append(") ").append(a).append("[fp_i").append(j).append("] = (").append(t)
                            .append(") fp_hv[").append(s).append("];\n");
                    call.append(a);
                    free.append("  free(").append(a).append(");\n");
                }
            }
        }
        if (p.params().stream().noneMatch(x -> x.kind() == Param.Kind.INT)) out.append("  (void) fp_hn;\n");
        out.append("  *fp_r = (double) compute_").append(k).append('(').append(call).append(");\n");
        out.append(free).append("}\n\n");
    }
}
