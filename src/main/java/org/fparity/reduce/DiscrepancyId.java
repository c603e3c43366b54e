package org.fparity.reduce;

import org.fparity.compare.DiscrepancyClass;
import org.fparity.util.Hashes;

/**
 * The stable id of a discrepancy: derived only from what identifies it (program id, input index, the two platform ids
 * in sorted order, the class), so it survives report reworks, re-comparisons and merges. 12 hex digits of SHA-256.
 */
public final class DiscrepancyId {
    private DiscrepancyId() {}

    public static String of(String program, int input, String platformA, String platformB, DiscrepancyClass cls) {
        String lo = platformA.compareTo(platformB) <= 0 ? platformA : platformB;
        String hi = lo.equals(platformA) ? platformB : platformA;
        String key = program + "/" + input + "/" + lo + "/" + hi + "/" + cls.id();
        return Hashes.sha256Hex(key).substring(0, 12);
    }
}
