package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import org.fparity.emit.Language;
import org.junit.jupiter.api.Test;

/**
 * GPU facts from the vendors' tools (outputs in the documented formats of nvidia-smi's CSV query and rocm-smi), and
 * which platforms they belong to: GPU toolchains only.
 */
class NodeFactsTest {
    @Test
    void nvidiaSmiGivesModelComputeCapabilityDriverAndCudaVersion() {
        Map<String, String> m = NodeFacts.nvidia(
                "NVIDIA A100-SXM4-40GB, 8.0, 535.104.05\nNVIDIA A100-SXM4-40GB, 8.0, 535.104.05\n",
                "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2     |\n");
        assertEquals(
                Map.of(
                        "gpu",
                        "NVIDIA A100-SXM4-40GB",
                        "gpu_cc",
                        "8.0",
                        "gpu_driver",
                        "535.104.05",
                        "gpu_runtime",
                        "CUDA 12.2",
                        "gpu_count",
                        "2"),
                m);
        assertEquals("NVIDIA_A100-SXM4-40GB_535.104.05_CUDA_12.2", Platform.nodeLabel(m));
        // an old driver without compute_cap in its query answers "[Not Supported]" there: left out, the rest kept
        assertEquals(
                "V100",
                NodeFacts.nvidia("V100, [Not Supported], 450.80.02", null).get("gpu"));
        assertNull(NodeFacts.nvidia("V100, [Not Supported], 450.80.02", null).get("gpu_cc"));
        assertEquals(Map.of(), NodeFacts.nvidia(null, null));
        assertEquals(Map.of(), NodeFacts.nvidia("No devices were found\n", null));
    }

    @Test
    void rocmSmiGivesModelDriverAndTarget() {
        String smi = """
                ============================ ROCm System Management Interface ============================
                ===================================== Product Info =======================================
                GPU[0]		: Card series: 		AMD INSTINCT MI250X
                GPU[0]		: Card model: 		0x740c
                GPU[1]		: Card series: 		AMD INSTINCT MI250X
                ==========================================================================================
                Driver version: 6.2.4
                """;
        Map<String, String> m = NodeFacts.amd(
                smi,
                "  Name:                    AMD EPYC 7A53\n  Name:                    gfx90a\n",
                "6.2.41134-65d174c3e\n");
        assertEquals(
                Map.of(
                        "gpu",
                        "AMD INSTINCT MI250X",
                        "gpu_driver",
                        "6.2.4",
                        "gpu_cc",
                        "gfx90a",
                        "gpu_runtime",
                        "HIP 6.2.41134-65d174c3e",
                        "gpu_count",
                        "2"),
                m);
        assertEquals(Map.of(), NodeFacts.amd("ERROR: no GPUs found\n", null, null));
    }

    @Test
    void gpuFactsMakeGpuPlatformsOnly() {
        Map<String, String> facts = Map.of("hostname", "n1", "gpu", "NVIDIA H100", "gpu_driver", "550.54");
        assertEquals("NVIDIA_H100_550.54", Platform.nodeLabel(facts, Language.CUDA));
        assertEquals("NVIDIA_H100_550.54", Platform.nodeLabel(facts, Language.HIP));
        assertEquals("NVIDIA_H100_550.54", Platform.nodeLabel(facts, Language.HIPIFY));
        assertNull(Platform.nodeLabel(facts, Language.C));
        assertNull(Platform.nodeLabel(facts, Language.OPENCL));
        assertNull(Platform.nodeLabel(facts, Language.JAVA));
        assertNull(Platform.nodeLabel(facts, null), "a descriptor without a known language");
    }
}
