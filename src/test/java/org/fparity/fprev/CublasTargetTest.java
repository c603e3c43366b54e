package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

/** No GPU here: the target must say so clearly; the host side (masked rows in device format) is checked directly. */
class CublasTargetTest {
    @Test
    /* True on an NVIDIA node (the driver's control device, what the nvcc toolchains' runsHereIf checks). */
    static boolean nvidiaNode() {
        return java.nio.file.Files.exists(java.nio.file.Path.of("/dev/nvidiactl"));
    }

    /** On an NVIDIA node cuBLAS is probed for real and its tree must replay; elsewhere the clean exit 3 "no CUDA". */
    @Test
    void revealsOnAnNvidiaNodeElseSaysNoCudaWithExitThree() {
        for (String spec : new String[] {"cublas.gemm", "cublas.dot"}) {
            CublasTarget t = CublasTarget.of(spec, Precision.FP32);
            if (nvidiaNode()) {
                Fprev.Result r;
                try {
                    r = Fprev.reveal(t, 32, Fprev.Algo.ADVANCED);
                } catch (FparityError e) {
                    // JCublas 12.6 links libcublas.so.12; a CUDA 13 node has libcublas.so.13 only (an H100,
                    // 2026-11-27):
                    // nothing here can probe cuBLAS then (runners/fprev/torch_target.py does, through PyTorch)
                    org.junit.jupiter.api.Assumptions.assumeFalse(
                            e.code() == ExitCode.MISSING_TOOL && e.getMessage().contains("libcublas.so.12"),
                            e.getMessage());
                    throw e;
                }
                assertEquals(32, r.tree().n());
                assertTrue(r.replay().matches(), spec + ": " + r.replay().verdict());
            } else {
                FparityError e = assertThrows(FparityError.class, () -> Fprev.reveal(t, 32, Fprev.Algo.ADVANCED));
                assertEquals(ExitCode.MISSING_TOOL, e.code());
                assertTrue(e.getMessage().startsWith(spec + ": no CUDA"), e.getMessage());
            }
        }
        if (!nvidiaNode()) {
            FparityError half = assertThrows(
                    FparityError.class,
                    () -> CublasTarget.of("cublas.gemm", Precision.FP16).open(32, 0x1p15, 0x1p-24));
            assertTrue(half.getMessage().contains("no CUDA"), half.getMessage());
        }
    }

    @Test
    void maskedRowsInDeviceFormats() {
        short[] h = (short[]) CublasTarget.maskedRow(6, Precision.FP16, 1, 4, 0, 6, 0x1p15, 0x1p-24);
        // float16 bits: 2^15 = 0x7800, -2^15 = 0xF800, 2^-24 (smallest subnormal) = 0x0001
        assertArrayEquals(new short[] {0x0001, 0x7800, 0x0001, 0x0001, (short) 0xF800, 0x0001}, h);
        float[] f = (float[]) CublasTarget.maskedRow(5, Precision.FP32, 0, 2, 3, 5, 0x1p127, 1.0);
        assertArrayEquals(new float[] {0x1p127f, 0f, -0x1p127f, 1f, 1f}, f);
    }

    @Test
    void unsupportedCombinationsAreBadInput() {
        assertThrows(FparityError.class, () -> CublasTarget.of("cublas.dot", Precision.FP16));
        assertThrows(FparityError.class, () -> CublasTarget.of("cublas.gemm", Precision.FP64));
        assertThrows(FparityError.class, () -> CublasTarget.of("cublas.axpy", Precision.FP32));
    }
}
