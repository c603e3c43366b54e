package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Program;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 300 generated programs per precision (one mixed batch) through every toolchain here, the emitter-fidelity check on
 * IEEE-exact programs, and the sanitizer run. The slow compiles (nvcc, hipcc) start at once on two threads so the
 * tests that need them wait for less.
 */
@Tag("tools")
class GeneratedToolsTest {
    @TempDir
    static Path dir;

    static ExecutorService pool;
    static final Map<String, Future<?>> BUILDS = new ConcurrentHashMap<>();

    @BeforeAll
    static void startSlowBuilds() {
        pool = Executors.newFixedThreadPool(2);
        List<Program> ps = Generated.defaults().programs();
        Path cu = Tools.write(dir, "gen.cu", Emitter.of(Language.CUDA).batch(ps));
        Path hip = Tools.write(dir, "gen_hip.hip", Emitter.of(Language.HIP).batch(ps));
        Path hipify = Tools.write(dir, "gen_hipify.hip", Emitter.of(Language.HIPIFY).batch(ps));
        // ptxas at -O0: the check is that the text is valid CUDA for each architecture; full optimisation triples the time
        BUILDS.put("cuda", pool.submit(() -> Tools.compile(dir, "/usr/local/bin/nvcc", "-Xptxas", "-O0", "-gencode", "arch=compute_75,code=sm_75",
                "-gencode", "arch=compute_80,code=sm_80", "-gencode", "arch=compute_90,code=sm_90", "-o", "gen_cuda", cu.toString())));
        BUILDS.put("hip", pool.submit(() -> Tools.compile(dir, Tools.HIP_ENV, "hipcc", "--offload-arch=gfx90a", "-O0", "-o", "gen_hip", hip.toString())));
        BUILDS.put("hipify", pool.submit(() -> Tools.compile(dir, Tools.HIP_ENV, "hipcc", "--offload-arch=gfx90a", "-O0", "-o", "gen_hipify",
                hipify.toString())));
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
    }

