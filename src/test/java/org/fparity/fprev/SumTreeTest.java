package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Random;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;

class SumTreeTest {
    @Test
    void canonicalFormOrdersChildrenBySmallestLeaf() {
        SumTree t = SumTree.parse("( (3 2)   (1 0) )");
        assertEquals("((0 1) (2 3))", t.canonical());
        assertEquals(t, SumTree.parse("((0 1) (2 3))"));
        assertNotEquals(t, SumTree.parse("(((0 1) 2) 3)"));
        assertEquals(4, t.lcaSize(0, 3));
        assertEquals(2, t.lcaSize(2, 3));
        assertEquals(
                "(4 (0 1 2) 3)".length(),
                SumTree.parse("(4 (0 1 2) 3)").canonical().length());
        assertEquals("((0 1 2) 3 4)", SumTree.parse("(4 (0 1 2) 3)").canonical());
        assertEquals(3, SumTree.parse("(4 (0 1 2) 3)").maxArity());
    }

    @Test
    void parseRoundTripsRandomTreesAndDeepChains() {
        Random rnd = new Random(5);
        for (int k = 0; k < 200; k++) {
            SumTree t = k % 2 == 0
                    ? RandomTrees.binary(rnd, 1 + rnd.nextInt(200))
                    : RandomTrees.multiway(rnd, 2 + rnd.nextInt(200), 6);
            assertEquals(t, SumTree.parse(t.canonical()));
        }
        SumTree deep = Shapes.sequential(200_000); // no recursion anywhere: printing and parsing a 200k-deep chain
        assertEquals(deep, SumTree.parse(deep.canonical()));
    }

    @Test
    void badTreeTextIsRejectedWithAReason() {
        String[][] cases = {
            {"", "empty"},
            {"((0 1)", "unbalanced '('"},
            {"(0 1))", "unbalanced ')'"},
            {"(0 1 1)", "each once"},
            {"((0) 1)", "at least two children"},
            {"(0 x)", "bad character 'x'"},
            {"(0 2)", "each once"},
            {"(0 1) (2 3)", "one tree"},
        };
        for (String[] c : cases) {
            FparityError e = assertThrows(FparityError.class, () -> SumTree.parse(c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
            assertEquals(2, e.exitCode());
        }
    }

    @Test
    void jsonListsEveryInnerNode() throws Exception {
        SumTree t = SumTree.parse("((0 1 2) 3)");
        JsonNode j = new ObjectMapper().readTree(TreeFormats.json(t));
        assertEquals(4, j.get("n").asInt());
        assertEquals("((0 1 2) 3)", j.get("tree").asText());
        assertEquals(2, j.get("nodes").size());
        assertEquals("[0,1,2]", j.get("nodes").get(0).get("children").toString());
        assertEquals("[4,3]", j.get("nodes").get(1).get("children").toString());
        assertEquals(5, j.get("root").asInt());
    }

    @Test
    void shapesAreNamed() {
        assertEquals("sequential", TreeShapes.name(Shapes.sequential(50)));
        assertEquals("reverse sequential", TreeShapes.name(Shapes.reverse(50)));
        assertEquals("pairwise", TreeShapes.name(Shapes.pairwise(50)));
        assertEquals("16-lane strided + sequential", TreeShapes.name(Shapes.strided(50, 16, false)));
        assertEquals("blocks of 8, sequential", TreeShapes.name(Shapes.blocked(50, 8)));
        assertEquals("5-way fused blocks (4 per step)", TreeShapes.name(Shapes.fusedBlocks(50, 4)));
        assertEquals("32-lane strided + halving", TreeShapes.name(Shapes.stridedHalving(100, 32)));
        assertEquals(
                "2 lanes (each pairwise) + one addition",
                TreeShapes.name(SumTree.parse("(((0 2) (4 6)) ((1 3) (5 7)))")));
        assertEquals(
                "4-lane strided + halving",
                TreeShapes.name(SumTree.parse("((((0 4) 8) ((2 6) 10)) (((1 5) 9) ((3 7) 11)))")));
        // numpy 2.4.6 / OpenBLAS SkylakeX sdot at n = 64, as revealed here
        assertEquals(
                "8 lanes (each blocks of 2, sequential) + 4-lane strided + pairwise",
                TreeShapes.name(SumTree.parse(
                        "(((((((0 8) (16 24)) (32 40)) (48 56)) ((((4 12) (20 28)) (36 44)) (52 60))) (((((1 9) (17 25)) (33 41)) (49 57))"
                                + " ((((5 13) (21 29)) (37 45)) (53 61)))) ((((((2 10) (18 26)) (34 42)) (50 58)) ((((6 14) (22 30)) (38 46)) (54 62)))"
                                + " (((((3 11) (19 27)) (35 43)) (51 59)) ((((7 15) (23 31)) (39 47)) (55 63)))))")));
        SumTree split = SumTree.parse("((((0 1) 2) 3) ((4 5) (6 7)))");
        assertEquals("split leaves 0\u20133 sequential + leaves 4\u20137 pairwise", TreeShapes.name(split));
        assertTrue(TreeShapes.name(SumTree.parse("((0 2) (1 3 4))")).startsWith("arities [2, 3]"));
    }

    @Test
    void diffNamesTheRegionsThatDiffer() {
        SumTree a = SumTree.parse(
                "(" + Shapes.strided(8, 4, true).canonical() + " " + shift(Shapes.sequential(8), 8) + ")");
        SumTree b = SumTree.parse("(" + Shapes.sequential(8).canonical() + " " + shift(Shapes.sequential(8), 8) + ")");
        List<String> d = TreeDiff.describe(a, b, "A", "B");
        assertEquals(List.of("leaves 0\u20137: 4-lane strided + pairwise in A, sequential in B"), d);
        assertTrue(TreeDiff.describe(a, a, "A", "A").isEmpty());
        assertEquals(
                List.of("different sizes: 16 summands vs 8"), TreeDiff.describe(a, Shapes.sequential(8), "A", "B"));
    }

    private static String shift(SumTree t, int by) {
        StringBuilder sb = new StringBuilder();
        String c = t.canonical();
        for (int k = 0; k < c.length(); ) {
            if (Character.isDigit(c.charAt(k))) {
                int e = k;
                while (e < c.length() && Character.isDigit(c.charAt(e))) e++;
                sb.append(Integer.parseInt(c.substring(k, e)) + by);
                k = e;
            } else {
                sb.append(c.charAt(k++));
            }
        }
        return sb.toString();
    }
}
