package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.attribution.RootCause;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 (seen on the GPU): reduce said "undecided" for a discrepancy triage attributes to {@code --ftz=true}. The
 * bundle's verdict now takes triage's experiment where its own builds decide nothing.
 */
class TriageVerdictTest {
    private static final Path KNOBS = Path.of("runners", "knobs");

    private static RootCause flags(String family, String... flags) {
        return new RootCause(
                null,
                RootCause.Kind.FLAGS,
                family,
                List.of(flags),
                null,
                null,
                null,
                null,
                "t",
                1,
                List.of("2b4baa504981"),
                "2b4baa504981",
                "");
    }

    /** The verdict of a one-flag cause of {@code family} for the pair {@code a}, {@code b}. */
    private static FindingVerdict of(String family, String flag, String a, String b) {
        return TriageVerdict.of(flags(family, flag), Side.parse(a), Side.parse(b), KNOBS);
    }

    @Test
    void flushToZeroFoundByTriageIsOutsideTheContractOfTheNvccSideItNames() {
        FindingVerdict v = of("nvcc-sm90 O3_FM", "--ftz=true", "nvcc-sm90@O0", "nvcc-sm90@O3_FM");
        assertEquals(FindingVerdict.Kind.OUTSIDE_CONTRACT, v.kind());
        assertEquals("nvcc-sm90@O3_FM", v.culprit());
        assertTrue(v.reason().contains("`--ftz=true` (flush to zero)"), v.reason());
        assertTrue(v.reason().contains("flags|nvcc-sm90 O3_FM|--ftz=true"), v.reason());
    }

    @Test
    void approximateDivisionIsAllowedByTheFlagsAndTheCulpritIsTheSideOfThatToolchain() {
        // the cause's step (O3 -> O3_FM) lies inside the pair gcc@O0 vs nvcc: the nvcc side is the one it names
        FindingVerdict v = of("nvcc-sm90 O3_FM", "--prec-div=false", "nvcc-sm90@O3_FM", "gcc@O0");
        assertEquals(FindingVerdict.Kind.ALLOWED_BY_FLAGS, v.kind());
        assertEquals("nvcc-sm90@O3_FM", v.culprit());
        // a pair within gcc with the cause found between O3 and O3_FM: the higher level is the culprit
        FindingVerdict g = of("gcc O3_FM", "-freciprocal-math", "gcc@O3_FM", "gcc@O0");
        assertEquals("gcc@O3_FM", g.culprit());
        assertEquals(FindingVerdict.Kind.ALLOWED_BY_FLAGS, g.kind());
    }

    @Test
    void noVerdictFromACauseThatNamesNeitherSideOrAFlagNoKnobFileDescribes() {
        assertNull(of("clang-19 O3_FM", "-fassociative-math", "gcc@O0", "gcc@O3_FM"));
        assertNull(of("gcc O2", "-fsomething-else", "gcc@O0", "gcc@O2"));
        assertNull(of("gcc O3", "-ftree-vectorize", "gcc@O0", "gcc@O3"));
        assertNull(TriageVerdict.of(null, Side.parse("gcc@O0"), Side.parse("gcc@O3"), KNOBS));
    }
}
