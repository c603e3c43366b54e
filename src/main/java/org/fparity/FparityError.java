package org.fparity;

/** A problem the user can fix: printed as one line ({@code fparity: message}) and mapped to an exit code, never a stack trace. */
public class FparityError extends RuntimeException {
    /** Exit code for bad input (malformed file, bad option value, unknown name): {@link ExitCode#BAD_INPUT}. */
    public static final int BAD_INPUT = ExitCode.BAD_INPUT.code();
    /** Exit code for a missing tool or library the command needs: {@link ExitCode#MISSING_TOOL}. */
    public static final int MISSING_TOOL = ExitCode.MISSING_TOOL.code();
    /** Exit code for a failed read or write: {@link ExitCode#IO_FAILURE}. */
    public static final int IO_FAILURE = ExitCode.IO_FAILURE.code();

    private final int exitCode;

    public FparityError(String message) {
        this(message, BAD_INPUT, null);
    }

    public FparityError(String message, ExitCode code) {
        this(message, code.code(), null);
    }

    public FparityError(String message, ExitCode code, Throwable cause) {
        this(message, code.code(), cause);
    }

    public FparityError(String message, int exitCode) {
        this(message, exitCode, null);
    }

    public FparityError(String message, int exitCode, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A failed read or write of {@code what}, with the operating system's reason (which Java's message alone may lack). */
    public static FparityError io(String what, java.io.IOException e) {
        return new FparityError(what + ": " + reason(e), ExitCode.IO_FAILURE, e);
    }

    /** The reason of an I/O failure in words: "permission denied", "no space left on device", "no such file" … */
    public static String reason(java.io.IOException e) {
        String why = e.getClass().getSimpleName();
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.NoSuchFileException) return "no such file or folder";
        if (e instanceof java.nio.file.FileAlreadyExistsException) return "a file of that name is in the way";
        if (e instanceof java.nio.file.NotDirectoryException) return "not a folder";
        if (e instanceof java.nio.file.DirectoryNotEmptyException) return "folder not empty";
        if (e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null) return fse.getReason();
        String m = e.getMessage();
        return m == null || m.isBlank() ? why : m;
    }

    public int exitCode() {
        return exitCode;
    }
}
