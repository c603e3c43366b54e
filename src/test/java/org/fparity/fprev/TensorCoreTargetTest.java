package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

class TensorCoreTargetTest {
    @Test
    void voltaAmpereHopperGiveFiveNineAndSeventeenWayTreesAtThirtyTwo() {
        int[] ways = {5, 9, 17};
        String[] archs = {"tc.volta", "tc.ampere", "tc.hopper"};
        for (int a = 0; a < 3; a++) {
            TensorCoreTarget t = TensorCoreTarget.of(archs[a]);
            Fprev.Result r = Fprev.reveal(t, 32, Fprev.Algo.ADVANCED);
            assertEquals(ways[a], r.tree().maxArity(), archs[a]);
            assertEquals(Shapes.fusedBlocks(32, ways[a] - 1), r.tree(), archs[a]);
            assertEquals(ways[a] + "-way fused blocks (" + (ways[a] - 1) + " per step)", TreeShapes.name(r.tree()));
            assertTrue(r.replay().matches(), r.replay().verdict());
            assertThrows(MultiwayNotSupported.class, () -> Fprev.reveal(t, 32, Fprev.Algo.BASIC));
        }
        assertEquals(
                "((((0 1 2 3) 4 5 6 7) 8 9 10 11) 12 13 14 15)",
                Fprev.reveal(TensorCoreTarget.of("tc.volta"), 16, Fprev.Algo.ADVANCED)
                        .tree()
                        .canonical());
    }

    @Test
    void oddSizesAndLargeN() {
        Fprev.Result r = Fprev.reveal(TensorCoreTarget.of("tc.hopper"), 1000, Fprev.Algo.ADVANCED);
        assertEquals(Shapes.fusedBlocks(1000, 16), r.tree());
        assertTrue(r.replay().matches(), r.replay().verdict());
        assertEquals(
                Shapes.fusedBlocks(37, 8),
                Fprev.reveal(TensorCoreTarget.of("tc.ampere"), 37, Fprev.Algo.ADVANCED)
                        .tree());
    }

    @Test
    void fusedSumAlignsAndTruncates() {
        FusedSum f = new FusedSum(5, 24, Precision.FP32, true);
        // 2^15 + 2^-24: the small term falls below the 24 kept bits and vanishes
        assertEquals(0x1p15, f.sum(new double[] {0x1p15, 0x1p-24}, 2));
        // within the kept bits the fixed-point sum is exact, independent of order
        assertEquals(1.0 + 0x1p-20, f.sum(new double[] {0x1p-21, 1.0, 0x1p-21}, 3));
        assertEquals(f.sum(new double[] {0.3, 1e-3, 7.0, -2.5}, 4), f.sum(new double[] {-2.5, 7.0, 1e-3, 0.3}, 4));
        // truncation toward zero on output, unlike an IEEE addition
        FusedSum g = new FusedSum(3, 40, Precision.FP32, true);
        assertEquals(1.0, g.sum(new double[] {1.0, 0x1p-24 + 0x1p-25}, 2));
        assertEquals(
                1.0 + 0x1p-23,
                new FusedSum(3, 40, Precision.FP32, false).sum(new double[] {1.0, 0x1p-24 + 0x1p-25}, 2));
    }

    @Test
    void badSpecs() {
        assertThrows(FparityError.class, () -> TensorCoreTarget.of("tc.turing"));
        assertThrows(FparityError.class, () -> TensorCoreTarget.of("tc.volta:3"));
        assertThrows(FparityError.class, () -> TensorCoreTarget.of("tc.volta:x"));
    }
}
