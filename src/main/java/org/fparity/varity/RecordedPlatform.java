package org.fparity.varity;

import java.util.List;
import java.util.Map;

/**
 * A platform Varity ran on and fparity did not: a compiler at one of Varity's opt labels on the machine that recorded
 * it. Its outcomes are Varity's printed results, never runs of fparity's own.
 *
 * @param toolchain the compiler as fparity names it ({@code nvcc-9.2}; Varity's own name otherwise)
 * @param opt       Varity's opt label, as recorded ({@code O3_nostrict}, {@code O0_nofma} …)
 * @param site      where it ran ({@code varity-lassen}, {@code varity-vm_3801})
 * @param node      node facts known for it ({@code gpu}: {@code V100}, {@code gpu_runtime}: {@code CUDA 9.2}); may be empty
 * @param flags     the flags Varity passed for this label, as far as Varity's code or notes say; null when unknown
 * @param version   the compiler version, or a sentence saying it was not recorded
 * @param source    the file the results came from
 */
public record RecordedPlatform(
        String toolchain,
        String opt,
        String site,
        Map<String, String> node,
        List<String> flags,
        String version,
        String source) {
    public RecordedPlatform {
        node = Map.copyOf(node);
        flags = flags == null ? null : List.copyOf(flags);
    }

    /** Varity's flags per compiler-name substring and opt switch (its {@code getExtraOptimization}). */
    static List<String> varityFlags(String compiler, String label) {
        String base = label.replaceAll("_.*", "");
        boolean nofma = label.endsWith("_nofma");
        boolean fast = label.endsWith("_fast");
        String level = "-" + base;
        String c = compiler.toLowerCase(java.util.Locale.ROOT);
        if (c.contains("nvcc")) {
            return nofma ? List.of(level, "--fmad=false") : fast ? List.of(level, "-use_fast_math") : List.of(level);
        }
        if (c.contains("hipcc")) return fast ? List.of(level, "-DHIP_FAST_MATH") : List.of(level);
        if (c.contains("clang") || c.contains("gcc")) {
            return nofma
                    ? List.of(level, "-std=c99", "-ffp-contract=off")
                    : fast ? List.of(level, "-std=c99", "-ffast-math") : List.of(level, "-std=c99");
        }
        return null;
    }
}
