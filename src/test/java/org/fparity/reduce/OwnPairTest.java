package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Side;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.oracle.ReferenceEvaluator;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pair a vendor owns: issue 29's --top 1 reduced clang-19@O3_FM against java@O3_FM, a pair no vendor owns. */
class OwnPairTest {
    @TempDir
    Path tmp;

    @Test
    void ranksOneToolchainAgainstItsO0FirstThenWithinOneToolchainThenAcross() {
        assertEquals(0, OwnPair.rank(Side.read("gcc@O0"), Side.read("gcc@O3_FM")));
        assertEquals(0, OwnPair.rank(Side.read("nvcc-sm80@O3_FM"), Side.read("nvcc-sm80@O0")));
        assertEquals(1, OwnPair.rank(Side.read("gcc@O2"), Side.read("gcc@O3_FM")));
        assertEquals(2, OwnPair.rank(Side.read("clang-19@O3_FM"), Side.read("java@O3_FM")));
        assertEquals(2, OwnPair.rank(Side.read("gcc@O0"), Side.read("clang-14@O0")));
    }

    private static DetectedToolchain detect(Toolchains tcs, Side s) {
        DetectedToolchain dt = DetectedToolchain.detect(tcs.get(s.toolchain()));
        Assumptions.assumeTrue(dt.canCompile() && dt.canRun(), s + " cannot build and run here");
        return dt;
    }

    @Test
    @Tag("tools")
    void aToolchainThatDisagreesWithItselfIsReducedAsItsOwnPair() throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        Program p = PlantedCulpritTest.P;
        Input in = PlantedCulpritTest.IN;
        ReduceSession.Request r = new ReduceSession.Request(
                "edb7d410441b",
                p,
                in,
                Side.read("java@O3_FM"),
                Side.read("clang-14@O3_FM"),
                DiscrepancyClass.NAN_NUMBER,
                1,
                false,
                50,
                null);
        OwnPair own = OwnPair.find(
                r,
                s -> detect(tcs, s),
                new Standalone(tmp),
                ReferenceEvaluator.ideal(p, in).comp());
        assertEquals(Side.read("clang-14@O0"), own.request().a());
        assertEquals(Side.read("clang-14@O3_FM"), own.request().b());
        assertEquals(DiscrepancyClass.NAN_NUMBER, own.request().cls());
        assertEquals("edb7d410441b", own.request().id());
        assertEquals(
                "clang-14 disagrees with itself: clang-14@O0 prints `-0x1p+11`, clang-14@O3_FM prints `-nan` (NaN–Number); reduced as that pair "
                        + "(the vendor's own), from java@O3_FM vs clang-14@O3_FM.",
                own.note());
    }

    @Test
    @Tag("tools")
    void aToolchainThatAgreesWithItselfKeepsThePairAndSaysSo() throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Toolchains tcs = Toolchains.load(Fixtures.fakeGccToolchains(tmp));
        // the fake's libm ceil returns 0 for tiny positives at every level
        Program p = Program.parse("""
                program fp64 array 4
                compute(double comp, double var_1) {
                  comp += ceil(var_1);
                }
                """);
        Input in = new Input(List.of("0x0p+0", "0x1p-1000"));
        ReduceSession.Request r = new ReduceSession.Request(
                null,
                p,
                in,
                Side.read("gcc@O3"),
                Side.read("fake-gcc@O3"),
                DiscrepancyClass.ZERO_NUMBER,
                1,
                false,
                50,
                null);
        OwnPair own = OwnPair.find(
                r,
                s -> detect(tcs, s),
                new Standalone(tmp.resolve("work")),
                ReferenceEvaluator.ideal(p, in).comp());
        assertSame(r, own.request());
        assertEquals(
                "fake-gcc agrees with itself: fake-gcc@O0 prints `0x0p+0` as fake-gcc@O3 does, off the correctly rounded `0x1p+0`; reduced gcc@O3 vs "
                        + "fake-gcc@O3 as recorded.",
                own.note());
    }
}
