package org.fparity.fprev;

import java.util.Random;
import org.fparity.ir.Precision;

/** Random summands whose sum depends on the order: mixed signs and magnitudes spread over many binades. */
public final class RandomInputs {
    private RandomInputs() {}

    public static double[][] summands(Random seed, int count, int n, Precision p) {
        // SplittableRandom: java.util.Random's LCG gave inputs under which two different orders agreed 64 times running
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed.nextLong());
        double[][] out = new double[count][n];
        // alternate narrow and wide magnitudes: narrow ones make every addition round, wide ones expose swamping
        int[] spreads = p == Precision.FP16 ? new int[] {0, 1, 2, 4} : new int[] {0, 1, 3, 10, 30};
        for (int t = 0; t < count; t++) {
            double[] row = out[t];
            int spread = spreads[t % spreads.length];
            for (int k = 0; k < n; k++) {
                double v = (rnd.nextDouble() * 2 - 1) * Math.scalb(1.0, rnd.nextInt(2 * spread + 1) - spread);
                row[k] = p.round(v);
            }
        }
        return out;
    }
}
