package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.FparityError;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.fparity.ir.Precision;

/** Real toolchains: gcc/clang at -O3 -ffast-math reassociate a plain loop into vector lanes; PoCL runs a work-group reduction. */
@Tag("slow")
class CompiledTargetsTest {
    @Test
    void gccFastMathVectorisesAPlainLoopAndTheTreeReplays() {
        assumeTrue(Runners.onPath("gcc") != null, "gcc is not on PATH");
        try (ProcessTarget t = CompiledTargets.c("c.gcc", Precision.FP32, null, null)) {
            for (int n : new int[] {16, 100, 256}) {
                Fprev.Result r = Fprev.reveal(t, n, Fprev.Algo.ADVANCED);
                assertTrue(r.replay().matches(), r.replay().verdict());
                assertNotEquals(Shapes.sequential(n), r.tree(), "fast math should reassociate the loop at n=" + n);
            }
        }
        // without fast math the loop must stay in source order
        try (ProcessTarget t = CompiledTargets.c("c.gcc", Precision.FP32, null, "-O3 -march=native")) {
            assertEquals(Shapes.sequential(100), Fprev.reveal(t, 100, Fprev.Algo.ADVANCED).tree());
        }
    }

    @Test
    void customKernelAndDoublePrecision(@TempDir Path dir) throws Exception {
        assumeTrue(Runners.onPath("gcc") != null, "gcc is not on PATH");
        Path k = dir.resolve("pairs.c");
        Files.writeString(k, """
                FPREV_T fprev_sum(const FPREV_T *x, long n) {
                    FPREV_T even = 0, odd = 0;
                    for (long i = 0; i + 1 < n; i += 2) { even += x[i]; odd += x[i + 1]; }
                    if (n % 2) even += x[n - 1];
                    return even + odd;
                }
                """);
        try (ProcessTarget t = CompiledTargets.c("c.gcc", Precision.FP64, k, "-O2")) {
            SumTree tree = Fprev.reveal(t, 40, Fprev.Algo.ADVANCED).tree();
            assertEquals(Shapes.strided(40, 2, false), tree);
            assertEquals(tree, Fprev.reveal(t, 40, Fprev.Algo.BASIC).tree());
        }
        Path broken = dir.resolve("broken.c");
        Files.writeString(broken, "this is not C");
        FparityError e = assertThrows(FparityError.class, () -> CompiledTargets.c("c.gcc", Precision.FP32, broken, "-O2"));
        assertTrue(e.getMessage().startsWith("build failed"), e.getMessage());
    }

    @Test
    void clangAndGccCanDiffer() {
        String clang = Runners.onPath("clang-19") != null ? "clang-19" : Runners.onPath("clang") != null ? "clang" : null;
        assumeTrue(clang != null && Runners.onPath("gcc") != null, "gcc and clang are both needed");
        try (ProcessTarget g = CompiledTargets.c("c.gcc", Precision.FP32, null, null);
                ProcessTarget c = CompiledTargets.c("c." + clang, Precision.FP32, null, null)) {
            SumTree a = Fprev.reveal(g, 256, Fprev.Algo.ADVANCED).tree();
            SumTree b = Fprev.reveal(c, 256, Fprev.Algo.ADVANCED).tree();
            // on this machine (AVX-512) gcc keeps 16 lanes, clang unrolls to 64 accumulators: same loop, two orders
            assertNotEquals(a, b);
            java.util.List<String> d = TreeDiff.describe(a, b, "gcc", clang);
            assertEquals(1, d.size(), d.toString());
            assertTrue(d.get(0).contains("and 15 more like it: sequential in gcc, 4-lane strided + pairwise in " + clang), d.get(0));
        }
    }

    @Test
    void openclWorkGroupReductionOnPocl() {
        assumeTrue(Runners.onPath("gcc") != null, "gcc is not on PATH");
        assumeTrue(Files.exists(Path.of("/usr/include/CL/cl.h")), "OpenCL headers are not installed");
        try (ProcessTarget t = CompiledTargets.opencl("opencl", Precision.FP32, null, 64)) {
            for (int n : new int[] {16, 100, 300}) {
                Fprev.Result r = Fprev.reveal(t, n, Fprev.Algo.ADVANCED);
                assertEquals(Shapes.stridedHalving(n, 64), r.tree(), "n=" + n);
                assertTrue(r.replay().matches(), r.replay().verdict());
            }
            assertEquals("64-lane strided + halving", TreeShapes.name(Fprev.reveal(t, 300, Fprev.Algo.ADVANCED).tree()));
        }
        assertThrows(FparityError.class, () -> CompiledTargets.opencl("opencl", Precision.FP32, null, 48));
    }

    @Test
    void missingCompilerIsExitThree() {
        FparityError e = assertThrows(FparityError.class, () -> CompiledTargets.c("c.no-such-cc", Precision.FP32, null, null));
        assertEquals(FparityError.MISSING_TOOL, e.exitCode());
        assertThrows(FparityError.class, () -> CompiledTargets.c("c.gcc", Precision.BF16, null, null));
    }
}
