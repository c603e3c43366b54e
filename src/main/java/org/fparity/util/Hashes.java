package org.fparity.util;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The one SHA-256 helper: program ids, grammar and source hashes, build-cache keys, export digests. */
public final class Hashes {
    private Hashes() {}

    /** A fresh SHA-256 digest (every JDK has one, so its absence is a broken runtime, not a user error). */
    public static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JDK has no SHA-256", e);
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
