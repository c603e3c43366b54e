package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramTest {
    static String deep(String expr) {
        return "program fp64 array 1\ncompute(double comp, double a) {\n  comp = " + expr + ";\n}\n";
    }

    /**
     * Past Program.MAX_DEPTH the parser stops (brackets, negations, nested ifs) and the validator refuses a tree made
     * deep by a long chain (a 20,000-term sum parses in a loop), each with one line, before any recursive walk.
     */
    @Test
    void programsNestedPastTheLimitAreRefusedInOneLine() {
        String sum = String.join(" + ", java.util.Collections.nCopies(20_000, "a"));
        String ifs = "program fp64 array 1\ncompute(double comp, double a) {\n" + "if (a > 0.0) {\n".repeat(30_000)
                + "}\n".repeat(30_001);
        for (String text : List.of(
                deep("(".repeat(30_000) + "a" + ")".repeat(30_000)), deep("-".repeat(30_000) + "a"), deep(sum), ifs)) {
            TooDeep e = assertThrows(TooDeep.class, () -> Program.parse(text));
            assertTrue(e.getMessage().contains("program nested too deeply: more than 400 levels"), e.getMessage());
        }
        Program ok = Program.parse(deep(String.join(" + ", java.util.Collections.nCopies(390, "a"))));
        assertEquals(392, Nodes.depth(Nodes.root(ok), Program.MAX_DEPTH)); // block, assignment, 389 additions, a leaf
        assertEquals(ok, Program.parse(ok.canonical()));
    }

    static final String SAMPLE = """
            program fp64 array 8
            compute(double comp, int var_1, double var_2, double var_3[8]) {
              double tmp_1 = (var_2 + 0x1p-3) * -0x1.8p+1;
              comp += tmp_1 / (var_2 - (comp - 0x0.0000000000001p-1022));
              if (comp < var_2 && !(tmp_1 >= -0x0p+0) || var_2 != 0x1p+0) {
                for (int i_0 = 0; i_0 < var_1; ++i_0) {
                  var_3[i_0] = fmod(var_3[i_0], ldexp(var_2, -3)) - -(var_2);
                  comp *= var_3[i_0] + sin(-tmp_1);
                }
              } else {
                comp = var_3[7];
              }
            }
            """;

    @Test
    void canonicalFormRoundTripsThroughTheParser() {
        Program p = Program.parse(SAMPLE);
        String canon = p.canonical();
        Program q = Program.parse(canon);
        assertEquals(p, q);
        assertEquals(canon, q.canonical());
        assertEquals(p.id(), q.id());
        assertEquals(16, p.id().length());
        assertTrue(canon.contains("(var_2 + 0x1p-3) * -0x1.8p+1"), canon);
        assertTrue(canon.contains("comp += tmp_1 / (var_2 - (comp - 0x0.0000000000001p-1022));"), canon);
        assertTrue(canon.contains("ldexp(var_2, -3)"), canon);
    }

    @Test
    void treeDecidesParenthesesAndExplicitParensSurvive() {
        Expr a = new Expr.Var("a");
        Expr b = new Expr.Var("b");
        Expr c = new Expr.Var("c");
        Printer pr = new Printer(Precision.FP64);
        assertEquals("a - (b - c)", pr.expr(new Expr.Bin(Expr.BinOp.SUB, a, new Expr.Bin(Expr.BinOp.SUB, b, c))));
        assertEquals("a - b - c", pr.expr(new Expr.Bin(Expr.BinOp.SUB, new Expr.Bin(Expr.BinOp.SUB, a, b), c)));
        assertEquals("(a + b) * c", pr.expr(new Expr.Bin(Expr.BinOp.MUL, new Expr.Bin(Expr.BinOp.ADD, a, b), c)));
        assertEquals(
                "(a * b) + c",
                pr.expr(new Expr.Bin(Expr.BinOp.ADD, new Expr.Paren(new Expr.Bin(Expr.BinOp.MUL, a, b)), c)));
        assertEquals("-(-a)", pr.expr(new Expr.Neg(new Expr.Neg(a))));
        assertEquals("-(0x1p+0)", pr.expr(new Expr.Neg(new Expr.Lit(1.0))));
        assertEquals("a * -0x1p+0", pr.expr(new Expr.Bin(Expr.BinOp.MUL, a, new Expr.Lit(-1.0))));
        assertEquals("a - -0x1p+0", pr.expr(new Expr.Bin(Expr.BinOp.SUB, a, new Expr.Lit(-1.0))));
    }

    @Test
    void negativeLiteralAndNegatedLiteralStayDistinct() {
        String neg = "program fp64 array 1\ncompute(double comp) {\n  comp = -(0x1p+0);\n}\n";
        String lit = "program fp64 array 1\ncompute(double comp) {\n  comp = -0x1p+0;\n}\n";
        Program a = Program.parse(neg);
        Program b = Program.parse(lit);
        assertNotEquals(a, b);
        assertNotEquals(a.id(), b.id());
        assertEquals(neg, a.canonical());
        assertEquals(lit, b.canonical());
    }

    @Test
    void jsonRoundTripIsBitExact() {
        Program p = Program.parse(SAMPLE);
        String json = ProgramJson.toJson(p);
        assertTrue(json.contains("\"0x0.0000000000001p-1022\""), json);
        Program q = ProgramJson.program(json);
        assertEquals(p, q);
        assertEquals(p.canonical(), q.canonical());
        Program f = Program.parse(
                "program fp32 array 1\ncompute(float comp, float v) {\n  comp = v * 0x1p-149f - 0x1.fffffep+127f;\n}\n");
        assertEquals(f, ProgramJson.program(ProgramJson.toJson(f)));
    }

    @Test
    void rulesThatKeepEmittedCodeFreeOfUndefinedBehaviour() {
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64 array 4\ncompute(double comp, double a[4]) {\n  comp = a[4];\n}"));
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64 array 4\ncompute(double comp) {\n  comp = t;\n}"));
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64 array 4\ncompute(double comp, double a[4]) {\n  comp = a[i];\n}"));
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64 array 4\ncompute(double comp, int n) {\n  comp = n;\n}"));
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp32 array 4\ncompute(float comp) {\n  comp = 0x1p-3;\n}"));
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp32 array 4\ncompute(float comp) {\n  comp = 0x1.0000001p+0f;\n}"));
        var e = assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64 array 4\ncompute(double comp) {\n  comp = foo(comp);\n}"));
        assertTrue(e.getMessage().contains("unknown math function 'foo'"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse(
                        "program fp64 array 4\ncompute(double comp, int n) {\n  double t = 0x1p+0;\n  for (int i = 0; i < n; ++i) {\n    double t = 0x1p+0;\n  }\n}"));
    }

    @Test
    void inputsAreCanonicalTokens() {
        Program p = Program.parse(SAMPLE);
        Input in = Input.of(p, -0.0, 3, Double.MIN_VALUE, 1.5);
        assertEquals(List.of("-0x0p+0", "3", "0x0.0000000000001p-1022", "0x1.8p+0"), in.args());
        assertEquals("7 -0x0p+0 3 0x0.0000000000001p-1022 0x1.8p+0", in.line(7));
        assertEquals(Double.MIN_VALUE, in.fp(2));
        assertEquals(3, in.integer(1));
    }

    /** A text that is no program at all (a number) is a parse error with line and column, not an index out of bounds (issue 30). */
    @Test
    void aTextThatStartsWithANumberIsAParseErrorWithLineAndColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Program.parse("1e16\n"));
        assertEquals("line 1, column 1: expected 'program', found '1e16'", e.getMessage());
        IllegalArgumentException end = assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64\ncompute(double comp, double x) {\n  comp += x"));
        assertEquals("line 3, column 12: expected ';', found end of program", end.getMessage());
        IllegalArgumentException fn = assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse("program fp64\ncompute(double comp, double x) {\n  comp += sine(x);\n}\n"));
        assertEquals("line 3, column 11: unknown math function 'sine'", fn.getMessage());
    }

    /** {@code array N} may be left out: a program without arrays needs none, and an array's own [N] says its length. */
    @Test
    void arrayIsOptional() {
        Program none = Program.parse("program fp64\ncompute(double comp, double x) {\n  comp += x * 2.0;\n}\n");
        assertEquals(0, none.arrayLength());
        assertEquals(none, Program.parse(none.canonical()));
        Program one = Program.parse("program fp64\ncompute(double comp, double a[3]) {\n  comp += a[2];\n}\n");
        assertEquals(3, one.arrayLength());
        IllegalArgumentException two = assertThrows(
                IllegalArgumentException.class,
                () -> Program.parse(
                        "program fp64\ncompute(double comp, double a[3], double b[4]) {\n  comp += a[2];\n}\n"));
        assertEquals("line 2, column 44: array b has length 4, program says 3", two.getMessage());
    }
}
