package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Pair;
import org.fparity.confirm.Side;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/** Issue 29: {@code reduce --top K} takes one discrepancy per root cause, expected vendor bugs and own pairs first. */
class TopPicksTest {
    private static final Path KNOBS = Path.of("runners", "knobs");
    private static final List<Program> PROGRAMS = new Generator(Grammar.defaults(), 3).generate(Precision.FP64, 10);

    private static CampaignDiscrepancies.Entry entry(String id, int program, String a, String b) {
        Side sa = Side.read(a);
        Side sb = Side.read(b);
        Discrepancy d = new Discrepancy(
                "p" + program,
                0,
                new Pair(new Platform(sa.toolchain(), sa.opt()), new Platform(sb.toolchain(), sb.opt())),
                DiscrepancyClass.NUMBER_NUMBER,
                OutcomeClass.NUMBER,
                OutcomeClass.NUMBER,
                "0x1p+0",
                "0x1.0000000000001p+0",
                java.math.BigInteger.ONE,
                1e-16);
        return new CampaignDiscrepancies.Entry(id, d, PROGRAMS.get(program), new Input(List.of()));
    }

    private static RootCause cause(RootCause.Kind kind, String family, List<String> flags, int cases, String... ids) {
        return new RootCause(
                null, kind, family, flags, null, null, null, null, "planted", cases, List.of(ids), ids[0], "");
    }

    /** The menu's order: severity only, so any other order below comes from the causes and the pairs. */
    private static final List<CampaignDiscrepancies.Entry> MENU = List.of(
            entry("across-ftz", 0, "gcc@O0", "java@O0"),
            entry("own-ftz", 1, "gcc@O0", "gcc@O3_FM"),
            entry("own-ftz-again", 1, "gcc@O1", "gcc@O3_FM"),
            entry("reassoc", 2, "gcc@O2", "gcc@O3_FM"),
            entry("pass-across", 3, "clang-14@O2", "gcc@O2"),
            entry("vectorise-own", 4, "gcc@O0", "gcc@O3"),
            entry("undecided", 5, "gcc@O0", "java@O0"),
            entry("not-triaged", 6, "gcc@O0", "gcc@O2"));

    private static final Causes CAUSES = new Causes(
            7,
            1,
            List.of(
                    cause(
                            RootCause.Kind.FLAGS,
                            "gcc O3_FM",
                            List.of("crtfastmath.o"),
                            50,
                            "across-ftz",
                            "own-ftz",
                            "own-ftz-again"),
                    cause(RootCause.Kind.FLAGS, "gcc O3_FM", List.of("-fassociative-math"), 30, "reassoc"),
                    cause(RootCause.Kind.PASS, "clang-14 O2", List.of(), 2, "pass-across"),
                    cause(RootCause.Kind.UNDECIDED, "unknown", List.of(), 1, "undecided"),
                    cause(RootCause.Kind.FLAGS, "gcc O3", List.of("-ftree-vectorize"), 1, "vectorise-own")));

    @Test
    void oneGroupPerCauseExpectedVendorBugsFirstThenOwnPairsThenTheLargerCause() {
        List<TopPicks.Group> groups = TopPicks.groups(MENU, Optional.of(CAUSES), KNOBS);
        List<String> firsts = new ArrayList<>();
        List<FindingVerdict.Kind> expected = new ArrayList<>();
        for (TopPicks.Group g : groups) {
            firsts.add(g.entries().getFirst().id());
            expected.add(g.expected());
        }
        // vectorisation changing values without fast math and a pass at O2: vendor bugs, the own pair (gcc O0 vs O3)
        // before the pair across toolchains; undecided; reassociation allowed by the flags; flush to zero outside the
        // contract, though it is the largest cause
        assertEquals(List.of("vectorise-own", "pass-across", "undecided", "reassoc", "own-ftz"), firsts);
        assertEquals(
                List.of(
                        FindingVerdict.Kind.VENDOR_BUG,
                        FindingVerdict.Kind.VENDOR_BUG,
                        FindingVerdict.Kind.UNDECIDED,
                        FindingVerdict.Kind.ALLOWED_BY_FLAGS,
                        FindingVerdict.Kind.OUTSIDE_CONTRACT),
                expected);
        // within a cause: the pair against O0 first, one per run (own-ftz-again is the same program and input), then
        // the pair across toolchains; the discrepancy no cause lists is not tried
        assertEquals(
                List.of("own-ftz", "across-ftz"),
                groups.getLast().entries().stream()
                        .map(CampaignDiscrepancies.Entry::id)
                        .toList());
    }

    /**
     * Triage's contraction cause ({@code operation|pocl|||contraction|}) names no function: it was expected undecided
     * and, as the larger cause, tried before a truly undecided one; contraction is a documented relaxation.
     */
    @Test
    void aContractionCauseWithNoFunctionIsExpectedAllowedByTheFlagsNotUndecided() {
        RootCause contraction = new RootCause(
                null,
                RootCause.Kind.OPERATION,
                "pocl",
                List.of(),
                null,
                "contraction",
                null,
                null,
                "planted",
                40,
                List.of("contracted"),
                "contracted",
                "");
        RootCause sin = new RootCause(
                null,
                RootCause.Kind.OPERATION,
                "pocl",
                List.of(),
                null,
                "math function",
                "sin",
                "PoCL builtins",
                "planted",
                20,
                List.of("sin"),
                "sin",
                "");
        assertEquals("operation|pocl|||contraction|", contraction.key());
        List<CampaignDiscrepancies.Entry> menu = List.of(
                entry("contracted", 7, "clang-14@O0", "pocl@O0"),
                entry("sin", 8, "clang-14@O0", "pocl@O0"),
                entry("undecided", 5, "gcc@O0", "java@O0"));
        Causes causes = new Causes(
                3, 1, List.of(contraction, sin, cause(RootCause.Kind.UNDECIDED, "unknown", List.of(), 1, "undecided")));
        List<TopPicks.Group> groups = TopPicks.groups(menu, Optional.of(causes), KNOBS);
        assertEquals(
                List.of("undecided", "sin", "contracted"),
                groups.stream().map(g -> g.entries().getFirst().id()).toList());
        assertEquals(
                List.of(
                        FindingVerdict.Kind.UNDECIDED,
                        FindingVerdict.Kind.WITHIN_ACCURACY,
                        FindingVerdict.Kind.ALLOWED_BY_FLAGS),
                groups.stream().map(TopPicks.Group::expected).toList());
    }

    @Test
    void withoutCausesEachRunOnceOwnPairsFirstInTheMenusOrder() {
        List<TopPicks.Group> groups = TopPicks.groups(MENU, Optional.empty(), KNOBS);
        assertEquals(
                List.of("own-ftz", "vectorise-own", "not-triaged", "reassoc", "across-ftz", "pass-across", "undecided"),
                groups.stream().map(g -> g.entries().getFirst().id()).toList());
        assertEquals(
                List.of(1),
                groups.stream().map(g -> g.entries().size()).distinct().toList());
    }
}
