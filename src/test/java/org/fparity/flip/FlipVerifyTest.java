package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Program;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Candidates run on real toolchains: a flip counts only when two real platforms take different branches. */
@Tag("tools")
@Tag("slow")
class FlipVerifyTest {
    @TempDir
    Path dir;

    /**
     * Whether gcc-fma, as its descriptor says (shipped: {@code -march=native}; a copy under {@code $FPARITY_HOME} may
     * name another CPU), targets a CPU with FMA instructions: gcc's own {@code __FMA__} for those {@code -m} flags.
     * Without them contraction cannot happen, whatever this machine's CPU could do.
     */
    private static boolean cpuHasFma() throws Exception {
        Toolchain t = Toolchains.load(Toolchains.defaultDir()).get("gcc-fma");
        List<String> argv = new ArrayList<>(List.of(t.compile().getFirst()));
        t.compile().stream().filter(a -> a.startsWith("-m")).forEach(argv::add);
        argv.addAll(List.of("-dM", "-E", "-x", "c", "/dev/null"));
        Processes.Captured c = Processes.command(argv).timeoutSeconds(60).capture();
        assertTrue(c.ok(), argv + " failed: " + c.stderr());
        return c.stdout().lines().anyMatch(l -> l.equals("#define __FMA__ 1"));
    }

    private FlipRun.Result run(String name, int branch, int cells, List<String> platforms) throws Exception {
        Program p = FlipSearchTest.corpus(name);
        Domain d = Domain.parse(p, Domain.fromComments(Files.readString(FlipSearchTest.corpusFile(name))));
        FlipSearch.Settings s = new FlipSearch.Settings(
                branch, d, 0.01, EvaluationModel.parse("all"), 1, 600_000, 5000, 15, 1_000_000, cells);
        List<String> skipped = new ArrayList<>();
        try (Verifier v = Verifier.open(p, branch, platforms, dir.resolve("build"), 2, skipped::add);
                Z3Session z3 = new Z3Session(5000)) {
            Assumptions.assumeTrue(skipped.isEmpty(), "platforms missing here: " + skipped);
            return FlipRun.run(p, s, z3, v, 64, skipped, null);
        }
    }

    @Test
    void raySphereFlipsBetweenGccWithAndWithoutContractionAndTheModelsPredictEachPlatform() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Assumptions.assumeTrue(cpuHasFma(), "gcc-fma's CPU has no FMA instructions: it cannot contract");
        FlipRun.Result r = run("ray-sphere.fp", 0, 150, List.of("gcc@O0", "gcc-fma@O2", "java@O0", "model:gcc-fma"));
        assertFalse(r.checked().isEmpty());
        assertTrue(r.verified() > 0, "no verified flip among " + r.checked().size() + " candidates");
        for (FlipRun.Checked c : r.checked()) {
            var b = c.result().branches();
            assertTrue(c.result().problems().isEmpty(), c.result().problems().toString());
            // the models are predictions of the real platforms: gcc -O0 is 'ieee', gcc -ffp-contract=fast -O2 is
            // 'gcc-fma'
            assertEquals(
                    c.candidate().byModel().get("ieee")[0] == 1,
                    b.get("gcc@O0") == Probe.Branch.TAKEN,
                    "gcc@O0, candidate " + c.candidate().id());
            assertEquals(
                    c.candidate().byModel().get("gcc-fma")[0] == 1,
                    b.get("gcc-fma@O2") == Probe.Branch.TAKEN,
                    "gcc-fma@O2, candidate " + c.candidate().id());
            assertEquals(
                    b.get("gcc-fma@O2"),
                    b.get("model:gcc-fma"),
                    "Java under the gcc-fma model, candidate " + c.candidate().id());
            assertEquals(b.get("gcc@O0"), b.get("java@O0"));
            assertEquals(c.verified(), b.get("gcc@O0") != b.get("gcc-fma@O2"));
            if (c.verified())
                assertEquals(
                        List.of(List.of("gcc@O0", "gcc-fma@O2")),
                        c.disagreeing().stream()
                                .filter(x -> !x.contains("java@O0"))
                                .toList());
        }
    }

    @Test
    void loopAndSqrtProgramsYieldVerifiedFlips() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Assumptions.assumeTrue(cpuHasFma(), "gcc-fma's CPU has no FMA instructions: it cannot contract");
        for (String name : List.of("horner-loop.fp", "distance-sqrt.fp")) {
            FlipRun.Result r = run(name, 0, 120, List.of("gcc@O0", "gcc-fma@O2"));
            assertTrue(
                    r.verified() > 0,
                    name + ": no verified flip among " + r.checked().size() + " candidates");
        }
    }

    /** A branch inside a loop: a flip is an input on which two real platforms' per-iteration outcomes differ. */
    @Test
    void aBranchInsideALoopFlipsInSomeIteration() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Assumptions.assumeTrue(cpuHasFma(), "gcc-fma's CPU has no FMA instructions: it cannot contract");
        FlipRun.Result r = run("loop-branch.fp", 0, 150, List.of("gcc@O0", "gcc-fma@O2", "java@O0"));
        assertTrue(r.verified() > 0, "no verified flip among " + r.checked().size() + " candidates");
        for (FlipRun.Checked c : r.checked()) {
            var t = c.result().traces();
            assertEquals(3, t.size(), c.result().toString());
            for (String s : t.values()) assertTrue(s.matches("[TN]{4}"), "n = 4 iterations, one outcome each: " + s);
            // gcc at O0 and Java round every operation: they agree on every iteration of every input
            assertEquals(t.get("gcc@O0"), t.get("java@O0"));
            assertEquals(c.verified(), !t.get("gcc@O0").equals(t.get("gcc-fma@O2")));
        }
    }

    @Test
    void summedChainFlipsUnderFastMathReassociation() throws Exception {
        Assumptions.assumeTrue(Executables.find("clang-19") != null, "clang-19 is not installed");
        FlipRun.Result r = run("sum32.fp", 0, 60, List.of("gcc@O0", "clang-19@O3_FM"));
        assertTrue(r.verified() > 0, "no verified flip among " + r.checked().size() + " candidates");
        // the 32 values are one element-wise array: a verified flip's elements are 32 values of the domain, not one
        // fill value
        for (FlipRun.Checked c : r.checked()) {
            if (!c.verified()) continue;
            double[] v = new org.fparity.ir.Input(c.candidate().inputs()).elements(1);
            assertEquals(32, v.length);
            assertTrue(java.util.Arrays.stream(v).distinct().count() > 16, "elements: " + java.util.Arrays.toString(v));
            for (double x : v) assertTrue(x >= -1.05 && x <= 1, "outside the domain: " + x);
        }
    }
}
