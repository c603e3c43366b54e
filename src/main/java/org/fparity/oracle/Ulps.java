package org.fparity.oracle;

/** Distance in units in the last place between two values of the same format, counted along the number line. */
public final class Ulps {
    private Ulps() {}

    /** Signed count of binary64 values from {@code truth} to {@code x} (+0 and −0 count as one point); NaN if either is NaN. */
    public static double between(double truth, double x) {
        if (Double.isNaN(truth) || Double.isNaN(x)) return (Double.isNaN(truth) && Double.isNaN(x)) ? 0 : Double.NaN;
        return (double) (ordinal(x) - ordinal(truth));
    }

    /** Signed count of binary32 values from {@code truth} to {@code x}. */
    public static double between(float truth, float x) {
        if (Float.isNaN(truth) || Float.isNaN(x)) return (Float.isNaN(truth) && Float.isNaN(x)) ? 0 : Double.NaN;
        return (double) (ordinal(x) - ordinal(truth));
    }

    /** Position of x on the ordered line of binary64 values, 0 for both zeros. */
    static long ordinal(double x) {
        long b = Double.doubleToRawLongBits(x);
        return b < 0 ? -(b & Long.MAX_VALUE) : b;
    }

    static long ordinal(float x) {
        int b = Float.floatToRawIntBits(x);
        return b < 0 ? -(long) (b & Integer.MAX_VALUE) : b;
    }
}
