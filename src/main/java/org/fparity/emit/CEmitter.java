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
    void reproducerProgram(StringBuilder out, Program p) {
        CSyntax.functionWithoutUnused(out, "static ", 0, p, MathFn::c);
    }

    @Override
    void lifecycle(StringBuilder out, List<Program> programs) {
        out.append(
                "static void fp_init(int argc, char **argv, int single) {\n  (void) argc;\n  (void) argv;\n  (void) single;\n}\n\n");
        out.append("static void fp_finish(void) {}\n\n");
        // only where a program takes an array: unused static helpers are a warning, an error under -Werror
        boolean arrays = programs.stream()
                .anyMatch(p -> p.params().stream()
                        .anyMatch(x -> x.kind() == Param.Kind.FP_ARRAY || x.kind() == Param.Kind.FP_ELEMENTS));
        if (!arrays) return;
        int maxParams = programs.stream().mapToInt(p -> p.params().size()).max().orElse(1);
        out.append("static void *fp_arr[").append(maxParams).append("];\n");
        out.append(ARRAYS);
    }

    /*
     * Arrays are built by one generic, never-inlined function rather than next to each call: compute_K then receives
     * pointers whose contents the optimiser cannot see, as a real kernel would, identically in the batch and the
     * single-program form (so a batched result equals the reproducer's), and the batch compiles in about 30 % less
     * time at -O2/-O3 because no per-program fill loops are optimised. Each array is exactly arrayLength elements on
     * the heap, so a sanitizer sees any out-of-range access. gcc must not clone them either: a clone specialised for a
     * reproducer's constant input array warned (array-bounds, an error under -Werror) about the element-wise path the
     * program does not take.
     */
    private static final String ARRAYS = """
            #if defined(__GNUC__) && !defined(__clang__)
            #define FP_NOINLINE __attribute__((noinline, noclone))
            #elif defined(__GNUC__)
            #define FP_NOINLINE __attribute__((noinline))
            #else
            #define FP_NOINLINE
            #endif
            FP_NOINLINE static void fp_arrays_make(int k, const double *fp_hv) {
              const char *sig = fp_sig[k];
              int j, i, v = 0, n = fp_len[k];
              for (j = 0; sig[j]; j++) {
                if (sig[j] == 'I') continue;
                if (sig[j] == 'A' || sig[j] == 'E') {
                  /* a fill value is one slot, an element-wise array n consecutive ones */
                  int each = sig[j] == 'E';
                  if (fp_single[k]) {
                    float *a = (float *) fp_alloc((size_t) n * sizeof(float));
                    for (i = 0; i < n; i++) a[i] = (float) fp_hv[v + (each ? i : 0)];
                    fp_arr[j] = a;
                  } else {
                    double *a = (double *) fp_alloc((size_t) n * sizeof(double));
                    for (i = 0; i < n; i++) a[i] = fp_hv[v + (each ? i : 0)];
                    fp_arr[j] = a;
                  }
                  v += each ? n : 1;
                } else {
                  v++;
                }
              }
            }

            FP_NOINLINE static void fp_arrays_free(int k) {
              const char *sig = fp_sig[k];
              int j;
              for (j = 0; sig[j]; j++) {
                if (sig[j] == 'A' || sig[j] == 'E') {
                  free(fp_arr[j]);
                  fp_arr[j] = 0;
                }
              }
            }

            """;

    @Override
    void runner(StringBuilder out, int k, Program p) {
        String t = p.precision().cType();
        out.append("static void fp_run_").append(k).append("(const double *fp_hv, const int *fp_hn, double *fp_r) {\n");
        StringBuilder call = new StringBuilder();
        boolean arrays = false;
        for (int j = 0; j < p.params().size(); j++) {
            Param par = p.params().get(j);
            int s = slot(p, j);
            if (j > 0) call.append(", ");
            switch (par.kind()) {
                case FP ->
                    call.append('(').append(t).append(") fp_hv[").append(s).append(']');
                case INT -> call.append("fp_hn[").append(s).append(']');
                case FP_ARRAY, FP_ELEMENTS -> {
                    call.append('(').append(t).append(" *) fp_arr[").append(j).append(']');
                    arrays = true;
                }
            }
        }
        if (p.params().stream().noneMatch(x -> x.kind() == Param.Kind.INT)) out.append("  (void) fp_hn;\n");
        if (arrays) out.append("  fp_arrays_make(").append(k).append(", fp_hv);\n");
        out.append("  *fp_r = (double) compute_")
                .append(k)
                .append('(')
                .append(call)
                .append(");\n");
        if (arrays) out.append("  fp_arrays_free(").append(k).append(");\n");
        runnerEnd(out, k);
    }
}
