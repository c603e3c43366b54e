package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.fparity.ir.Expr;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.junit.jupiter.api.Test;

class FpEncoderTest {
    private static Expr expr(String prec, String text, String params) {
        Program p = Program.parse("program " + prec + " array 1\ncompute(" + (prec.equals("fp32") ? "float" : "double")
                + " comp, " + params + ") {\n  comp = " + text + ";\n}\n");
        return ((Stmt.Assign) p.body().getFirst()).value();
    }

    @Test
    void z3FloatingPointAgreesBitForBitWithTheEvaluatorUnderEveryModel() {
        Expr d = expr("fp32", "b * b - 4.0f * a * c + sqrt(fabs(a * c))", "float a, float b, float c");
        SplittableRandom r = new SplittableRandom(3);
        try (Z3Session z3 = new Z3Session(2000)) {
            for (int i = 0; i < 20; i++) {
                Map<String, Double> in = Map.of(
                        "a",
                        (double) (float) (r.nextDouble() * 100 - 50),
                        "b",
                        (double) (float) (r.nextDouble() * 100 - 50),
                        "c",
                        (double) (float) (r.nextDouble() * 100 - 50));
                for (EvaluationModel m : EvaluationModel.NAMED.values()) {
                    ModelTransform.Applied a = ModelTransform.apply(m, d, Set.of());
                    double mine = new ModelEvaluator(Precision.FP32, in, a.fused()).eval(a.root());
                    double z = new FpEncoder(z3.ctx(), Precision.FP32, in, a.fused()).value(a.root());
                    assertEquals(Double.doubleToLongBits(mine), Double.doubleToLongBits(z), m.name() + " " + in);
                }
            }
        }
    }

    @Test
    void fmodIsCsTruncatedRemainderNotIeeeRemainder() {
        Expr e = expr("fp64", "fmod(x, y)", "double x, double y");
        double[][] cases = {
            {7, 4},
            {-7, 4},
            {7, -4},
            {-7, -4},
            {5.5, 2},
            {-0.0, 3},
            {6, 3},
            {-6, 3},
            {1e300, 3.3},
            {0x1.1p+961, 1.5793e-307}
        };
        try (Z3Session z3 = new Z3Session(2000)) {
            for (double[] c : cases) {
                Map<String, Double> in = Map.of("x", c[0], "y", c[1]);
                double z = new FpEncoder(z3.ctx(), Precision.FP64, in, Map.of()).value(e);
                assertEquals(
                        Double.doubleToLongBits(c[0] % c[1]),
                        Double.doubleToLongBits(z),
                        "fmod(" + c[0] + ", " + c[1] + ")");
            }
            // 7 rem 4 is -1 (quotient rounded to 2); fmod is 3
            assertEquals(3.0, new FpEncoder(z3.ctx(), Precision.FP64, Map.of("x", 7.0, "y", 4.0), Map.of()).value(e));
        }
    }

    @Test
    void aFunctionWithoutAnExactCounterpartIsOutOfReach() {
        Expr e = expr("fp64", "sin(x)", "double x");
        try (Z3Session z3 = new Z3Session(2000)) {
            FpEncoder.OutOfReach ex = assertThrows(
                    FpEncoder.OutOfReach.class,
                    () -> new FpEncoder(z3.ctx(), Precision.FP64, Map.of("x", 1.0), Map.of()).value(e));
            assertTrue(ex.getMessage().contains("sin"));
        }
    }
}
