package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.fparity.attribution.FlagModel;
import org.fparity.confirm.Side;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
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
 * A verdict per finding (issue 29): vendor bug, outside the flags' contract, allowed by the flags, within documented
 * accuracy, undecided. The flag verdicts come from real builds with a knob turned off; the accuracy ones from the
 * tables in runners/accuracy.
 */
class FindingVerdictTest {
    @TempDir
    Path tmp;

    static final Accuracy TABLES = Accuracy.load(Path.of("runners", "accuracy"));
    static final Program ONE_CALL = Program.parse("""
            program fp64 array 4
            compute(double comp, double var_1) {
              comp += sin(var_1);
            }
            """);
    static final Input IN = new Input(List.of("0x0p+0", "0x1p+0"));

    private static Divergence call(String text, String value, String truth, String wrong) {
        return new Divergence(
                "0",
                text,
                "call",
                List.of("0x1p+0"),
                value,
                null,
                truth,
                wrong,
                "both traced",
                "",
                "call:x:" + wrong,
                wrong);
    }

    private static FindingVerdict judgeCall(String language, Divergence d) throws InterruptedException {
        return FindingVerdict.judge(
                Side.read(d.wrong()), true, null, language, d, TABLES, "fp64", o -> false, null, true, ONE_CALL, IN);
    }

    @Test
    void aMathCallInsideItsLibrarysDocumentedErrorIsWithinAccuracy() throws Exception {
        // nvcc's sin one ULP off: CUDA documents 2 for sin (fp64)
        FindingVerdict v =
                judgeCall("CUDA", call("sin(var_1)", "0x1.aed548f090cefp-1", "0x1.aed548f090ceep-1", "nvcc-sm80@O0"));
        assertEquals(FindingVerdict.Kind.WITHIN_ACCURACY, v.kind(), v.reason());
        assertTrue(
                v.reason()
                        .startsWith(
                                "`sin(var_1)` is 1 ULP from the correctly rounded `0x1.aed548f090ceep-1`; CUDA math library (device) documents at most 2 ULP for `sin`"),
                v.reason());
    }

    @Test
    void aMathCallBeyondItsLibrarysDocumentedErrorIsAVendorBug() throws Exception {
        // glibc documents 1 ULP for sin: 3 ULP is beyond it
        FindingVerdict v = judgeCall("C", call("sin(var_1)", "0x1.aed548f090cf1p-1", "0x1.aed548f090ceep-1", "gcc@O0"));
        assertEquals(FindingVerdict.Kind.VENDOR_BUG, v.kind(), v.reason());
        assertTrue(v.reason().contains("is 3 ULP from the correctly rounded"), v.reason());
        // the fake libm's ceil of a tiny positive: 0 where the truth is 1 (exact function, another class of value)
        FindingVerdict c = judgeCall("C", call("ceil(var_1)", "0x0p+0", "0x1p+0", "fake-gcc@O0"));
        assertEquals(FindingVerdict.Kind.VENDOR_BUG, c.kind(), c.reason());
    }

    @Test
    void withoutOperationEvidenceOrKnobsItIsUndecidedWithTheReason() throws Exception {
        Divergence none = new Divergence(
                "", "", "none", List.of(), null, null, null, "java@O3_FM", "x", "", "final:java@O3_FM", "java@O3_FM");
        FindingVerdict v = FindingVerdict.judge(
                Side.read("java@O3_FM"),
                true,
                null,
                "JAVA",
                none,
                TABLES,
                "fp64",
                o -> false,
                null,
                true,
                ONE_CALL,
                IN);
        assertEquals(FindingVerdict.Kind.UNDECIDED, v.kind());
        assertEquals(
                "no knob file describes java's flags (runners/knobs), so no flag could be turned off to test them",
                v.reason());
    }

    @Test
    void vendorBugsRankFirst() {
        assertTrue(new FindingVerdict(FindingVerdict.Kind.VENDOR_BUG, "a", "").rank()
                < new FindingVerdict(FindingVerdict.Kind.UNDECIDED, "a", "").rank());
        assertTrue(new FindingVerdict(FindingVerdict.Kind.UNDECIDED, "a", "").rank()
                < new FindingVerdict(FindingVerdict.Kind.OUTSIDE_CONTRACT, "a", "").rank());
    }

