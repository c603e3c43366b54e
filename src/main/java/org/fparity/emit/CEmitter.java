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
    public boolean splitsHarness() {
        return true;
    }

    /**
     * The harness alone: what {@link #batch} holds besides the programs (line reading, parsing, array set-up, the
     * dispatcher), with the tables and {@code fp_run} declared, not defined. The same text for every batch, so it is
     * compiled once and linked with each {@link #batchPrograms}.
     */
    @Override
    public String batchHarness() {
        StringBuilder out = new StringBuilder(12_288);
        out.append("/* fparity c batch harness: linked with a batch's programs (two-part form) */\n");
        prelude(out, List.of());
        out.append("""
                extern const int fp_n;
                #define FP_N fp_n
                extern double fp_vals[];
                extern int fp_ints[];
                extern const char *const fp_sig[];
                extern const unsigned char fp_single[];
                extern const int fp_len[];
                extern void *fp_arr[];
                extern void (*const fp_run[])(const double *, const int *, double *);
                """);
        out.append(shared(COMMON_HEAD, "static volatile int fp_ran;"))
                .append(COMMON_LINES)
                .append(COMMON_PARSE);
        out.append("static void fp_init(int argc, char **argv, int single) {\n  (void) argc;\n  (void) argv;\n"
                + "  (void) single;\n}\n\nstatic void fp_finish(void) {}\n\n");
        out.append(
                shared(ARRAYS, "FP_NOINLINE static void fp_arrays_make(", "FP_NOINLINE static void fp_arrays_free("));
        out.append(MAIN_BATCH);
        return out.toString();
    }

    /**
     * The programs of a batch alone, to be linked with {@link #batchHarness}: the tables, every {@code compute_K} and
     * {@code fp_run_K} exactly as in {@link #batch} (so each program is optimised as it is there), and {@code fp_run}.
     */
    @Override
    public String batchPrograms(List<Program> programs) {
        if (programs.isEmpty()) throw new IllegalArgumentException("a batch needs at least one program");
        StringBuilder out = new StringBuilder(1024 + 2048 * programs.size());
        out.append("/* fparity c batch of ")
                .append(programs.size())
                .append(", programs only: linked with the batch harness (two-part form) */\n");
        prelude(out, programs);
        out.append("#define FP_N ").append(programs.size()).append("\n");
        slots(out, "", programs);
        out.append("const int fp_n = FP_N;\n");
        StringBuilder tables = new StringBuilder();
        table(tables, programs);
        out.append(tables.toString().replace("static const ", "const "));
        int maxParams = programs.stream().mapToInt(p -> p.params().size()).max().orElse(1);
        out.append("extern volatile int fp_ran;\n");
        out.append("void *fp_arr[").append(Math.max(1, maxParams)).append("];\n");
        out.append("void fp_arrays_make(int k, const double *fp_hv);\nvoid fp_arrays_free(int k);\n\n");
        programs(out, programs);
        runners(out, "", programs);
        return out.toString();
    }

    /** {@code text} with each of these file-local definitions made visible to the other part (static dropped). */
    private static String shared(String text, String... definitions) {
        String out = text;
        for (String d : definitions) {
            if (!out.contains(d)) throw new IllegalStateException("the harness no longer defines " + d);
            out = out.replace(d, d.replace("static ", ""));
        }
        return out;
    }

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
