package org.fparity.exec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.util.Processes;

/**
 * The NVIDIA GPUs of this node as nvidia-smi names them (model and compute capability), asked once. Machine code
 * built for {@code sm_XY} runs on a GPU of the same major architecture X and minor at least Y (sm_80 code runs on
 * sm_86, not on sm_90): found on an H100, where nvcc-sm80 binaries recorded {@code CUDA_ERROR_NO_BINARY_FOR_GPU}
 * for every run while {@code fparity toolchains} said they could run.
 */
public record NvidiaGpus(List<Gpu> gpus) {
    /** One GPU: its model and compute capability ({@code 9.0}). */
    public record Gpu(String model, int major, int minor) {}

    private static NvidiaGpus here;

    /** This node's GPUs; none where nvidia-smi is missing or fails (then nothing is said against running). */
    public static synchronized NvidiaGpus here() {
        if (here == null) {
            String out = Processes.which("nvidia-smi") == null
                    ? null
                    : Processes.probe(
                            List.of("nvidia-smi", "--query-gpu=name,compute_cap", "--format=csv,noheader"),
                            Map.of(),
                            30);
            here = parse(out);
        }
        return here;
    }

    /** nvidia-smi's {@code name, compute_cap} lines; lines that do not parse are skipped. */
    static NvidiaGpus parse(String csv) {
        List<Gpu> gs = new ArrayList<>();
        if (csv != null) {
            for (String line : csv.lines().toList()) {
                int comma = line.lastIndexOf(',');
                if (comma < 0) continue;
                String[] cap = line.substring(comma + 1).strip().split("\\.");
                if (cap.length != 2 || !cap[0].matches("[0-9]+") || !cap[1].matches("[0-9]+")) continue;
                gs.add(new Gpu(line.substring(0, comma).strip(), Integer.parseInt(cap[0]), Integer.parseInt(cap[1])));
            }
        }
        return new NvidiaGpus(List.copyOf(gs));
    }

    /**
     * Why machine code for {@code arch} ({@code sm_80}) cannot run on this node's GPUs, or null when one of them runs it
     * or no GPU is known (the descriptor's other conditions decide then).
     */
    public String cannotRun(String arch, String toolchain) {
        if (gpus.isEmpty()) return null;
        String digits = arch.substring(3);
        int major = Integer.parseInt(digits.substring(0, digits.length() - 1));
        int minor = Integer.parseInt(digits.substring(digits.length() - 1));
        for (Gpu g : gpus) {
            if (g.major() == major && g.minor() >= minor) return null;
        }
        Gpu g = gpus.getFirst();
        String own = "sm_" + g.major() + g.minor();
        return "this node's GPU is " + own + " (" + g.model() + "): " + toolchain + " builds machine code for " + arch
                + " only; use a toolchain for " + own;
    }
}
