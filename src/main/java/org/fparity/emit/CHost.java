package org.fparity.emit;

import java.util.List;
import java.util.Map;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * The C host harness shared by C, CUDA, HIP and OpenCL: line reading, token parsing, the dispatcher and the output
 * format live here once, so the languages differ only in how {@code fp_run_K} computes a result.
 */
abstract class CHost implements Emitter {

    /** Includes and anything the runtime needs before the common code (error checks, device state). */
    abstract void prelude(StringBuilder out, List<Program> programs);

    /** {@code compute_K} functions and, for GPUs, kernels (or the embedded kernel source). */
    abstract void programs(StringBuilder out, List<Program> programs);

    /**
     * {@code static void fp_run_K(const double *fp_hv, const int *fp_hn, double *fp_r)}: {@code fp_hv} holds the FP
     * scalars and array fill values in parameter order, {@code fp_hn} the int bounds (both already checked).
     */
    abstract void runner(StringBuilder out, int k, Program p);

    /**
     * Ends {@code fp_run_K}: the canary, stored after everything else, then the closing brace. Under a fast-math build a
     * compiler may prove a program's code unreachable (a branch on poison: corpora/fastmath-poison-branch) and leave
     * fp_run_K without a {@code ret}; execution then runs on into whatever follows, in a batch the next program's
     * fp_run, which stores its own result and returns. main checks that {@code fp_ran} is the program it called, so
     * such a line is answered with an error instead of the neighbour's value. The store follows the result's, so it
     * changes neither the program's code nor its result.
     */
    static void runnerEnd(StringBuilder out, int k) {
        out.append("  fp_ran = ").append(k).append(";\n}\n\n");
    }

    /** Defines {@code fp_init(argc, argv, single)} (device set-up, may exit 3) and {@code fp_finish()}. */
    abstract void lifecycle(StringBuilder out, List<Program> programs);

    /** Whether {@code arg} of the single-program form is an option for the harness rather than an input token. */
    String optionTest() {
        return "0";
    }

    @Override
    public String batch(List<Program> programs) {
        if (programs.isEmpty()) throw new IllegalArgumentException("a batch needs at least one program");
        return file(programs, false);
    }

    @Override
    public String single(Program program) {
        return file(List.of(program), true);
    }

    private String file(List<Program> ps, boolean single) {
        StringBuilder out = new StringBuilder(4096 + 2048 * ps.size());
        out.append("/* fparity ")
                .append(language().id())
                .append(single ? " reproducer" : " batch of " + ps.size())
                .append(": harness protocol in org.fparity.emit (package-info) */\n");
        prelude(out, ps);
        out.append("#define FP_N ").append(ps.size()).append("\n");
        slots(out, "static ", ps);
        table(out, ps);
        out.append(COMMON_HEAD).append(COMMON_LINES).append(COMMON_PARSE);
        programs(out, ps);
        lifecycle(out, ps);
        runners(out, "static ", ps);
        out.append('\n');
        out.append(single ? mainSingle() : MAIN_BATCH);
        return out.toString();
    }

    /** Every {@code fp_run_K}, then the table {@code fp_run} of them, with this linkage. */
    void runners(StringBuilder out, String linkage, List<Program> ps) {
        for (int k = 0; k < ps.size(); k++) runner(out, k, ps.get(k));
        out.append(linkage).append("void (*const fp_run[FP_N])(const double *, const int *, double *) = {");
        for (int k = 0; k < ps.size(); k++)
            out.append(k % 8 == 0 ? "\n  " : " ").append("fp_run_").append(k).append(',');
        out.append("\n};\n");
    }

    /** {@code fp_vals} and {@code fp_ints}, each as long as the most any of the programs takes, with this linkage. */
    static void slots(StringBuilder out, String linkage, List<Program> ps) {
        int maxV = 1;
        int maxN = 1;
        for (Program p : ps) {
            int v = 0;
            int n = 0;
            for (Param par : p.params()) {
                if (par.kind() == Param.Kind.INT) n++;
                else v += par.fpValues(p.arrayLength());
            }
            maxV = Math.max(maxV, v);
            maxN = Math.max(maxN, n);
        }
        out.append(linkage)
                .append("double fp_vals[")
                .append(maxV)
                .append("];\n")
                .append(linkage)
                .append("int fp_ints[")
                .append(maxN)
                .append("];\n");
    }

