package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
        Path hipify =
                Tools.write(dir, "gen_hipify.hip", Emitter.of(Language.HIPIFY).batch(ps));
        // ptxas at -O0: the check is that the text is valid CUDA for each architecture; full optimisation triples the
        // time
        String nvcc = Tools.nvcc(), hipcc = Tools.hipcc();
        if (nvcc != null) {
            BUILDS.put(
                    "cuda",
                    pool.submit(() -> Tools.compile(
                            dir,
                            nvcc,
                            "-Xptxas",
                            "-O0",
                            "-gencode",
                            "arch=compute_75,code=sm_75",
                            "-gencode",
                            "arch=compute_80,code=sm_80",
                            "-gencode",
                            "arch=compute_90,code=sm_90",
                            "-o",
                            "gen_cuda",
                            cu.toString())));
        }
        if (hipcc != null) {
            BUILDS.put(
                    "hip",
                    pool.submit(() -> Tools.compile(
                            dir,
                            Tools.HIP_ENV,
                            hipcc,
                            "--offload-arch=" + hipArch(),
                            "-O0",
                            "-o",
                            "gen_hip",
                            hip.toString())));
            BUILDS.put(
                    "hipify",
                    pool.submit(() -> Tools.compile(
                            dir,
                            Tools.HIP_ENV,
                            hipcc,
                            "--offload-arch=" + hipArch(),
                            "-O0",
                            "-o",
                            "gen_hipify",
                            hipify.toString())));
        }
    }

    @AfterAll
    static void stop() {
        pool.shutdownNow();
    }

    /** The GPU that is here on an AMD node; the MI200 series where nothing can run. */
    static String hipArch() {
        return CAN_RUN_HIP ? "native" : "gfx90a";
    }

    static final boolean CAN_RUN_CUDA = Tools.nvidiaGpuHere();
    static final boolean CAN_RUN_HIP = Tools.canRunHere("hipcc-gfx90a");

    static void await(String build) {
        assumeTrue(
                BUILDS.containsKey(build),
                (build.equals("cuda")
                        ? "nvcc not found on PATH or in $CUDA_HOME/bin"
                        : "hipcc not found on PATH or in $ROCM_PATH/bin"));
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
        // PoCL's kernel compiler prints its warning count ("1 warning generated.", e.g. for a comparison of two
        // literals)
        assertEquals("", r.err().replaceAll("(?m)^[0-9]+ warnings? generated\\.\n", ""), who + " stderr");
        List<String> out = r.lines();
        assertEquals(b.lines().size(), out.size(), who + " line count");
        for (int i = 0; i < out.size(); i++) {
            String idx = b.lines().get(i).substring(0, b.lines().get(i).indexOf(' '));
            assertTrue(
                    out.get(i).matches(idx + " (-?nan|-?inf|-?0x[01](\\.[0-9a-f]+)?p[+-][0-9]+) \\S+"),
                    who + " line " + i + ": " + out.get(i));
        }
    }

    @Test
    void cCompilesAndRunsWithGccAndClang() {
        assumeTrue(Tools.onPath("clang-19"), "clang-19 is not on PATH");
        Generated.Batch b = Generated.defaults();
        Path src = Tools.write(dir, "gen.c", Emitter.of(Language.C).batch(b.programs()));
        for (String cc : List.of("gcc", "clang-19")) {
            Tools.compile(dir, cc, "-std=c99", "-O2", "-o", "gen_c_" + cc, src.toString(), "-lm");
            allResults(
                    cc, b, Tools.run(dir, b.stdin(), dir.resolve("gen_c_" + cc).toString()));
        }
    }

    @Test
    void cIsFreeOfUndefinedBehaviourUnderSanitizers() {
        Generated.Batch b = Generated.defaults();
        Path src = Tools.write(dir, "gen_san.c", Emitter.of(Language.C).batch(b.programs()));
        Tools.compile(
                dir,
                "gcc",
                "-std=c99",
                "-O1",
                "-g0",
                "-fsanitize=undefined,address",
                "-fno-sanitize-recover=all",
                "-o",
                "gen_san",
                src.toString(),
                "-lm");
        Tools.Result r = Tools.run(
                dir,
                b.stdin(),
                Map.of("ASAN_OPTIONS", "detect_leaks=1:abort_on_error=0", "UBSAN_OPTIONS", "print_stacktrace=1"),
                600,
                dir.resolve("gen_san").toString());
        allResults("gcc -fsanitize=undefined,address", b, r);
    }

    /** Compiles for sm_75/80/90; on an NVIDIA node (per {@code fparity toolchains}) runs every line, else the clean exit 3. */
    @Test
    void cudaCompilesAndLinksForSm75Sm80Sm90() {
        await("cuda");
        Generated.Batch b = Generated.defaults();
        Tools.Result r = Tools.run(dir, b.stdin(), dir.resolve("gen_cuda").toString());
        if (CAN_RUN_CUDA) {
            allResults("cuda", b, r);
        } else {
            assertEquals(3, r.exit(), r.err());
            assertEquals("", r.out());
            assertTrue(r.err().startsWith("fparity-harness: cudaGetDeviceCount(&count) failed: "), r.err());
        }
    }

    @Test
    void hipAndHipifyCompileForGfx90a() {
        Generated.Batch b = Generated.defaults();
        for (String l : List.of("hip", "hipify")) {
            await(l);
            Tools.Result r = Tools.run(dir, b.stdin(), dir.resolve("gen_" + l).toString());
            if (CAN_RUN_HIP) {
                allResults(l, b, r);
            } else {
                assertEquals(3, r.exit(), r.err());
                assertEquals("", r.out());
                assertTrue(r.err().startsWith("fparity-harness: hipGetDeviceCount(&count) failed: "), r.err());
            }
        }
    }

    /** gcc -O0 -ffp-contract=off on the IEEE-exact programs: the bits every faithful platform must print. */
    static List<String> gccReference(Generated.Batch b, String name) {
        Path c = Tools.write(dir, name + ".c", Emitter.of(Language.C).batch(b.programs()));
        Tools.compile(dir, "gcc", "-std=c99", "-O0", "-ffp-contract=off", "-o", name, c.toString(), "-lm");
        Tools.Result r = Tools.run(dir, b.stdin(), dir.resolve(name).toString());
        allResults("gcc", b, r);
        return r.lines();
    }

    /** Differences from the reference other than the sign of a NaN (which IEEE-754 leaves open). */
    static List<String> bitDifferences(String who, Generated.Batch b, List<String> ref, List<String> got) {
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < ref.size(); i++) {
            String a = ref.get(i), o = got.get(i);
            if (!a.replace("-nan", "nan").equals(o.replace("-nan", "nan")))
                diffs.add(who + " vs gcc on '" + b.lines().get(i) + "': " + o + " / " + a);
        }
        return diffs;
    }

    /**
     * The emitter-fidelity rule on GPUs: nvcc {@code --fmad=false -O0} must print gcc {@code -O0 -ffp-contract=off}'s
     * bits on IEEE-exact programs. Where no NVIDIA GPU can run the binary, it must end with the clean "no device" exit 3.
     */
    @Test
    void cudaIeeeExactProgramsMatchGccOrSayNoDevice() {
        String nvcc = Tools.nvcc();
        assumeTrue(nvcc != null, "nvcc not found on PATH or in $CUDA_HOME/bin");
        gpuFidelity(
                Language.CUDA,
                "cuda",
                CAN_RUN_CUDA,
                "cudaGetDeviceCount",
                Map.of(),
                nvcc,
                "--fmad=false",
                "-O0",
                "-Xptxas",
                "-O0",
                CAN_RUN_CUDA ? "-arch=native" : "-arch=sm_80");
    }

    /** The same rule for HIP: hipcc {@code -ffp-contract=off -O0} against gcc, or the clean "no device" exit 3. */
    @Test
    void hipIeeeExactProgramsMatchGccOrSayNoDevice() {
        String hipcc = Tools.hipcc();
        assumeTrue(hipcc != null, "hipcc not found on PATH or in $ROCM_PATH/bin");
        gpuFidelity(
                Language.HIP,
                "hip",
                CAN_RUN_HIP,
                "hipGetDeviceCount",
                Tools.HIP_ENV,
                hipcc,
                "-ffp-contract=off",
                "-O0",
                "--offload-arch=" + hipArch());
    }

    /** Builds the fidelity batch with {@code compiler} and either compares its bits with gcc's or checks exit 3. */
    static void gpuFidelity(
            Language l, String name, boolean canRun, String deviceCall, Map<String, String> env, String... compiler) {
        Generated.Batch b = Generated.fidelity();
        Path src = Tools.write(
                dir,
                "fid_" + name + (l == Language.CUDA ? ".cu" : ".hip"),
                Emitter.of(l).batch(b.programs()));
        List<String> cmd = new ArrayList<>(List.of(compiler));
        cmd.addAll(List.of("-o", "fid_" + name, src.toString()));
        Tools.compile(dir, env, cmd.toArray(String[]::new));
        Tools.Result r = Tools.run(dir, b.stdin(), dir.resolve("fid_" + name).toString());
        if (canRun) {
            allResults(name, b, r);
            List<String> diffs = bitDifferences(name, b, gccReference(b, "fid_ref_" + name), r.lines());
            assertEquals(List.of(), diffs.subList(0, Math.min(20, diffs.size())), diffs.size() + " differences");
        } else {
            assertEquals(3, r.exit(), r.err());
            assertEquals("", r.out());
            assertTrue(r.err().startsWith("fparity-harness: " + deviceCall + "(&count) failed: "), r.err());
        }
    }

    /** Java's %a and %g helpers against glibc's printf on random bit patterns of both precisions, subnormals included. */
    @Test
    void javaFormattingEqualsGlibcPrintf() {
        List<Program> ps = List.of(
                Program.parse("program fp64 array 1\ncompute(double comp) {\n  comp *= 0x1p+0;\n}\n"),
                Program.parse("program fp32 array 1\ncompute(float comp) {\n  comp *= 0x1p+0f;\n}\n"));
        SplittableRandom r = new SplittableRandom(42);
        StringBuilder in = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            long bits = r.nextLong();
            if (i % 4 == 1) bits &= 0x800fffffffffffffL; // subnormal doubles
            if (i % 4 == 2)
                bits = (bits & 0x8000000000000000L)
                        | ((long) r.nextInt(0, 10) << 52 | (bits & 0xfffffffffffL)) + (1023L << 52);
            in.append("0 ")
                    .append(HexFloat.format(Double.longBitsToDouble(bits)))
                    .append('\n');
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
        Tools.write(
                d, JavaEmitter.CLASS_NAME + ".java", Emitter.of(Language.JAVA).batch(ps));
        Tools.javac(d);
        Tools.Result fromJava = Tools.java(d, in.toString());
        assertEquals(8000, fromC.lines().size());
        List<String> a = fromC.lines();
        List<String> j = fromJava.lines();
        for (int i = 0; i < a.size(); i++) assertEquals(a.get(i), j.get(i), "line " + i);
    }
}
