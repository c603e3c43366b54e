package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.function.IntFunction;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

/** FPRev by insertion must reveal exactly the tree Algorithm 7 reveals, on every shape, from fewer probes. */
class IncrementalFprevTest {
    private static final FusedSum FUSED64 = new FusedSum(64, 40, Precision.FP64, false);

    private static Fprev.Result oracle(SumTree planted, Fprev.Algo algo) {
        LcaOracleTarget t = new LcaOracleTarget("lca.planted", m -> planted);
        return Fprev.reveal(
                t, planted.n(), algo, ProbeValues.mask(Precision.FP64), ProbeValues.unit(Precision.FP64), 0);
    }

    private static void sameAsAdvanced(SumTree planted, String what) {
        Fprev.Result inc = oracle(planted, Fprev.Algo.INCREMENTAL);
        Fprev.Result adv = oracle(planted, Fprev.Algo.ADVANCED);
        assertEquals(planted, adv.tree(), "advanced, " + what);
        assertEquals(adv.tree(), inc.tree(), "incremental vs advanced, " + what);
        assertTrue(inc.probes() >= planted.n() - 1, what + ": " + inc.probes() + " probes");
    }

    @Test
    void revealsTheSameRandomBinaryAndMultiwayTreesAsAdvanced() {
        Random rnd = new Random(15);
        int fused = 0;
        for (int t = 0; t < 600; t++) {
            int n = 2 + rnd.nextInt(t < 300 ? 40 : 400);
            SumTree planted =
                    t % 2 == 0 ? RandomTrees.binary(rnd, n) : RandomTrees.multiway(rnd, n, 2 + rnd.nextInt(12));
            if (!planted.isBinary()) fused++;
            sameAsAdvanced(planted, "tree " + t + " " + planted.canonical());
        }
        assertTrue(fused > 200, "most odd-numbered trees should have fused nodes, got " + fused);
    }

    @Test
    void revealsStructuredShapesWithAboutOneProbePerLeaf() {
        int n = 8192;
        java.util.List<IntFunction<SumTree>> shapes = java.util.List.of(
                Shapes::sequential,
                Shapes::reverse,
                Shapes::pairwise,
                m -> Shapes.strided(m, 32, true),
                m -> Shapes.strided(m, 8, false),
                m -> Shapes.stridedHalving(m, 32),
                Shapes::numpyPairwise,
                m -> Shapes.blocked(m, 64),
                m -> Shapes.fusedBlocks(m, 16));
        for (int k = 0; k < shapes.size(); k++) {
            SumTree planted = shapes.get(k).apply(n);
            Fprev.Result inc = oracle(planted, Fprev.Algo.INCREMENTAL);
            Fprev.Result adv = oracle(planted, Fprev.Algo.ADVANCED);
            assertEquals(adv.tree(), inc.tree(), "shape " + k);
            assertEquals(planted, inc.tree(), "shape " + k);
            System.out.printf(
                    "shape %d %s: incremental %d probes, advanced %d%n",
                    k, TreeShapes.name(planted), inc.probes(), adv.probes());
        }
    }

    @Test
    void revealsPlantedSumsIncludingFusedNodesAndReplaysThem() {
        Random rnd = new Random(3);
        for (int t = 0; t < 120; t++) {
            int n = 3 + rnd.nextInt(200);
            boolean multi = t % 2 == 1;
            SumTree planted = multi ? RandomTrees.multiway(rnd, n, 2 + rnd.nextInt(8)) : RandomTrees.binary(rnd, n);
            SumTarget target = new JavaTargets.PlantedTree(planted, Precision.FP64, multi ? FUSED64 : null);
            Fprev.Result r = Fprev.reveal(target, n, Fprev.Algo.INCREMENTAL);
            assertEquals(planted, r.tree(), "tree " + t);
            assertTrue(r.replay().matches(), "tree " + t + ": " + r.replay().verdict());
        }
        SumTree chain = SumTree.parse("((((0 1 2 3) 4 5 6 7) 8 9 10 11) 12 13 14 15)");
        assertEquals(
                chain,
                Fprev.reveal(new JavaTargets.PlantedTree(chain, Precision.FP64, FUSED64), 16, Fprev.Algo.INCREMENTAL)
                        .tree());
        SumTree flat = SumTree.parse("(0 1 2 3 4)");
        assertEquals(
                flat,
                Fprev.reveal(new JavaTargets.PlantedTree(flat, Precision.FP64, FUSED64), 5, Fprev.Algo.INCREMENTAL)
                        .tree());
    }
}
