package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;

class PlatformTest {
    /**
     * A platform is spelled by {@link Platform#key}, {@link Platform#label} or {@link Platform#lane} only: no class
     * glues {@code "@"} between a toolchain and an opt level by hand (the user saw {@code clang-19@site-a O3_FM} beside
     * {@code clang-19@O3_FM@site-a} when each printer had its own).
     */
    @Test
    void noPlatformIsSpelledByHandOutsidePlatform() throws java.io.IOException {
        java.util.regex.Pattern glued = java.util.regex.Pattern.compile("\\+\\s*\"@|\"@\"\\s*\\+|'@'\\s*\\+");
        List<String> found = new java.util.ArrayList<>();
        Path main = Path.of("src/main/java/org/fparity");
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(main)) {
            for (Path f :
                    files.filter(x -> x.toString().endsWith(".java")).sorted().toList()) {
                if (f.equals(main.resolve("exec/Platform.java"))) continue;
                // reads a name the user typed as a prefix of the campaign's lanes ("nvcc-sm90" of "nvcc-sm90@local#…")
                boolean reads = f.equals(main.resolve("compare/PairSelection.java"));
                List<String> lines = java.nio.file.Files.readAllLines(f);
                for (int i = 0; i < lines.size(); i++) {
                    String l = lines.get(i).strip();
                    if (l.startsWith("*") || l.startsWith("//")) continue;
                    if (glued.matcher(l).find() && !(reads && l.contains("startsWith(n + \"@\")")))
                        found.add(f + ":" + (i + 1) + ": " + l);
                }
            }
        }
        assertEquals(List.of(), found);
        assertTrue(glued.matcher("return toolchain + \"@\" + opt;").find());
        assertTrue(glued.matcher("String a = tc + \"@\" + optA;").find());
    }

    @Test
    void theIdAlwaysNamesTheSiteAndTheLabelDropsOnlyTheLocalOne() {
        Platform local = Platform.local("gcc", "O2");
        assertEquals("gcc@O2@local", local.key());
        assertEquals("gcc@O2", local.label());
        Platform lumi = new Platform("gcc", "O2", "lumi", null);
        assertEquals("gcc@O2@lumi", lumi.key());
        assertEquals("gcc@O2@lumi", lumi.label());
        Platform gpu = new Platform("nvcc-sm80", "O3_FM", "jureca", "NVIDIA_A100_535.104");
        assertEquals("nvcc-sm80@O3_FM@jureca#NVIDIA_A100_535.104", gpu.key());
        assertNotEquals(local, lumi);
        assertEquals(new Platform("nvcc-sm80", "O3_FM", "jureca", null), gpu.planned());
    }

    @Test
    void onePrintedFormThatParsesBack() {
        // compare used to print "clang-19@site-a O3_FM" and "nvcc-sm90@local#NVIDIA_H200… O3_FM" where reduce and
        // --pair spell clang-19@O3_FM@site-a: now one form everywhere, the one parse reads
        Platform here = Platform.local("clang-19", "O3_FM");
        Platform there = new Platform("clang-19", "O3_FM", "site-a", null);
        Platform gpu = new Platform("nvcc-sm90", "O3_FM", "local", "NVIDIA_H200_570.86");
        assertEquals("clang-19@O3_FM", here.toString());
        assertEquals("clang-19@O3_FM@site-a", there.toString());
        assertEquals("nvcc-sm90@O3_FM@local#NVIDIA_H200_570.86", gpu.toString());
        for (Platform p : List.of(here, there, gpu)) assertEquals(p, Platform.parse(p.toString()));
        // the lane (a toolchain where it ran) is what comparison pairs across opt levels
        assertEquals("clang-19", here.lane());
        assertEquals("clang-19@site-a", there.lane());
        assertEquals("nvcc-sm90@local#NVIDIA_H200_570.86", gpu.lane());
        assertEquals(new Platform("clang-19", "O0", "site-a", null), there.at("O0"));
    }

    @Test
    void aMissingSiteIsLocal() {
        assertEquals(Platform.local("gcc", "O0"), new Platform("gcc", "O0", null, ""));
        assertEquals(Platform.local("gcc", "O0"), new Platform("gcc", "O0", " ", null));
    }

    @Test
    void everySpellingParsesBackToTheSameKey() {
        for (Platform k : List.of(
                Platform.local("clang-19", "O3_FM"),
                new Platform("gcc", "O2", "lumi", null),
                new Platform("hipcc-gfx90a", "O1", "lumi-g", "AMD_Instinct_MI250X_rocm-6.0.3"))) {
            assertEquals(k, Platform.parse(k.key()));
            assertEquals(k, Platform.parse(k.label()));
        }
        assertNull(Platform.parse("gcc"));
        assertNull(Platform.parse("gcc@"));
        assertNull(Platform.parse("a@b@c@d"));
        assertNull(Platform.parse("gcc@O2#node")); // node facts only come with a site
    }

    @Test
    void nodeLabelKeepsOnlyResultChangingFactsInAFixedOrder() {
        Map<String, String> cpuNode = new LinkedHashMap<>();
        cpuNode.put("hostname", "n001");
        cpuNode.put("cpu", "AMD EPYC 7763");
        assertNull(Platform.nodeLabel(cpuNode));
        Map<String, String> gpuNode = new LinkedHashMap<>(cpuNode);
        gpuNode.put("gpu_driver", "535.104.05");
        gpuNode.put("gpu", "NVIDIA A100-SXM4-40GB");
        assertEquals("NVIDIA_A100-SXM4-40GB_535.104.05", Platform.nodeLabel(gpuNode));
        gpuNode.put("hostname", "n002"); // another node of the same kind: the same platform
        assertEquals("NVIDIA_A100-SXM4-40GB_535.104.05", Platform.nodeLabel(gpuNode));
    }

    @Test
    void orderIsToolchainThenOptThenLocalFirst() {
        TreeSet<Platform> s = new TreeSet<>(List.of(
                new Platform("gcc", "O0", "zeta", null),
                new Platform("gcc", "O3_FM", "local", null),
                new Platform("gcc", "O0", "alpha", "X"),
                Platform.local("gcc", "O0"),
                new Platform("gcc", "O0", "alpha", null)));
        assertEquals(
                List.of("gcc@O0@local", "gcc@O0@alpha", "gcc@O0@alpha#X", "gcc@O0@zeta", "gcc@O3_FM@local"),
                s.stream().map(Platform::key).toList());
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
        assertEquals(new Platform("gcc", "O2", "lumi", "GPU_X"), remote.platformKey());
        String json = ProgramJson.MAPPER
                .writer()
                .without(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT)
                .writeValueAsString(remote);
        assertEquals(remote, ProgramJson.MAPPER.readValue(json, Outcome.class));
        org.junit.jupiter.api.Assertions.assertTrue(json.contains("\"site\":\"lumi\",\"node\":\"GPU_X\""), json);
    }

    @Test
    void hashAndEqualityAreTheRecordsOwnWrittenOut() throws Throwable {
        // Platform writes hashCode and equals out (issue 31: the generated ones go through method handles that C1 does
        // not inline); they must be the values the record would generate, so no map's order changes
        var lookup = java.lang.invoke.MethodHandles.lookup();
        java.lang.invoke.MethodHandle[] getters = {
            lookup.findVirtual(Platform.class, "toolchain", java.lang.invoke.MethodType.methodType(String.class)),
            lookup.findVirtual(Platform.class, "opt", java.lang.invoke.MethodType.methodType(String.class)),
            lookup.findVirtual(Platform.class, "site", java.lang.invoke.MethodType.methodType(String.class)),
            lookup.findVirtual(Platform.class, "node", java.lang.invoke.MethodType.methodType(String.class))
        };
        java.lang.invoke.MethodHandle hash = ((java.lang.invoke.CallSite) java.lang.runtime.ObjectMethods.bootstrap(
                        lookup,
                        "hashCode",
                        java.lang.invoke.MethodType.methodType(int.class, Platform.class),
                        Platform.class,
                        "toolchain;opt;site;node",
                        getters))
                .getTarget();
        java.lang.invoke.MethodHandle eq = ((java.lang.invoke.CallSite) java.lang.runtime.ObjectMethods.bootstrap(
                        lookup,
                        "equals",
                        java.lang.invoke.MethodType.methodType(boolean.class, Platform.class, Object.class),
                        Platform.class,
                        "toolchain;opt;site;node",
                        getters))
                .getTarget();
        List<Platform> ps = List.of(
                Platform.local("gcc", "O2"),
                new Platform("gcc", "O2", "alpha", null),
                new Platform("gcc", "O2", "alpha", "NVIDIA_A100"),
                new Platform("clang-19", "O3_FM", "beta", null),
                new Platform("gcc", "O3", "alpha", null),
                Platform.local("nvcc-sm80", "O3_FM"));
        for (Platform a : ps) {
            assertEquals((int) hash.invokeExact(a), a.hashCode(), a.key());
            for (Platform b : ps) {
                assertEquals((boolean) eq.invokeExact(a, (Object) b), a.equals(b), a.key() + " " + b.key());
                Platform copy = new Platform(b.toolchain(), b.opt(), b.site(), b.node());
                assertEquals((boolean) eq.invokeExact(a, (Object) copy), a.equals(copy));
            }
            assertEquals((boolean) eq.invokeExact(a, (Object) null), a.equals(null));
            assertEquals((boolean) eq.invokeExact(a, (Object) "gcc@O2"), a.equals("gcc@O2"));
        }
    }
}
