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
     * the campaign's did). C, CUDA, HIP and OpenCL ({@link #opencl}); null for other languages (Java's is
     * {@link JavaEmitter#minimal}).
     */
    public static String minimal(Language lang, Program p, Input in, List<String> header) {
        return minimal(lang, p, in, header, false);
    }

    /**
     * As {@link #minimal(Language, Program, Input, List)}; with {@code opaqueCall} (C only) the function has external
     * linkage and {@code main} calls it through a {@code volatile} function pointer, as the harness calls it through
     * its table: the compiler cannot see which function runs, so it can neither fold an undefined path of the function
     * into {@code main} nor drop it there. A run that ends abnormally (code after a deleted branch running on into the
     * next function) needs that: clang-19 -O3 -ffast-math gave 2c410701435e's static function's last register
     * ({@code -0x1p-14}) to printf where the harness form crashed.
     */
    public static String minimal(Language lang, Program p, Input in, List<String> header, boolean opaqueCall) {
        if (in.args().size() != p.params().size()) {
            throw new IllegalArgumentException("the program has " + p.params().size() + " parameters, the input gives "
                    + in.args().size());
        }
        if (lang == Language.OPENCL) return opencl(p, in, header);
        boolean gpu = lang == Language.CUDA || lang == Language.HIP || lang == Language.HIPIFY;
        if (lang != Language.C && !gpu) return null;
        String t = p.precision().cType();
        StringBuilder out = new StringBuilder();
        out.append("/*\n");
        for (String h : header) out.append(" * ").append(CHost.commentText(h)).append('\n');
        out.append(" */\n");
        if (lang != Language.C) out.append(lang == Language.CUDA ? "" : "#include <hip/hip_runtime.h>\n");
        out.append("#include <math.h>\n#include <stdio.h>\n\n");
        boolean opaque = opaqueCall && lang == Language.C;
        String qualifiers = gpu
                ? "__device__ __noinline__ static "
                : opaque ? "__attribute__((noinline)) " : "__attribute__((noinline)) static ";
        CSyntax.function(out, qualifiers, 0, p, MathFn::c, "");
        if (opaque) {
            List<String> types = new ArrayList<>();
            for (Param par : p.params())
                types.add(
                        switch (par.kind()) {
                            case FP -> t;
                            case INT -> "int";
                            case FP_ARRAY, FP_ELEMENTS -> t + " *";
                        });
            out.append("/* called through a volatile pointer, as the harness calls it: the compiler cannot see which")
                    .append(" function runs */\n")
                    .append(t)
                    .append(" (*volatile fp_compute)(")
                    .append(String.join(", ", types))
                    .append(") = compute_0;\n\n");
        }
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
        String call = (opaque ? "fp_compute(" : "compute_0(") + String.join(", ", args) + ")";
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

    /**
     * OpenCL's smallest standalone source: a C host of a few dozen lines around the kernel source as one string — the
     * program's function and a kernel that stores its result — that builds the kernel on the first device with the
     * options given as its arguments (the campaign's build options), passes the input as kernel arguments (values at
     * run time, as the campaign's buffer was) and prints the result with {@code %a}. {@code -DFPARITY_FP_CONTRACT_OFF}
     * at host build time turns contraction off in the kernel, as in the campaign's harness.
     */
    static String opencl(Program p, Input in, List<String> header) {
        String t = p.precision().cType();
        StringBuilder k = new StringBuilder();
        CSyntax.function(k, "", 0, p, MathFn::opencl, "__global ");
        k.append("__kernel void fp_kernel(__global ").append(t).append(" *fp_out");
        List<String> params = new ArrayList<>();
        for (Param par : p.params()) {
            k.append(", ")
                    .append(
                            par.kind() == Param.Kind.INT
                                    ? "int "
                                    : par.kind().array() ? "__global " + t + " *" : t + " ")
                    .append(par.name());
            params.add(par.name());
        }
        k.append(") {\n  fp_out[0] = compute_0(")
                .append(String.join(", ", params))
                .append(");\n}\n");
        StringBuilder out = new StringBuilder("/*\n");
        for (String h : header) out.append(" * ").append(CHost.commentText(h)).append('\n');
        out.append(" * usage: ./bin [OpenCL build options, e.g. -cl-fast-relaxed-math]\n */\n");
        out.append("#define CL_TARGET_OPENCL_VERSION 120\n#include <CL/cl.h>\n#include <math.h>\n#include <stdio.h>\n"
                + "#include <string.h>\n\n");
        out.append(
                "static const char *src =\n#ifdef FPARITY_FP_CONTRACT_OFF\n    \"#pragma OPENCL FP_CONTRACT OFF\\n\"\n"
                        + "#endif\n");
        if (p.precision() == Precision.FP64) out.append("    \"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\\n\"\n");
        for (String line : k.toString().lines().filter(l -> !l.isBlank()).toList())
            out.append("    \"")
                    .append(line.replace("\\", "\\\\").replace("\"", "\\\""))
                    .append("\\n\"\n");
        out.append("    ;\n\nint main(int argc, char **argv) {\n");
        out.append("  char opts[4096] = \"\";\n  cl_platform_id pl; cl_device_id dev; cl_int e; size_t one = 1;\n");
        out.append("  for (int i = 1; i < argc && strlen(opts) + strlen(argv[i]) + 2 < sizeof opts; i++)"
                + " strcat(strcat(opts, argv[i]), \" \");\n");
        out.append("  if (clGetPlatformIDs(1, &pl, NULL) != CL_SUCCESS"
                + " || clGetDeviceIDs(pl, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)\n");
        out.append("    return fprintf(stderr, \"no OpenCL device\\n\"), 3;\n");
        out.append("  cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);\n");
        out.append("  cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &e);\n");
        out.append("  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &e);\n");
        out.append("  if (clBuildProgram(prog, 1, &dev, opts, NULL, NULL) != CL_SUCCESS) {\n");
        out.append("    char log[8192] = \"\";\n");
        out.append("    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);\n");
        out.append("    return fprintf(stderr, \"kernel build failed:\\n%s\\n\", log), 2;\n  }\n");
        out.append("  cl_kernel k = clCreateKernel(prog, \"fp_kernel\", &e);\n");
        out.append("  ").append(t).append(" h;\n");
        out.append("  cl_mem r = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof h, NULL, &e);\n");
        out.append("  clSetKernelArg(k, 0, sizeof r, &r);\n");
        for (int i = 0; i < p.params().size(); i++) {
            Param par = p.params().get(i);
            String tok = in.args().get(i);
            String name = par.name();
            switch (par.kind()) {
                case FP ->
                    out.append("  ")
                            .append(t)
                            .append(' ')
                            .append(name)
                            .append(" = ")
                            .append(literal(tok, p.precision()))
                            .append(";\n");
                case INT ->
                    out.append("  int ")
                            .append(name)
                            .append(" = ")
                            .append(Integer.parseInt(tok.strip()))
                            .append(";\n");
                case FP_ARRAY, FP_ELEMENTS -> {
                    String[] vals = par.kind() == Param.Kind.FP_ELEMENTS ? tok.split(",") : null;
                    out.append("  ")
                            .append(t)
                            .append(' ')
                            .append(name)
                            .append("_h[")
                            .append(p.arrayLength())
                            .append("] = {")
                            .append(elements(vals, tok, p))
                            .append("};\n");
                    out.append("  cl_mem ")
                            .append(name)
                            .append(" = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof ")
                            .append(name)
                            .append("_h, ")
                            .append(name)
                            .append("_h, &e);\n");
                }
            }
            out.append("  clSetKernelArg(k, ")
                    .append(i + 1)
                    .append(", sizeof ")
                    .append(name)
                    .append(", &")
                    .append(name)
                    .append(");\n");
        }
        out.append("  if (clEnqueueNDRangeKernel(q, k, 1, NULL, &one, NULL, 0, NULL, NULL) != CL_SUCCESS\n");
        out.append("      || clEnqueueReadBuffer(q, r, CL_TRUE, 0, sizeof h, &h, 0, NULL, NULL) != CL_SUCCESS)\n");
        out.append("    return fprintf(stderr, \"no result from the device\\n\"), 2;\n");
        out.append("  printf(\"%a\\n\", (double) h);\n  return 0;\n}\n");
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
