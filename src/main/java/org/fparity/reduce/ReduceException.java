package org.fparity.reduce;

import org.fparity.FparityError;

/** A reduction that cannot start or go on, with a one-line reason for people. */
public final class ReduceException extends FparityError {
    public ReduceException(String message) {
        super(message);
    }
}
