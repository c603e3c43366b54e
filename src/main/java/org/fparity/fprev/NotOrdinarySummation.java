package org.fparity.fprev;

import org.fparity.FparityError;

/** The probes' readings fit no summation tree: the function is compensated, randomised or value-dependent. */
public final class NotOrdinarySummation extends FparityError {
    /** Exit code: a finding about the target, not bad input. */
    public static final int EXIT = 4;

    public NotOrdinarySummation(String target, String why) {
        super(target + " is not an ordinary summation: " + why, EXIT);
    }
}
