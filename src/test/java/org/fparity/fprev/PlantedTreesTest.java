package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

/** Planted trees: a Java target sums in exactly a random tree; the algorithms must reveal that tree. */
class PlantedTreesTest {
    private static final FusedSum FUSED64 = new FusedSum(64, 40, Precision.FP64, false);

    @Test
    void advancedAndBasicRevealThousandRandomBinaryTrees() {
        Random rnd = new Random(42);
        long advancedProbes = 0, basicProbes = 0;
        for (int t = 0; t < 1000; t++) {
            int n = t < 500 ? 2 + rnd.nextInt(63) : 2 + rnd.nextInt(255);
            Precision p = t % 3 == 0 ? Precision.FP32 : Precision.FP64;
            SumTree planted = RandomTrees.binary(rnd, n);
            SumTarget target = new JavaTargets.PlantedTree(planted, p, null);
            Fprev.Result adv = Fprev.reveal(target, n, Fprev.Algo.ADVANCED);
            assertEquals(planted, adv.tree(), "advanced, tree " + t);
            advancedProbes += adv.probes();
            if (t % 4 == 0) {
                Fprev.Result basic = Fprev.reveal(target, n, Fprev.Algo.BASIC);
                assertEquals(planted, basic.tree(), "basic, tree " + t);
                assertEquals((long) n * (n - 1) / 2, basic.probes());
                basicProbes += basic.probes();
            }
            assertTrue(adv.probes() >= n - 1 && adv.probes() <= (long) n * (n - 1) / 2);
        }
        assertTrue(advancedProbes < basicProbes, "advanced should need fewer probes in total");
    }

    @Test
    void basicRevealsTheRestOfTheBinaryTreesToo() {
        Random rnd = new Random(7);
        for (int t = 0; t < 250; t++) {
            int n = 2 + rnd.nextInt(96);
            SumTree planted = RandomTrees.binary(rnd, n);
            SumTarget target = new JavaTargets.PlantedTree(planted, Precision.FP64, null);
            assertEquals(planted, Fprev.reveal(target, n, Fprev.Algo.BASIC).tree(), "basic, tree " + t);
        }
    }

    @Test
    void advancedRevealsThreeHundredRandomMultiwayTrees() {
        Random rnd = new Random(2024);
        int sawMultiway = 0;
        for (int t = 0; t < 300; t++) {
            int n = 3 + rnd.nextInt(t < 150 ? 60 : 254);
            SumTree planted = RandomTrees.multiway(rnd, n, 2 + rnd.nextInt(16));
            SumTarget target = new JavaTargets.PlantedTree(planted, Precision.FP64, FUSED64);
            assertEquals(planted, Fprev.reveal(target, n, Fprev.Algo.ADVANCED).tree(), "advanced, tree " + t);
            if (!planted.isBinary()) {
                sawMultiway++;
                if (t % 5 == 0) {
                    MultiwayNotSupported e =
                            assertThrows(MultiwayNotSupported.class, () -> Fprev.reveal(target, n, Fprev.Algo.BASIC));
                    assertTrue(e.getMessage().contains("FPRev-basic builds binary trees only"), e.getMessage());
                }
            }
        }
        assertTrue(sawMultiway > 250, "most planted trees should have fused nodes, got " + sawMultiway);
    }

    @Test
    void naiveAgreesWithAdvancedUpToEight() {
        Random rnd = new Random(99);
        for (int t = 0; t < 40; t++) {
            int n = 2 + t % 7;
            SumTree planted = RandomTrees.binary(rnd, n);
            SumTarget target = new JavaTargets.PlantedTree(planted, Precision.FP32, null);
            SumTree naive = Fprev.reveal(target, n, Fprev.Algo.NAIVE).tree();
            assertEquals(planted, naive, "naive, tree " + t);
            assertEquals(naive, Fprev.reveal(target, n, Fprev.Algo.ADVANCED).tree());
        }
    }

    @Test
    void fusedChainFromPaperSection42() {
        SumTree planted = SumTree.parse("((((0 1 2 3) 4 5 6 7) 8 9 10 11) 12 13 14 15)");
        SumTarget target = new JavaTargets.PlantedTree(planted, Precision.FP64, FUSED64);
        assertEquals(planted, Fprev.reveal(target, 16, Fprev.Algo.ADVANCED).tree());
        assertThrows(MultiwayNotSupported.class, () -> Fprev.reveal(target, 16, Fprev.Algo.BASIC));
        // a single flat 5-way node: the example of §4.2.2
        SumTree flat = SumTree.parse("(0 1 2 3 4)");
        assertEquals(
                flat,
                Fprev.reveal(new JavaTargets.PlantedTree(flat, Precision.FP64, FUSED64), 5, Fprev.Algo.ADVANCED)
                        .tree());
    }
}
