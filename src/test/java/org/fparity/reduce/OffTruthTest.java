package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.exec.Outcome;
import org.junit.jupiter.api.Test;

/**
 * Which side is off the correctly rounded truth, from the printed results alone (edb7d410441b: clang-14@O3_FM printed
 * NaN, java@O3_FM the correctly rounded -0x1p+11, and the bundle blamed Java).
 */
class OffTruthTest {
    static Outcome ok(String hex) {
        return new Outcome("p", 0, "t", "O0", Outcome.Status.OK, hex, null, "t@O0", 0);
    }

    @Test
    void aOffTheTruth() {
        OffTruth o = OffTruth.of("clang-14@O3_FM", ok("-nan"), "java@O3_FM", ok("-0x1p+11"), -0x1p+11);
        assertEquals(OffTruth.Who.A, o.who());
        assertEquals(List.of("clang-14@O3_FM"), o.off());
        assertEquals(
                "clang-14@O3_FM is off the correctly rounded result (it prints `-nan`, MPFR gives `-0x1p+11`); java@O3_FM prints the correctly rounded result.",
                o.sentence());
    }

    @Test
    void bOffTheTruth() {
        OffTruth o = OffTruth.of("java@O3_FM", ok("-0x1p+11"), "gcc@O3_FM", ok("-inf"), -0x1p+11);
        assertEquals(OffTruth.Who.B, o.who());
        assertEquals("gcc@O3_FM", o.key());
        assertTrue(
                o.sentence().startsWith("gcc@O3_FM is off the correctly rounded result (it prints `-inf`"),
                o.sentence());
    }

    @Test
    void bothOffTheTruth() {
        OffTruth o =
                OffTruth.of("gcc@O3_FM", ok("0x1.0000000000001p+0"), "clang-14@O3_FM", ok("0x1.0000000000002p+0"), 1.0);
        assertEquals(OffTruth.Who.BOTH, o.who());
        assertEquals(List.of("gcc@O3_FM", "clang-14@O3_FM"), o.off());
        assertEquals(
                "Both are off the correctly rounded result `0x1p+0`: gcc@O3_FM prints `0x1.0000000000001p+0`, clang-14@O3_FM prints `0x1.0000000000002p+0`.",
                o.sentence());
    }

    @Test
    void neitherDecidableWithoutAReference() {
        OffTruth o = OffTruth.of("gcc@O0", ok("0x1p+0"), "gcc@O3_FM", ok("0x1.8p+0"), null);
        assertEquals(OffTruth.Who.UNDECIDED, o.who());
        assertTrue(o.off().isEmpty());
        assertEquals(
                "Which side is off the correctly rounded result is undecided: no correctly rounded reference could be computed here.",
                o.sentence());
        assertFalse(o.sentence().contains("gcc@O0"), "names no culprit it did not measure");
    }

    @Test
    void neitherDecidableWhenBothFallInTheReferencesClass() {
        // two NaNs with different payloads: both are NaN, as is the reference
        OffTruth o = OffTruth.of("gcc@O0", ok("nan"), "nvcc@O0", ok("-nan"), Double.NaN);
        assertEquals(OffTruth.Who.UNDECIDED, o.who());
        assertEquals("both results fall in the reference's class", o.reason());
    }
}
