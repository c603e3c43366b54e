package org.fparity.flip;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/** Flip inputs for generated programs: deterministic, inside the box the random inputs span, none without a branch. */
class FlipInputsTest {
    private static List<Input> random(Program p, long seed, int n) {
        SplittableRandom r = new SplittableRandom(seed);
        List<Input> out = new ArrayList<>();
        for (int k = 0; k < n; k++) {
            List<String> t = new ArrayList<>();
            for (var par : p.params())
                t.add(par.name().equals("comp") ? "0x0p+0" : HexFloat.format((float) r.nextDouble(-50, 50)));
            out.add(new Input(t));
        }
        return out;
    }

    @Test
    void sameProgramAndSeedGiveTheSameInputsOnTheBranchBoundary() throws Exception {
        Program p = FlipSearchTest.corpus("ray-sphere.fp");
        List<Input> rnd = random(p, 1, 10);
        FlipInputs fi = new FlipInputs(4, 1, 40, 2000);
        List<Input> a;
        List<Input> b;
        try (Z3Session z3 = new Z3Session(2000)) {
            a = fi.forProgram(p, rnd, z3, 5).inputs();
        }
        try (Z3Session z3 = new Z3Session(2000)) {
            b = fi.forProgram(p, rnd, z3, 5).inputs();
        }
        assertFalse(a.isEmpty(), "no flip input for ray-sphere");
        assertEquals(a, b);
        assertTrue(a.size() <= 4);
        Domain d = FlipInputs.domain(p, rnd);
        for (Input in : a) {
            assertEquals(p.params().size(), in.args().size());
            for (int i = 1; i < p.params().size(); i++) {
                double[] r = d.ranges().get(p.params().get(i).name());
                assertTrue(in.fp(i) >= r[0] && in.fp(i) <= r[1], in + " outside " + r[0] + ".." + r[1]);
            }
        }
    }

    @Test
    void aProgramWithoutBranchesGetsNone() throws Exception {
        Program p =
                Program.parse("program fp64 array 1\ncompute(double comp, double x) {\n  comp += x * x - 1.0;\n}\n");
        try (Z3Session z3 = new Z3Session(500)) {
            FlipInputs.Added a =
                    FlipInputs.DEFAULT.forProgram(p, List.of(new Input(List.of("0x0p+0", "0x1p+0"))), z3, 1);
            assertEquals(List.of(), a.inputs());
            assertEquals(0, a.branchesSearched());
        }
    }
}
