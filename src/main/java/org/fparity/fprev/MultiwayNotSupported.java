package org.fparity.fprev;

import org.fparity.FparityError;

/** FPRev-basic met readings that need a node with more than two children: it can only build binary trees. */
public final class MultiwayNotSupported extends FparityError {
    private static final long serialVersionUID = 1L;

    public MultiwayNotSupported(String target, int leaves, int arity) {
        super(
                target + " sums with a fused " + arity + "-term node (" + leaves
                        + " leaves under one node); FPRev-basic builds binary trees only, use --algo advanced",
                org.fparity.ExitCode.FINDINGS);
    }
}
