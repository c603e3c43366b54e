package org.fparity.varity;

/** A Varity source outside the dialect fparity reads, with the line where it was found (0 when it has none). */
public final class VarityFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int line;

    public VarityFormatException(int line, String reason) {
        super(line > 0 ? "line " + line + ": " + reason : reason);
        this.line = line;
    }

    public int line() {
        return line;
    }
}