    /**
     * The single-program form with one input built in: runs with no arguments, prints {@code HEX DEC} as the
     * single form does, then one line {@code recorded PLATFORM VALUE} per entry of {@code recorded} (what the campaign
     * recorded for this input, for comparison). {@code header} lines become the leading comment. Compiles without
     * warnings under {@code -Wall -Wextra}: nothing the batch form needs is left in.
     */
    String reproducer(Program p, List<String> tokens, List<Map.Entry<String, String>> recorded, List<String> header) {
        List<Program> ps = List.of(p);
        StringBuilder out = new StringBuilder(8192);
        out.append("/*\n");
        for (String h : header) out.append(" * ").append(commentText(h)).append('\n');
        out.append(" */\n");
        prelude(out, ps);
        int v = 0;
        int n = 0;
        for (Param par : p.params()) {
            if (par.kind() == Param.Kind.INT) n++;
            else v += par.fpValues(p.arrayLength());
        }
        out.append("#define FP_N 1\n");
        out.append("static double fp_vals[")
                .append(Math.max(v, 1))
                .append("];\nstatic int fp_ints[")
                .append(Math.max(n, 1))
                .append("];\n");
        table(out, ps);
        out.append(COMMON_HEAD).append(COMMON_PARSE);
        reproducerProgram(out, p);
        lifecycle(out, ps);
        runner(out, 0, p);
        out.append("static void (*const fp_run[FP_N])(const double *, const int *, double *) = {\n  fp_run_0,\n};\n\n");
        out.append("/* the input, one token per parameter value */\n");
        for (int i = 0; i < tokens.size(); i++)
            out.append("static char fp_in_")
                    .append(i)
                    .append("[] = ")
                    .append(cString(tokens.get(i)))
                    .append(";\n");
        out.append("static char *fp_input[").append(Math.max(tokens.size(), 1)).append("] = {");
        for (int i = 0; i < tokens.size(); i++)
            out.append(i == 0 ? "" : ", ").append("fp_in_").append(i);
        if (tokens.isEmpty()) out.append('0');
        out.append("};\n");
        if (!recorded.isEmpty()) {
            out.append("/* what the campaign recorded for this input: platform, result */\n");
            out.append("static const char *const fp_recorded[][2] = {\n");
            for (Map.Entry<String, String> r : recorded)
                out.append("  {")
                        .append(cString(r.getKey()))
                        .append(", ")
                        .append(cString(r.getValue()))
                        .append("},\n");
            out.append("};\n");
        }
        out.append("\nint main(void) {\n  char fp_why[96];\n  double fp_r = 0.0;\n");
        if (!recorded.isEmpty()) out.append("  size_t fp_i;\n");
        out.append("  fp_init(0, 0, 1);\n");
        out.append("  if (!fp_parse_args(0, fp_input, ")
                .append(tokens.size())
                .append(", fp_why, sizeof fp_why)) fp_fail(4, \"%s\", fp_why);\n");
        out.append("  fp_ran = -1;\n  fp_run[0](fp_vals, fp_ints, &fp_r);\n");
        out.append("  if (fp_ran != 0) fp_fail(4, \"%s\");\n".formatted(SINGLE_RETURNED));
        out.append(
                p.precision() == Precision.FP32
                        ? "  printf(\"%a %.9g\\n\", fp_r, fp_r);\n"
                        : "  printf(\"%a %.17g\\n\", fp_r, fp_r);\n");
        if (!recorded.isEmpty()) {
            out.append("  for (fp_i = 0; fp_i < sizeof fp_recorded / sizeof fp_recorded[0]; fp_i++) {\n");
            out.append("    printf(\"recorded %s %s\\n\", fp_recorded[fp_i][0], fp_recorded[fp_i][1]);\n  }\n");
        }
        out.append("  fflush(stdout);\n  fp_finish();\n  return 0;\n}\n");
        return out.toString();
    }

