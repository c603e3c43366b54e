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

    @Test
    void flushToZeroFoundByTriageIsOutsideTheContractOfTheNvccSideItNames() {
        FindingVerdict v = TriageVerdict.of(
                flags("nvcc-sm90 O3_FM", "--ftz=true"),
                Side.parse("nvcc-sm90@O0"),
                Side.parse("nvcc-sm90@O3_FM"),
                KNOBS);
        assertEquals(FindingVerdict.Kind.OUTSIDE_CONTRACT, v.kind());
        assertEquals("nvcc-sm90@O3_FM", v.culprit());
        assertTrue(v.reason().contains("`--ftz=true` (flush to zero)"), v.reason());
        assertTrue(v.reason().contains("flags|nvcc-sm90 O3_FM|--ftz=true"), v.reason());
    }

    @Test
    void approximateDivisionIsAllowedByTheFlagsAndTheCulpritIsTheSideOfThatToolchain() {
        // the cause's step (O3 -> O3_FM) lies inside the pair gcc@O0 vs nvcc: the nvcc side is the one it names
        FindingVerdict v = TriageVerdict.of(
                flags("nvcc-sm90 O3_FM", "--prec-div=false"),
                Side.parse("nvcc-sm90@O3_FM"),
                Side.parse("gcc@O0"),
                KNOBS);
        assertEquals(FindingVerdict.Kind.ALLOWED_BY_FLAGS, v.kind());
        assertEquals("nvcc-sm90@O3_FM", v.culprit());
        // a pair within gcc with the cause found between O3 and O3_FM: the higher level is the culprit
        FindingVerdict g = TriageVerdict.of(
                flags("gcc O3_FM", "-freciprocal-math"), Side.parse("gcc@O3_FM"), Side.parse("gcc@O0"), KNOBS);
        assertEquals("gcc@O3_FM", g.culprit());
        assertEquals(FindingVerdict.Kind.ALLOWED_BY_FLAGS, g.kind());
    }

    @Test
    void noVerdictFromACauseThatNamesNeitherSideOrAFlagNoKnobFileDescribes() {
        assertNull(TriageVerdict.of(
                flags("clang-19 O3_FM", "-fassociative-math"), Side.parse("gcc@O0"), Side.parse("gcc@O3_FM"), KNOBS));
        assertNull(TriageVerdict.of(
                flags("gcc O2", "-fsomething-else"), Side.parse("gcc@O0"), Side.parse("gcc@O2"), KNOBS));
        assertNull(TriageVerdict.of(
                flags("gcc O3", "-ftree-vectorize"), Side.parse("gcc@O0"), Side.parse("gcc@O3"), KNOBS));
        assertNull(TriageVerdict.of(null, Side.parse("gcc@O0"), Side.parse("gcc@O3"), KNOBS));
    }
}
