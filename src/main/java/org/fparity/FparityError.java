package org.fparity;

/** A problem the user can fix: printed as one line ({@code fparity: message}) and mapped to an exit code, never a stack trace. */
public class FparityError extends RuntimeException {
    /** Exit code for bad input (malformed file, bad option value, unknown name). */
    public static final int BAD_INPUT = 2;
    /** Exit code for a missing tool or library the command needs. */
    public static final int MISSING_TOOL = 3;

    private final int exitCode;

    public FparityError(String message) {
        this(message, BAD_INPUT, null);
    }

    public FparityError(String message, int exitCode) {
        this(message, exitCode, null);
    }

    public FparityError(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}
