package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.emit.JavaEmitter;
import org.fparity.ir.Cond;
import org.fparity.ir.Expr;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Stmt;
import org.junit.jupiter.api.Test;

class ModelTransformTest {
    private static Expr expr(String text, String params) {
        Program p = Program.parse(
                "program fp32 array 1\ncompute(float comp, " + params + ") {\n  comp = " + text + ";\n}\n");
        return ((Stmt.Assign) p.body().getFirst()).value();
    }

    @Test
    void gccContractionFusesTheLeftProductAndEvaluatesAsOneFma() {
        Expr d = expr("b * b - 4.0f * a * c", "float a, float b, float c");
        Map<String, Double> in = Map.of("a", 3.0000002, "b", 6.0000005, "c", 3.0000001);
        Map<String, Double> f = new LinkedHashMap<>();
        in.forEach((k, v) -> f.put(k, (double) (float) (double) v));
        ModelTransform.Applied g = ModelTransform.apply(EvaluationModel.NAMED.get("gcc-fma"), d, Set.of());
        assertEquals(List.of(Boolean.TRUE), List.copyOf(g.fused().values()));
        float a = (float) (double) f.get("a"), b = (float) (double) f.get("b"), c = (float) (double) f.get("c");
        assertEquals(
                (double) Math.fma(b, b, -(4.0f * a * c)),
                new ModelEvaluator(Precision.FP32, f, g.fused()).eval(g.root()));
        ModelTransform.Applied r = ModelTransform.apply(EvaluationModel.NAMED.get("gcc-fma-right"), d, Set.of());
        assertEquals(
                (double) Math.fma(-(4.0f * a), c, b * b),
                new ModelEvaluator(Precision.FP32, f, r.fused()).eval(r.root()));
        ModelTransform.Applied i = ModelTransform.apply(EvaluationModel.NAMED.get("ieee"), d, Set.of());
        assertTrue(i.fused().isEmpty());
        assertEquals((double) (b * b - 4.0f * a * c), new ModelEvaluator(Precision.FP32, f, i.fused()).eval(i.root()));
    }

    @Test
    void stridedOrderSumsLanesThenAddsThemPairwise() {
        StringBuilder sb = new StringBuilder();
        StringBuilder ps = new StringBuilder();
        Map<String, Double> in = new LinkedHashMap<>();
        float[] v = new float[10];
        for (int i = 0; i < 10; i++) {
            if (i > 0) {
                sb.append(" + ");
                ps.append(", ");
            }
            sb.append("v").append(i);
            ps.append("float v").append(i);
            v[i] = (float) Math.scalb(1.0 + i * 0.1234567, (i * 7) % 25 - 12) * (i % 3 == 0 ? -1 : 1);
            in.put("v" + i, (double) v[i]);
        }
        Expr sum = expr(sb.toString(), ps.toString());
        ModelTransform.Applied a = ModelTransform.apply(EvaluationModel.NAMED.get("strided4"), sum, Set.of());
        float l0 = v[0] + v[4] + v[8], l1 = v[1] + v[5] + v[9], l2 = v[2] + v[6], l3 = v[3] + v[7];
        assertEquals(
                (double) ((l0 + l1) + (l2 + l3)), new ModelEvaluator(Precision.FP32, in, a.fused()).eval(a.root()));
        ModelTransform.Applied r = ModelTransform.apply(EvaluationModel.NAMED.get("right-to-left"), sum, Set.of());
        float acc = v[9];
        for (int i = 8; i >= 0; i--) acc = v[i] + acc;
        assertEquals((double) acc, new ModelEvaluator(Precision.FP32, in, r.fused()).eval(r.root()));
    }

    @Test
    void contractionInsideOneStatementDoesNotReachAStoredProduct() throws Exception {
        Program p = Program.parse(
                "program fp32 array 1\ncompute(float comp, float a, float b, float c) {\n  float t = a * b;\n"
                        + "  if (t + c > 0.0f) {\n    comp = 1.0f;\n  }\n}\n");
        Target t = new SymbolicPaths(p, 4).targets(0, Map.of()).getFirst();
        Expr left = ((Cond.Cmp) t.cond()).left();
        assertTrue(ModelTransform.apply(EvaluationModel.NAMED.get("clang-contract"), left, t.stored())
                .fused()
                .isEmpty());
        assertEquals(
                1,
                ModelTransform.apply(EvaluationModel.NAMED.get("gcc-fma"), left, t.stored())
                        .fused()
                        .size());
    }

    @Test
    void javaUnderAModelWritesMathFmaAndTheIeeeModelChangesNothing() throws Exception {
        Program p = FlipSearchTest.corpus("distance-sqrt.fp");
        String plain = new JavaEmitter(JavaEmitter.MathLib.MATH).single(Probe.of(p, 0));
        ModelProgram ieee = ModelProgram.of(Probe.of(p, 0), EvaluationModel.NAMED.get("ieee"));
        assertEquals(plain, ieee.emitter(JavaEmitter.MathLib.MATH).single(ieee.program()));
        ModelProgram fma = ModelProgram.of(Probe.of(p, 0), EvaluationModel.NAMED.get("clang-contract"));
        String text = fma.emitter(JavaEmitter.MathLib.MATH).single(fma.program());
        assertTrue(text.contains("Math.fma(dx, dx, dy * dy)"), text);
        assertFalse(plain.contains("Math.fma("));
    }
}
