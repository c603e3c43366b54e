package org.fparity.compare;

import org.fparity.exec.Outcome.Status;

/**
 * A run that ended differently on the two sides ("gcc O3 crashed where clang O3 ran"): not a numerical discrepancy,
 * but never silently dropped.
 */
public record StatusMismatch(
        String program, int input, Pair pair, Status statusA, Status statusB, String detailA, String detailB) {
    public String key() {
        return program + "/" + input + "/" + pair.id();
    }

    /** {@code gcc O3 CRASH (SIGSEGV) where clang-19 O3 OK}. */
    public String describe() {
        return pair.a() + " " + side(statusA, detailA) + " where " + pair.b() + " " + side(statusB, detailB);
    }

    private static String side(Status s, String detail) {
        return detail == null || detail.isBlank() ? s.name() : s.name() + " (" + firstLine(detail) + ")";
    }

    private static String firstLine(String s) {
        String line = s.lines().findFirst().orElse("").strip();
        return line.length() > 80 ? line.substring(0, 77) + "..." : line;
    }
}
