package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Shape names: the filtered recogniser names every tree exactly as building every candidate does. */
class TreeShapesTest {
    private static List<SumTree> shapes(int n) {
        List<SumTree> out = new ArrayList<>(
                List.of(Shapes.sequential(n), Shapes.reverse(n), Shapes.pairwise(n), Shapes.numpyPairwise(n)));
        for (int k : new int[] {2, 3, 4, 8, 16, 32, 64}) {
            out.add(Shapes.strided(n, k, true));
            out.add(Shapes.strided(n, k, false));
            if (Integer.bitCount(k) == 1) out.add(Shapes.stridedHalving(n, k));
            out.add(Shapes.fusedBlocks(n, k));
            if (k <= n) out.add(Shapes.blocked(n, k));
        }
        return out;
    }

    @Test
    void filteredKnownNamesAgreeWithBuildingEveryCandidate() {
        Random rnd = new Random(5);
        int named = 0;
        for (int n : new int[] {2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 64, 100, 129, 130, 257, 1000, 4096}) {
            for (SumTree t : shapes(n)) {
                String want = TreeShapes.known(t, false);
                assertEquals(want, TreeShapes.known(t, true), "n=" + n + " " + t);
                if (want != null) named++;
            }
            SumTree r = RandomTrees.binary(rnd, n);
            assertEquals(TreeShapes.known(r, false), TreeShapes.known(r, true), "random n=" + n);
            SumTree m = RandomTrees.multiway(rnd, n, 5);
            assertEquals(TreeShapes.known(m, false), TreeShapes.known(m, true), "random multiway n=" + n);
        }
        assertEquals(true, named > 300, "most built shapes have a name, got " + named);
    }

    @Test
    void lanesOfEqualAndMixedShapesAreNamed() {
        assertEquals("32 lanes (each sequential) + pairwise", TreeShapes.lanes(Shapes.strided(8192, 32, true)));
        // 5 lanes over 12 leaves: lanes 0 and 1 hold three leaves, lanes 2..4 two: different trees, both in order
        String five = TreeShapes.lanes(Shapes.strided(12, 5, false));
        assertNotNull(five);
        assertEquals("5 lanes (each mixed) + sequential", five);
        // 6 lanes over 13 leaves: lane 0 holds 0, 6 and 12 (in order), the others two leaves (one addition)
        assertEquals("6 lanes (each mixed) + sequential", TreeShapes.lanes(Shapes.strided(13, 6, false)));
        assertEquals("4 lanes (each one addition) + pairwise", TreeShapes.lanes(Shapes.strided(8, 4, true)));
    }
}
