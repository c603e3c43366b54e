package org.fparity.reduce;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.fparity.compare.DiscrepancyClass;

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
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(h, 0, 6);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
