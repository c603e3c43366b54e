package org.fparity.exec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The NVIDIA GPU of this node, for tests that run kernels: its architecture (nvidia-smi's compute capability, "90"
 * on an H100) and the shipped sm_80 descriptors rewritten for it, since a cubin built for sm_80 does not load on
 * sm_90. Without a GPU (or nvidia-smi) the architecture is 80 and the descriptors are the shipped ones.
 */
public final class ThisGpu {
    private static String arch;

    private ThisGpu() {}

    /** The compute capability without its dot ("90"), or "80" where no NVIDIA GPU answers. */
    public static synchronized String arch() {
        if (arch == null) {
            List<NvidiaGpus.Gpu> gpus = NvidiaGpus.here().gpus();
            arch = gpus.isEmpty()
                    ? "80"
                    : "" + gpus.getFirst().major() + gpus.getFirst().minor();
        }
        return arch;
    }

    /** The shipped {@code KIND-sm80} descriptor (kind nvcc or jcuda) for this GPU's architecture, named KIND-smARCH. */
    public static Toolchain toolchain(String kind) {
        String a = arch();
        try {
            String json = Files.readString(Path.of("runners", "toolchains", kind + "-sm80.json"))
                    .replace("compute_80", "compute_" + a)
                    .replace("sm_80", "sm_" + a)
                    .replace(kind + "-sm80", kind + "-sm" + a);
            Path dir = Files.createTempDirectory("fparity-gpu-tc");
            Files.writeString(dir.resolve(kind + "-sm" + a + ".json"), json);
            Toolchain t = Toolchains.load(dir).get(kind + "-sm" + a);
            Files.delete(dir.resolve(kind + "-sm" + a + ".json"));
            Files.delete(dir);
            return t;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** nvcc's -gencode for this GPU: machine code for its architecture. */
    public static String gencode() {
        return "arch=compute_" + arch() + ",code=sm_" + arch();
    }
}
