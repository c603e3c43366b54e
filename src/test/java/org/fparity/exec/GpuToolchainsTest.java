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

/** nvcc and hipcc compile here and their outcomes say why they cannot run; the harness's own exit 3 says the same. */
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
        DetectedToolchain nvcc = DetectedToolchain.detect(Fixtures.shipped().get("nvcc-sm80"));
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
        Toolchain bare = Fixtures.shipped().get("nvcc-sm80");
        bare = new Toolchain(bare.name(), null, bare.language(), bare.extension(), null, bare.compile(), bare.opt(), null, null, bare.run(),
                null, null, bare.version(), bare.versionPattern(), null, null, 10, 20);
        List<Outcome> ran = runFixture(DetectedToolchain.detect(bare), "gpu/harness.cu", "O3");
        assertEquals(2, ran.size());
        for (Outcome o : ran) {
            assertEquals(Status.CANNOT_RUN, o.status());
            assertTrue(o.detail().startsWith("fparity-harness: CUDA error 35"), o.detail());
        }
    }

    @Test
    void hipccCompilesForGfx90aHereAndRecordsThatItCannotRun() throws Exception {
        DetectedToolchain hip = DetectedToolchain.detect(Fixtures.shipped().get("hipcc-gfx90a"));
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
