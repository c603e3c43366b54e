package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.MethodDeclaration;
import java.util.List;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/** Emitted text, checked without compilers: spelling per language, parentheses, the HIPIFY rewrite, checked CUDA calls. */
class EmitterTest {
    static final Program F32 = Program.parse("""
            program fp32 array 2
            compute(float comp, float var_1, float var_2[2]) {
              comp += ldexp(var_1, -3) * sin(var_2[1]) - fmod(var_1, comp + 0x1p-149f);
            }
            """);

    static final Program PARENS = Program.parse("""
            program fp64 array 1
            compute(double comp, double a, double b, double c) {
              comp = a - (b - c) + -(-a) * (a * b) - -0x1p+0 / -(0x1p+0) + fmod(a - b, -c);
              if (!(a < b) && (b > c || c == a)) {
                comp -= pow(a, b);
              }
            }
            """);

    @Test
    void cFamilySpellsFunctionsAndLiteralsPerPrecision() {
        String c = Emitter.of(Language.C).single(F32);
        assertTrue(c.contains("comp += ldexpf(var_1, -3) * sinf(var_2[1]) - fmodf(var_1, comp + 0x1p-149f);"), c);
        assertTrue(c.contains("static float compute_0(float comp, float var_1, float *var_2) {"), c);
        String cl = Emitter.of(Language.OPENCL).single(F32);
        assertTrue(
                cl.contains("\"  comp += ldexp(var_1, -3) * sin(var_2[1]) - fmod(var_1, comp + 0x1p-149f);\\n\""), cl);
        assertTrue(cl.contains("\"float compute_0(float comp, float var_1, __global float *var_2) {\\n\""), cl);
        assertTrue(cl.contains("#ifdef FPARITY_FP_CONTRACT_OFF\n  \"#pragma OPENCL FP_CONTRACT OFF\\n\",\n#endif"), cl);
        assertTrue(!cl.contains("#pragma OPENCL EXTENSION cl_khr_fp64"), "an FP32-only batch needs no fp64 extension");
        assertTrue(cl.contains("#define FP_NEEDS_FP64 0"), cl);
        assertTrue(Emitter.of(Language.OPENCL)
                .single(PARENS)
                .contains("\"#pragma OPENCL EXTENSION cl_khr_fp64 : enable\\n\""));
        String cu = Emitter.of(Language.CUDA).single(F32);
        assertTrue(cu.contains("static __device__ float compute_0(float comp, float var_1, float *var_2) {"), cu);
        assertTrue(cu.contains("__global__ void fp_kernel_0(float *fp_out, const float *fp_v, float *fp_a2) {"), cu);
    }

    @Test
    void everyCudaAndHipRuntimeCallIsChecked() {
        for (Language l : List.of(Language.CUDA, Language.HIP, Language.HIPIFY)) {
            String text = Emitter.of(l).batch(List.of(F32, PARENS));
            String prefix = l == Language.CUDA ? "cuda" : "hip";
            int calls = 0;
            for (String line : text.lines().toList()) {
                String t = line.strip();
                if (t.matches("(FP_CHECK\\()?" + prefix
                        + "(Malloc|Memcpy|Free|GetLastError|DeviceSynchronize|SetDevice|GetDeviceCount)\\(.*")) {
                    calls++;
                    assertTrue(t.startsWith("FP_CHECK(") && t.endsWith(");"), l + ": unchecked call: " + t);
                }
            }
            // two programs: out, scalars, one array / out, scalars; each malloc+memcpy+free, launch checks, plus init
            assertTrue(calls >= 20, l + ": " + calls + " calls");
        }
    }

