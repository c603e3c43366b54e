package org.fparity.oracle;

import java.util.regex.Pattern;

/**
 * The exact state of an {@link ExactAccumulator}, as written to JSON so that partial sums computed on other nodes
 * or clusters merge exactly (the MPI level of ExBLAS, through files). {@code exact} is the finite part as
 * {@code [-]0xHEXp±E}, i.e. an integer times a power of two, with no rounding.
 */
public record AccumulatorState(
        String format,
        int version,
        long count,
        String exact,
        String nan,
        boolean posInf,
        boolean negInf,
        boolean allNegativeZero,
        boolean allPositiveZero) {
    public static final String FORMAT = "fparity-exact-accumulator";
    public static final int VERSION = 1;
    static final Pattern EXACT = Pattern.compile("(-)?0x([0-9a-fA-F]+)p([+-]?[0-9]+)");

    /** Throws IllegalArgumentException with a one-line reason if this is not a state we can read. */
    void check() {
        if (!FORMAT.equals(format))
            throw new IllegalArgumentException("not an exact-accumulator state (format '" + format + "')");
        if (version != VERSION)
            throw new IllegalArgumentException(
                    "unsupported accumulator state version " + version + " (this fparity reads " + VERSION + ")");
        if (count < 0) throw new IllegalArgumentException("negative count " + count);
        if (exact == null || !EXACT.matcher(exact).matches())
            throw new IllegalArgumentException("malformed exact value '" + exact + "'");
        if (nan != null && !nan.matches("0x[0-9a-fA-F]{1,16}"))
            throw new IllegalArgumentException("malformed NaN bits '" + nan + "'");
    }
}
