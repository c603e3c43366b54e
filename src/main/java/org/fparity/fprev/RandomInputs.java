package org.fparity.fprev;

import java.util.Random;

/** Random summands whose sum depends on the order: mixed signs and magnitudes spread over 2^-10..2^10. */
public final class RandomInputs {
    private RandomInputs() {}

    public static double[][] summands(Random rnd, int count, int n, Precision p) {
        double[][] out = new double[count][n];
        int spread = p == Precision.FP16 ? 4 : 10;
        for (double[] row : out) {
            for (int k = 0; k < n; k++) {
                double v = (rnd.nextDouble() * 2 - 1) * Math.scalb(1.0, rnd.nextInt(2 * spread + 1) - spread);
                row[k] = p.round(v);
            }
        }
        return out;
    }
}