    @Test
    void hipifyRewritesHeaderAndNamesAndKeepsLaunchesLikeHipifyPerl() {
        String cuda = """
                #include <cuda_runtime.h>
                static void f(void) {
                  cudaError_t e = cudaMalloc((void **) &p, 8);
                  if (e != cudaSuccess || e == cudaErrorInitializationError) puts(cudaGetErrorString(e));
                  k<<<1, 1>>>(p, q);
                  int mycudaThing = 0, cudaless = 1; /* cuda text */
                }
                """;
        assertEquals("""
                #include "hip/hip_runtime.h"
                #include <hip/hip_runtime.h>
                static void f(void) {
                  hipError_t e = hipMalloc((void **) &p, 8);
                  if (e != hipSuccess || e == hipErrorNotInitialized) puts(hipGetErrorString(e));
                  k<<<1, 1>>>(p, q);
                  int mycudaThing = 0, cudaless = 1; /* cuda text */
                }
                """, HipifyEmitter.convert(cuda));
        String converted = new HipifyEmitter(null).single(F32);
        String direct = Emitter.of(Language.HIP).single(F32);
        assertTrue(
                !java.util.regex.Pattern.compile("\\bcuda[A-Z_]")
                        .matcher(converted)
                        .find(),
                converted);
        assertTrue(converted.contains("fp_kernel_0<<<1, 1>>>(fp_dout, fp_dv, fp_a2);"), converted);
        assertTrue(
                !converted.equals(direct),
                "the HIPIFY path is a conversion of the CUDA text, not the HIP emitter's output");
    }

    @Test
    void javaKeepsTheTreesEvaluationOrderAndCSemantics() {
        String java = new JavaEmitter(JavaEmitter.MathLib.STRICT_MATH).single(PARENS);
        assertTrue(
                java.contains("comp = a - (b - c) + -(-a) * (a * b) - -0x1p+0 / -(0x1p+0) + ((a - b) % (-c));"), java);
        assertTrue(java.contains("if (!(a < b) && (b > c || c == a)) {"), java);
        assertTrue(java.contains("comp -= pow(a, b);"), "pow goes through the C-semantics helper: " + java);
        assertTrue(java.contains("return StrictMath.pow(x, y);"), java);
        // JavaParser reads the emitted class back into the same statement
        CompilationUnit cu = StaticJavaParser.parse(java);
        MethodDeclaration m = cu.getClassByName(JavaEmitter.CLASS_NAME)
                .orElseThrow()
                .getMethodsByName("compute_0")
                .getFirst();
        assertEquals(
                "comp = a - (b - c) + -(-a) * (a * b) - -0x1p+0 / -(0x1p+0) + ((a - b) % (-c));",
                m.getBody().orElseThrow().getStatement(0).toString());
        String f32 = new JavaEmitter(JavaEmitter.MathLib.MATH).single(F32);
        assertTrue(
                f32.contains(
                                "comp += Math.scalb(var_1, -3) * (float) Math.sin(var_2[1]) - ((var_1) % (comp + 0x1p-149f));")
                        || f32.contains(
                                "comp += Math.scalb(var_1, -3) * (float) Math.sin(var_2[1]) - (var_1 % (comp + 0x1p-149f));"),
                f32);
    }

    @Test
    void namesThatWouldBreakAnEmittedLanguageAreRefused() {
        for (String name : List.of("sinf", "fminf", "goto", "template", "float4", "boolean", "fp_vals", "__x")) {
            var e = assertThrows(
                    IllegalArgumentException.class,
                    () -> Program.parse("program fp32 array 1\ncompute(float comp, float " + name + ") {\n  comp = "
                            + name + ";\n}\n"));
            assertEquals("'" + name + "' is reserved", e.getMessage(), name);
        }
        Program.parse(
                "program fp32 array 1\ncompute(float comp, float elf, float tmp_1f) {\n  comp = elf + tmp_1f;\n}\n");
    }

    @Test
    void hipifyPerlIsUsedWhenGiven(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // a stand-in for hipify-perl with the same calling convention: the .cu file as argument, HIP on stdout
        java.nio.file.Path tool = dir.resolve("hipify-perl");
        java.nio.file.Files.writeString(
                tool, "#!/bin/sh\necho '// converted by the stand-in'\nsed 's/cudaMalloc/hipMalloc/g' \"$1\"\n");
        tool.toFile().setExecutable(true);
        String out = new HipifyEmitter(tool).single(F32);
        assertTrue(out.startsWith("// converted by the stand-in\n/* fparity cuda reproducer"), out);
        assertTrue(out.contains("FP_CHECK(hipMalloc(") && out.contains("<<<1, 1>>>"), out);
        java.nio.file.Path failing = dir.resolve("failing");
        java.nio.file.Files.writeString(failing, "#!/bin/sh\nexit 7\n");
        failing.toFile().setExecutable(true);
        var e = assertThrows(IllegalStateException.class, () -> new HipifyEmitter(failing).single(F32));
        assertEquals("hipify-perl failed with exit code 7", e.getMessage());
    }

