package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.attribution.RootCause;
import org.fparity.confirm.Side;
import org.junit.jupiter.api.Test;

/**
 * Issue 29 (seen on the GPU): reduce said "undecided" for a discrepancy triage attributes to {@code --ftz=true}. The
 * bundle's verdict now takes triage's experiment where its own builds decide nothing.
 */
class TriageVerdictTest {
    private static final Path KNOBS = Path.of("runners", "knobs");

    /** A cause of one discrepancy (the GPU case's id) with these fields. */
    private static RootCause cause(RootCause.Kind kind, String family, List<String> flags, String function) {
        String op = function == null ? null : "math function";
        String lib = function == null ? null : "Java Math";
        return new RootCause(
                null, kind, family, flags, null, op, function, lib, "t", 1, List.of("2b4baa504981"), "", "");
    }

    private static RootCause flags(String family, String... flags) {
        return cause(RootCause.Kind.FLAGS, family, List.of(flags), null);
    }

    /** The verdict of a one-flag cause of {@code family} for the pair {@code a}, {@code b}. */
    private static FindingVerdict of(String family, String flag, String a, String b) {
        return TriageVerdict.of(flags(family, flag), Side.read(a), Side.read(b), KNOBS);
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
        assertNull(TriageVerdict.of(null, Side.read("gcc@O0"), Side.read("gcc@O3"), KNOBS));
    }

    private static org.fparity.exec.Outcome ok(String tc, String hex) {
        return new org.fparity.exec.Outcome(
                "p", 0, tc, "O3_FM", org.fparity.exec.Outcome.Status.OK, hex, null, tc + "@O3_FM", 0);
    }

    private static FindingVerdict call(String program, String javaHex) {
        RootCause cosh = cause(RootCause.Kind.OPERATION, "java", List.of(), "cosh");
        return TriageVerdict.ofCall(
                cosh,
                Side.read("clang-19@O3_FM"),
                ok("clang-19", "0x1.4f9a62d825fa3p+106"),
                Side.read("java@O3_FM"),
                ok("java", javaHex),
                org.fparity.ir.Program.parse(program),
                0x1.4f9a62d825fa3p+106,
                side -> side.toolchain().equals("java") ? "JAVA" : "C",
                Accuracy.load(Path.of("runners", "accuracy")));
    }

    private static final String ONE_CALL =
            "program fp64 array 4\ncompute(double comp, double var_1) {\n  comp = cosh(var_1);\n}\n";

    @Test
    void aJavaSideTriageFoundOffInAMathCallIsJudgedByItsDocumentedAccuracyWhenTheProgramIsThatCall() {
        // seen on the ten-bundle run: java@O3_FM's cosh, untraceable here, was "undecided"
        FindingVerdict v = call(ONE_CALL, "0x1.4f9a62d825fa4p+106");
        assertEquals(FindingVerdict.Kind.WITHIN_ACCURACY, v.kind(), v.reason());
        assertEquals("java@O3_FM", v.culprit());
        assertTrue(v.reason().contains("1 ULP from the correctly rounded `0x1.4f9a62d825fa3p+106`"), v.reason());
        assertTrue(v.reason().contains("documents at most 3 ULP for `cosh`"), v.reason());
        FindingVerdict far = call(ONE_CALL, "0x1.4f9a62d825fa8p+106");
        assertEquals(FindingVerdict.Kind.VENDOR_BUG, far.kind(), far.reason());
        // a program that is more than the call says nothing about the call alone
        assertNull(call(ONE_CALL.replace("comp = cosh(var_1)", "comp += cosh(var_1)"), "0x1.4f9a62d825fa4p+106"));
    }
}
