package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The IR's rules, each refused with its own message; a well-formed program passes. */
class ValidatorTest {
    private static final String HEAD = "program fp64 array 4\ncompute(double comp, double x, double a[4], int n) {\n";

    private static Program program(String body) {
        return Program.parse(HEAD + body + "}\n");
    }

    /** Parsing validates (a program read from text is checked before anyone can use it): the rule's own message. */
    private static void refused(String body, String message) {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Validator.validate(program(body)), body);
        assertEquals(message, e.getMessage(), body);
    }

    @Test
    void aWellFormedProgramPasses() {
        Validator.validate(program("""
                  double t = x * a[2];
                  for (int i = 0; i < n; ++i) {
                    comp += a[i] / sqrt(t);
                  }
                  comp += ldexp(x, 3);
                """));
    }

    @Test
    void scopesAndNames() {
        refused("  double t = x;\n  double t = x;\n", "'t' is declared twice (no shadowing)");
        refused("  comp += y;\n", "'y' is used but not declared in scope");
        refused("  x = 1.0;\n", "assignment to 'x': only comp, temporaries and array elements can be assigned");
        refused("  double sinf = x;\n", "'sinf' is reserved");
        refused("  double int = x;\n", "'int' is reserved");
    }

    @Test
    void kindsOfParameters() {
        refused("  comp += n;\n", "int parameter 'n' used as a value (ints are loop bounds only)");
        refused("  comp += a;\n", "array 'a' used without an index");
        refused("  comp += x[1];\n", "'x' is not an array parameter");
        refused("  for (int i = 0; i < x; ++i) {\n    comp += 1.0;\n  }\n", "loop bound 'x' is not an int parameter");
    }

    @Test
    void indicesLiteralsAndCalls() {
        refused("  comp += a[4];\n", "index 4 out of range 0..3");
        refused("  comp += a[j];\n", "index 'j' is not the variable of an enclosing loop");
        refused("  comp += ldexp(x, 1000000);\n", "int argument 1000000 out of range");
    }

    @Test
    void fp32LiteralsMustBeFloats() {
        // built as records, as a generator or an importer would, not parsed: the validator itself must refuse it
        Program p = new Program(
                Precision.FP32,
                1,
                java.util.List.of(new Param(Param.Kind.FP, Param.COMP)),
                java.util.List.of(new Stmt.Assign(
                        new Expr.Var(Param.COMP), Stmt.AssignOp.bySymbol("+="), new Expr.Lit(1.0 + 0x1p-28))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Validator.validate(p));
        assertEquals("literal 0x1.0000001p+0 is not exactly a float", e.getMessage());
        // a math call with the wrong number of arguments (the parser cannot even build one)
        Program q = new Program(
                Precision.FP64,
                1,
                java.util.List.of(new Param(Param.Kind.FP, Param.COMP)),
                java.util.List.of(new Stmt.Assign(
                        new Expr.Var(Param.COMP),
                        Stmt.AssignOp.bySymbol("+="),
                        new Expr.Call(MathFn.POW, java.util.List.of(new Expr.Var(Param.COMP))))));
        assertEquals(
                "pow takes 2 arguments, got 1",
                assertThrows(IllegalArgumentException.class, () -> Validator.validate(q))
                        .getMessage());
    }
}