    private FindingVerdict realBuild(String toolchain, Program p, Input in) throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        Toolchain tc = tcs.get(toolchain);
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        Assumptions.assumeTrue(dt.canCompile() && dt.canRun(), toolchain + " cannot build and run here");
        Standalone single = new Standalone(tmp);
        Outcome o0 = single.run(dt, "O0", p, in);
        Outcome fm = single.run(dt, "O3_FM", p, in);
        double ref = ReferenceEvaluator.ideal(p, in).comp();
        Divergence d = new Tracer(tmp).explain(p, in, dt, "O0", o0, dt, "O3_FM", fm, ref);
        assertEquals(toolchain + "@O3_FM", d.offTruth(), d.sentence());
        ContractCheck check = new ContractCheck(
                dt, "O3_FM", FlagModel.forToolchain(Path.of("runners", "knobs"), toolchain), p, in, single);
        return FindingVerdict.judge(
                Side.read(toolchain + "@O3_FM"),
                false,
                check,
                "C",
                d,
                TABLES,
                "fp64",
                o -> o.status() == Outcome.Status.OK && DiscrepancyClass.classify(o.value(), ref) == null,
                fm,
                true,
                p,
                in);
    }

    @Test
    @Tag("tools")
    void aSubnormalUnderFlushToZeroIsOutsideTheFlagsContract() throws Exception {
        // edb7d410441b reduced: clang-14 -O3 -ffast-math reads the subnormal divisor as zero (crtfastmath.o)
        FindingVerdict v = realBuild("clang-14", PlantedCulpritTest.P, PlantedCulpritTest.IN);
        assertEquals(FindingVerdict.Kind.OUTSIDE_CONTRACT, v.kind(), v.reason());
        assertTrue(
                v.reason()
                        .startsWith(
                                "The program's IEEE evaluation has a subnormal value (`0x0.1p-1022`), which clang-14@O3_FM's flags assume away (flush to zero)"),
                v.reason());
        assertTrue(v.reason().contains("it prints `-0x1p+11`, the finding gone"), v.reason());
        assertTrue(!v.reason().contains("crtfastmath.o`"), "the rebuilt line leaves crtfastmath.o out: " + v.reason());
    }

    @Test
    @Tag("tools")
    void reassociationUnderFastMathIsAllowedByTheFlags() throws Exception {
        // (1 + 2^53) - 2^53 is 0 in IEEE; -fassociative-math may fold it to 1
        Program p = Program.parse("""
                program fp64 array 4
                compute(double comp, double var_1, double var_2) {
                  comp = (var_1 + var_2) - var_2;
                }
                """);
        FindingVerdict v = realBuild("gcc", p, new Input(List.of("0x0p+0", "0x1p+0", "0x1p+53")));
        assertEquals(FindingVerdict.Kind.ALLOWED_BY_FLAGS, v.kind(), v.reason());
        assertTrue(v.reason().startsWith("With reassociation turned off (`"), v.reason());
        assertTrue(v.reason().contains("-fno-associative-math"), v.reason());
    }

    /**
     * ef50d0a7722b reduced: gcc -O3 -ffast-math prints NaN because {@code comp / 0x0.08p-1022} is -inf, both because
     * crtfastmath.o reads the subnormal divisor as zero and because -freciprocal-math's 2^1027 overflows; turning off
     * either alone keeps the finding, so each check alone left it undecided.
     */
    @Test
    @Tag("tools")
    void aSubnormalDivisorWhoseReciprocalOverflowsTooNeedsBothTurnedOff() throws Exception {
        Program p = Program.parse("""
                program fp64 array 8
                compute(double comp, double var_28) {
                  comp = comp / 0x0.08p-1022;
                  comp += comp * (-0x1p-478 * var_28);
                }
                """);
        FindingVerdict v = realBuild("gcc", p, new Input(List.of("-0x1p-1016", "0x1p-1016")));
        assertEquals(FindingVerdict.Kind.OUTSIDE_CONTRACT, v.kind(), v.reason());
        assertTrue(
                v.reason()
                        .startsWith(
                                "The program's IEEE evaluation has a subnormal value (`0x0.08p-1022`), which gcc@O3_FM's flags assume away (flush to zero), and a documented relaxation (reciprocals) makes the same difference alone"),
                v.reason());
        assertTrue(v.reason().contains("-fno-reciprocal-math`) print `-0x1p+11`, the finding gone"), v.reason());
    }

    @Test
    void theIeeeEvaluationsBrokenAssumptionsAreNamed() {
        List<String[]> b = ContractCheck.assumptionsBroken(PlantedCulpritTest.P, PlantedCulpritTest.IN);
        assertEquals(1, b.size());
        assertEquals("subnormal", b.getFirst()[0]);
        assertEquals(Set.of("flush to zero"), ContractCheck.SUBNORMAL);
    }
}
