package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.oracle.ReferenceEvaluator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Element-wise array inputs through every harness that runs here (gcc, the clangs, PoCL, Java): at -O0 without
 * contraction each gives the bits of the program evaluated in IEEE order, which depend on every element.
 */
@Tag("tools")
class ElementwiseArraysToolsTest {
    @TempDir
    Path dir;

    /** An element-wise array before a fill-value array and a scalar, so every slot after it is shifted. */
    static final Program FP64 = Program.parse("""
            program fp64 array 5
            compute(double comp, double a[5] each, int n, double b[5], double s) {
              for (int i = 0; i < n; ++i) {
                comp += a[i] * s + b[i];
              }
              comp = comp - a[4];
            }
            """);

    static final Program FP32 = Program.parse("""
            program fp32 array 5
            compute(float comp, float s, float a[5] each, int n) {
              for (int i = 0; i < n; ++i) {
                comp = comp * s + a[i];
              }
            }
            """);
    static final List<Program> PROGRAMS = List.of(FP64, FP32);

    /** One batch line: which program, which input. */
    record Case(int k, Input input) {}

    /** Inputs in batch order. Values of mixed magnitude so that each element shows in the result. */
    static List<Case> cases() {
        return List.of(
                new Case(
                        0,
                        new Input(List.of(
                                "0x1p-3",
                                Input.elementsToken(Precision.FP64, 1e16, -3.25, 0.1, -1e16, 7.0 / 3),
                                "4",
                                "0x1.8p-2",
                                "0x1.3p+1"))),
                new Case(
                        0,
                        new Input(List.of(
                                "-0x0p+0",
                                Input.elementsToken(Precision.FP64, 1, 2, 3, 4, 5),
                                "5",
                                "-0x1p+0",
                                "0x1p-1"))),
                new Case(
                        1,
                        new Input(List.of(
                                "0x1p+0",
                                "0x1.8p-1",
                                Input.elementsToken(Precision.FP32, 1000, -1, 0.3, -2000, 1.0 / 3),
                                "5"))));
    }

    static String stdin() {
        StringBuilder sb = new StringBuilder();
        for (Case c : cases()) sb.append(c.input().line(c.k())).append('\n');
        // one element too few, and a bad element: the harness says so on that line and goes on
        sb.append("1 0x1p+0 0x1p+0 0x1p+0,0x1p+0,0x1p+0,0x1p+0 5\n");
        sb.append("1 0x1p+0 0x1p+0 0x1p+0,0x1p+0,x,0x1p+0,0x1p+0 5\n");
        return sb.toString();
    }

    /** A harness's output without the decimal field people read (its digits are the C library's %g, compared between harnesses). */
    static String bits(Tools.Result r) {
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        StringBuilder sb = new StringBuilder();
        for (String l : r.lines()) {
            String[] f = l.split(" ");
            sb.append(f[1].equals("error") ? l : f[0] + " " + f[1]).append('\n');
        }
        return sb.toString();
    }

    /** What every harness must print (hex field): the ideal IEEE platform's result (no math calls: exactly IEEE in source order). */
    static String expected() {
        StringBuilder sb = new StringBuilder();
        for (Case c : cases()) {
            int k = c.k();
            double r = ReferenceEvaluator.ideal(PROGRAMS.get(k), c.input()).comp();
            sb.append(k).append(' ').append(HexFloat.format(r)).append('\n');
        }
        sb.append("1 error bad value 3 (want 5 comma-separated values)\n");
        sb.append("1 error bad value 3 (want 5 comma-separated values)\n");
        return sb.toString();
    }

    @Test
    void theReferenceDependsOnEveryElement() {
        Input in = cases().get(2).input();
        double base = ReferenceEvaluator.ideal(FP32, in).comp();
        for (int e = 0; e < 5; e++) {
            double[] v = in.elements(2);
            v[e] = v[e] * 2;
            Input changed =
                    new Input(List.of(in.args().get(0), in.args().get(1), Input.elementsToken(Precision.FP32, v), "5"));
            double r = ReferenceEvaluator.ideal(FP32, changed).comp();
            org.junit.jupiter.api.Assertions.assertNotEquals(base, r, "element " + e + " does not change the result");
        }
    }

