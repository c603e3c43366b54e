package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.fparity.exec.Outcome.Status;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * nvcc and hipcc compile here and their outcomes say why they cannot run; the harness's own exit 3 says the same. The
 * fixture harnesses are executable forms, so those tests use the toolchains without their device-only form; campaigns
 * use the device-only form (kernels per batch, the host loader once), tested with emitted programs.
 */
@Tag("tools")
@Tag("slow")
class GpuToolchainsTest {
    @TempDir
    Path tmp;

    List<Outcome> runFixture(DetectedToolchain dt, String resource, String opt) throws Exception {
        BatchEmitter e = (cls, ids) -> Fixtures.resource(resource);
        Job job = new Job(
                "Gpu",
                List.of("gpu_add"),
                e,
                dt,
                opt,
                dt.name() + "@" + opt,
                List.of(Fixtures.line("gpu_add", 0, 1, 2), Fixtures.line("gpu_add", 1, 3, 4)));
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 2, s -> {});
        ex.execute(List.of(job), out::add);
        assertEquals(1, ex.cache().compiles());
        return out;
    }

    /** The toolchain as it builds executables (no device-only form), optionally without its "runs here" probe. */
    static Toolchain executableForm(Toolchain t, boolean keepProbe) {
        return new Toolchain(
                t.name(),
                null,
                t.language(),
                t.extension(),
                null,
                t.compile(),
                t.opt(),
                null,
                null,
                t.run(),
                t.env(),
                null,
                t.version(),
                t.versionPattern(),
                keepProbe ? t.runsHereIf() : null,
                t.compileTimeoutSeconds(),
                10,
                20,
                null);
    }

    /** The device-only form without the "runs here" probe, so that the loader itself runs and says what is missing. */
    static Toolchain unprobed(Toolchain t) {
        return new Toolchain(
                t.name(),
                null,
                t.language(),
                t.extension(),
                null,
                t.compile(),
                t.opt(),
                null,
                null,
                t.run(),
                t.env(),
                null,
                t.version(),
                t.versionPattern(),
                null,
                t.compileTimeoutSeconds(),
                10,
                20,
                t.deviceOnly());
    }

    /** Program "add": comp + var_1, so inputs (1, 2) and (3, 4) give 3 and 7. */
    static final org.fparity.ir.Program ADD = org.fparity.ir.Program.parse("""
            program fp64 array 1
            compute(double comp, double var_1) {
              comp += var_1;
            }
            """);

    /**
     * A campaign's path: two opt levels of one batch through the device-only form compile the kernels twice and the
     * loader once; the loader runs and says there is no driver or device (CANNOT_RUN with its words), or, on a GPU
     * node, the kernel adds.
     */
    void deviceOnlyForm(String toolchain, String noDevice) throws Exception {
        Toolchain shipped = toolchain.startsWith("nvcc")
                ? ThisGpu.toolchain("nvcc")
                : Fixtures.shipped().get(toolchain);
        DetectedToolchain probed = DetectedToolchain.detect(shipped);
        assumeTrue(probed.canCompile(), toolchain + " cannot compile here: " + probed.compileProblem());
        assumeTrue(org.fparity.util.Processes.which("cc") != null, "no C compiler 'cc' for the GPU loader");
        DetectedToolchain dt = DetectedToolchain.detect(unprobed(shipped));
        BatchEmitter e = org.fparity.run.Emitters.forToolchain(dt.toolchain(), java.util.Map.of("add", ADD));
        List<Job> jobs = new ArrayList<>();
        for (String opt : List.of("O0", "O3")) {
            jobs.add(new Job(
                    "Gpu",
                    List.of("add"),
                    e,
                    dt,
                    opt,
                    dt.name() + "@" + opt,
                    List.of(Fixtures.line("add", 0, 1, 2), Fixtures.line("add", 1, 3, 4))));
        }
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {});
        ex.execute(jobs, out::add);
        assertEquals(3, ex.cache().compiles(), "two device builds and one loader build");
        assertEquals(4, out.size());
        addedOrCannotRun(
                probed,
                out,
                o -> assertTrue(
                        o.detail().startsWith("fparity-harness: " + noDevice)
                                || o.detail().startsWith("fparity-harness: no GPU device"),
                        o.detail()));
    }

    /** Two opt levels' outcomes of "add" on two lines: the sums where the toolchain runs here, else CANNOT_RUN, each detail checked. */
    static void addedOrCannotRun(
            DetectedToolchain probed, List<Outcome> out, java.util.function.Consumer<Outcome> detail) {
        if (probed.canRun()) {
            assertSums(out.subList(0, 2));
            assertSums(out.subList(2, 4));
            return;
        }
        for (Outcome o : out) {
            assertEquals(Status.CANNOT_RUN, o.status(), o.toString());
            detail.accept(o);
        }
    }

    @Test
    void nvccDeviceOnlyBatchesRunThroughTheCachedLoader() throws Exception {
        deviceOnlyForm("nvcc-sm80", "no NVIDIA driver here: cannot load libcuda.so.1");
    }

    @Test
    void hipccDeviceOnlyBatchesRunThroughTheCachedLoader() throws Exception {
        deviceOnlyForm("hipcc-gfx90a", "hip");
    }

    /**
     * Toolchain kind jcuda: two opt levels compile two cubins (the one-input-per-thread form) and no loader; the runner
     * in this JVM says why it cannot use the driver (JCudaDriver's static initialiser fails without libcuda.so.1), or, on
     * an NVIDIA node, the kernels add. The cubin holds the kernels and the table the runner reads.
     */
    @Test
    void jcudaBuildsCubinsAndRunsThemInProcess() throws Exception {
        Toolchain shipped = ThisGpu.toolchain("jcuda");
        DetectedToolchain probed = DetectedToolchain.detect(shipped);
        assumeTrue(probed.canCompile(), "nvcc cannot compile here: " + probed.compileProblem());
        DetectedToolchain dt = DetectedToolchain.detect(unprobed(shipped));
        // the batch holds every program of MIXED (so their one-input-per-thread kernels compile); lines are for "add"
        BatchEmitter e = org.fparity.run.Emitters.forToolchain(dt.toolchain(), MIXED);
        List<Job> jobs = new ArrayList<>();
        for (String opt : List.of("O0", "nofma")) {
            jobs.add(new Job(
                    "Gpu",
                    List.of("add", "trig", "each"),
                    e,
                    dt,
                    opt,
                    dt.name() + "@" + opt,
                    List.of(Fixtures.line("add", 0, 1, 2), Fixtures.line("add", 1, 3, 4))));
        }
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {});
        ex.execute(jobs, out::add);
        assertEquals(2, ex.cache().compiles(), "one cubin per opt level, no loader");
        assertEquals(4, out.size());
        try (var files = java.nio.file.Files.walk(tmp.resolve("build"))) {
            List<java.nio.file.Path> bins =
                    files.filter(p -> p.getFileName().toString().equals("bin")).toList();
            assertEquals(2, bins.size());
            if (org.fparity.util.Processes.which("readelf") != null) {
                String syms = org.fparity.util.Processes.probe(
                        List.of("readelf", "-sW", bins.getFirst().toString()), java.util.Map.of(), 60);
                assertTrue(syms.contains("fp_many_0") && syms.contains("fp_many_2") && syms.contains("fp_meta"), syms);
            }
        }
        addedOrCannotRun(probed, out, o -> assertEquals(JCudaRunner.unavailable(), o.detail()));
    }

    /** Programs with math calls, loops, fill-value and element-wise arrays, for the two paths on a GPU node. */
    static final java.util.Map<String, org.fparity.ir.Program> MIXED = java.util.Map.of(
            "add", ADD,
            "trig", org.fparity.ir.Program.parse("""
                    program fp64 array 4
                    compute(double comp, double x, int n, double a[4]) {
                      for (int i = 0; i < n; ++i) {
                        comp += sin(x * a[i]) / (x + 0x1.8p+0) - exp(a[i]);
                      }
                    }
                    """),
            "each", org.fparity.ir.Program.parse("""
                    program fp32 array 3
                    compute(float comp, float s, float a[3] each, int n) {
                      for (int i = 0; i < n; ++i) {
                        comp = comp * s + sqrt(a[i]);
                      }
                    }
                    """));

    /**
     * On an NVIDIA node: the JCuda path (one launch per program, an input per thread) and the executable path (one
     * process, an input per launch) give the same bits for the same kernels and inputs. Skipped (with the reason)
     * elsewhere: nothing can run a kernel there.
     */
    @Test
    void jcudaAgreesWithTheExecutablePathOnAGpu() throws Exception {
        DetectedToolchain jc = DetectedToolchain.detect(ThisGpu.toolchain("jcuda"));
        assumeTrue(jc.canRun(), "no NVIDIA GPU here: " + (jc.canCompile() ? jc.runProblem() : jc.compileProblem()));
        DetectedToolchain exe = DetectedToolchain.detect(executableForm(ThisGpu.toolchain("nvcc"), true));
        List<Job.Line> lines = new ArrayList<>();
        int in = 0;
        for (String x : List.of("0x1p+0", "-0x1.8p+3", "0x1p-1074", "inf")) {
            lines.add(new Job.Line("add", in, List.of(x, "0x1.5p+2")));
            lines.add(new Job.Line("trig", in, List.of("0x1p-3", x, "3", "0x1.2p+1")));
            lines.add(new Job.Line("each", in, List.of("0x1p+0", "0x1.8p+0", x + ",0x1p+2,0x1p-2", "3")));
            in++;
        }
        java.util.Map<String, String> byPath = new java.util.TreeMap<>();
        for (DetectedToolchain dt : List.of(exe, jc)) {
            for (String opt : List.of("O0", "O3", "O3_FM", "nofma")) {
                BatchEmitter e = org.fparity.run.Emitters.forToolchain(dt.toolchain(), MIXED);
                Job job = new Job("Mixed", List.of("add", "trig", "each"), e, dt, opt, dt.name() + "@" + opt, lines);
                List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
                new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {}).execute(List.of(job), out::add);
                assertEquals(lines.size(), out.size());
                for (Outcome o : out) {
                    assertEquals(Status.OK, o.status(), o.toString());
                    String key = opt + " " + o.program() + " " + o.input();
                    String other = byPath.putIfAbsent(key, o.hex());
                    if (other != null) assertEquals(other, o.hex(), key + ": executable vs jcuda");
                }
            }
        }
    }

    /** The fixture kernel adds its two inputs: lines (1, 2) and (3, 4). */
    private static void assertSums(List<Outcome> out) {
        java.util.Map<Integer, String> byInput = new java.util.TreeMap<>();
        for (Outcome o : out) {
            assertEquals(Status.OK, o.status(), o.toString());
            byInput.put(o.input(), o.hex());
        }
        assertEquals(java.util.Map.of(0, "0x1.8p+1", 1, "0x1.cp+2"), byInput);
    }

    @Test
    void nvccCompilesHereAndRecordsThatItCannotRun() throws Exception {
        DetectedToolchain nvcc = DetectedToolchain.detect(executableForm(ThisGpu.toolchain("nvcc"), true));
        assumeTrue(nvcc.canCompile(), "nvcc not installed: " + nvcc.compileProblem());
        List<Outcome> out = runFixture(nvcc, "gpu/harness.cu", "nofma");
        assertEquals(2, out.size());
        if (nvcc.canRun()) {
            // an NVIDIA node: the kernel really runs (1 + 2, 3 + 4), with or without the descriptor's probe
            assertSums(out);
            return;
        }
        for (Outcome o : out) {
            assertEquals(Status.CANNOT_RUN, o.status());
            assertEquals("no NVIDIA driver here (/dev/nvidiactl missing): compiled only", o.detail());
            assertEquals("nofma", o.opt());
        }
        // Without the descriptor's probe, the binary itself runs and reports the missing driver (exit 3).
        Toolchain bare = executableForm(ThisGpu.toolchain("nvcc"), false);
        List<Outcome> ran = runFixture(DetectedToolchain.detect(bare), "gpu/harness.cu", "O3");
        assertEquals(2, ran.size());
        for (Outcome o : ran) {
            assertEquals(Status.CANNOT_RUN, o.status());
            assertTrue(o.detail().startsWith("fparity-harness: CUDA error 35"), o.detail());
        }
    }

    @Test
    void hipccCompilesForGfx90aHereAndRecordsThatItCannotRun() throws Exception {
        DetectedToolchain hip =
                DetectedToolchain.detect(executableForm(Fixtures.shipped().get("hipcc-gfx90a"), true));
        assumeTrue(hip.canCompile(), "hipcc not installed: " + hip.compileProblem());
        List<Outcome> out = runFixture(hip, "gpu/harness.hip", "O3_FM");
        assertEquals(2, out.size());
        if (hip.canRun()) {
            assertSums(out); // an AMD node: the kernel really runs
            return;
        }
        for (Outcome o : out) {
            assertEquals(Status.CANNOT_RUN, o.status());
            assertEquals("no AMD GPU here (/dev/kfd missing): compiled only", o.detail());
        }
    }
}
