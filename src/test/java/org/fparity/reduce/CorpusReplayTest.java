package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.exec.Toolchains;
import org.fparity.oracle.CorrectlyRounded;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus finding replayed on every platform it records that is present here: a changed outcome fails. */
@Tag("tools")
class CorpusReplayTest {
    static final Path CORPORA = Path.of("corpora");
    static final Toolchains TOOLCHAINS = Toolchains.load(Path.of("runners", "toolchains"));

    @TempDir
    Path tmp;

    static Stream<Arguments> replays() {
        List<Arguments> out = new ArrayList<>();
        for (CorpusReplay.Entry e : CorpusReplay.load(CORPORA)) {
            for (String platform : e.finding().expected().keySet()) out.add(Arguments.of(e, platform));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("replays")
    void recordedOutcomeReplays(CorpusReplay.Entry e, String platform) throws Exception {
        CorpusReplay.Replay r = CorpusReplay.replay(e, platform, TOOLCHAINS, tmp);
        Assumptions.assumeTrue(r != null, platform + " is not installed or cannot run here");
        assertTrue(r.same(), e + " on " + platform + ": expected " + r.expected() + ", got " + r.got());
    }

    @Test
    void theSeedPaperCasesAreCorpusEntriesWithTheirTruth() {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        List<CorpusReplay.Entry> all = CorpusReplay.load(CORPORA);
        List<String> names = all.stream().map(CorpusReplay.Entry::name).toList();
        assertTrue(names.containsAll(List.of("ceil-tiny-positive", "fmod-nvcc-vs-hipcc")), names.toString());
        for (CorpusReplay.Entry e : all) {
            assertEquals(e.finding().truth(), CorpusReplay.truth(e), e + ": the correctly rounded reference changed");
            assertFalse(e.finding().expected().isEmpty(), e + " records no platform");
        }
        // nvcc's ceil bug: the truth is 1.2374E-306 + 1.1147E-307 / 1, finite where nvcc printed Inf
        CorpusReplay.Entry ceil = all.get(names.indexOf("ceil-tiny-positive"));
        assertEquals(
                1.2374E-306 + 1.1147E-307,
                org.fparity.ir.HexFloat.parse(ceil.finding().truth()));
        assertEquals("inf", ceil.finding().elsewhere().get("nvcc@O0"));
    }

    /** The reproducers {@code fparity reduce} made here record their discrepancy: gcc -O0 and gcc -O3 -ffast-math differ in class. */
    @Test
    void theReducedReproducersRecordTheirDiscrepancy() {
        List<CorpusReplay.Entry> all = CorpusReplay.load(CORPORA);
        List<String> names = all.stream().map(CorpusReplay.Entry::name).toList();
        for (String n : List.of("fastmath-finite-branch", "ftz-subnormal-product", "daz-subnormal-times-inf")) {
            assertTrue(names.contains(n), names.toString());
            CorpusReplay.Entry e = all.get(names.indexOf(n));
            double o0 = org.fparity.ir.HexFloat.parse(e.finding().expected().get("gcc@O0"));
            double fm = org.fparity.ir.HexFloat.parse(e.finding().expected().get("gcc@O3_FM"));
            assertNotNull(org.fparity.exec.DiscrepancyClass.classify(o0, fm), n + ": gcc@O0 and gcc@O3_FM agree");
            assertTrue(org.fparity.ir.Size.of(e.program()).operations() <= 6, n + " is a reduced program");
        }
    }

    /**
     * The crash kept from the README's default campaign: clang 16 and 19 at -O3 -ffast-math end abnormally (a branch on
     * a division by zero that finite-math-only makes poison), every other platform it records prints the same result.
     */
    @Test
    void theFastMathCrashIsRecordedAsACrashBesideResults() {
        List<CorpusReplay.Entry> all = CorpusReplay.load(CORPORA);
        CorpusReplay.Entry e = all.stream()
                .filter(x -> x.name().equals("fastmath-poison-branch"))
                .findFirst()
                .orElseThrow();
        java.util.Map<String, String> ex = e.finding().expected();
        assertEquals("CRASH", ex.get("clang-16@O3_FM"));
        assertEquals("CRASH", ex.get("clang-19@O3_FM"));
        for (var kv : ex.entrySet()) {
            if (kv.getKey().startsWith("clang-16@O3_FM") || kv.getKey().startsWith("clang-19@O3_FM")) continue;
            assertEquals(e.finding().truth(), kv.getValue(), kv.getKey() + " prints the IEEE result");
        }
        assertTrue(org.fparity.ir.Size.of(e.program()).operations() <= 2, "a reduced program");
    }

    @Test
    void aChangedExpectationFails() throws Exception {
        CorpusReplay.Entry e = CorpusReplay.load(CORPORA).getFirst();
        CorpusReplay.Replay ok = CorpusReplay.replay(e, "gcc@O0", TOOLCHAINS, tmp);
        Assumptions.assumeTrue(ok != null, "gcc is not installed");
        assertTrue(ok.same(), ok.toString());
        String other = org.fparity.ir.HexFloat.format(
                Math.nextUp(org.fparity.ir.HexFloat.parse(e.finding().expected().get("gcc@O0"))));
        CorpusReplay.Replay bad =
                CorpusReplay.replay(CorpusReplay.withExpected(e, "gcc@O0", other), "gcc@O0", TOOLCHAINS, tmp);
        assertNotNull(bad);
        assertFalse(bad.same(), "one ULP off must fail the replay: " + bad);
    }
}
