package org.fparity.util;

import java.util.Arrays;

/**
 * Gathers bytes that come in blocks of any size into whole lines, each ended by {@code '\n'} (not part of the line):
 * a line may start in one block and end several blocks later. What follows the last newline is the torn tail. One
 * assembler for every byte-level line reader that cannot afford a {@code String} per line.
 */
public final class LineAssembler {
    private byte[] line;
    private int len;
    private boolean whole;

    /** An assembler whose line buffer starts at {@code capacity} bytes and grows as a longer line needs. */
    public LineAssembler(int capacity) {
        line = new byte[Math.max(1, capacity)];
    }

    /**
     * Adds {@code b[from, end)} up to its first newline to the line being gathered (after a whole line, a new one).
     * Returns the index just after that newline when the line is now whole, or -1 when the block ended first: its
     * bytes are kept, and the next block goes on with the same line.
     */
    public int take(byte[] b, int from, int end) {
        if (whole) {
            len = 0;
            whole = false;
        }
        int nl = from;
        while (nl < end && b[nl] != '\n') nl++;
        int k = nl - from;
        if (len + k > line.length) line = Arrays.copyOf(line, Math.max(line.length * 2, len + k));
        System.arraycopy(b, from, line, len, k);
        len += k;
        if (nl == end) return -1;
        whole = true;
        return nl + 1;
    }

    /** The buffer holding the line: the whole line {@link #take} just ended, or the tail gathered so far. */
    public byte[] bytes() {
        return line;
    }

    /** How many bytes of {@link #bytes} are the line. */
    public int length() {
        return len;
    }

    /** Forgets the line being gathered. */
    public void clear() {
        len = 0;
        whole = false;
    }

    /** How many bytes follow the last newline (a line not yet ended, torn if nothing more comes); 0 after a whole line. */
    public int tail() {
        return whole ? 0 : len;
    }
}