    static void await(String build) {
        try {
            BUILDS.get(build).get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof AssertionError a ? a : new AssertionError(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Every line answered, in order, each a result (generated inputs are always well formed). */
    static void allResults(String who, Generated.Batch b, Tools.Result r) {
        assertEquals(0, r.exit(), who + ": " + r.err());
        // PoCL's kernel compiler prints its warning count ("1 warning generated.", e.g. for a comparison of two literals)
        assertEquals("", r.err().replaceAll("(?m)^[0-9]+ warnings? generated\\.\n", ""), who + " stderr");
        List<String> out = r.lines();
        assertEquals(b.lines().size(), out.size(), who + " line count");
        for (int i = 0; i < out.size(); i++) {
            String idx = b.lines().get(i).substring(0, b.lines().get(i).indexOf(' '));
            assertTrue(out.get(i).matches(idx + " (-?nan|-?inf|-?0x[01](\\.[0-9a-f]+)?p[+-][0-9]+) \\S+"), who + " line " + i + ": " + out.get(i));
        }
    }

    @Test
    void cCompilesAndRunsWithGccAndClang() {
        Generated.Batch b = Generated.defaults();
        Path src = Tools.write(dir, "gen.c", Emitter.of(Language.C).batch(b.programs()));
        for (String cc : List.of("gcc", "clang-19")) {
            Tools.compile(dir, cc, "-std=c99", "-O2", "-o", "gen_c_" + cc, src.toString(), "-lm");
            allResults(cc, b, Tools.run(dir, b.stdin(), dir.resolve("gen_c_" + cc).toString()));
        }
    }

    @Test
    void cIsFreeOfUndefinedBehaviourUnderSanitizers() {
        Generated.Batch b = Generated.defaults();
        Path src = Tools.write(dir, "gen_san.c", Emitter.of(Language.C).batch(b.programs()));
        Tools.compile(dir, "gcc", "-std=c99", "-O1", "-g0", "-fsanitize=undefined,address", "-fno-sanitize-recover=all", "-o", "gen_san",
                src.toString(), "-lm");
        Tools.Result r = Tools.run(dir, b.stdin(), Map.of("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0", "UBSAN_OPTIONS", "print_stacktrace=1"),
                600, dir.resolve("gen_san").toString());
        allResults("gcc -fsanitize=undefined,address", b, r);
    }

    @Test
    void cudaCompilesAndLinksForSm75Sm80Sm90() {
        await("cuda");
        Tools.Result r = Tools.run(dir, Generated.defaults().stdin(), dir.resolve("gen_cuda").toString());
        assertEquals(3, r.exit(), r.err());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("fparity-harness: cudaGetDeviceCount(&count) failed: "), r.err());
    }

    @Test
    void hipAndHipifyCompileForGfx90a() {
        for (String l : List.of("hip", "hipify")) {
            await(l);
            Tools.Result r = Tools.run(dir, Generated.defaults().stdin(), dir.resolve("gen_" + l).toString());
            assertEquals(3, r.exit(), r.err());
            assertTrue(r.err().startsWith("fparity-harness: hipGetDeviceCount(&count) failed: "), r.err());
        }
    }

    @Test
    void openclBuildsAndRunsOnPocl() {
        Generated.Batch b = Generated.defaults();
        Path src = Tools.write(dir, "gen_ocl.c", Emitter.of(Language.OPENCL).batch(b.programs()));
        Tools.compile(dir, "gcc", "-O1", "-o", "gen_ocl", src.toString(), "-lOpenCL", "-lm");
        allResults("pocl", b, Tools.run(dir, b.stdin(), dir.resolve("gen_ocl").toString()));
    }

    @Test
    void javaCompilesAndRuns() {
        Generated.Batch b = Generated.defaults();
        Path d = dir.resolve("java_default");
        d.toFile().mkdirs();
        Tools.write(d, JavaEmitter.CLASS_NAME + ".java", Emitter.of(Language.JAVA).batch(b.programs()));
        Tools.javac(d);
        allResults("java", b, Tools.java(d, b.stdin()));
    }

    /**
     * Programs using only + - * /, sqrt, fabs, fmin, fmax, ceil, floor have one IEEE-754 answer: gcc and clang at -O0
     * without contraction, PoCL without contraction and with correctly rounded FP32 division and sqrt, and Java must
     * print the same bits. The sign of a NaN is the one thing IEEE-754 leaves open (compilers reorder commutative
     * operands, and x86 returns the first NaN operand), so NaN signs are compared apart and only reported.
     */
    @Test
    void fidelityIeeeExactProgramsGiveIdenticalBitsEverywhere() {
        Generated.Batch b = Generated.fidelity();
        Path c = Tools.write(dir, "fid.c", Emitter.of(Language.C).batch(b.programs()));
        Map<String, List<String>> outs = new java.util.LinkedHashMap<>();
        for (String cc : List.of("gcc", "clang-19")) {
            Tools.compile(dir, cc, "-std=c99", "-O0", "-ffp-contract=off", "-o", "fid_" + cc, c.toString(), "-lm");
            Tools.Result r = Tools.run(dir, b.stdin(), dir.resolve("fid_" + cc).toString());
            allResults(cc, b, r);
            outs.put(cc, r.lines());
        }
        Path ocl = Tools.write(dir, "fid_ocl.c", Emitter.of(Language.OPENCL).batch(b.programs()));
        Tools.compile(dir, "gcc", "-O1", "-DFPARITY_FP_CONTRACT_OFF", "-o", "fid_ocl", ocl.toString(), "-lOpenCL", "-lm");
        Tools.Result pocl = Tools.run(dir, b.stdin(), dir.resolve("fid_ocl").toString(), "-cl-fp32-correctly-rounded-divide-sqrt");
        allResults("pocl", b, pocl);
        outs.put("pocl", pocl.lines());
        for (JavaEmitter.MathLib lib : JavaEmitter.MathLib.values()) {
            Path d = dir.resolve("fid_" + lib);
            d.toFile().mkdirs();
            Tools.write(d, JavaEmitter.CLASS_NAME + ".java", new JavaEmitter(lib).batch(b.programs()));
            Tools.javac(d);
            Tools.Result r = Tools.java(d, b.stdin());
            allResults("java " + lib, b, r);
            outs.put("java-" + lib, r.lines());
        }
        List<String> ref = outs.get("gcc");
        List<String> diffs = new ArrayList<>();
        int nanSign = 0;
        for (var e : outs.entrySet()) {
            for (int i = 0; i < ref.size(); i++) {
                String a = ref.get(i);
                String o = e.getValue().get(i);
                if (a.equals(o)) continue;
                if (a.replace("-nan", "nan").equals(o.replace("-nan", "nan"))) {
                    nanSign++;
                    continue;
                }
                diffs.add(e.getKey() + " vs gcc on '" + b.lines().get(i) + "': " + o + " / " + a);
            }
        }
        System.out.printf("fidelity: %d programs x %d inputs = %d lines on %s; NaN-sign-only differences: %d; other differences: %d%n",
                b.programs().size(), b.lines().size() / b.programs().size(), b.lines().size(), outs.keySet(), nanSign, diffs.size());
        assertEquals(List.of(), diffs.subList(0, Math.min(20, diffs.size())), diffs.size() + " differences");
        long finite = ref.stream().filter(l -> l.split(" ")[1].startsWith("0x") || l.split(" ")[1].startsWith("-0x")).count();
        assertTrue(finite > ref.size() / 3, "most fidelity outcomes should be finite numbers, got " + finite + " of " + ref.size());
    }

    /** Java's %a and %g helpers against glibc's printf on random bit patterns of both precisions, subnormals included. */
    @Test
    void javaFormattingEqualsGlibcPrintf() {
        List<Program> ps = List.of(Program.parse("program fp64 array 1\ncompute(double comp) {\n  comp *= 0x1p+0;\n}\n"),
                Program.parse("program fp32 array 1\ncompute(float comp) {\n  comp *= 0x1p+0f;\n}\n"));
        SplittableRandom r = new SplittableRandom(42);
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            long bits = r.nextLong();
            if (i % 4 == 1) bits &= 0x800fffffffffffffL; // subnormal doubles
            if (i % 4 == 2) bits = (bits & 0x8000000000000000L) | ((long) r.nextInt(0, 10) << 52 | (bits & 0xfffffffffffL)) + (1023L << 52);
            in.append("0 ").append(HexFloat.format(Double.longBitsToDouble(bits))).append('\n');
            int fb = r.nextInt();
            if (i % 4 == 1) fb &= 0x807fffff;
            if (i % 4 == 3) fb = (fb & 0x80000000) | ((r.nextInt(120, 140) << 23) | (fb & 0x7fff));
            in.append("1 ").append(HexFloat.format(Float.intBitsToFloat(fb))).append('\n');
        }
        Path c = Tools.write(dir, "fmt.c", Emitter.of(Language.C).batch(ps));
        Tools.compile(dir, "gcc", "-O0", "-o", "fmt", c.toString(), "-lm");
        Tools.Result fromC = Tools.run(dir, in.toString(), dir.resolve("fmt").toString());
        Path d = dir.resolve("fmt_java");
        d.toFile().mkdirs();
        Tools.write(d, JavaEmitter.CLASS_NAME + ".java", Emitter.of(Language.JAVA).batch(ps));
        Tools.javac(d);
        Tools.Result fromJava = Tools.java(d, in.toString());
        assertEquals(8000, fromC.lines().size());
        List<String> a = fromC.lines();
        List<String> j = fromJava.lines();
        for (int i = 0; i < a.size(); i++) assertEquals(a.get(i), j.get(i), "line " + i);
    }
}
