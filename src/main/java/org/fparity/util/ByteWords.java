package org.fparity.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Eight bytes of an array as one word, for readers that look for the end of a plain string eight bytes at a time (a
 * compact outcome line, a program store line). Under C1, which compare and report run on, an unaligned read of a word is
 * made byte by byte and {@link Long#numberOfTrailingZeros} is no intrinsic: so words are read where they are aligned in
 * the array, and the lowest flagged byte is found by a multiplication.
 */
public final class ByteWords {
    private ByteWords() {}

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Each byte of a word 1. */
    public static final long ONES = 0x0101010101010101L;
    /** Each byte's high bit. */
    public static final long HIGHS = 0x8080808080808080L;

    /** The word at {@code w}, a multiple of 8, {@code w + 8 <= b.length}: byte {@code w + k} is its byte k from the lowest. */
    public static long aligned(byte[] b, int w) {
        return (long) LONGS.get(b, w);
    }

    /** High bits of the bytes of {@code v} that equal {@code c} (and of none before the lowest such byte otherwise). */
    public static long equal(long v, int c) {
        long x = v ^ (ONES * c);
        return (x - ONES) & ~x & HIGHS;
    }

    /** High bits of the bytes of {@code v} under {@code 0x20} or over {@code 0x7f} (exactly so up to the lowest flagged). */
    public static long controlOrHigh(long v) {
        return (v | ((v - ONES * 0x20) & ~v)) & HIGHS;
    }

    /**
     * {@code v} with its bytes below byte {@code k} (0 <= k < 8) made a letter: flags found in it are those of the bytes
     * from {@code k} on (clearing the flags below afterwards would not do: a special byte below k borrows from the
     * byte above it, which may then be flagged although it is plain).
     */
    public static long from(long v, int k) {
        long keep = -1L << (k << 3);
        return (v & keep) | (ONES * 'a' & ~keep);
    }

    /**
     * Which byte (0 to 7, from the lowest) is the lowest whose high bit is set in {@code flags} (only high bits set, one
     * at least).
     */
    public static int lowest(long flags) {
        long low = (flags & -flags) >>> 7; // 1 << 8k for the lowest flagged byte k
        return (int) ((low * 0x0001020304050607L) >>> 56);
    }
}
