package org.fparity.fprev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;

/** Impossible readings must end in a clear "not an ordinary summation", never in a wrong tree or a crash. */
class ProberTest {
    /** A target whose every answer comes from a function of the probe. */
    interface Answer {
        double sum(int i, int j, int from, int to);
    }

    static SumTarget fake(String name, Answer a) {
        return new SumTarget() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Precision precision() {
                return Precision.FP64;
            }

            @Override
            public Session open(int n, double mask, double unit) {
                return new Session() {
                    @Override
                    public void probe(int[] is, int[] js, int count, int from, int to, double[] out) {
                        for (int k = 0; k < count; k++) out[k] = a.sum(is[k], js[k], from, to);
                    }

                    @Override
                    public double[] evaluate(double[][] inputs) {
                        return new double[inputs.length];
                    }
                };
            }
        };
    }

    @Test
    void randomWholeCountsNeverGiveATree() {
        for (long seed = 0; seed < 200; seed++) {
            Random rnd = new Random(seed);
            int n = 12 + rnd.nextInt(60); // tiny n can fit random readings by chance
            SumTarget t = fake("noise", (i, j, f, to) -> rnd.nextInt(n - 1));
            for (Fprev.Algo algo : new Fprev.Algo[] {Fprev.Algo.INCREMENTAL, Fprev.Algo.ADVANCED, Fprev.Algo.BASIC}) {
                Exception e =
                        assertThrows(Exception.class, () -> Fprev.reveal(t, n, algo, 0x1p1023, 1, 0), "seed " + seed);
                assertTrue(e instanceof NotOrdinarySummation || e instanceof MultiwayNotSupported, seed + ": " + e);
            }
        }
    }

    @Test
    void nanFractionAndOutOfRangeReadingsAreNamed() {
        NotOrdinarySummation nan = assertThrows(
                NotOrdinarySummation.class,
                () -> Fprev.reveal(fake("nan", (i, j, f, t) -> Double.NaN), 8, Fprev.Algo.ADVANCED, 0x1p1023, 1, 0));
        assertTrue(nan.getMessage().contains("returned NaN"), nan.getMessage());
        NotOrdinarySummation frac = assertThrows(
                NotOrdinarySummation.class,
                () -> Fprev.reveal(fake("frac", (i, j, f, t) -> 2.5), 8, Fprev.Algo.ADVANCED, 0x1p1023, 1, 0));
        assertTrue(frac.getMessage().contains("not a whole count"), frac.getMessage());
        NotOrdinarySummation big = assertThrows(
                NotOrdinarySummation.class,
                () -> Fprev.reveal(fake("big", (i, j, f, t) -> 7), 8, Fprev.Algo.ADVANCED, 0x1p1023, 1, 0));
        assertTrue(big.getMessage().contains("only 6 were set"), big.getMessage());
        assertEquals(1, big.exitCode());
    }

    @Test
    void anLcaAnswerIsAcceptedAndCounted() {
        SumTree planted = SumTree.parse("(((0 1) (2 3)) ((4 5) (6 7)))");
        SumTarget t = fake("lca", (i, j, f, to) -> 8 - planted.lcaSize(i, j));
        Fprev.Result r = Fprev.reveal(t, 8, Fprev.Algo.ADVANCED, 0x1p1023, 1, 0);
        assertEquals(planted, r.tree());
        // pivot 0 against 7 leaves gives groups {1}, {2,3}, {4..7}; {2,3} costs 1; {4..7} costs 3 and leaves {6,7}: 1
        assertEquals(7 + 1 + 3 + 1, r.probes());
    }
}
