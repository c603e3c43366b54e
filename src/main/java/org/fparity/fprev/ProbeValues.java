package org.fparity.fprev;

import org.fparity.ir.Precision;

/** FPRev's probe values per precision: the mask M, the unit every other summand takes, and how many units a result counts exactly. */
public final class ProbeValues {
    private ProbeValues() {}

    /** The mask M: the largest power of two of the precision. */
    public static double mask(Precision p) {
        return p.largestPowerOfTwo();
    }

    /**
     * The unit: 1, except for FP16 and BF16 (§7.1.1), where 2^15 would swamp n ones, so the unit is FP16's smallest
     * subnormal 2^-24 and counts are scaled back.
     */
    public static double unit(Precision p) {
        return switch (p) {
            case FP16, BF16 -> 0x1p-24;
            case FP32, FP64 -> 1.0;
        };
    }

    /** The largest count of units a result of this precision holds exactly (2^p). */
    public static long exactCountLimit(Precision p) {
        return 1L << p.significandBits();
    }
}
