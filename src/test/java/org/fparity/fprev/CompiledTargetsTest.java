package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real toolchains: gcc/clang at -O3 -ffast-math reassociate a plain loop into vector lanes; PoCL runs a work-group reduction. */
@Tag("slow")
class CompiledTargetsTest {
    /**
     * Flags of the compiled C targets: the default ({@code -march=native}), or another CPU model's, e.g.
     * {@code mvn verify -Dfparity.test.cflags="-O3 -ffast-math -march=x86-64-v2"}, so these tests are checked as if on
     * other CPUs.
     */
    static final String CFLAGS = System.getProperty("fparity.test.cflags", CompiledTargets.DEFAULT_CFLAGS);

    @Test
    void gccFastMathVectorisesAPlainLoopAndTheTreeReplays() {
        assumeTrue(Runners.onPath("gcc") != null, "gcc is not on PATH");
        try (ProcessTarget t = CompiledTargets.c("c.gcc", Precision.FP32, null, CFLAGS)) {
            for (int n : new int[] {16, 100, 256}) {
                Fprev.Result r = Fprev.reveal(t, n, Fprev.Algo.ADVANCED);
                assertTrue(r.replay().matches(), r.replay().verdict());
                assertNotEquals(Shapes.sequential(n), r.tree(), "fast math should reassociate the loop at n=" + n);
            }
        }
        // without fast math the loop must stay in source order
        try (ProcessTarget t = CompiledTargets.c(
                "c.gcc", Precision.FP32, null, CFLAGS.replace("-ffast-math", "").strip())) {
            assertEquals(
                    Shapes.sequential(100),
                    Fprev.reveal(t, 100, Fprev.Algo.ADVANCED).tree());
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
        FparityError e =
                assertThrows(FparityError.class, () -> CompiledTargets.c("c.gcc", Precision.FP32, broken, "-O2"));
        assertTrue(e.getMessage().startsWith("build failed"), e.getMessage());
    }

    /**
     * The same loop, two compilers, two orders. How many vector lanes each picks depends on the CPU (SSE, AVX2,
     * AVX-512, NEON) and the compiler version, so the expectation is read off gcc's own revealed tree: its lanes are the
     * regions the diff must report, each named by its shape on both sides. Never one machine's text.
     */
    @Test
    void clangAndGccCanDiffer() {
        String clang =
                Runners.onPath("clang-19") != null ? "clang-19" : Runners.onPath("clang") != null ? "clang" : null;
        assumeTrue(Runners.onPath("gcc") != null, "gcc is not on PATH");
        assumeTrue(clang != null, "neither clang-19 nor clang is on PATH");
        int n = 256;
        try (ProcessTarget g = CompiledTargets.c("c.gcc", Precision.FP32, null, CFLAGS);
                ProcessTarget c = CompiledTargets.c("c." + clang, Precision.FP32, null, CFLAGS)) {
            Fprev.Result ra = Fprev.reveal(g, n, Fprev.Algo.ADVANCED);
            Fprev.Result rb = Fprev.reveal(c, n, Fprev.Algo.ADVANCED);
            assertTrue(ra.replay().matches(), ra.replay().verdict());
            assertTrue(rb.replay().matches(), rb.replay().verdict());
            SumTree a = ra.tree(), b = rb.tree();
            assertNotEquals(a, b, "gcc and " + clang + " summed in the same order: " + TreeShapes.name(a));
            List<String> d = TreeDiff.describe(a, b, "gcc", clang);
            assertFalse(d.isEmpty());
            // gcc keeps one accumulator per vector lane; the diff reports a region where the two trees part, which is
            // one
            // lane or, where gcc first halves its lanes (16 AVX-512 lanes into 8, seen on a Xeon), a union of lanes:
            // the
            // regions split the leaves into equal parts of whole lanes
            int lanes = lanesAtRoot(a);
            int regions = 0;
            for (String line : d) {
                Matcher m = REGION.matcher(line);
                assertTrue(m.matches(), "not a region line: " + line);
                regions += m.group(1) == null ? 1 : 1 + Integer.parseInt(m.group(1));
                assertTrue(line.contains(" in gcc, ") && line.endsWith(" in " + clang), line);
            }
            assertEquals(
                    0,
                    lanes % regions,
                    "gcc's tree (" + TreeShapes.name(a) + ") has " + lanes + " lanes, not a union of " + regions
                            + " regions; diff: " + d);
            for (String line : d) {
                Matcher all = IN_ALL.matcher(line);
                if (all.find()) assertEquals(n / regions, Integer.parseInt(all.group(1)), "a region's leaves: " + line);
            }
        }
    }

    private static final Pattern IN_ALL = Pattern.compile("(\\d+) in all");
    private static final Pattern REGION =
            Pattern.compile("leaves .+?(?: and (\\d+) more like it)?: .+ in gcc, .+ in .+");

    /** Lanes of a vectorised loop: the root's subtrees over strided leaf sets (1 when the root splits contiguous ranges). */
    private static int lanesAtRoot(SumTree t) {
        int lanes = 0;
        java.util.ArrayDeque<Integer> open = new java.util.ArrayDeque<>(List.of(t.root()));
        // walk down the final reduction (nodes whose leaves are interleaved with their sibling's) to the lane
        // accumulators
        while (!open.isEmpty()) {
            int v = open.poll();
            boolean interleaved = false;
            if (!t.isLeaf(v) && t.childCount(v) == 2) {
                int[] x = leaves(t, t.child(v, 0)), y = leaves(t, t.child(v, 1));
                interleaved = x.length > 1 && y.length > 1 && x[0] < y[0] && y[0] < x[x.length - 1];
            }
            if (interleaved) {
                open.add(t.child(v, 0));
                open.add(t.child(v, 1));
            } else {
                lanes++;
            }
        }
        return lanes;
    }

    private static int[] leaves(SumTree t, int v) {
        int[] l = TreeShapes.leaves(t, v);
        java.util.Arrays.sort(l);
        return l;
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
            assertEquals(
                    "64-lane strided + halving",
                    TreeShapes.name(Fprev.reveal(t, 300, Fprev.Algo.ADVANCED).tree()));
        }
        assertThrows(FparityError.class, () -> CompiledTargets.opencl("opencl", Precision.FP32, null, 48));
    }

    @Test
    void missingCompilerIsExitThree() {
        FparityError e =
                assertThrows(FparityError.class, () -> CompiledTargets.c("c.no-such-cc", Precision.FP32, null, null));
        assertEquals(ExitCode.MISSING_TOOL, e.code());
        assertThrows(FparityError.class, () -> CompiledTargets.c("c.gcc", Precision.BF16, null, null));
    }
}
