package org.fparity.ir;

/**
 * A program nested deeper than {@link Program#MAX_DEPTH}, refused when read (text or JSON). It is bad input wherever
 * the program came from (a file, a campaign's store, an import), so the command line reports it as such (exit 2).
 */
public final class TooDeep extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public TooDeep(String message) {
        super(message);
    }
}
