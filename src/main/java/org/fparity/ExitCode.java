package org.fparity;

/**
 * The one exit-code policy of every fparity command (README, {@code fparity --help}). A nightly script branches on
 * these, so their numbers never change.
 */
public enum ExitCode {
    /** Success, and nothing found: no discrepancies, no unstable platform, orders the same. */
    OK(0, "success, nothing found"),
    /** Success, and something found: discrepancies, unstable results, a summation order that differs. */
    FINDINGS(1, "findings: discrepancies, unstable results, a broken campaign"),
    /** Bad input or usage: a malformed file, an option value out of range, an unknown name. */
    BAD_INPUT(2, "bad input or usage"),
    /** A tool, library or piece of infrastructure the command needs is missing (a compiler, MPFR, Slurm). */
    MISSING_TOOL(3, "a tool, library or infrastructure is missing"),
    /** Reading or writing a file failed (permission denied, disk full), with the reason; or the heap ran out. */
    IO_FAILURE(4, "an I/O or resource failure (permission denied, disk full, out of memory)"),
    /** A bug in fparity itself (an exception nobody turned into a message); never a verdict about the input. */
    INTERNAL_ERROR(5, "a bug in fparity (rerun with --debug, report it)");

    private final int code;
    private final String meaning;

    ExitCode(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }

    /** Findings when {@code found}, otherwise OK: the code a command that searches returns. */
    public static ExitCode found(boolean found) {
        return found ? FINDINGS : OK;
    }

    /** Whether a command that exited with {@code code} ran to the end: nothing found (0) or findings (1), not a failure. */
    public static boolean finished(int code) {
        return code == OK.code || code == FINDINGS.code;
    }

    /** The enum constant for a numeric code, or null when the number is not part of the policy. */
    public static ExitCode of(int code) {
        for (ExitCode e : values()) if (e.code == code) return e;
        return null;
    }

    /** The policy as help text: one line per code. */
    public static String help() {
        StringBuilder sb = new StringBuilder();
        for (ExitCode e : values()) sb.append(String.format("  %d  %s%n", e.code, e.meaning));
        return sb.toString();
    }
}
