package org.fparity.compare;

import java.nio.charset.StandardCharsets;

/**
 * A campaign's program ids looked up by the bytes a log line spells them with: the number of the program whose id those
 * bytes are (ISO-8859-1, as a log's reader makes the id), without making a string. An open-addressed table of the ids'
 * bytes; where an id appears twice the later number is the one found, as a map put in order would give.
 */
final class ProgramNumbers {
    /** Each program's id as bytes, or null when a character of it is beyond ISO-8859-1 (no bytes spell it so). */
    private final byte[][] ids;
    /** Program number + 1 per slot, 0 where empty. */
    private final int[] slots;

    private final int mask;

    ProgramNumbers(String[] programs) {
        ids = new byte[programs.length][];
        int size = Integer.highestOneBit(Math.max(4, programs.length * 2)) << 1;
        slots = new int[size];
        mask = size - 1;
        for (int p = 0; p < programs.length; p++) {
            String id = programs[p];
            boolean latin = true;
            for (int i = 0; i < id.length() && latin; i++) latin = id.charAt(i) <= 0xff;
            if (!latin) continue;
            byte[] b = id.getBytes(StandardCharsets.ISO_8859_1);
            ids[p] = b;
            int at = find(b, 0, b.length);
            slots[at] = p + 1;
        }
    }

    /** The number of the program whose id is {@code b[from, to)}, or -1. */
    int of(byte[] b, int from, int to) {
        int p = slots[find(b, from, to)] - 1;
        return p;
    }

    /** The slot of the id {@code b[from, to)}: where it is, or the empty one where it would go. */
    private int find(byte[] b, int from, int to) {
        int h = 0;
        for (int i = from; i < to; i++) h = 31 * h + b[i];
        h ^= h >>> 16;
        for (int at = h & mask; ; at = at + 1 & mask) {
            int p = slots[at] - 1;
            if (p < 0) return at;
            byte[] id = ids[p];
            if (same(id, b, from, to)) return at;
        }
    }

    /**
     * Whether {@code b[from, to)} are the bytes {@code id}: a loop, which C1 (compare's compiler) makes cheaper for an id's
     * 16 bytes than {@link Arrays#equals(byte[], int, int, byte[], int, int)}'s range checks and word reads, each made
     * of eight byte reads (4 % of compare at 10^7 runs, where each run line's program is checked against the last).
     */
    static boolean same(byte[] id, byte[] b, int from, int to) {
        if (id.length != to - from) return false;
        for (int k = 0; k < id.length; k++) if (id[k] != b[from + k]) return false;
        return true;
    }
}
