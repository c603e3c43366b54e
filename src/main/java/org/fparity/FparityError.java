package org.fparity;

/** A problem the user can fix: printed as one line ({@code fparity: message}) and mapped to an exit code, never a stack trace. */
public class FparityError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ExitCode code;

    /** Bad input ({@link ExitCode#BAD_INPUT}): a malformed file, an option value out of range, an unknown name. */
    public FparityError(String message) {
        this(message, ExitCode.BAD_INPUT, null);
    }

    public FparityError(String message, ExitCode code) {
        this(message, code, null);
    }

    public FparityError(String message, ExitCode code, Throwable cause) {
        super(message, cause);
        this.code = java.util.Objects.requireNonNull(code);
    }

    /** A failed read or write of {@code what}, with the operating system's reason (which Java's message alone may lack). */
    public static FparityError io(String what, java.io.IOException e) {
        return new FparityError(what + ": " + reason(e), ExitCode.IO_FAILURE, e);
    }

    /**
     * Reading {@code what} failed: exit 4 ({@link ExitCode#IO_FAILURE}) with the reason, "cannot read X: permission
     * denied" — a file that is there but cannot be read is an I/O failure, not bad input. A file that is not there at all
     * is bad input (exit 2), "X: not found".
     */
    public static FparityError cannotRead(Object what, java.io.IOException e) {
        if (e instanceof java.nio.file.NoSuchFileException)
            return new FparityError(what + ": not found", ExitCode.BAD_INPUT, e);
        return io("cannot read " + what, e);
    }

    /** The reason of an I/O failure in words: "permission denied", "no space left on device", "no such file" … */
    public static String reason(java.io.IOException e) {
        String why = e.getClass().getSimpleName();
        if (e instanceof java.nio.file.AccessDeniedException) return "permission denied";
        if (e instanceof java.nio.file.FileSystemException fse) {
            // Java often names only the path (the OS reason is lost), and "not a directory" does not say which part:
            // look at the path to say what is in the way.
            boolean folderExpected = e instanceof java.nio.file.FileAlreadyExistsException
                    || e instanceof java.nio.file.NotDirectoryException
                    || "Not a directory".equals(fse.getReason());
            String inTheWay = fileInTheWay(fse.getFile(), folderExpected);
            if (e instanceof java.nio.file.FileAlreadyExistsException) {
                return inTheWay != null ? inTheWay + " is a file in the way" : "a file of that name is in the way";
            }
            if (inTheWay != null) return inTheWay + " is a file, not a folder";
            if (e instanceof java.nio.file.NoSuchFileException) return "no such file or folder";
            if (e instanceof java.nio.file.NotDirectoryException) return "not a folder";
            if (e instanceof java.nio.file.DirectoryNotEmptyException) return "folder not empty";
            if (fse.getReason() != null) return lower(fse.getReason());
            String denied = notWritable(fse.getFile());
            if (denied != null) return "permission denied (" + denied + " is not writable)";
            return why;
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? why : lower(m);
    }

    /** The first part of {@code file}'s path (the file itself only if {@code self}) that exists and is not a folder. */
    private static String fileInTheWay(String file, boolean self) {
        if (file == null) return null;
        try {
            java.nio.file.Path p = java.nio.file.Path.of(file).toAbsolutePath().normalize();
            java.util.List<java.nio.file.Path> chain = new java.util.ArrayList<>();
            for (java.nio.file.Path q = self ? p : p.getParent(); q != null; q = q.getParent()) chain.addFirst(q);
            for (java.nio.file.Path q : chain) {
                if (!java.nio.file.Files.exists(q)) return null;
                if (!java.nio.file.Files.isDirectory(q)) return q.toString();
            }
        } catch (java.nio.file.InvalidPathException | SecurityException ignored) {
            // not a path we can look at: no better reason
        }
        return null;
    }

    /** The nearest existing folder above {@code file} when it is not writable, else null. */
    private static String notWritable(String file) {
        if (file == null) return null;
        try {
            for (java.nio.file.Path q =
                            java.nio.file.Path.of(file).toAbsolutePath().getParent();
                    q != null;
                    q = q.getParent()) {
                if (java.nio.file.Files.isDirectory(q)) return java.nio.file.Files.isWritable(q) ? null : q.toString();
            }
        } catch (java.nio.file.InvalidPathException | SecurityException ignored) {
            // no better reason
        }
        return null;
    }

    private static String lower(String s) {
        return s.length() > 1 && Character.isUpperCase(s.charAt(0)) && Character.isLowerCase(s.charAt(1))
                ? Character.toLowerCase(s.charAt(0)) + s.substring(1)
                : s;
    }

    /** The exit code this error ends the command with. */
    public ExitCode code() {
        return code;
    }

    /** {@link #code()}'s number, as the process exits with it. */
    public int exitCode() {
        return code.code();
    }
}
