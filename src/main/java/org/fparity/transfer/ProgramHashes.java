package org.fparity.transfer;

import java.util.regex.Pattern;

/**
 * A program's text must be what its recorded hashes say: the SHA-256 recorded beside it, and for an IR program its id
 * (the first 16 hex digits of that hash). The one check that import, export and report make, so that text edited by
 * hand after the runs (whose outcomes then describe another program) is refused everywhere alike.
 */
public final class ProgramHashes {
    private ProgramHashes() {}

    private static final Pattern HEX64 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern HEX16 = Pattern.compile("[0-9a-f]{16}");

    /**
     * What is wrong with program {@code id}'s {@code source} against its {@code recorded} SHA-256 (null when none was
     * recorded, or it is not a SHA-256: fixtures), or null when nothing is.
     */
    public static String problem(String id, String recorded, String source) {
        if (source == null || recorded == null || !HEX64.matcher(recorded).matches()) return null;
        byte[] text = source.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return problem(id, recorded, text, text.length);
    }

    /** As {@link #problem(String, String, String)}, of a source given as its UTF-8 bytes {@code text[0, length)} (length -1: none). */
    public static String problem(String id, String recorded, byte[] text, int length) {
        if (length < 0 || recorded == null || !HEX64.matcher(recorded).matches()) return null;
        return problemOfHash(id, recorded, org.fparity.util.Hashes.sha256Hex(text, length));
    }

    /**
     * As {@link #problem(String, String, String)}, of a text whose SHA-256 (lower-case hex) a caller that needs it too
     * has made already ({@code actual}): export writes it, import checks the file's against it; so each text is
     * hashed once.
     */
    public static String problemOfHash(String id, String recorded, String actual) {
        if (recorded == null || !HEX64.matcher(recorded).matches()) return null;
        if (!recorded.equals(actual))
            return "program " + id + ": recorded sha256 " + recorded + " is not the hash of its text (" + actual + ")";
        if (id != null && HEX16.matcher(id).matches() && !actual.startsWith(id))
            return "program " + id + ": id is not the start of its text's hash (" + actual + ")";
        return null;
    }
}