    /** {@code compute_0} of a reproducer; the C emitter marks unused names so that -Wall -Wextra stay quiet. */
    void reproducerProgram(StringBuilder out, Program p) {
        programs(out, List.of(p));
    }

    /**
     * {@code s} as text inside a C block comment, whatever it holds: it can neither end the comment ({@code *}{@code /})
     * nor open one inside it ({@code /}{@code *}, which {@code -Wcomment} turns into an error under {@code -Werror}), nor
     * form a trigraph ({@code ??/} at a line's end is a warning under {@code -Wall}). Printable ASCII is kept but for
     * those pairs, which get a space between them; anything else (newline, control, non-ASCII) is shown as
     * {@code <U+XXXX>}.
     */
    static String commentText(String s) {
        StringBuilder b = new StringBuilder(s.length() + 8);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char prev = b.isEmpty() ? 0 : b.charAt(b.length() - 1);
            if (c < 0x20 || c >= 0x7f) {
                b.append(String.format("<U+%04X>", (int) c));
                continue;
            }
            if (prev == '*' && c == '/' || prev == '/' && c == '*' || prev == '?' && c == '?') b.append(' ');
            b.append(c);
        }
        return b.toString();
    }

    /** A C string literal of {@code s} (printable ASCII kept, everything else escaped). */
    static String cString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c >= 0x20 && c < 0x7f && c != '?') b.append(c);
            else b.append(String.format("\\%03o", (int) c & 0xff));
        }
        return b.append('"').toString();
    }

    static void table(StringBuilder out, List<Program> ps) {
        out.append(
                "/* per program: parameter kinds (F scalar, I loop bound, A array fill value, E array of one value per element), FP32?, array length */\n");
        out.append("static const char *const fp_sig[FP_N] = {");
        for (int k = 0; k < ps.size(); k++) {
            out.append(k % 8 == 0 ? "\n  " : " ").append('"');
            for (Param par : ps.get(k).params()) {
                out.append(
                        switch (par.kind()) {
                            case FP -> 'F';
                            case INT -> 'I';
                            case FP_ARRAY -> 'A';
                            case FP_ELEMENTS -> 'E';
                        });
            }
            out.append("\",");
        }
        out.append("\n};\nstatic const unsigned char fp_single[FP_N] = {");
        for (int k = 0; k < ps.size(); k++)
            out.append(k % 32 == 0 ? "\n  " : " ")
                    .append(ps.get(k).precision() == Precision.FP32 ? 1 : 0)
                    .append(',');
        out.append("\n};\nstatic const int fp_len[FP_N] = {");
        for (int k = 0; k < ps.size(); k++)
            out.append(k % 16 == 0 ? "\n  " : " ")
                    .append(ps.get(k).arrayLength())
                    .append(',');
        out.append("\n};\n\n");
    }

    /**
     * First slot of parameter {@code j} in {@code fp_hv} (FP and array params; an element-wise array takes
     * {@code arrayLength} consecutive slots) or its slot in {@code fp_hn} (int params).
     */
    static int slot(Program p, int j) {
        boolean isInt = p.params().get(j).kind() == Param.Kind.INT;
        int s = 0;
        for (int i = 0; i < j; i++) {
            Param q = p.params().get(i);
            if (isInt) s += q.kind() == Param.Kind.INT ? 1 : 0;
            else s += q.fpValues(p.arrayLength());
        }
        return s;
    }

    private String mainSingle() {
        return """
                int main(int argc, char **argv) {
                  char fp_why[96];
                  double fp_r = 0.0;
                  int fp_i, fp_nt = 0;
                  fp_init(argc, argv, 1);
                  fp_toks = (char **) malloc(sizeof(char *) * (size_t) (argc > 1 ? argc : 1));
                  if (!fp_toks) fp_fail(4, "out of memory");
                  for (fp_i = 1; fp_i < argc; fp_i++) {
                    const char *fp_arg = argv[fp_i];
                    if (!(%s)) fp_toks[fp_nt++] = argv[fp_i];
                  }
                  if (!fp_parse_args(0, fp_toks, fp_nt, fp_why, sizeof fp_why)) fp_fail(4, "%%s", fp_why);
                  fp_ran = -1;
                  fp_run[0](fp_vals, fp_ints, &fp_r);
                  if (fp_ran != 0) fp_fail(4, "%s");
                  if (fp_single[0]) printf("%%a %%.9g\\n", fp_r, fp_r);
                  else printf("%%a %%.17g\\n", fp_r, fp_r);
                  fflush(stdout);
                  fp_finish();
                  return 0;
                }
                """.formatted(optionTest(), SINGLE_RETURNED);
    }

    /** Why a single-program form fails (exit 4) when its call came back from code other than its fp_run_0's end. */
    static final String SINGLE_RETURNED =
            "the program returned without finishing its own code (undefined behaviour under this build's flags)";

    static final String MAIN_BATCH = """
            int main(int argc, char **argv) {
              char fp_why[96];
              double fp_r;
              int fp_k;
              size_t fp_nt;
              fp_init(argc, argv, 0);
              while (fp_readline(stdin)) {
                fp_nt = fp_tokenize(fp_line);
                if (fp_nt == 0 || !fp_parse_index(fp_toks[0], &fp_k)) {
                  printf("-1 error bad index\\n");
                } else if (fp_k >= FP_N) {
                  printf("%d error no such program\\n", fp_k);
                } else if (!fp_parse_args(fp_k, fp_toks + 1, (int) fp_nt - 1, fp_why, sizeof fp_why)) {
                  printf("%d error %s\\n", fp_k, fp_why);
                } else {
                  /* reset before every call: a program whose result is poison under fast math may never store it */
                  fp_r = 0.0;
                  fp_ran = -1;
                  fp_run[fp_k](fp_vals, fp_ints, &fp_r);
                  if (fp_ran != fp_k) {
                    /* the call came back without fp_run_K reaching its end (its code optimised away): fp_r is not its result */
                    if (fp_ran < 0) printf("%d error returned without finishing its own code (undefined behaviour under this build's flags)\\n", fp_k);
                    else printf("%d error returned through program %d's code (undefined behaviour under this build's flags)\\n", fp_k, fp_ran);
                  } else if (fp_single[fp_k]) printf("%d %a %.9g\\n", fp_k, fp_r, fp_r);
                  else printf("%d %a %.17g\\n", fp_k, fp_r, fp_r);
                }
                fflush(stdout);
              }
              fp_finish();
              return 0;
            }
            """;

    /** Reading, tokenising and checking input, identical in every C-family harness (C99 and C++ alike). */
    static final String COMMON_HEAD = """

            /* which program's fp_run last reached its end: set to -1 before each call, checked after it */
            static volatile int fp_ran;

            static void fp_fail(int code, const char *fmt, ...) {
              va_list ap;
              fflush(stdout);
              fputs("fparity-harness: ", stderr);
              va_start(ap, fmt);
              vfprintf(stderr, fmt, ap);
              va_end(ap);
              fputc('\\n', stderr);
              exit(code);
            }

            /* used by arrays and line reading: a reproducer with neither has no call to it */
            #if defined(__GNUC__)
            __attribute__((unused))
            #endif
            static void *fp_alloc(size_t bytes) {
              void *p = malloc(bytes ? bytes : 1);
              if (!p) fp_fail(4, "out of memory");
              return p;
            }

            """;

    /** Line reading and tokenising: the batch and argv forms only (a reproducer with its input built in has no use for them). */
    static final String COMMON_LINES = """
            static char *fp_line;
            static size_t fp_line_cap;
            static char **fp_toks;
            static size_t fp_toks_cap;

            /* One line of any length into fp_line (without the newline); 0 at end of input. */
            static int fp_readline(FILE *f) {
              size_t n = 0;
              int c;
              if (!fp_line) {
                fp_line_cap = 256;
                fp_line = (char *) fp_alloc(fp_line_cap);
              }
              while ((c = getc(f)) != EOF && c != '\\n') {
                if (n + 2 > fp_line_cap) {
                  fp_line_cap *= 2;
                  fp_line = (char *) realloc(fp_line, fp_line_cap);
                  if (!fp_line) fp_fail(4, "out of memory");
                }
                fp_line[n++] = (char) c;
              }
              if (c == EOF && n == 0) return 0;
              fp_line[n] = '\\0';
              return 1;
            }

            static int fp_space(char c) {
              return c == ' ' || c == '\\t' || c == '\\r' || c == '\\v' || c == '\\f';
            }

            /* Splits fp_line in place into fp_toks; returns the count. */
            static size_t fp_tokenize(char *s) {
              size_t n = 0;
              for (;;) {
                while (fp_space(*s)) s++;
                if (!*s) return n;
                if (n == fp_toks_cap) {
                  fp_toks_cap = fp_toks_cap ? 2 * fp_toks_cap : 32;
                  fp_toks = (char **) realloc(fp_toks, fp_toks_cap * sizeof(char *));
                  if (!fp_toks) fp_fail(4, "out of memory");
                }
                fp_toks[n++] = s;
                while (*s && !fp_space(*s)) s++;
                if (*s) *s++ = '\\0';
              }
            }

            /* The index: 1 to 9 decimal digits. */
            static int fp_parse_index(const char *t, int *k) {
              int v = 0, d = 0;
              for (; *t; t++, d++) {
                if (*t < '0' || *t > '9' || d >= 9) return 0;
                v = v * 10 + (*t - '0');
              }
              if (d == 0) return 0;
              *k = v;
              return 1;
            }

            """;

    static final String COMMON_PARSE = """
            /* A loop bound: optional sign and decimal digits; more than 9 digits saturates (then fails the range check). */
            static int fp_parse_bound(const char *t, long *b) {
              long v = 0;
              int neg = 0, d = 0;
              if (*t == '+' || *t == '-') neg = *t++ == '-';
              for (; *t; t++, d++) {
                if (*t < '0' || *t > '9') return 0;
                if (v < 1000000000L) v = v * 10 + (*t - '0');
              }
              if (d == 0) return 0;
              *b = neg ? -v : v;
              return 1;
            }

            /* An FP value: whatever strtod/strtof read completely (hex floats, decimals, inf, nan), except nan(...). */
            static int fp_parse_fp(const char *t, int single, double *v) {
              char *end;
              if (strchr(t, '(')) return 0;
              if (single) *v = (double) strtof(t, &end);
              else *v = strtod(t, &end);
              return end != t && *end == '\\0';
            }

            /* An element-wise array: exactly n FP values separated by commas (the token is restored as it was). */
            static int fp_parse_elems(char *t, int single, int n, double *v) {
              int i, ok;
              char *c;
              for (i = 0; i < n; i++) {
                c = strchr(t, ',');
                if ((c == 0) != (i == n - 1)) return 0;
                if (c) *c = '\\0';
                ok = fp_parse_fp(t, single, &v[i]);
                if (c) *c = ',';
                if (!ok) return 0;
                if (c) t = c + 1;
              }
              return 1;
            }

            static int fp_parse_args(int k, char **t, int nt, char *why, size_t whylen) {
              const char *sig = fp_sig[k];
              int want = (int) strlen(sig), i, nv = 0, ni = 0;
              long b;
              if (nt != want) {
                snprintf(why, whylen, "expected %d values, got %d", want, nt);
                return 0;
              }
              for (i = 0; i < want; i++) {
                if (sig[i] == 'I') {
                  if (!fp_parse_bound(t[i], &b)) {
                    snprintf(why, whylen, "bad value %d", i + 1);
                    return 0;
                  }
                  if (b < 0 || b > fp_len[k]) {
                    snprintf(why, whylen, "bound %d out of range 0..%d", i + 1, fp_len[k]);
                    return 0;
                  }
                  fp_ints[ni++] = (int) b;
                } else if (sig[i] == 'E') {
                  if (!fp_parse_elems(t[i], fp_single[k], fp_len[k], &fp_vals[nv])) {
                    snprintf(why, whylen, "bad value %d (want %d comma-separated values)", i + 1, fp_len[k]);
                    return 0;
                  }
                  nv += fp_len[k];
                } else if (!fp_parse_fp(t[i], fp_single[k], &fp_vals[nv++])) {
                  snprintf(why, whylen, "bad value %d", i + 1);
                  return 0;
                }
              }
              return 1;
            }

            """;
}
