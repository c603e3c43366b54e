package org.fparity.emit;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.MathFn;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;

/**
 * A self-contained C reproducer of one program on one input: the input is built in, so it runs with no arguments;
 * it prints its own result as the harness does ({@code HEX DEC}) and then what a campaign recorded for that input
 * ({@code recorded PLATFORM VALUE}), and compiles without warnings under {@code gcc -Wall -Wextra}.
 */
public final class Reproducer {
    private Reproducer() {}

    /**
     * @param recorded platform label and recorded value (hex, or a status such as {@code CRASH}), in the order to print
     * @param header   lines of the leading comment: where it comes from, how to build it
     */
    public static String c(
            Program program, Input input, List<Map.Entry<String, String>> recorded, List<String> header) {
        if (input.args().size() != program.params().size()) {
            throw new IllegalArgumentException(
                    "the program has " + program.params().size() + " parameters, the input gives "
                            + input.args().size());
        }
        return new CEmitter().reproducer(program, input.args(), recorded, header);
    }

    /**
     * The smallest standalone source a vendor reads: the program's function, the input as literals, one
     * {@code printf("%a\n")}, no harness. The literals are read through {@code volatile} variables and the function
     * is never inlined, so the compiler cannot fold the input into the arithmetic (the build computes at run time, as
     * the campaign's did). C, CUDA and HIP; null for other languages.
     */
    public static String minimal(Language lang, Program p, Input in, List<String> header) {
        if (in.args().size() != p.params().size()) {
            throw new IllegalArgumentException("the program has " + p.params().size() + " parameters, the input gives "
                    + in.args().size());
        }
        boolean gpu = lang == Language.CUDA || lang == Language.HIP || lang == Language.HIPIFY;
        if (lang != Language.C && !gpu) return null;
        String t = p.precision().cType();
        StringBuilder out = new StringBuilder();
        out.append("/*\n");
        for (String h : header) out.append(" * ").append(CHost.commentText(h)).append('\n');
        out.append(" */\n");
        if (lang != Language.C) out.append(lang == Language.CUDA ? "" : "#include <hip/hip_runtime.h>\n");
        out.append("#include <math.h>\n#include <stdio.h>\n\n");
        String qualifiers = gpu ? "__device__ __noinline__ static " : "__attribute__((noinline)) static ";
        CSyntax.function(out, qualifiers, 0, p, MathFn::c, "");
        List<String> decls = new ArrayList<>();
        List<String> args = new ArrayList<>();
        String api = lang == Language.CUDA ? "cuda" : "hip";
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            String tok = in.args().get(i);
            String name = par.name();
            switch (par.kind()) {
                case FP -> decls.add("  volatile " + t + " " + name + " = " + literal(tok, p.precision()) + ";");
                case INT -> decls.add("  volatile int " + name + " = " + Integer.parseInt(tok.strip()) + ";");
                case FP_ARRAY, FP_ELEMENTS -> {
                    String[] vals = par.kind() == Param.Kind.FP_ELEMENTS ? tok.split(",") : null;
                    decls.add("  volatile " + t + " " + name + "_in[" + p.arrayLength() + "] = {"
                            + elements(vals, tok, p) + "};");
                    decls.add("  " + t + " " + name + "_h[" + p.arrayLength() + "];");
                    decls.add("  for (int i = 0; i < " + p.arrayLength() + "; i++) " + name + "_h[i] = " + name
                            + "_in[i];");
                    if (gpu) {
                        decls.add("  " + t + " *" + name + ";");
                        decls.add("  " + api + "Malloc((void **) &" + name + ", sizeof " + name + "_h);");
                        decls.add("  " + api + "Memcpy(" + name + ", " + name + "_h, sizeof " + name + "_h, " + api
                                + "MemcpyHostToDevice);");
                    } else {
                        decls.add("  " + t + " *" + name + " = " + name + "_h;");
                    }
                }
            }
            args.add(
                    par.kind().array() || !gpu ? name : "(" + (par.kind() == Param.Kind.INT ? "int" : t) + ") " + name);
        }
        String call = "compute_0(" + String.join(", ", args) + ")";
        if (gpu) {
            out.append("__global__ void kernel(").append(t).append(" *r");
            for (Param par : p.params())
                out.append(", ")
                        .append(
                                par.kind() == Param.Kind.INT
                                        ? "int "
                                        : par.kind().array() ? t + " *" : t + " ")
                        .append(par.name());
            out.append(") {\n  *r = compute_0(");
            for (int i = 0; i < p.params().size(); i++)
                out.append(i == 0 ? "" : ", ").append(p.params().get(i).name());
            out.append(");\n}\n\n");
        }
        out.append("int main(void) {\n");
        for (String d : decls) out.append(d).append('\n');
        if (gpu) {
            out.append("  ").append(t).append(" *r, h;\n  ").append(api).append("Malloc((void **) &r, sizeof h);\n");
            out.append("  kernel<<<1, 1>>>(r");
            for (String a : args) out.append(", ").append(a);
            out.append(");\n  if (")
                    .append(api)
                    .append("Memcpy(&h, r, sizeof h, ")
                    .append(api)
                    .append("MemcpyDeviceToHost) != ")
                    .append(api)
                    .append("Success) { fprintf(stderr, \"no result from the device\\n\"); return 2; }\n");
            out.append("  printf(\"%a\\n\", (double) h);\n");
        } else {
            out.append("  printf(\"%a\\n\", (double) ").append(call).append(");\n");
        }
        out.append("  return 0;\n}\n");
        return out.toString();
    }

    private static String elements(String[] vals, String fill, Program p) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < p.arrayLength(); i++)
            b.append(i == 0 ? "" : ", ").append(literal(vals == null ? fill : vals[i], p.precision()));
        return b.toString();
    }

    /** A C expression for one input token: a hex literal with the precision's suffix, or INFINITY / NAN. */
    static String literal(String token, Precision pr) {
        double v = HexFloat.parse(token.strip());
        if (Double.isNaN(v)) return (Double.doubleToRawLongBits(v) < 0 ? "-" : "") + "NAN";
        if (Double.isInfinite(v)) return v < 0 ? "-INFINITY" : "INFINITY";
        return HexFloat.format(v) + pr.literalSuffix();
    }
}
