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
        Job job = new Job("Gpu", List.of("gpu_add"), e, dt, opt, dt.name() + "@" + opt,
                List.of(Fixtures.line("gpu_add", 0, 1, 2), Fixtures.line("gpu_add", 1, 3, 4)));
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 2, s -> {});
        ex.execute(List.of(job), out::add);
        assertEquals(1, ex.cache().compiles());
        return out;
    }

    /** The toolchain as it builds executables (no device-only form), optionally without its "runs here" probe. */
    static Toolchain executableForm(Toolchain t, boolean keepProbe) {
        return new Toolchain(t.name(), null, t.language(), t.extension(), null, t.compile(), t.opt(), null, null, t.run(), t.env(), null,
                t.version(), t.versionPattern(), keepProbe ? t.runsHereIf() : null, t.compileTimeoutSeconds(), 10, 20, null);
    }

    /** The device-only form without the "runs here" probe, so that the loader itself runs and says what is missing. */
    static Toolchain unprobed(Toolchain t) {
        return new Toolchain(t.name(), null, t.language(), t.extension(), null, t.compile(), t.opt(), null, null, t.run(), t.env(), null,
                t.version(), t.versionPattern(), null, t.compileTimeoutSeconds(), 10, 20, t.deviceOnly());
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
        Toolchain shipped = Fixtures.shipped().get(toolchain);
        DetectedToolchain probed = DetectedToolchain.detect(shipped);
        assumeTrue(probed.canCompile(), toolchain + " cannot compile here: " + probed.compileProblem());
        assumeTrue(org.fparity.util.Processes.which("cc") != null, "no C compiler 'cc' for the GPU loader");
        DetectedToolchain dt = DetectedToolchain.detect(unprobed(shipped));
        BatchEmitter e = org.fparity.campaign.Emitters.forToolchain(dt.toolchain(), java.util.Map.of("add", ADD));
        List<Job> jobs = new ArrayList<>();
        for (String opt : List.of("O0", "O3")) {
            jobs.add(new Job("Gpu", List.of("add"), e, dt, opt, dt.name() + "@" + opt, List.of(Fixtures.line("add", 0, 1, 2), Fixtures.line("add", 1, 3, 4))));
        }
        List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
        LocalExecutor ex = new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {});
        ex.execute(jobs, out::add);
        assertEquals(3, ex.cache().compiles(), "two device builds and one loader build");
        assertEquals(4, out.size());
        if (probed.canRun()) {
            assertSums(out.subList(0, 2));
            assertSums(out.subList(2, 4));
            return;
        }
        for (Outcome o : out) {
            assertEquals(Status.CANNOT_RUN, o.status(), o.toString());
            assertTrue(o.detail().startsWith("fparity-harness: " + noDevice) || o.detail().startsWith("fparity-harness: no GPU device"), o.detail());
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
        DetectedToolchain nvcc = DetectedToolchain.detect(executableForm(Fixtures.shipped().get("nvcc-sm80"), true));
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
        Toolchain bare = executableForm(Fixtures.shipped().get("nvcc-sm80"), false);
        List<Outcome> ran = runFixture(DetectedToolchain.detect(bare), "gpu/harness.cu", "O3");
        assertEquals(2, ran.size());
        for (Outcome o : ran) {
            assertEquals(Status.CANNOT_RUN, o.status());
            assertTrue(o.detail().startsWith("fparity-harness: CUDA error 35"), o.detail());
        }
    }

    @Test
    void hipccCompilesForGfx90aHereAndRecordsThatItCannotRun() throws Exception {
        DetectedToolchain hip = DetectedToolchain.detect(executableForm(Fixtures.shipped().get("hipcc-gfx90a"), true));
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
