package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.fparity.ir.Expr;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

class ExtremesTest {
    /** Every value any binary tree over the contiguous summands, with any product fused into the addition consuming it, gives. */
    private static TreeSet<Double> all(double[] x, double[] y, boolean[] prod, int i, int j, boolean mayFuseTop) {
        TreeSet<Double> out = new TreeSet<>();
        if (i == j) {
            out.add(prod[i] ? (double) ((float) x[i] * (float) y[i]) : x[i]);
            return out;
        }
        for (int k = i; k < j; k++) {
            for (double a : all(x, y, prod, i, k, true))
                for (double b : all(x, y, prod, k + 1, j, true)) out.add((double) ((float) a + (float) b));
        }
        if (prod[i])
            for (double b : all(x, y, prod, i + 1, j, true))
                out.add((double) Math.fma((float) x[i], (float) y[i], (float) b));
        if (prod[j])
            for (double a : all(x, y, prod, i, j - 1, true))
                out.add((double) Math.fma((float) x[j], (float) y[j], (float) a));
        return out;
    }

    @Test
    void dynamicProgrammeGivesTheExtremesOfEveryOrderAndFusing() {
        SplittableRandom r = new SplittableRandom(7);
        Extremes ex = new Extremes(Precision.FP32, Map.of());
        for (int trial = 0; trial < 300; trial++) {
            int n = 2 + r.nextInt(4);
            double[] x = new double[n];
            double[] y = new double[n];
            boolean[] prod = new boolean[n];
            for (int i = 0; i < n; i++) {
                prod[i] = r.nextBoolean();
                x[i] = (float) ((r.nextDouble() - 0.5) * Math.scalb(1.0, r.nextInt(20)));
                y[i] = (float) ((r.nextDouble() - 0.5) * 8);
            }
            double[] mm = ex.pointDp(summandsOf(x, y, prod), x, y);
            TreeSet<Double> every = all(x, y, prod, 0, n - 1, true);
            assertEquals(every.first(), mm[0], "min, trial " + trial);
            assertEquals(every.last(), mm[1], "max, trial " + trial);
        }
    }

    private static List<Extremes.Summand> summandsOf(double[] x, double[] y, boolean[] prod) {
        List<Extremes.Summand> s = new ArrayList<>();
        for (int i = 0; i < x.length; i++) {
            s.add(
                    prod[i]
                            ? new Extremes.Summand(Interval.point(x[i]), Interval.point(y[i]), null)
                            : new Extremes.Summand(null, null, Interval.point(x[i])));
        }
        return s;
    }

    @Test
    void raySphereBoundsContainEveryNamedModelAndAreWiderThanAPoint() throws Exception {
        Program p = FlipSearchTest.corpus("ray-sphere.fp");
        Target t = new SymbolicPaths(p, 4).targets(0, Map.of()).getFirst();
        org.fparity.ir.Cond.Cmp cmp = (org.fparity.ir.Cond.Cmp) t.cond();
        // the paper's input from §1 (NVIDIA computed D = -3.56, an Intel CPU 4.55)
        Map<String, Double> in = Map.of(
                "comp",
                0.0,
                "r0",
                (double) -33.999900817871094f,
                "r1",
                -54.0,
                "r2",
                -53.0,
                "s0",
                (double) -33.370471954345703f,
                "s1",
                -53.0,
                "s2",
                (double) -52.01855468750f,
                "radiusSq",
                (double) 0.000000029802322f);
        Interval d = new Extremes(Precision.FP32, in).bound(cmp.left());
        assertTrue(d.lo() < d.hi());
        for (EvaluationModel m : EvaluationModel.NAMED.values()) {
            ModelTransform.Applied a = ModelTransform.apply(m, cmp.left(), t.stored());
            double v = new ModelEvaluator(Precision.FP32, in, a.fused()).eval(a.root());
            assertTrue(d.contains(v), m.name() + ": " + v + " outside " + d);
        }
    }

    @Test
    void exactIntegerExpressionIsAPoint() {
        Expr e = Program.parse(
                                        "program fp32 array 1\ncompute(float comp, float a) {\n  comp = floor(a) * 2.0f + 3.0f * floor(a) - 7.0f;\n}\n")
                                .body()
                                .getFirst()
                        instanceof org.fparity.ir.Stmt.Assign as
                ? as.value()
                : null;
        Interval i = new Extremes(Precision.FP32, Map.of("a", 12.75)).bound(e);
        assertEquals(Interval.point(53.0), i);
    }
}
