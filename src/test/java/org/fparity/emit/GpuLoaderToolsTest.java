package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device-only form of GPU batches: the loader (the host side, built once per toolchain) builds warning-free with
 * gcc, says "no driver / no device" with exit 3 before reading input, and the kernels compiled per batch are the
 * executable form's kernels instruction for instruction (PTX for nvcc, GCN assembly for hipcc); on a GPU node both
 * forms print the same lines.
 */
@Tag("tools")
@Tag("slow")
class GpuLoaderToolsTest {
    @TempDir
    Path dir;

    private Path loader(String api) {
        Path src = Tools.write(dir, "loader_" + api + ".c", GpuLoader.source(api));
        Tools.compile(
                dir,
                "gcc",
                "-std=c99",
                "-Wall",
                "-Wextra",
                "-Werror",
                "-O2",
                "-o",
                "loader_" + api,
                src.toString(),
                "-ldl");
        return dir.resolve("loader_" + api);
    }

    /** A few programs of both precisions, every parameter kind among them (the last two element-wise arrays). */
    private static List<Program> programs() {
        List<Program> ps = new ArrayList<>(Generated.defaults().programs().subList(0, 4));
        ps.addAll(Generated.defaults().programs().subList(Generated.PER_PRECISION, Generated.PER_PRECISION + 4));
        ps.addAll(ElementwiseArraysToolsTest.PROGRAMS); // element-wise arrays: one value per element
        return ps;
    }

    @Test
    void loaderWithoutDriverOrDeviceExitsThreeBeforeAnyAnswer() {
        assumeTrue(Tools.onPath("gcc"), "gcc not found on PATH");
        for (String api : List.of("cuda", "hip")) {
            boolean gpu = api.equals("cuda") ? Tools.nvidiaGpuHere() : Tools.canRunHere("hipcc-gfx90a");
            Path bin = loader(api);
            Tools.Result r = Tools.run(
                    dir,
                    "0 0x1p+0 0x1p+1\n",
                    Map.of(),
                    60,
                    bin.toString(),
                    dir.resolve("no-such-module").toString());
            if (gpu) {
                // a GPU node: the driver loads and the missing module is the failure (exit 4, never an answer)
                assertEquals(4, r.exit(), r.err());
            } else {
                assertEquals(3, r.exit(), api + ": " + r.err());
                // no driver library at all, or one that finds no device: either way one line saying which
                assertTrue(
                        r.err().startsWith("fparity-harness: no ")
                                || r.err().startsWith("fparity-harness: " + (api.equals("cuda") ? "cu" : "hip")),
                        r.err());
            }
            assertEquals("", r.out());
            Tools.Result usage = Tools.run(dir, "", Map.of(), 60, bin.toString());
            assertEquals(4, usage.exit(), usage.err());
            assertTrue(usage.err().startsWith("fparity-harness: usage: "), usage.err());
        }
    }

    @Test
    void nvccDeviceFormHasTheExecutableFormsKernels() {
        String nvcc = Tools.nvcc();
        assumeTrue(nvcc != null, "nvcc not found on PATH or in $CUDA_HOME/bin");
        Emitter e = Emitter.of(Language.CUDA);
        List<Program> ps = programs();
        Tools.write(dir, "exe.cu", e.batch(ps));
        Tools.write(dir, "dev.cu", e.deviceBatch(ps));
        for (String src : List.of("exe", "dev")) {
            Tools.compile(
                    dir,
                    nvcc,
                    "-ptx",
                    "-gencode",
                    "arch=compute_80,code=compute_80",
                    "-O3",
                    "-o",
                    src + ".ptx",
                    src + ".cu");
        }
        assertEquals(kernels(read("exe.ptx")), kernels(read("dev.ptx")));
        Tools.compile(
                dir, nvcc, "-fatbin", "-gencode", "arch=compute_80,code=sm_80", "-O3", "-o", "dev.fatbin", "dev.cu");
        assertTrue(read("dev.ptx").contains("fp_meta"), "the table is in the module");
        if (Tools.nvidiaGpuHere())
            bothFormsAgree(nvcc, "cuda", Map.of(), ps, "-gencode", org.fparity.exec.ThisGpu.gencode(), "-O3");
    }

