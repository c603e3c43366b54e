package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One small file per language (issue 29, point 4): the bundle's source is the reduced function, the input as
 * literals and one printf("%a"), not the 6 KB batch harness; build.sh finds its tools on PATH, prints both lines,
 * and exits non-zero when the discrepancy is gone.
 */
@Tag("tools")
class MinimalBundleTest {
    @TempDir
    Path tmp;

    static final Program ARRAY = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_26[8], double var_28) {
              comp /= var_26[1];
              comp = comp / 0x0.1p-1022;
              comp += comp * (-0x1p-478 * var_28);
            }
            """);
    static final Input IN = new Input(List.of("0x1p+2", "-0x1p+1017", "0x1p-1016"));

    private static DetectedToolchain tool(Toolchains tcs, String name, boolean run) {
        Toolchain tc = tcs.get(name);
        Assumptions.assumeTrue(tc != null, name + " has no descriptor");
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        Assumptions.assumeTrue(
                dt.canCompile() && (!run || dt.canRun()), name + " cannot build" + (run ? " and run" : "") + " here");
        return dt;
    }

    private Path bundle(DetectedToolchain a, String optA, Outcome oa, DetectedToolchain b, String optB, Outcome ob) {
        return Bundle.write(
                tmp.resolve("reproducers"),
                Bundle.Contents.of("edb7d410441b", ARRAY, IN, org.fparity.exec.DiscrepancyClass.NAN_NUMBER)
                        .a(a, optA, oa)
                        .b(b, optB, ob)
                        .reference(-0x1p+11)
                        .original(Size.of(ARRAY))
                        .host(Map.of())
                        .build());
    }

    /** Runs build.sh from a fresh copy of the bundle with only /usr/bin:/bin on PATH; returns exit code and output. */
    private Object[] runFresh(Path bundle) throws Exception {
        return runFresh(bundle, "/usr/bin:/bin");
    }

    /** As {@link #runFresh(Path)}, with this PATH; the bundle's folders are copied too. */
    private Object[] runFresh(Path bundle, String path) throws Exception {
        Path fresh = Files.createDirectories(tmp.resolve("fresh-" + System.nanoTime()));
        try (var files = Files.walk(bundle)) {
            for (Path f : files.toList())
                if (!f.equals(bundle))
                    Files.copy(f, fresh.resolve(bundle.relativize(f).toString()));
        }
        ProcessBuilder pb =
                new ProcessBuilder("sh", "build.sh").directory(fresh.toFile()).redirectErrorStream(true);
        pb.environment().clear();
        pb.environment().put("PATH", path);
        pb.environment().put("HOME", fresh.toString());
        return run(pb);
    }

    private static Object[] run(ProcessBuilder pb) throws Exception {
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(600, TimeUnit.SECONDS));
        return new Object[] {p.exitValue(), out};
    }

    /** A clang-14 bundle of O0 against {@code optB}, both sides' outcomes run standalone here. */
    private Path clangBundle(String optB) throws Exception {
        DetectedToolchain clang = tool(Toolchains.load(Path.of("runners", "toolchains")), "clang-14", true);
        Standalone s = new Standalone(tmp.resolve("work"));
        return bundle(clang, "O0", s.run(clang, "O0", ARRAY, IN), clang, optB, s.run(clang, optB, ARRAY, IN));
    }

    @Test
    void aCBundleIsOneSmallFileAndBuildShReproducesBothLinesOnACleanPath() throws Exception {
        Path dir = clangBundle("O3_FM");

        String src = Files.readString(dir.resolve("min.c"));
        assertFalse(Files.exists(dir.resolve("test.c")), "no batch harness beside it");
        assertTrue(src.lines().count() <= 40, "a few dozen lines:\n" + src);
        assertEquals(1, src.split("printf\\(").length - 1, "one printf: " + src);
        assertTrue(src.contains("printf(\"%a\\n\""), src);
        assertTrue(src.contains("-0x1p+1017"), "the input as literals: " + src);
        assertTrue(
                src.contains("build (clang-14@O3_FM): clang-14 -O3 -ffast-math -o bin min.c -lm"),
                "the exact build line: " + src);
        String sh = Files.readString(dir.resolve("build.sh"));
        assertFalse(sh.contains("/usr/lib/jvm") || sh.contains(" /usr/bin/"), "no absolute tool paths: " + sh);

        Object[] r = runFresh(dir);
        assertEquals(0, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("clang-14@O0 -0x1p+11\n"), (String) r[1]);
        assertTrue(((String) r[1]).contains("clang-14@O3_FM -nan\n"), (String) r[1]);
    }

    @Test
    void buildShExitsNonZeroWhenTheDiscrepancyIsGone() throws Exception {
        // "fixed": O0 and O1 agree
        Path dir = clangBundle("O1");
        Object[] r = runFresh(dir);
        assertEquals(1, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("the discrepancy is gone"), (String) r[1]);
    }

    /**
     * A tool on PATH that is not the version the finding was recorded with (a vendor with Java 17 where Java 25 found
     * 2d37359cb094's tanh) may agree with the other side for that reason alone: build.sh says so and exits 3, not 1
     * ("the discrepancy is gone"), which it said before.
     */
    @Test
    void agreementWithAToolThatIsNotTheRecordedVersionExits3NotGone() throws Exception {
        DetectedToolchain clang = tool(Toolchains.load(Path.of("runners", "toolchains")), "clang-14", true);
        DetectedToolchain older = new DetectedToolchain(
                clang.toolchain(), "Debian clang version 13.0.0 (planted)", true, null, true, null);
        Standalone s = new Standalone(tmp.resolve("work"));
        Path dir = bundle(older, "O0", s.run(clang, "O0", ARRAY, IN), older, "O1", s.run(clang, "O1", ARRAY, IN));
        Object[] r = runFresh(dir);
        String out = (String) r[1];
        assertEquals(3, r[0], out);
        assertEquals(
                1,
                out.split("note: clang-14 --version says ").length - 1,
                "one note for the one toolchain of both sides: " + out);
        assertTrue(
                out.endsWith("the two platforms agree here, but clang-14 on PATH is not the version the finding was"
                        + " recorded with (note above): this does not show that the discrepancy is gone\n"),
                out);
    }

    @Test
    void aJavaSideGetsAMinimalSourceAndFindsJavacOnPath() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/javac")), "no javac in /usr/bin");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain clang = tool(tcs, "clang-14", true);
        DetectedToolchain java = tool(tcs, "java", true);
        Standalone s = new Standalone(tmp.resolve("work"));
        Path dir = bundle(java, "O0", s.run(java, "O0", ARRAY, IN), clang, "O3_FM", s.run(clang, "O3_FM", ARRAY, IN));
        String src = Files.readString(dir.resolve("FparityHarness.java"));
        assertTrue(src.lines().count() <= 60, "a few dozen lines:\n" + src);
        assertFalse(src.contains("fp_batch") || src.contains("fp_parse"), "no harness:\n" + src);
        assertEquals(1, src.split("System\\.out\\.print").length - 1, "one print: " + src);
        assertTrue(src.contains("static double var_28 = 0x1p-1016;"), "the input as literals: " + src);
        assertTrue(src.contains("static double[] var_26 = {-0x1p+1017, -0x1p+1017"), "the array as literals: " + src);
        assertTrue(src.contains("build (java@O0): javac -nowarn -d bin FparityHarness.java"), "the build line: " + src);
        String sh = Files.readString(dir.resolve("build.sh"));
        assertTrue(sh.contains("\njavac -nowarn -d build/java_O0/bin FparityHarness.java"), "javac from PATH: " + sh);
        Object[] r = runFresh(dir);
        assertEquals(0, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("java@O0 -0x1p+11\n"), (String) r[1]);
        assertTrue(((String) r[1]).contains("clang-14@O3_FM -nan\n"), (String) r[1]);
        // the java first on that PATH may not be the one the finding was recorded with: build.sh says so
        ProcessBuilder version = new ProcessBuilder("/usr/bin/java", "-version").redirectErrorStream(true);
        version.environment().clear(); // as build.sh ran: no JAVA_TOOL_OPTIONS line first
        version.environment().put("PATH", "/usr/bin:/bin");
        String onPath = ((String) run(version)[1]).lines().findFirst().orElse("");
        assertEquals(
                !java.version().contains(onPath),
                ((String) r[1]).contains("note: java -version says " + onPath + "; recorded with " + java.version()),
                "[" + onPath + "] [" + java.version() + "]\n" + r[1]);
    }

    /**
     * java against java-strict: one language, two sources (Math against StrictMath) under the one name Java's public
     * class allows. The bundle shipped java's file alone and built java-strict from it, so build.sh printed Math's
     * result twice and said the discrepancy was gone.
     */
    @Test
    void javaAgainstJavaStrictShipsEachSideItsOwnSource() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain java = tool(tcs, "java", true);
        DetectedToolchain strict = tool(tcs, "java-strict", true);
        Program exp = Program.parse("""
                program fp64 array 1
                compute(double comp, double x) {
                  comp = exp(x);
                }
                """);
        Input in = new Input(List.of("0x0p+0", "0x1.09e01f84d6442p-1"));
        Standalone s = new Standalone(tmp.resolve("work"));
        Outcome om = s.run(java, "O0", exp, in);
        Outcome os = s.run(strict, "O0", exp, in);
        // Math.exp's intrinsic and StrictMath's fdlibm differ in the last bit here
        assertEquals("0x1.ae4ae9441edb7p+0", om.hex());
        assertEquals("0x1.ae4ae9441edb8p+0", os.hex());
        Path dir = Bundle.write(
                tmp.resolve("reproducers"),
                Bundle.Contents.of("0123456789ab", exp, in, org.fparity.exec.DiscrepancyClass.NUMBER_NUMBER)
                        .a(java, "O0", om)
                        .b(strict, "O0", os)
                        .original(Size.of(exp))
                        .host(Map.of())
                        .build());
        assertFalse(Files.exists(dir.resolve("FparityHarness.java")), "no one file for both");
        String m = Files.readString(dir.resolve("java/FparityHarness.java"));
        String sm = Files.readString(dir.resolve("java-strict/FparityHarness.java"));
        assertTrue(m.contains("Math.exp(") && !m.contains("StrictMath"), m);
        assertTrue(sm.contains("StrictMath.exp("), sm);
        assertTrue(sm.contains("build (java-strict@O0): javac -nowarn -d bin java-strict/FparityHarness.java"), sm);
        Object[] r = runFresh(dir, Path.of(System.getProperty("java.home"), "bin") + ":/usr/bin:/bin");
        assertEquals(0, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("java@O0 0x1.ae4ae9441edb7p+0\n"), (String) r[1]);
        assertTrue(((String) r[1]).contains("java-strict@O0 0x1.ae4ae9441edb8p+0\n"), (String) r[1]);
    }

    @Test
    void anOpenClSideGetsAMinimalHostAndKernelThatReproduceOnACleanPath() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain clang = tool(tcs, "clang-14", true);
        DetectedToolchain pocl = tool(tcs, "pocl", true);
        Standalone s = new Standalone(tmp.resolve("work"));
        Outcome po = s.run(pocl, "O0", ARRAY, IN);
        Assumptions.assumeTrue(po.status() == Outcome.Status.OK, "PoCL gives no result here: " + po);
        Path dir = bundle(pocl, "O0", po, clang, "O3_FM", s.run(clang, "O3_FM", ARRAY, IN));
        String src = Files.readString(dir.resolve("min_opencl.c"));
        assertFalse(Files.exists(dir.resolve("test_opencl.c")), "no batch harness beside it");
        assertTrue(src.lines().count() <= 60, "a few dozen lines:\n" + src);
        assertEquals(1, src.split("(?<![a-z])printf\\(").length - 1, "one printf (fprintf only for errors): " + src);
        assertTrue(src.contains("double var_28 = 0x1p-1016;"), "the input as literals: " + src);
        assertTrue(src.contains("build (pocl@O0): gcc -O2 -o bin min_opencl.c -lOpenCL -lm"), "the build line: " + src);
        Object[] r = runFresh(dir);
        assertEquals(0, r[0], (String) r[1]);
        assertTrue(((String) r[1]).contains("pocl@O0 " + po.hex() + "\n"), (String) r[1]);
        assertTrue(((String) r[1]).contains("clang-14@O3_FM -nan\n"), (String) r[1]);
    }

    @Test
    void cudaAndHipBundlesCompileWithNvccAndHipcc() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        for (String name : List.of("nvcc-sm80", "hipcc-gfx90a")) {
            Assumptions.assumeTrue(
                    Executables.find(name.startsWith("nvcc") ? "nvcc" : "hipcc") != null, name + " is not installed");
            DetectedToolchain gpu = tool(tcs, name, false);
            Outcome none = new Outcome(
                    ARRAY.id(), 0, name, "O3_FM", Outcome.Status.CANNOT_RUN, null, "no GPU here", name + "@O3_FM", 0);
            Outcome ok = new Outcome(ARRAY.id(), 0, name, "O0", Outcome.Status.OK, "-0x1p+11", null, name + "@O0", 0);
            Path dir = bundle(gpu, "O0", ok, gpu, "O3_FM", none);
            String file = name.startsWith("nvcc") ? "min.cu" : "min.hip";
            String src = Files.readString(dir.resolve(file));
            assertTrue(src.lines().count() <= 50, src);
            assertTrue(src.contains("__global__ void kernel("), src);
            // the exact build line of the bundle, compiled here (it cannot run here)
            List<String> argv = Bundle.portable(gpu.toolchain().compileArgv("O3_FM", file, "bin", "test"));
            ProcessBuilder pb = new ProcessBuilder(argv).directory(dir.toFile()).redirectErrorStream(true);
            pb.environment().putAll(gpu.toolchain().env());
            Object[] r = run(pb);
            assertEquals(0, r[0], name + ": " + String.join(" ", argv) + "\n" + r[1] + "\n" + src);
            assertTrue(Files.isRegularFile(dir.resolve("bin")), name);
            Files.delete(dir.resolve("bin"));
        }
    }
}