    @Test
    void languagesParseAndEmptyBatchesAreRefused() {
        assertEquals(Language.HIPIFY, Language.parse(" HIPify "));
        var e = assertThrows(IllegalArgumentException.class, () -> Language.parse("fortran"));
        assertEquals("unknown language 'fortran' (expected c, cuda, hip, hipify, opencl or java)", e.getMessage());
        for (Language l : Language.values())
            assertThrows(IllegalArgumentException.class, () -> Emitter.of(l).batch(List.of()));
    }

    /** The device-only form: the batch form's kernels, the program table for the loader, and no host code. */
    @Test
    void gpuDeviceBatchHasKernelsAndTableButNoHost() {
        for (Language l : List.of(Language.CUDA, Language.HIP, Language.HIPIFY)) {
            Emitter e = l == Language.HIPIFY ? new HipifyEmitter(null) : Emitter.of(l);
            String dev = e.deviceBatch(List.of(F32, PARENS));
            String exe = e.batch(List.of(F32, PARENS));
            assertTrue(
                    dev.contains(
                            "extern \"C\" __global__ void fp_kernel_0(float *fp_out, const float *fp_v, float *fp_a2) {"),
                    dev);
            assertTrue(dev.contains("extern \"C\" __device__ char fp_meta[] = \"2\\nFFA 1 2\\nFFFF 0 1\\n\";"), dev);
            assertFalse(dev.contains("int main("), dev);
            assertFalse(dev.contains("Malloc"), dev);
            String kernels = exe.substring(exe.indexOf("static __device__"), exe.indexOf("#define FP_CHECK"));
            assertTrue(dev.contains(kernels), l + ": the same device code as the batch form");
        }
        String each = Emitter.of(Language.CUDA).deviceBatch(ElementwiseArraysToolsTest.PROGRAMS);
        assertTrue(each.contains("fp_meta[] = \"2\\nFEIAF 0 5\\nFFEI 1 5\\n\";"), each);
        assertThrows(
                UnsupportedOperationException.class,
                () -> Emitter.of(Language.C).deviceBatch(List.of(F32)));
        String many = Emitter.of(Language.CUDA).threadedBatch(List.of(F32, PARENS));
        assertTrue(
                many.contains(
                        "extern \"C\" __global__ void fp_many_0(float *fp_out, const float *fp_vs, const int *fp_ns, float *fp_as, int fp_count) {"),
                many);
        assertTrue(many.contains("  float *fp_a2 = fp_as + ((size_t) fp_t * 1 + 0) * 2;\n"), many);
        assertTrue(many.contains("  fp_out[fp_t] = compute_1(fp_v[0], fp_v[1], fp_v[2], fp_v[3]);\n"), many);
        assertTrue(many.contains("fp_meta[] = \"2\\nFFA 1 2\\nFFFF 0 1\\n\";"), many);
        assertFalse(many.contains("fp_kernel_0"), many);
        assertThrows(
                UnsupportedOperationException.class,
                () -> Emitter.of(Language.HIP).threadedBatch(List.of(F32)));
        for (String api : List.of("cuda", "hip")) {
            String loader = GpuLoader.source(api);
            assertTrue(loader.contains("fp_run_program(fp_k, fp_vals, fp_ints, &fp_r);"), loader);
            assertTrue(loader.contains("fp_get_global(\"fp_meta\""), loader);
        }
        assertThrows(IllegalArgumentException.class, () -> GpuLoader.source("opencl"));
    }

