package org.fparity.fprev;

import org.fparity.ExitCode;
import org.fparity.FparityError;

/** The probes' readings fit no summation tree: the function is compensated, randomised or value-dependent. */
public final class NotOrdinarySummation extends FparityError {
    private static final long serialVersionUID = 1L;

    public NotOrdinarySummation(String target, String why) {
        // a finding about the target (like a discrepancy), not bad input nor an I/O failure
        super(target + " is not an ordinary summation: " + why, ExitCode.FINDINGS);
    }
}
