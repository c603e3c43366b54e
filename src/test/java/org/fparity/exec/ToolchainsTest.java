package org.fparity.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToolchainsTest {
    @TempDir
    Path tmp;

    @Test
    void everyShippedToolchainLoads() {
        Toolchains all = Fixtures.shipped();
        assertEquals(List.of(), all.problems());
        // every file loads, sorted by name, named as its file: read from the folder, so adding a toolchain breaks
        // nothing
        List<String> files = new java.util.ArrayList<>();
        try (var fs = java.nio.file.Files.list(Path.of("runners/toolchains"))) {
            fs.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".json"))
                    .forEach(n -> files.add(n.substring(0, n.length() - 5)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        java.util.Collections.sort(files);
        assertEquals(files, all.all().stream().map(Toolchain::name).toList());
        for (Toolchain tc : all.all()) {
            assertTrue(tc.optLevels().containsAll(Toolchain.STANDARD_OPTS), tc.name() + " lacks a standard opt level");
        }
        Toolchain nvcc = all.get("nvcc-sm80");
        assertEquals(
                List.of("nvcc", "-gencode", "arch=compute_80,code=sm_80", "-O3", "--fmad=false", "-o", "b", "s.cu"),
                nvcc.compileArgv("nofma", "s.cu", "b", "C"));
        assertEquals(
                List.of("nvcc", "-gencode", "arch=compute_80,code=sm_80", "-O3", "-use_fast_math", "-o", "b", "s.cu"),
                nvcc.compileArgv("O3_FM", "s.cu", "b", "C"));
        assertTrue(all.get("hipcc-gfx90a").compileArgv("O3_FM", "s", "b", "C").contains("-DHIP_FAST_MATH"));
        assertEquals("amd", all.get("hipcc-gfx90a").env().get("HIP_PLATFORM"));
        // PoCL: kernel build options are argv of the host binary, so one host build serves every opt level.
        Toolchain pocl = all.get("pocl");
        assertEquals(List.of("/b", "-cl-fast-relaxed-math"), pocl.runArgv("O3_FM", "/b", "C"));
        // One host build serves O0, O2, O3 and O3_FM (kernel options at run time); O1 needs a host without contraction.
        assertEquals(pocl.compileArgv("O0", "s.c", "b", "C"), pocl.compileArgv("O3_FM", "s.c", "b", "C"));
        assertEquals(
                List.of("gcc", "-O2", "-DFPARITY_FP_CONTRACT_OFF", "-o", "b", "s.c", "-lOpenCL", "-lm"),
                pocl.compileArgv("O1", "s.c", "b", "C"));
        assertEquals(
                List.of(
                        System.getProperty("java.home") + "/bin/java",
                        "-Xshare:auto",
                        "-XX:+UseSerialGC",
                        "-Xint",
                        "-cp",
                        "/b",
                        "Batch1"),
                all.get("java").runArgv("O0", "/b", "Batch1"));
        assertEquals("true", all.get("java-strict").emit().get("strictMath"));
    }

    @Test
    void malformedFilesAreOneLineEachAndTheOthersStillLoad() throws IOException {
        Files.copy(Path.of("runners/toolchains/gcc.json"), tmp.resolve("gcc.json"));
        Files.writeString(tmp.resolve("broken.json"), "{ \"name\": \"broken\", ");
        Files.writeString(
                tmp.resolve("nosrc.json"),
                Files.readString(tmp.resolve("gcc.json"))
                        .replace("\"gcc\",", "\"nosrc\",")
                        .replace("\"{src}\", ", ""));
        Files.writeString(
                tmp.resolve("typo.json"),
                Files.readString(tmp.resolve("gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"typo\", \"compiler\": \"x\""));
        Files.writeString(
                tmp.resolve("lang.json"),
                Files.readString(tmp.resolve("gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"lang\"")
                        .replace("\"C\"", "\"FORTRAN\""));
        Toolchains t = Toolchains.load(tmp);
        assertEquals(List.of("gcc"), t.all().stream().map(Toolchain::name).toList());
        List<String> p = t.problems();
        assertEquals(4, p.size(), p.toString());
        for (String line : p) assertFalse(line.contains("\n"), line);
        assertTrue(p.get(0).startsWith("toolchain file " + tmp.resolve("broken.json") + ": "), p.get(0));
        assertTrue(p.get(1).contains("lang.json") && p.get(1).contains("FORTRAN"), p.get(1));
        assertTrue(p.get(2).contains("nosrc.json") && p.get(2).contains("{src}"), p.get(2));
        assertTrue(p.get(3).contains("typo.json") && p.get(3).contains("compiler"), p.get(3));
        FparityError e = assertThrows(FparityError.class, () -> t.get("icc"));
        assertTrue(e.getMessage().startsWith("unknown toolchain 'icc' (known: gcc)"), e.getMessage());
    }

    /** A descriptor's language is one of {@link org.fparity.emit.Language}'s, by its upper-case name: no second list. */
    @Test
    void aDescriptorNamesItsLanguageAsTheEmittersEnumDoes() throws IOException {
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        for (org.fparity.emit.Language l : org.fparity.emit.Language.values()) {
            String name = "l-" + l.id();
            Files.writeString(
                    tmp.resolve(name + ".json"),
                    gcc.replace("\"name\": \"gcc\"", "\"name\": \"" + name + "\"")
                            .replace("\"C\"", "\"" + l.name() + "\""));
        }
        Files.writeString(
                tmp.resolve("lower.json"),
                gcc.replace("\"name\": \"gcc\"", "\"name\": \"lower\"").replace("\"C\"", "\"c\""));
        Toolchains t = Toolchains.load(tmp);
        for (org.fparity.emit.Language l : org.fparity.emit.Language.values())
            assertEquals(l, t.get("l-" + l.id()).lang());
        assertEquals(1, t.problems().size(), t.problems().toString());
        assertTrue(
                t.problems()
                        .getFirst()
                        .contains("\"language\" must be one of [C, CUDA, HIP, HIPIFY, OPENCL, JAVA], got c"),
                t.problems().getFirst());
    }

    /** A device-only form needs a loader fparity has, and the executable form's {@code {opt}}; a C toolchain has none. */
    @Test
    void deviceOnlyFormsAreChecked() throws IOException {
        String nvcc = Files.readString(Path.of("runners/toolchains/nvcc-sm80.json"));
        Files.writeString(tmp.resolve("nvcc-sm80.json"), nvcc);
        Files.writeString(
                tmp.resolve("badloader.json"),
                nvcc.replace("\"name\": \"nvcc-sm80\"", "\"name\": \"badloader\"")
                        .replace("\"loader\": \"cuda\"", "\"loader\": \"opencl\""));
        Files.writeString(
                tmp.resolve("noopt.json"),
                nvcc.replace("\"name\": \"nvcc-sm80\"", "\"name\": \"noopt\"")
                        .replace(
                                "\"-fatbin\", \"-gencode\", \"arch=compute_80,code=sm_80\", \"{opt}\",",
                                "\"-fatbin\","));
        Files.writeString(
                tmp.resolve("cdev.json"),
                Files.readString(Path.of("runners/toolchains/gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"cdev\"")
                        .replace(
                                "\"run\":",
                                "\"deviceOnly\": {\"compile\": [\"gcc\", \"{opt}\", \"-o\", \"{bin}\", \"{src}\"], \"loader\": \"cuda\"},\n  \"run\":"));
        Toolchains t = Toolchains.load(tmp);
        assertEquals(List.of("nvcc-sm80"), t.all().stream().map(Toolchain::name).toList());
        String p = String.join("\n", t.problems());
        assertEquals(3, t.problems().size(), p);
        assertTrue(
                p.contains("badloader.json")
                        && p.contains("\"deviceOnly.loader\" must be \"cuda\", \"hip\" or \"jcuda\""),
                p);
        assertTrue(p.contains("noopt.json") && p.contains("{opt}"), p);
        assertTrue(p.contains("cdev.json") && p.contains("is for CUDA, HIP and HIPIFY"), p);
        Toolchain dev = t.get("nvcc-sm80").deviceForm();
        assertEquals(
                List.of(
                        "nvcc",
                        "-fatbin",
                        "-gencode",
                        "arch=compute_80,code=sm_80",
                        "-O3",
                        "--fmad=false",
                        "-o",
                        "b",
                        "s.cu"),
                dev.compileArgv("nofma", "s.cu", "b", "x"));
        assertEquals(
                List.of("cc", "-O2", "-o", "l", "l.c", "-ldl"),
                t.get("nvcc-sm80").loaderForm().compileArgv("host", "l.c", "l", "x"));
    }

    @Test
    void detectsTheExactGccVersionString() throws Exception {
        DetectedToolchain gcc = DetectedToolchain.detect(Fixtures.shipped().get("gcc"));
        String first = Processes.probe(List.of("gcc", "--version"), java.util.Map.of(), 60)
                .lines()
                .findFirst()
                .orElseThrow()
                .strip();
        assertEquals(first, gcc.version());
        assertTrue(gcc.canCompile());
        assertTrue(gcc.canRun());
        assertNull(gcc.runProblem());
    }

    @Test
    void aMissingCompilerIsReportedNotThrown() throws IOException {
        Files.writeString(
                tmp.resolve("gcc-99.json"),
                Files.readString(Path.of("runners/toolchains/gcc.json"))
                        .replace("\"name\": \"gcc\"", "\"name\": \"gcc-99\"")
                        .replace("\"gcc\",", "\"gcc-99-not-installed\","));
        DetectedToolchain d = DetectedToolchain.detect(Toolchains.load(tmp).get("gcc-99"));
        assertFalse(d.canCompile());
        assertFalse(d.canRun());
        assertEquals("compiler 'gcc-99-not-installed' not found on PATH", d.compileProblem());
    }

    @Test
    void gpuToolchainsCompileHereButSayWhyTheyCannotRun() {
        Toolchains all = Fixtures.shipped();
        DetectedToolchain nvcc = DetectedToolchain.detect(all.get("nvcc-sm90"));
        if (nvcc.canCompile()) {
            assertTrue(nvcc.version().contains("release 13"), nvcc.version());
            assertFalse(nvcc.canRun());
            assertTrue(nvcc.runProblem().contains("no NVIDIA driver"), nvcc.runProblem());
        }
        DetectedToolchain hip = DetectedToolchain.detect(all.get("hipcc-gfx90a"));
        if (hip.canCompile()) {
            // The probe runs with HIP_PLATFORM=amd, so it reports HIP and the AMD clang, not nvcc.
            assertTrue(hip.version().startsWith("HIP version"), hip.version());
            assertFalse(hip.canRun());
        }
    }
}