    @Test
    void gccAndClangAgreeWithTheReference() {
        List<String> compilers = Tools.cCompilers();
        assumeTrue(compilers.contains("gcc"), "gcc is not on PATH");
        Path src = Tools.write(dir, "batch.c", Emitter.of(Language.C).batch(PROGRAMS));
        String first = null;
        for (String cc : compilers) {
            Tools.compile(
                    dir,
                    cc,
                    "-std=c99",
                    "-O0",
                    "-ffp-contract=off",
                    "-Wall",
                    "-Werror",
                    "-Wno-unused-variable",
                    "-Wno-unused-but-set-variable",
                    "-o",
                    "c_" + cc,
                    src.toString(),
                    "-lm");
            Tools.Result r = Tools.run(dir, stdin(), dir.resolve("c_" + cc).toString());
            assertEquals(expected(), bits(r), cc);
            // and the whole text, decimals included, is the same from every compiler
            if (first == null) first = r.out();
            else assertEquals(first, r.out(), cc + " differs from gcc");
        }
        // the single-program form reads the same token from argv
        Tools.compile(
                dir,
                "gcc",
                "-O0",
                "-ffp-contract=off",
                "-o",
                "single",
                Tools.write(dir, "single.c", Emitter.of(Language.C).single(FP32))
                        .toString(),
                "-lm");
        List<String> argv = new ArrayList<>(List.of("./single"));
        argv.addAll(cases().get(2).input().args());
        String line = first.lines().toList().get(2);
        assertEquals(
                new Tools.Result(0, line.substring(2) + "\n", ""), Tools.run(dir, null, argv.toArray(String[]::new)));
    }

    @Test
    void javaAgreesWithTheReference() {
        Tools.write(
                dir, JavaEmitter.CLASS_NAME + ".java", Emitter.of(Language.JAVA).batch(PROGRAMS));
        Tools.javac(dir);
        assertEquals(expected(), bits(Tools.java(dir, stdin())));
    }

    @Test
    void poclAgreesWithTheReference() {
        assumeTrue(Tools.canRunHere("pocl"), "no OpenCL platform here (PoCL not installed)");
        Path src = Tools.write(dir, "ocl.c", Emitter.of(Language.OPENCL).batch(PROGRAMS));
        Tools.compile(
                dir,
                "gcc",
                "-O2",
                "-Wall",
                "-Werror",
                "-Wno-unused-variable",
                "-DFPARITY_FP_CONTRACT_OFF",
                "-o",
                "ocl",
                src.toString(),
                "-lOpenCL",
                "-lm");
        assertEquals(
                expected(),
                bits(Tools.run(
                        dir,
                        stdin(),
                        dir.resolve("ocl").toString(),
                        "-cl-opt-disable",
                        "-cl-fp32-correctly-rounded-divide-sqrt")));
    }

    @Test
    void cudaAndHipCompile() {
        String nvcc = Tools.nvcc();
        String hipcc = Tools.hipcc();
        assumeTrue(nvcc != null || hipcc != null, "neither nvcc nor hipcc found");
        if (nvcc != null) {
            Path src = Tools.write(dir, "batch.cu", Emitter.of(Language.CUDA).batch(PROGRAMS));
            Tools.compile(dir, nvcc, "-O3", "-gencode", "arch=compute_80,code=sm_80", "-o", "cuda", src.toString());
        }
        if (hipcc != null) {
            Path src = Tools.write(dir, "batch.hip", Emitter.of(Language.HIP).batch(PROGRAMS));
            Tools.compile(dir, Tools.HIP_ENV, hipcc, "--offload-arch=gfx90a", "-O3", "-o", "hip", src.toString());
        }
    }
}