    @Test
    void hipccDeviceFormHasTheExecutableFormsKernels() {
        String hipcc = Tools.hipcc();
        assumeTrue(hipcc != null, "hipcc not found on PATH or in $ROCM_PATH/bin");
        Emitter e = Emitter.of(Language.HIP);
        List<Program> ps = programs();
        Tools.write(dir, "exe.hip", e.batch(ps));
        Tools.write(dir, "dev.hip", e.deviceBatch(ps));
        for (String src : List.of("exe", "dev")) {
            Tools.compile(
                    dir,
                    Tools.HIP_ENV,
                    hipcc,
                    "--cuda-device-only",
                    "-S",
                    "--offload-arch=gfx90a",
                    "-O3",
                    "-o",
                    src + ".s",
                    src + ".hip");
        }
        assertEquals(kernels(read("exe.s")), kernels(read("dev.s")));
        if (Tools.canRunHere("hipcc-gfx90a"))
            bothFormsAgree(hipcc, "hip", Tools.HIP_ENV, ps, "--offload-arch=native", "-O3");
    }

    /** A GPU node: the executable and the loader with the device-only module print the same lines for the same input. */
    private void bothFormsAgree(
            String compiler, String api, Map<String, String> env, List<Program> ps, String... flags) {
        Emitter e = Emitter.of(api.equals("cuda") ? Language.CUDA : Language.HIP);
        String ext = api.equals("cuda") ? ".cu" : ".hip";
        List<String> exe = new ArrayList<>(List.of(compiler));
        exe.addAll(List.of(flags));
        exe.addAll(List.of("-o", "exe", "exe" + ext));
        Tools.compile(dir, env, exe.toArray(String[]::new));
        List<String> dev = new ArrayList<>(List.of(compiler, api.equals("cuda") ? "-fatbin" : "--genco"));
        dev.addAll(List.of(flags));
        dev.addAll(List.of("-o", "dev.module", "dev" + ext));
        Tools.compile(dir, env, dev.toArray(String[]::new));
        StringBuilder in = new StringBuilder();
        for (String l : Generated.defaults().lines()) {
            int k = Integer.parseInt(l.substring(0, l.indexOf(' ')));
            int at = k < 4
                    ? k
                    : k >= Generated.PER_PRECISION && k < Generated.PER_PRECISION + 4
                            ? k - Generated.PER_PRECISION + 4
                            : -1;
            if (at >= 0) in.append(at).append(l.substring(l.indexOf(' '))).append('\n');
        }
        Tools.Result a =
                Tools.run(dir, in.toString(), env, 300, dir.resolve("exe").toString());
        Tools.Result b = Tools.run(
                dir,
                in.toString(),
                env,
                300,
                loader(api).toString(),
                dir.resolve("dev.module").toString());
        assertEquals(0, a.exit(), a.err());
        assertEquals(0, b.exit(), b.err());
        assertEquals(a.out(), b.out());
        assertEquals(8 * Generated.INPUTS, b.lines().size());
    }

    private String read(String name) {
        try {
            return java.nio.file.Files.readString(dir.resolve(name));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The assembly of every kernel and device function: for GCN the text from each "Begin function" to its
     * {@code .size}; for PTX everything but the table, comments and file names.
     */
    static List<String> kernels(String asm) {
        List<String> out = new ArrayList<>();
        boolean gcn = asm.contains("amdgcn");
        boolean in = false;
        for (String line : asm.lines().toList()) {
            String s = line.strip();
            if (gcn) {
                if (s.contains("-- Begin function")) in = true;
                if (in) out.add(s);
                if (s.startsWith(".size")) in = false;
                continue;
            }
            if (s.isEmpty() || s.startsWith("//") || s.contains("fp_meta") || s.startsWith(".file")) continue;
            out.add(s);
        }
        assertTrue(out.size() > 20, "no kernels found in the assembly");
        return out;
    }
}
