package org.fparity.reduce;

import org.fparity.FparityError;

/** A reduction that cannot start or go on, with a one-line reason for people. */
public final class ReduceException extends FparityError {
    private static final long serialVersionUID = 1L;

    public ReduceException(String message) {
        super(message);
    }

    /** With its own exit code (a toolchain missing here: {@link org.fparity.ExitCode#MISSING_TOOL}). */
    public ReduceException(String message, org.fparity.ExitCode code) {
        super(message, code);
    }
}