    /**
     * The canary against a program whose code a fast-math build deleted (corpora/fastmath-poison-branch): in every
     * C-family host each fp_run_K stores K into fp_ran as its last statement, main sets fp_ran to -1 before the call and
     * answers with an error unless it reads back K (the GPU loader's fp_run_program does the same), so a call that ran
     * on into another program's fp_run never prints that program's value. FallThroughToolsTest runs it.
     */
    @Test
    void everyCFamilyRunnerEndsWithItsCanaryAndMainChecksIt() {
        for (Language l : List.of(Language.C, Language.OPENCL, Language.CUDA, Language.HIP, Language.HIPIFY)) {
            Emitter e = l == Language.HIPIFY ? new HipifyEmitter(null) : Emitter.of(l);
            String batch = e.batch(List.of(F32, PARENS));
            for (int k = 0; k < 2; k++) {
                String run = cut(batch, "static void fp_run_" + k + "(");
                assertTrue(
                        run.endsWith("\n  fp_ran = " + k + ";\n}\n"),
                        l + ": fp_run_" + k + " does not end with its canary:\n" + run);
                assertEquals(
                        1, run.split("fp_ran", -1).length - 1, l + ": one store of the canary, at the end:\n" + run);
            }
            assertTrue(batch.contains("static volatile int fp_ran;"), l.toString());
            String main = batch.substring(batch.indexOf("int main("));
            int reset = main.indexOf("fp_ran = -1;");
            int call = main.indexOf("fp_run[fp_k](fp_vals, fp_ints, &fp_r);");
            int check = main.indexOf("if (fp_ran != fp_k) {");
            int print = main.indexOf("printf(\"%d %a %.17g\\n\", fp_k, fp_r, fp_r);");
            assertTrue(
                    0 < reset && reset < call && call < check && check < print,
                    l + ": reset, call, check, print:\n" + main);
            String single = e.single(F32);
            String smain = single.substring(single.indexOf("int main("));
            assertTrue(
                    smain.indexOf("fp_ran = -1;") < smain.indexOf("fp_run[0](")
                            && smain.indexOf("fp_run[0](") < smain.indexOf("if (fp_ran != 0) fp_fail(4, "),
                    l + ":\n" + smain);
        }
        for (String api : List.of("cuda", "hip")) {
            String loader = GpuLoader.source(api);
            String run = cut(loader, "static void fp_run_program(");
            assertTrue(run.contains("  fp_ran = k;"), run);
            assertTrue(
                    run.indexOf("fp_ran = k;") > run.indexOf("free(params);"),
                    "the loader's canary follows everything else:\n" + run);
            assertTrue(loader.contains("if (fp_ran != fp_k) {"), loader);
        }
        String repro =
                new CEmitter().reproducer(F32, List.of("0x1p+0", "0x1p+1", "0x1p-1"), List.of(), List.of("test"));
        assertTrue(
                repro.contains("  fp_ran = -1;\n  fp_run[0](fp_vals, fp_ints, &fp_r);\n  if (fp_ran != 0) fp_fail(4, "),
                repro);
    }

    /*
     * The C batch form must give the compilers each program exactly as the single-program form does: compute_K, called
     * once from fp_run_K. With -ffast-math the result depends on that shape, not only on the arithmetic: writing each
     * body straight into its fp_run_K (the code the compilers get after inlining compute_K) compiled 9 % faster but
     * changed 17 of 19,000 results at O3_FM, on gcc and clang-14 alike (runners/README.md, where batch compile time goes).
     */
    @Test
    void cBatchHoldsEachProgramInTheSameFunctionsAsItsSingleForm() {
        List<Program> ps = new java.util.ArrayList<>(List.of(F32, PARENS));
        ps.addAll(Generated.batch(org.fparity.gen.Grammar.defaults(), 20261123L, 6, 1)
                .programs());
        String batch = Emitter.of(Language.C).batch(ps);
        for (int k = 0; k < ps.size(); k++) {
            String single = Emitter.of(Language.C).single(ps.get(k));
            String t = ps.get(k).precision().cType();
            String compute = cut(single, "static " + t + " compute_0(").replace("compute_0(", "compute_" + k + "(");
            String run = cut(single, "static void fp_run_0(")
                    .replace("fp_run_0(", "fp_run_" + k + "(")
                    .replace("compute_0(", "compute_" + k + "(")
                    .replace("fp_arrays_make(0,", "fp_arrays_make(" + k + ",")
                    .replace("fp_arrays_free(0)", "fp_arrays_free(" + k + ")")
                    .replace("fp_ran = 0;", "fp_ran = " + k + ";");
            assertTrue(
                    batch.contains(compute),
                    "program " + k + "'s compute function differs from its single form's:\n" + compute);
            assertTrue(batch.contains(run), "program " + k + "'s fp_run differs from its single form's:\n" + run);
        }
    }

    /** From {@code start} to the end of that top-level function. */
    private static String cut(String source, String start) {
        int from = source.indexOf(start);
        assertTrue(from >= 0, "no " + start + " in:\n" + source);
        return source.substring(from, source.indexOf("\n}\n", from) + 3);
    }
}
