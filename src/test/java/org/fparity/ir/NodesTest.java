package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodesTest {
    private static final Program P = Program.parse(ProgramTest.SAMPLE);

    @Test
    void withChildrenOfChildrenRebuildsEveryNodeOfTheSample() {
        int[] count = {0};
        Walker.each(P, (path, n) -> {
            assertEquals(n, Nodes.withChildren(n, Nodes.children(n)), path.toString());
            assertEquals(n, NodePath.at(P, path), path.toString());
            count[0]++;
        });
        // 54 = the root block, 7 statements, 3 blocks (then, loop body, else) and 43 expressions and conditions
        assertEquals(54, count[0]);
    }

    @Test
    void pathsNameNodesInEvaluationOrder() {
        // statement 2 is the if; child 1 its then-block; statement 0 there the loop; its block; statement 1 comp *= …
        Node n = NodePath.at(P, NodePath.parse("2.1.0.0.1"));
        assertEquals("comp *= var_3[i_0] + sin(-tmp_1);\n", print(n));
        Node rhsOfSin = NodePath.at(P, NodePath.parse("2.1.0.0.1.1.1.0"));
        assertEquals(new Expr.Neg(new Expr.Var("tmp_1")), rhsOfSin);
        List<NodePath> order = new ArrayList<>();
        Walker.each(P, (path, x) -> order.add(path));
        List<NodePath> sorted = new ArrayList<>(order);
        sorted.sort(null);
        assertEquals(sorted, order);
        assertEquals("2.1.0", NodePath.parse("2.1.0").toString());
        assertTrue(NodePath.parse("2.1").isPrefixOf(NodePath.parse("2.1.0.3")));
        assertThrows(IllegalArgumentException.class, () -> NodePath.at(P, NodePath.parse("9")));
    }

    @Test
    void replaceAndSpliceRewriteOneNode() {
        Program q = NodePath.replace(P, NodePath.parse("1.1"), new Expr.Var("tmp_1"));
        assertTrue(q.canonical().contains("  comp += tmp_1;\n"), q.canonical());
        Validator.validate(q);
        Stmt.If iff = (Stmt.If) NodePath.at(P, NodePath.parse("2"));
        Program inlined = NodePath.splice(P, NodePath.parse("2"), iff.otherwise());
        assertEquals(3, inlined.body().size());
        assertEquals("comp = var_3[7];\n", print(inlined.body().get(2)));
        Program deleted = NodePath.splice(P, NodePath.parse("2"), List.of());
        assertEquals(2, deleted.body().size());
        assertThrows(IllegalArgumentException.class, () -> NodePath.replace(P, NodePath.parse("1.1"), iff.cond()));
        assertThrows(IllegalArgumentException.class, () -> NodePath.splice(P, NodePath.parse("1.1"), List.of()));
    }

    @Test
    void sizeCountsOperationsStatementsAndParameters() {
        Size s = Size.of(P);
        // decl: + *; comp +=: += / - -; condition: < >= !=; var_3[i_0] =: - fmod ldexp neg; comp *=: *= + sin neg
        assertEquals(7, s.statements());
        assertEquals(4, s.parameters());
        assertEquals(2 + 4 + 3 + 4 + 4, s.operations());
        Size one = Size.of(Program.parse("program fp64 array 1\ncompute(double comp) {\n  comp /= comp;\n}\n"));
        assertEquals(new Size(1, 1, 1, 3), one);
        assertTrue(one.compareTo(s) < 0);
    }

    @Test
    void removingAParameterKeepsTheInputInStep() {
        Input in = new Input(List.of("0x1p+0", "3", "0x1.8p+1", "0x1p-2"));
        Params.WithInput r = Params.remove(P, in, "var_2");
        assertEquals(
                List.of("comp", "var_1", "var_3"),
                r.program().params().stream().map(Param::name).toList());
        assertEquals(List.of("0x1p+0", "3", "0x1p-2"), r.input().args());
        assertTrue(
                r.program().canonical().contains("double tmp_1 = (0x1.8p+1 + 0x1p-3) * -0x1.8p+1;"),
                r.program().canonical());
        Validator.validate(r.program());
        assertNull(Params.remove(P, in, "var_1"), "a used loop bound cannot go");
        assertNull(Params.remove(P, in, "comp"));
        assertNull(
                Params.remove(P, new Input(List.of("0x1p+0", "3", "inf", "0x1p-2")), "var_2"), "no literal holds inf");
        Program unused = Program.parse(
                "program fp64 array 2\ncompute(double comp, int n, double a[2]) {\n  comp += 0x1p+0;\n}\n");
        Params.WithInput u = Params.remove(
                Params.remove(unused, new Input(List.of("0x1p+0", "2", "0x1p+1")), "n")
                        .program(),
                new Input(List.of("0x1p+0", "0x1p+1")),
                "a");
        assertEquals(List.of("0x1p+0"), u.input().args());
        assertEquals(1, u.program().params().size());
    }

    private static String print(Node n) {
        StringBuilder sb = new StringBuilder();
        new Printer(Precision.FP64).stmt(sb, (Stmt) n, 0);
        return sb.toString();
    }
}
