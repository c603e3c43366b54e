package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hand-written programs through every real toolchain here: compile, run where a device exists, check the protocol. */
@Tag("tools")
class HandProgramsToolsTest {
    static final List<Program> PROGRAMS = HandPrograms.all();

    @TempDir
    Path dir;

    static String stdin() {
        StringBuilder sb = new StringBuilder();
        for (String l : HandPrograms.lines()) sb.append(l).append('\n');
        for (String[] k : HandPrograms.KNOWN) sb.append(k[0]).append('\n');
        return sb.toString();
    }

    /** Checks one harness's output: one line per input line, known lines exact, every other line a result. */
    static void checkProtocol(String who, Tools.Result r) {
        assertEquals(0, r.exit(), who + " exit code; stderr: " + r.err());
        assertEquals("", r.err(), who + " stderr");
        List<String> lines = r.lines();
        int n = HandPrograms.lines().size();
        assertEquals(n + HandPrograms.KNOWN.size(), lines.size(), who + " line count:\n" + r.out());
        for (int i = 0; i < n; i++) {
            String idx = HandPrograms.lines().get(i).split(" ")[0];
            assertTrue(
                    lines.get(i).matches(idx + " (-?nan|-?inf|-?0x[01](\\.[0-9a-f]+)?p[+-][0-9]+) \\S+"),
                    who + ": " + lines.get(i));
        }
        // IEEE 754 leaves the sign of an operation's NaN open: x86 keeps the operand's (-nan / 1 is -nan), NVIDIA GPUs
        // return the canonical NaN (nan, found on an H200); campaigns ignore it, and so does this check
        for (int i = 0; i < HandPrograms.KNOWN.size(); i++) {
            assertEquals(
                    HandPrograms.KNOWN.get(i)[1].replace("-nan", "nan"),
                    lines.get(n + i).replace("-nan", "nan"),
                    who + " on '" + HandPrograms.KNOWN.get(i)[0] + "'");
        }
    }

