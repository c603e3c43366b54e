package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.oracle.ReferenceEvaluator;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * edb7d410441b of the default campaign, reduced: a division by a subnormal constant. At -O3 -ffast-math, clang-14
 * and gcc read the subnormal as zero (crtfastmath.o sets denormals-are-zero) and print NaN / -Inf; Java prints the
 * correctly rounded -0x1p+11. The old explanation traced clang-14 at O0, found it correct and blamed Java. Now the
 * culprit is traced as recorded (O3_FM) on real builds, whichever side it is.
 */
@Tag("tools")
class PlantedCulpritTest {
    @TempDir
    Path tmp;

    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1, double var_2) {
              comp /= var_1;
              comp = comp / 0x0.1p-1022;
              comp += comp * (-0x1p-478 * var_2);
            }
            """);
    static final Input IN = new Input(List.of("0x1p+2", "-0x1p+1017", "0x1p-1016"));

    private static DetectedToolchain tool(Toolchains tcs, String name) {
        Toolchain tc = tcs.get(name);
        Assumptions.assumeTrue(tc != null, name + " has no descriptor");
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        Assumptions.assumeTrue(dt.canCompile() && dt.canRun(), name + " cannot build and run here");
        return dt;
    }

    private Divergence explain(String aName, String bName) throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain a = tool(tcs, aName);
        DetectedToolchain b = tool(tcs, bName);
        Standalone s = new Standalone(tmp);
        Outcome oa = s.run(a, "O3_FM", P, IN);
        Outcome ob = s.run(b, "O3_FM", P, IN);
        double ref = ReferenceEvaluator.ideal(P, IN).comp();
        assertEquals(-0x1p+11, ref, "MPFR");
        return new Tracer(tmp).explain(P, IN, a, "O3_FM", oa, b, "O3_FM", ob, ref);
    }

    @Test
    void aIsOffTheTruthAndIsTracedAtO3FM() throws Exception {
        Divergence d = explain("clang-14", "java");
        assertEquals("clang-14@O3_FM", d.offTruth());
        assertEquals("clang-14@O3_FM", d.wrong());
        assertEquals("comp / 0x0.1p-1022", d.text(), d.sentence());
        assertEquals("-inf", d.a(), "the subnormal divisor read as zero");
        assertEquals("-0x1p+11", d.truth());
        assertTrue(
                d.sentence()
                        .startsWith(
                                "clang-14@O3_FM is off the correctly rounded result (it prints `-nan`, MPFR gives `-0x1p+11`); java@O3_FM prints the correctly rounded result."),
                d.sentence());
        assertTrue(d.sentence().contains("clang-14@O3_FM `comp / 0x0.1p-1022` = `-inf`"), d.sentence());
        assertFalse(d.sentence().contains("@O0"), "traced as recorded, not at O0: " + d.sentence());
        assertFalse(d.sentence().contains("optimiser rewrote"), "says nothing it did not measure: " + d.sentence());
    }

    @Test
    void bIsOffTheTruthAndIsTracedAtO3FM() throws Exception {
        Divergence d = explain("java", "gcc");
        assertEquals("gcc@O3_FM", d.offTruth());
        assertEquals("gcc@O3_FM", d.wrong());
        assertEquals("comp / 0x0.1p-1022", d.text(), d.sentence());
        assertEquals("-0x1p+11", d.truth());
        assertTrue(
                d.sentence()
                        .startsWith(
                                "gcc@O3_FM is off the correctly rounded result (it prints `-nan`, MPFR gives `-0x1p+11`); java@O3_FM prints the correctly rounded result."),
                d.sentence());
        assertFalse(d.sentence().contains("java@O3_FM is off"), d.sentence());
    }
}
