package org.fparity.varity;

import java.util.List;
import org.fparity.ir.Program;

/**
 * One Varity test file read into fparity's IR: the kernel as a {@link Program}, and for each of its parameters the
 * {@code argv} position {@code main} reads it from, so Varity's recorded input strings map onto the program's inputs.
 *
 * @param program     {@code compute} as IR (loop variables renamed where Varity shadows them; nothing else changes)
 * @param argvIndex   for parameter k of the program, the 1-based {@code argv} index its value comes from
 * @param dialect     {@code C}, {@code CUDA} ({@code <<<…>>>} launch) or {@code HIP} ({@code hipLaunchKernelGGL})
 * @param deviceArrays true when {@code initPointer} allocates device memory (Varity's HIP fork), whose copy sends an
 *                    uninitialised host buffer: recorded results of programs with arrays are then not what the IR says
 */
public record VaritySource(Program program, List<Integer> argvIndex, String dialect, boolean deviceArrays) {
    public VaritySource {
        argvIndex = List.copyOf(argvIndex);
    }

    /** How many {@code argv} values {@code main} reads. */
    public int argc() {
        int max = 0;
        for (int i : argvIndex) max = Math.max(max, i);
        return max;
    }
}
