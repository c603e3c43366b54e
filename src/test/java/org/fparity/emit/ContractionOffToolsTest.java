package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contraction-off level ({@code nofma}) of each GPU toolchain, which {@code fparity toolchains --check} uses to
 * hold a GPU to gcc {@code -O0 -ffp-contract=off}'s bits, really keeps a multiply and an add apart in the device
 * code, while the same toolchain's {@code O3} fuses them: the flags come from the shipped descriptor, so a descriptor
 * whose {@code nofma} stops meaning "no contraction" fails here. nvcc is checked on the PTX (with {@code --fmad=false}
 * every multiply and add is {@code .rn}, which ptxas may not fuse), hipcc on the GCN assembly of the device batch.
 */
@Tag("tools")
@Tag("slow")
class ContractionOffToolsTest {
    @TempDir
    Path dir;

    /** comp = comp + a * b in both precisions: the one shape every contraction turns into a fused multiply-add. */
    private static final List<Program> MUL_ADD = List.of(
            Program.parse(
                    "program fp64 array 8\ncompute(double comp, double a, double b) {\n  comp = comp + a * b;\n}\n"),
            Program.parse(
                    "program fp32 array 8\ncompute(float comp, float a, float b) {\n  comp = comp + a * b;\n}\n"));

    private static final Pattern PTX_FUSED = Pattern.compile("\\bfma\\.rn\\.f(32|64)\\b");
    private static final Pattern PTX_LOOSE = Pattern.compile("\\b(mul|add)\\.f(32|64)\\b");
    private static final Pattern GCN_FUSED = Pattern.compile("\\bv_(fma|fmac|mac|mad|pk_fma)_(f32|f64|mix_f32)\\b");

    private static Toolchain toolchain(String name) {
        return Toolchains.load(Path.of("runners", "toolchains")).get(name);
    }

    @Test
    void nvccNofmaKeepsMultiplyAndAddApartWhereO3FusesThem() throws IOException {
        String nvcc = Tools.nvcc();
        assumeTrue(nvcc != null, "nvcc not found on PATH or in $CUDA_HOME/bin");
        Toolchain tc = toolchain("nvcc-sm80");
        Tools.write(dir, "k.cu", Emitter.of(Language.CUDA).deviceBatch(MUL_ADD));
        String nofma = ptx(nvcc, tc, "nofma");
        String o3 = ptx(nvcc, tc, "O3");
        assertFalse(PTX_FUSED.matcher(nofma).find(), "nvcc-sm80@nofma emits a fused multiply-add:\n" + nofma);
        assertFalse(
                PTX_LOOSE.matcher(nofma).find(), "nvcc-sm80@nofma leaves a multiply or add ptxas may fuse:\n" + nofma);
        assertTrue(
                nofma.contains("mul.rn.f64")
                        && nofma.contains("add.rn.f64")
                        && nofma.contains("mul.rn.f32")
                        && nofma.contains("add.rn.f32"),
                nofma);
        assertTrue(PTX_FUSED.matcher(o3).find(), "nvcc-sm80@O3 was expected to fuse comp + a * b:\n" + o3);
    }

    @Test
    void hipccNofmaKeepsMultiplyAndAddApartWhereO3FusesThem() throws IOException {
        String hipcc = Tools.hipcc();
        assumeTrue(hipcc != null, "hipcc not found on PATH or in $ROCM_PATH/bin");
        for (String name : List.of("hipcc-gfx90a", "hipify-hipcc")) {
            Toolchain tc = toolchain(name);
            Language lang = Language.valueOf(tc.language());
            Tools.write(dir, "k.hip", Emitter.of(lang).deviceBatch(MUL_ADD));
            String nofma = gcn(hipcc, tc, "nofma");
            String o3 = gcn(hipcc, tc, "O3");
            assertFalse(
                    GCN_FUSED.matcher(nofma).find(), name + "@nofma emits a fused multiply-add:\n" + kernels(nofma));
            assertTrue(
                    nofma.contains("v_mul_f64")
                            && nofma.contains("v_add_f64")
                            && nofma.contains("v_mul_f32")
                            && nofma.contains("v_add_f32"),
                    kernels(nofma));
            assertTrue(GCN_FUSED.matcher(o3).find(), name + "@O3 was expected to fuse comp + a * b:\n" + kernels(o3));
        }
    }

    private String ptx(String nvcc, Toolchain tc, String level) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(nvcc, "-ptx", "-gencode", "arch=compute_80,code=compute_80"));
        cmd.addAll(tc.opt().get(level));
        cmd.addAll(List.of("-o", level + ".ptx", "k.cu"));
        Tools.compile(dir, cmd.toArray(String[]::new));
        return Files.readString(dir.resolve(level + ".ptx"));
    }

    private String gcn(String hipcc, Toolchain tc, String level) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(hipcc, "--cuda-device-only", "-S", "--offload-arch=gfx90a"));
        cmd.addAll(tc.opt().get(level));
        cmd.addAll(List.of("-o", level + ".s", "k.hip"));
        Tools.compile(dir, Map.of("HIP_PLATFORM", "amd"), cmd.toArray(String[]::new));
        return Files.readString(dir.resolve(level + ".s"));
    }

    /** The instruction lines of an assembly listing, for a readable failure. */
    private static String kernels(String asm) {
        return String.join(
                "\n",
                asm.lines()
                        .filter(l -> l.startsWith("\tv_") || l.startsWith("\ts_"))
                        .toList());
    }
}
