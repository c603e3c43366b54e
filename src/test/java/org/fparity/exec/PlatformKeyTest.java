package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;

class PlatformKeyTest {
    @Test
    void theIdAlwaysNamesTheSiteAndTheLabelDropsOnlyTheLocalOne() {
        PlatformKey local = PlatformKey.local("gcc", "O2");
        assertEquals("gcc@O2@local", local.id());
        assertEquals("gcc@O2", local.label());
        PlatformKey lumi = new PlatformKey("gcc", "O2", "lumi", null);
        assertEquals("gcc@O2@lumi", lumi.id());
        assertEquals("gcc@O2@lumi", lumi.label());
        PlatformKey gpu = new PlatformKey("nvcc-sm80", "O3_FM", "jureca", "NVIDIA_A100_535.104");
        assertEquals("nvcc-sm80@O3_FM@jureca#NVIDIA_A100_535.104", gpu.id());
        assertNotEquals(local, lumi);
        assertEquals(new PlatformKey("nvcc-sm80", "O3_FM", "jureca", null), gpu.planned());
    }

    @Test
    void aMissingSiteIsLocal() {
        assertEquals(PlatformKey.local("gcc", "O0"), new PlatformKey("gcc", "O0", null, ""));
        assertEquals(PlatformKey.local("gcc", "O0"), new PlatformKey("gcc", "O0", " ", null));
    }

    @Test
    void everySpellingParsesBackToTheSameKey() {
        for (PlatformKey k : List.of(
                PlatformKey.local("clang-19", "O3_FM"),
                new PlatformKey("gcc", "O2", "lumi", null),
                new PlatformKey("hipcc-gfx90a", "O1", "lumi-g", "AMD_Instinct_MI250X_rocm-6.0.3"))) {
            assertEquals(k, PlatformKey.parse(k.id()));
            assertEquals(k, PlatformKey.parse(k.label()));
        }
        assertNull(PlatformKey.parse("gcc"));
        assertNull(PlatformKey.parse("gcc@"));
        assertNull(PlatformKey.parse("a@b@c@d"));
        assertNull(PlatformKey.parse("gcc@O2#node")); // node facts only come with a site
    }

    @Test
    void nodeLabelKeepsOnlyResultChangingFactsInAFixedOrder() {
        Map<String, String> cpuNode = new LinkedHashMap<>();
        cpuNode.put("hostname", "n001");
        cpuNode.put("cpu", "AMD EPYC 7763");
        assertNull(PlatformKey.nodeLabel(cpuNode));
        Map<String, String> gpuNode = new LinkedHashMap<>(cpuNode);
        gpuNode.put("gpu_driver", "535.104.05");
        gpuNode.put("gpu", "NVIDIA A100-SXM4-40GB");
        assertEquals("NVIDIA_A100-SXM4-40GB_535.104.05", PlatformKey.nodeLabel(gpuNode));
        gpuNode.put("hostname", "n002"); // another node of the same kind: the same platform
        assertEquals("NVIDIA_A100-SXM4-40GB_535.104.05", PlatformKey.nodeLabel(gpuNode));
    }

    @Test
    void orderIsToolchainThenOptThenLocalFirst() {
        TreeSet<PlatformKey> s = new TreeSet<>(List.of(
                new PlatformKey("gcc", "O0", "zeta", null),
                new PlatformKey("gcc", "O3_FM", "local", null),
                new PlatformKey("gcc", "O0", "alpha", "X"),
                PlatformKey.local("gcc", "O0"),
                new PlatformKey("gcc", "O0", "alpha", null)));
        assertEquals(
                List.of("gcc@O0@local", "gcc@O0@alpha", "gcc@O0@alpha#X", "gcc@O0@zeta", "gcc@O3_FM@local"),
                s.stream().map(PlatformKey::id).toList());
    }

    @Test
    void anOutcomeLineWrittenBeforeSitesReadsAsLocalAndItsKeyNamesTheSite() throws Exception {
        Outcome old = ProgramJson.MAPPER.readValue(
                "{\"program\":\"p1\",\"input\":2,\"toolchain\":\"gcc\",\"opt\":\"O2\",\"status\":\"OK\",\"hex\":\"0x1p+0\",\"platform\":\"gcc@O2-12345678\",\"micros\":5}",
                Outcome.class);
        assertEquals("local", old.site());
        assertNull(old.node());
        assertEquals("p1/2/gcc@O2@local", old.key());
        Outcome remote = new Outcome(
                "p1", 2, "gcc", "O2", "lumi", "GPU_X", Outcome.Status.OK, "0x1p+0", null, "gcc@O2@lumi-1", 5);
        assertEquals("p1/2/gcc@O2@lumi", remote.key()); // the run's identity: the node is not known when it is planned
        assertEquals(new PlatformKey("gcc", "O2", "lumi", "GPU_X"), remote.platformKey());
        String json = ProgramJson.MAPPER
                .writer()
                .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(remote);
        assertEquals(remote, ProgramJson.MAPPER.readValue(json, Outcome.class));
        org.junit.jupiter.api.Assertions.assertTrue(json.contains("\"site\":\"lumi\",\"node\":\"GPU_X\""), json);
    }
}
