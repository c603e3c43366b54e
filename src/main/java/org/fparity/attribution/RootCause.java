package org.fparity.attribution;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One root cause: what is behind a group of discrepancies, as a key built from the attribution, so that two nights,
 * two sites or two campaigns name the same cause the same way.
 *
 * @param key the identity: {@link #keyOf} of the fields below; two causes with one key are one cause
 * @param kind what the attribution could establish
 * @param family the platform family that is off the correctly rounded truth (e.g. {@code gcc O3_FM}, {@code clang-19
 *     O3_FM}, {@code java}); {@code both} when both sides are off it, {@code unknown} when the truth could not be
 *     computed
 * @param flags the minimal sufficient flag set (sorted), empty when none was attributed
 * @param pass the LLVM pass (or gcc dump name) whose application makes the difference, null when not bisected
 * @param operation the kind of the first diverging operation (contraction, reassociation, reciprocal, subnormal
 *     flushed, finite-math folding, math function, math function folded by gcc: the other side's compiler evaluated
 *     the call while building, ...), null when not traced
 * @param function the math function whose implementation differs (e.g. {@code sin}), null when none
 * @param library the math library of the off-truth side for a math function (glibc, Java StrictMath, ...), null when
 *     none
 * @param title one sentence a person reads
 * @param cases how many cases (program × input) it explains
 * @param discrepancies the discrepancy ids it explains, smallest representative first
 * @param representative the discrepancy id of its smallest representative (fewest operations)
 * @param reduce one command that reduces the representative
 */
public record RootCause(
        String key,
        Kind kind,
        String family,
        List<String> flags,
        String pass,
        String operation,
        String function,
        String library,
        String title,
        int cases,
        List<String> discrepancies,
        String representative,
        String reduce) {

    /** What kind of cause: a flag set, an optimisation pass, an operation across toolchains, a crash, or undecided. */
    public enum Kind {
        FLAGS,
        PASS,
        OPERATION,
        CRASH,
        UNDECIDED;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public RootCause {
        if (kind == null) throw new IllegalArgumentException("a root cause needs a kind");
        if (family == null || family.isBlank())
            throw new IllegalArgumentException("a root cause needs the platform family that is off the truth");
        flags = flags == null ? List.of() : List.copyOf(flags.stream().sorted().toList());
        discrepancies = discrepancies == null ? List.of() : List.copyOf(discrepancies);
        if (cases < 0) throw new IllegalArgumentException("cases must be >= 0, got " + cases);
        String expected = keyOf(kind, family, flags, pass, operation, function);
        if (key == null) key = expected;
        else if (!key.equals(expected))
            throw new IllegalArgumentException(
                    "root cause key '" + key + "' does not match its fields ('" + expected + "')");
    }

    /**
     * The key of a cause: kind, family, sorted flags, pass, operation and function, joined by {@code |} (empty where
     * absent). Case counts, ids and titles are not part of it, so the same cause found on another night has the same
     * key.
     */
    public static String keyOf(
            Kind kind, String family, List<String> flags, String pass, String operation, String function) {
        List<String> sorted = new ArrayList<>(flags == null ? List.of() : flags);
        sorted.sort(null);
        return String.join("|", kind.label(), family, String.join(" ", sorted), nz(pass), nz(operation), nz(function));
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
