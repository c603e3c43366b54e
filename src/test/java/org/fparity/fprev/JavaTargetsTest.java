package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class JavaTargetsTest {
    private static SumTree reveal(String spec, Precision p, int n) {
        return Fprev.reveal(JavaTargets.of(spec, p), n, Fprev.Algo.ADVANCED).tree();
    }

    @Test
    void knownOrdersAreRevealedAndNamed() {
        int n = 100;
        for (Precision p : new Precision[] {Precision.FP32, Precision.FP64}) {
            assertEquals(Shapes.sequential(n), reveal("java.seq", p, n));
            assertEquals(Shapes.reverse(n), reveal("java.reverse", p, n));
            assertEquals(Shapes.pairwise(n), reveal("java.pairwise", p, n));
            assertEquals(Shapes.strided(n, 4, true), reveal("java.strided:4", p, n));
            assertEquals(Shapes.strided(n, 8, false), reveal("java.strided:8:seq", p, n));
            assertEquals(Shapes.blocked(n, 16), reveal("java.blocked:16", p, n));
        }
        assertEquals("sequential", TreeShapes.name(reveal("java.seq", Precision.FP32, 64)));
        assertEquals("reverse sequential", TreeShapes.name(reveal("java.reverse", Precision.FP64, 64)));
        assertEquals("pairwise", TreeShapes.name(reveal("java.pairwise", Precision.FP64, 64)));
        assertEquals("4-lane strided + pairwise", TreeShapes.name(reveal("java.strided:4", Precision.FP64, 64)));
        assertEquals("8-lane strided + sequential", TreeShapes.name(reveal("java.strided:8:seq", Precision.FP64, 64)));
        assertEquals("blocks of 16, sequential", TreeShapes.name(reveal("java.blocked:16", Precision.FP64, 64)));
    }

    @Test
    void sequentialNeedsOnlyNMinusOneProbes() {
        Fprev.Result r = Fprev.reveal(JavaTargets.of("java.seq", Precision.FP32), 8192, Fprev.Algo.ADVANCED);
        assertEquals(8191, r.probes());
        assertEquals(Shapes.sequential(8192), r.tree());
    }

    @Test
    void reverseSumPastTheOriginalsRecursionLimit() {
        // the original FPRev hits RecursionError near n = 1200 on this order
        int n = 1300;
        Fprev.Result r = Fprev.reveal(JavaTargets.of("java.reverse", Precision.FP64), n, Fprev.Algo.ADVANCED);
        assertEquals(Shapes.reverse(n), r.tree());
        assertEquals((long) n * (n - 1) / 2, r.probes());
    }

    @Test
    void deepNestingDoesNotOverflowTheStack() {
        int n = 4000; // 4000 nested subproblems, 8 million probes answered by the oracle
        Fprev.Result r = Fprev.reveal(LcaOracleTarget.of("lca.reverse", n), n, Fprev.Algo.ADVANCED);
        assertEquals(Shapes.reverse(n), r.tree());
        assertEquals((long) n * (n - 1) / 2, r.probes());
        int m = 1_000_000;
        Fprev.Result seq = Fprev.reveal(LcaOracleTarget.of("lca.seq", m), m, Fprev.Algo.ADVANCED);
        assertEquals(m - 1, seq.probes());
        assertEquals(Shapes.sequential(m), seq.tree());
    }

    @Test
    void compensatedRandomisedAndJdkStreamSumsAreNotOrdinary() {
        for (String spec : new String[] {"java.kahan", "java.stream", "java.parallel", "java.random"}) {
            Precision p = Precision.FP64;
            for (Fprev.Algo algo : new Fprev.Algo[] {Fprev.Algo.INCREMENTAL, Fprev.Algo.ADVANCED, Fprev.Algo.BASIC}) {
                NotOrdinarySummation e = assertThrows(
                        NotOrdinarySummation.class,
                        () -> Fprev.reveal(JavaTargets.of(spec, p), 64, algo),
                        spec + " " + algo);
                assertTrue(e.getMessage().startsWith(spec + " is not an ordinary summation"), e.getMessage());
                assertEquals(1, e.exitCode());
            }
        }
        assertThrows(
                NotOrdinarySummation.class,
                () -> Fprev.reveal(JavaTargets.of("java.kahan", Precision.FP32), 64, Fprev.Algo.ADVANCED));
    }

    @Test
    void replayMatchesPlainOrdersAndCatchesHiddenPrecision() {
        int n = 24;
        SumTarget seq = JavaTargets.of("java.seq", Precision.FP32);
        SumTree tree = Fprev.reveal(seq, n, Fprev.Algo.ADVANCED).tree();
        try (SumTarget.Session s = seq.open(n, 0x1p127, 1)) {
            ReplayCheck.Report r = ReplayCheck.run(s, tree, Precision.FP32, null, 50, 1);
            assertTrue(r.matches(), r.verdict());
        }
        SumTarget hidden = JavaTargets.of("java.hidden", Precision.FP32);
        SumTree ht = Fprev.reveal(hidden, n, Fprev.Algo.ADVANCED).tree();
        assertEquals(Shapes.sequential(n), ht, "the order itself is sequential");
        try (SumTarget.Session s = hidden.open(n, 0x1p127, 1)) {
            ReplayCheck.Report r = ReplayCheck.run(s, ht, Precision.FP32, null, 50, 1);
            assertFalse(r.matches());
            assertTrue(r.widerAccumulator());
            assertTrue(r.verdict().contains("accumulates in higher precision than its float32 inputs"), r.verdict());
        }
        // the wrong order is reported too: replaying pairwise against a sequential sum
        try (SumTarget.Session s = seq.open(n, 0x1p127, 1)) {
            ReplayCheck.Report r = ReplayCheck.run(s, Shapes.pairwise(n), Precision.FP32, null, 50, 1);
            assertFalse(r.matches());
            assertFalse(r.widerAccumulator());
            assertTrue(r.mismatches() > 25, r.verdict());
        }
    }

    @Test
    void badSpecsAreOneLineErrors() {
        assertEquals(
                2,
                assertThrows(FparityError.class, () -> JavaTargets.of("java.nope", Precision.FP32))
                        .exitCode());
        assertThrows(FparityError.class, () -> JavaTargets.of("java.strided:0", Precision.FP32));
        assertThrows(FparityError.class, () -> JavaTargets.of("java.strided:4:zigzag", Precision.FP32));
        assertThrows(FparityError.class, () -> JavaTargets.of("java.stream", Precision.FP32));
        assertThrows(FparityError.class, () -> JavaTargets.of("java.tree:((0 1) 1)", Precision.FP32));
        FparityError e = assertThrows(
                FparityError.class,
                () -> Fprev.reveal(JavaTargets.of("java.tree:((0 1) 2)", Precision.FP64), 4, Fprev.Algo.ADVANCED));
        assertTrue(e.getMessage().contains("3 leaves"), e.getMessage());
    }

    @Tag("slow")
    @Test
    void basicOnARealSumAtAThousand() {
        Fprev.Result r = Fprev.reveal(JavaTargets.of("java.strided:16", Precision.FP32), 1024, Fprev.Algo.BASIC);
        assertEquals(Shapes.strided(1024, 16, true), r.tree());
        assertEquals(1024L * 1023 / 2, r.probes());
    }
}