    @Test
    void cCompilesWithEveryCompilerAndAllAgree() {
        Path src = Tools.write(dir, "batch.c", Emitter.of(Language.C).batch(PROGRAMS));
        String first = null;
        List<String> compilers = Tools.cCompilers();
        assumeTrue(compilers.contains("gcc"), "gcc is not on PATH");
        // the clangs are optional: each one present must agree with gcc; with none, there is nothing to compare
        assumeTrue(compilers.size() > 1, "no clang (19, 16 or 14) on PATH to compare with gcc");
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
            checkProtocol(cc, r);
            // every compiler calls the same glibc at -O0 without contraction: the whole output is identical
            if (first == null) first = r.out();
            else assertEquals(first, r.out(), cc + " differs from gcc");
        }
    }

    @Test
    void cSingleProgramFormTakesArgv() {
        Program p = PROGRAMS.get(5);
        Tools.compile(
                dir,
                "gcc",
                "-O0",
                "-o",
                "single",
                Tools.write(dir, "single.c", Emitter.of(Language.C).single(p)).toString(),
                "-lm");
        assertEquals(
                new Tools.Result(0, "0x1.5555555555555p-2 0.33333333333333331\n", ""),
                Tools.run(dir, null, "./single", "0x1p+0", "0x1.8p+1"));
        Tools.Result bad = Tools.run(dir, null, "./single", "0x1p+0");
        assertEquals(4, bad.exit());
        assertEquals("fparity-harness: expected 2 values, got 1\n", bad.err());
    }

    @Test
    void javaCompilesAndRunsWithBothLibraries() {
        for (JavaEmitter.MathLib lib : JavaEmitter.MathLib.values()) {
            Path d = dir.resolve(lib.name());
            d.toFile().mkdirs();
            Tools.write(d, JavaEmitter.CLASS_NAME + ".java", new JavaEmitter(lib).batch(PROGRAMS));
            Tools.javac(d);
            checkProtocol("java " + lib, Tools.java(d, stdin()));
        }
    }

    @Test
    void javaSingleProgramFormTakesArgv() {
        Tools.write(
                dir, JavaEmitter.CLASS_NAME + ".java", Emitter.of(Language.JAVA).single(PROGRAMS.get(6)));
        Tools.javac(dir);
        assertEquals(
                new Tools.Result(0, "0x1.555556p-2 0.333333343\n", ""), Tools.java(dir, null, "0x1p+0", "0x1.8p+1"));
        Tools.Result bad = Tools.java(dir, null, "0x1p+0", "x");
        assertEquals(4, bad.exit());
        assertEquals("fparity-harness: bad value 2\n", bad.err());
    }

    @Test
    void openclBuildsAndRunsOnPocl() {
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
        checkProtocol(
                "pocl",
                Tools.run(dir, stdin(), dir.resolve("ocl").toString(), "-cl-fp32-correctly-rounded-divide-sqrt"));
        Tools.Result noDevice = Tools.run(
                dir,
                "",
                Map.of("FPARITY_OPENCL_DEVICE", "7:0"),
                120,
                dir.resolve("ocl").toString());
        assertEquals(3, noDevice.exit(), noDevice.err());
        assertEquals("fparity-harness: no OpenCL device FPARITY_OPENCL_DEVICE=7:0\n", noDevice.err());
        Tools.Result badOption = Tools.run(dir, "4 0x1p+0\n", dir.resolve("ocl").toString(), "-cl-no-such-option");
        assertEquals(4, badOption.exit(), badOption.err());
        assertTrue(badOption.err().startsWith("fparity-harness: clBuildProgram failed"), badOption.err());
    }

    /**
     * Compiles for three architectures here; where {@code fparity toolchains} says CUDA binaries can run (an NVIDIA
     * node), runs them through the same protocol check as every other harness, else checks the clean "no device" exit 3.
     */
    @Test
    void cudaCompilesForThreeArchitecturesAndRunsOrSaysTheDriverIsMissing() {
        String nvcc = Tools.nvcc();
        assumeTrue(nvcc != null, "nvcc not found on PATH or in $CUDA_HOME/bin");
        Path src = Tools.write(dir, "batch.cu", Emitter.of(Language.CUDA).batch(PROGRAMS));
        Tools.compile(
                dir,
                nvcc,
                "-O3",
                "-gencode",
                "arch=compute_75,code=sm_75",
                "-gencode",
                "arch=compute_80,code=sm_80",
                "-gencode",
                "arch=compute_90,code=sm_90",
                "-o",
                "cuda",
                src.toString());
        Tools.Result r = Tools.run(dir, stdin(), dir.resolve("cuda").toString());
        if (Tools.nvidiaGpuHere()) {
            checkProtocol("cuda", r);
        } else {
            assertEquals(3, r.exit(), r.err());
            assertEquals("", r.out());
            assertTrue(
                    r.err()
                            .matches(
                                    "fparity-harness: cudaGetDeviceCount\\(&count\\) failed: (35|100) cudaError\\w+: [^\n]+\n"),
                    r.err());
        }
    }

    @Test
    void hipAndHipifyCompileForGfx90aAndRunOrSayTheDeviceIsMissing() {
        String hipcc = Tools.hipcc();
        assumeTrue(hipcc != null, "hipcc not found on PATH or in $ROCM_PATH/bin");
        boolean canRun = Tools.canRunHere("hipcc-gfx90a");
        for (Language l : List.of(Language.HIP, Language.HIPIFY)) {
            Path src = Tools.write(dir, l.id() + ".hip", Emitter.of(l).batch(PROGRAMS));
            // on an AMD node, for the GPU that is there; here, for the MI200 series
            Tools.compile(
                    dir,
                    Tools.HIP_ENV,
                    hipcc,
                    "--offload-arch=" + (canRun ? "native" : "gfx90a"),
                    "-O3",
                    "-o",
                    l.id(),
                    src.toString());
            Tools.Result r = Tools.run(dir, stdin(), dir.resolve(l.id()).toString());
            if (canRun) {
                checkProtocol(l.id(), r);
            } else {
                assertEquals(3, r.exit(), l + ": " + r.err());
                assertEquals("", r.out());
                assertTrue(
                        r.err()
                                .matches(
                                        "fparity-harness: hipGetDeviceCount\\(&count\\) failed: (100|101|35) hipError\\w+: [^\n]+\n"),
                        r.err());
            }
        }
    }
}
