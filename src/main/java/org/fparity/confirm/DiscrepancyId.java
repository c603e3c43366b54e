package org.fparity.confirm;

import org.fparity.exec.DiscrepancyClass;
import org.fparity.util.Hashes;

/**
 * The stable id of a discrepancy: derived only from what identifies it (program id, input index, the two platform ids
 * in sorted order, the class), so it survives report reworks, re-comparisons and merges. 12 hex digits of SHA-256.
 */
public final class DiscrepancyId {
    private DiscrepancyId() {}

    public static String of(String program, int input, String platformA, String platformB, DiscrepancyClass cls) {
        return of(program, input, platformA, platformB, cls.id());
    }

    /** The same for a class given by its id (a run that ended differently has no {@link DiscrepancyClass}: {@code ended_differently}). */
    public static String of(String program, int input, String platformA, String platformB, String cls) {
        String lo = platformA.compareTo(platformB) <= 0 ? platformA : platformB;
        String hi = lo.equals(platformA) ? platformB : platformA;
        String key = program + "/" + input + "/" + lo + "/" + hi + "/" + cls;
        return Hashes.sha256Hex(key).substring(0, 12);
    }
}
