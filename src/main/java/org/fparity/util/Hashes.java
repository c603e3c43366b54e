package org.fparity.util;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The one SHA-256 helper: program ids, grammar and source hashes, build-cache keys, export digests. */
public final class Hashes {
    private Hashes() {}

    /** A digest never updated, copied for each new one: looking the algorithm up among the providers each time was a
     * third of a short hash's time (report.json's discrepancy ids, issue 31). */
    private static final MessageDigest FRESH = lookUp();

    private static MessageDigest lookUp() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
        }
    }

    /** How many digests {@link #newSha256} has handed out in this JVM: what a test of work done once counts. */
    private static final java.util.concurrent.atomic.LongAdder MADE = new java.util.concurrent.atomic.LongAdder();

    /** How many SHA-256 digests have been begun so far (each hash of a text is one; a stream's digest is one). */
    public static long made() {
        return MADE.sum();
    }

    /** A fresh SHA-256 digest (every JDK has one, so its absence is a broken runtime, not a user error). */
    public static MessageDigest newSha256() {
        MADE.increment();
        try {
            return (MessageDigest) FRESH.clone();
        } catch (CloneNotSupportedException e) {
            return lookUp();
        }
    }

    /** Lower-case hex SHA-256 of the bytes. */
    public static String sha256Hex(byte[] bytes) {
        return HexFormat.of().formatHex(newSha256().digest(bytes));
    }

    /** Lower-case hex SHA-256 of {@code bytes[0, length)}. */
    public static String sha256Hex(byte[] bytes, int length) {
        MessageDigest d = newSha256();
        d.update(bytes, 0, length);
        return HexFormat.of().formatHex(d.digest());
    }

    /** Lower-case hex SHA-256 of the text's UTF-8 bytes. */
    public static String sha256Hex(String text) {
        return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
    }
}
