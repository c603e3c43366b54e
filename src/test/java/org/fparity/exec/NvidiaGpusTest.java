package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which NVIDIA machine code runs on which GPU, from nvidia-smi's lines (the H100 line as an H100 printed it). */
class NvidiaGpusTest {
    static final String H100 = "NVIDIA H100 80GB HBM3, 9.0";

    @Test
    void smCodeRunsOnItsOwnMajorArchitectureOnly() {
        NvidiaGpus h100 = NvidiaGpus.parse(H100 + "\n");
        assertEquals(List.of(new NvidiaGpus.Gpu("NVIDIA H100 80GB HBM3", 9, 0)), h100.gpus());
        assertNull(h100.cannotRun("sm_90", "nvcc-sm90"));
        assertEquals(
                "this node's GPU is sm_90 (NVIDIA H100 80GB HBM3): nvcc-sm80 builds machine code for sm_80 only; use a toolchain for sm_90",
                h100.cannotRun("sm_80", "nvcc-sm80"));
        assertEquals(
                "this node's GPU is sm_90 (NVIDIA H100 80GB HBM3): nvcc-sm75 builds machine code for sm_75 only; use a toolchain for sm_90",
                h100.cannotRun("sm_75", "nvcc-sm75"));
        NvidiaGpus ampere = NvidiaGpus.parse("NVIDIA GeForce RTX 3090, 8.6\nNVIDIA A100-SXM4-40GB, 8.0\n");
        assertNull(ampere.cannotRun("sm_80", "nvcc-sm80"));
        assertNull(ampere.cannotRun("sm_86", "nvcc-sm86"), "one of the two GPUs runs it");
        assertEquals(
                "this node's GPU is sm_86 (NVIDIA GeForce RTX 3090): nvcc-sm90 builds machine code for sm_90 only; use a toolchain for sm_86",
                ampere.cannotRun("sm_90", "nvcc-sm90"));
        assertEquals(
                "this node's GPU is sm_100 (NVIDIA B200): nvcc-sm90 builds machine code for sm_90 only; use a toolchain for sm_100",
                NvidiaGpus.parse("NVIDIA B200, 10.0").cannotRun("sm_90", "nvcc-sm90"));
        assertNull(NvidiaGpus.parse("NVIDIA B200, 10.0").cannotRun("sm_100", "nvcc-sm100"));
    }

    @Test
    void withoutAnAnswerNothingIsSaidAgainstRunning() {
        assertNull(NvidiaGpus.parse(null).cannotRun("sm_80", "nvcc-sm80"));
        assertNull(NvidiaGpus.parse("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.")
                .cannotRun("sm_80", "x"));
    }
}
