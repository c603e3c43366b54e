package org.fparity.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/**
 * Reads numbers for exact sums: one per line, decimal or hex ({@code 0x1.8p-3}, the {@code p} exponent optional as in
 * C), {@code inf}/{@code nan}; blank lines and {@code #} comments skipped. Each number is rounded once, correctly, to the
 * chosen format, and the reader says which were not exact: rounded, overflowed to infinity, or underflowed to zero —
 * an exact sum of rounded inputs is not the exact sum of the numbers written, and a person must be told.
 */
public final class NumberReader {
    private NumberReader() {}

    /** How a written number became a value of the format. */
    public enum Fate {
        EXACT,
        /**
         * a decimal that is not the value but the shortest decimal that reads back as it ({@code 0.1}, as
         * {@code printf}'s shortest round-trip, Java's {@code Double.toString} and Python's {@code repr} write it): the
         * value the writer meant, rounded as expected, nothing to warn about
         */
        SHORTEST,
        /** rounded to a nearby finite value (including to a subnormal) */
        ROUNDED,
        /** a finite number too large for the format: became ±inf */
        OVERFLOWED,
        /** a nonzero number too small for the format: became ±0 */
        UNDERFLOWED
    }

    /**
     * The values read and what happened to them.
     *
     * @param counts how many numbers met each {@link Fate}, by ordinal
     * @param first  for each fate, the first line it happened on ({@code file:line 'text'}), or null
     */
    public record Numbers(double[] values, int[] counts, String[] first) {
        public int count(Fate f) {
            return counts[f.ordinal()];
        }

        public String firstOf(Fate f) {
            return first[f.ordinal()];
        }

        /** True when every value is exactly the number written. */
        public boolean exact() {
            return count(Fate.EXACT) == values.length;
        }

        /** True when an input was rounded and was not the shortest decimal of the value it became. */
        public boolean rounded() {
            return count(Fate.ROUNDED) > 0;
        }

        /** True when an input overflowed or vanished: the sum is then not near the sum of the numbers written. */
        public boolean lost() {
            return count(Fate.OVERFLOWED) + count(Fate.UNDERFLOWED) > 0;
        }
    }

    // possessive: a long run of digits is matched once, never backtracked into (a 1M-digit line that fails was
    // quadratic)
    private static final Pattern DECIMAL = Pattern.compile("[+-]?+(\\d++(?:\\.\\d*+)?+|\\.\\d++)([eE][+-]?+\\d++)?+");
    private static final Pattern HEX =
            Pattern.compile("([+-]?+)0[xX]([0-9a-fA-F]*+)(?:\\.([0-9a-fA-F]*+))?+(?:[pP]([+-]?+\\d++))?+");

    /**
     * Significant digits past which a finite nonzero decimal cannot be a binary64 value: m / 10^k with 10 not dividing m
     * is exact only when 5^k divides m and m / 5^k has at most 53 bits, with k at most 1074, so m has at most 16 + 751
     * digits (and an exact integer below DBL_MAX at most 309). Longer numbers are rounded, told without reading them
     * into a BigDecimal (whose parsing is quadratic in the digits: a million digits took 13 s).
     */
    static final int MAX_EXACT_DIGITS = 800;

    private static final Pattern SPECIAL = Pattern.compile("[+-]?(?i:inf|infinity|nan)");

    /** Reads {@code name} ('-' for {@code stdin}); a bad line is a one-line error with its number. */
    public static Numbers read(String name, Precision f, InputStream stdin) {
        try (BufferedReader br = name.equals("-")
                ? new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8))
                : Files.newBufferedReader(Path.of(name), StandardCharsets.UTF_8)) {
            double[] a = new double[1024];
            int[] counts = new int[Fate.values().length];
            String[] first = new String[counts.length];
            int n = 0;
            String line;
            int lineNo = 0;
            Fate[] fate = new Fate[1];
            while ((line = br.readLine()) != null) {
                lineNo++;
                String t = line.strip();
                if (t.isEmpty() || t.startsWith("#")) continue;
                double v;
                try {
                    v = parse(t, f, fate);
                } catch (NumberFormatException e) {
                    String shown = t.length() > 40 ? t.substring(0, 40) + "…" : t;
                    throw new FparityError(name + ":" + lineNo + ": '" + shown
                            + "' is not a number (decimal like 1.5e-3, hex like 0x1.8p-3, inf or nan; no type suffix)");
                }
                counts[fate[0].ordinal()]++;
                if (first[fate[0].ordinal()] == null)
                    first[fate[0].ordinal()] =
                            name + ":" + lineNo + " '" + (t.length() > 40 ? t.substring(0, 40) + "…" : t) + "'";
                if (n == a.length) a = Arrays.copyOf(a, n * 2);
                a[n++] = v;
            }
            return new Numbers(Arrays.copyOf(a, n), counts, first);
        } catch (NoSuchFileException e) {
            throw new FparityError(name + ": no such file");
        } catch (IOException e) {
            throw FparityError.io("cannot read " + name, e);
        }
    }

    /** One number, correctly rounded to {@code f}; its fate in {@code fate[0]}. Anything else is a NumberFormatException. */
    static double parse(String t, Precision f, Fate[] fate) {
        boolean fp32 = f == Precision.FP32;
        if (SPECIAL.matcher(t).matches()) {
            fate[0] = Fate.EXACT;
            String l = t.toLowerCase(java.util.Locale.ROOT);
            double v = l.contains("nan")
                    ? Double.NaN
                    : l.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            return v;
        }
        Matcher h = HEX.matcher(t);
        if (h.matches()) {
            String ip = h.group(2);
            String fp = h.group(3) == null ? "" : h.group(3);
            if (ip.isEmpty() && fp.isEmpty()) throw new NumberFormatException("no digits");
            long e2 = exponent(h.group(4));
            // only the significant hex digits (a 53-bit value has at most 15): BigInteger's parsing is quadratic
            String digits = ip + fp;
            int lo = 0;
            int hi = digits.length();
            while (lo < hi && digits.charAt(lo) == '0') lo++;
            while (hi > lo && digits.charAt(hi - 1) == '0') hi--;
            int trailing = digits.length() - hi;
            BigInteger sig = lo == hi
                    ? BigInteger.ZERO
                    : hi - lo > 16
                            ? BigInteger.ONE.shiftLeft(4 * 16 + 1).add(BigInteger.ONE)
                            : new BigInteger(digits.substring(lo, hi), 16);
            long k = e2
                    - 4L * fp.length()
                    + 4L * trailing; // value = sig * 2^k (sig stands for any number of over 60 bits)
            // Java's parsers round hex correctly too, but need the p exponent and a bounded one
            String norm = h.group(1) + "0x" + (ip.isEmpty() ? "0" : ip) + "." + fp + "p" + e2;
            double v = fp32 ? Float.parseFloat(norm) : Double.parseDouble(norm);
            fate[0] = fateOf(v, sig.signum() == 0, () -> {
                int tz = sig.getLowestSetBit();
                int bits = sig.bitLength() - tz;
                return bits <= (fp32 ? 24 : 53) && k + tz >= (fp32 ? -149 : -1074);
            });
            return v;
        }
        if (!DECIMAL.matcher(t).matches()) throw new NumberFormatException("not a number");
        double v = fp32 ? Float.parseFloat(t) : Double.parseDouble(t);
        int e = Math.max(t.indexOf('e'), t.indexOf('E'));
        String mantissa = e < 0 ? t : t.substring(0, e);
        // one pass over the digits: where the significant ones start and end, and how many precede the point
        int digits = 0;
        int before = -1;
        int first = -1;
        int last = -1;
        for (int i = 0; i < mantissa.length(); i++) {
            char c = mantissa.charAt(i);
            if (c == '.') before = digits;
            if (c < '0' || c > '9') continue;
            if (c != '0') {
                if (first < 0) first = digits;
                last = digits;
            }
            digits++;
        }
        int intDigits = before < 0 ? digits : before;
        int from = first;
        int l = last;
        fate[0] = fateOf(v, first < 0, () -> {
            if (l - from + 1 > MAX_EXACT_DIGITS) return false;
            long exp10 = (e < 0 ? 0 : exponent(t.substring(e + 1))) + intDigits - 1 - l; // value = S * 10^exp10
            if (Math.abs(exp10) > 100_000) return false; // a finite nonzero double has no such decimal
            StringBuilder sig = new StringBuilder(l - from + 1);
            for (int i = 0, d = 0; i < mantissa.length() && d <= l; i++) {
                char c = mantissa.charAt(i);
                if (c < '0' || c > '9') continue;
                if (d >= from) sig.append(c);
                d++;
            }
            BigInteger m = new BigInteger(sig.toString());
            return decimalIsExact(new BigDecimal(mantissa.startsWith("-") ? m.negate() : m, (int) -exp10), v);
        });
        // at most 17 significant digits (9 in fp32), and a short text: a million zeros are not parsed again
        if (fate[0] == Fate.ROUNDED && l - from + 1 <= (fp32 ? 9 : 17) && t.length() <= 64 && shortest(t, v, fp32))
            fate[0] = Fate.SHORTEST;
        return v;
    }

    /**
     * Whether the decimal {@code t} is, as a number, the shortest decimal that reads back as {@code v} (Java's
     * {@code Double.toString}/{@code Float.toString} give the shortest since JDK 19).
     */
    private static boolean shortest(String t, double v, boolean fp32) {
        try {
            BigDecimal written = new BigDecimal(t);
            BigDecimal shortest = new BigDecimal(fp32 ? Float.toString((float) v) : Double.toString(v));
            return written.compareTo(shortest) == 0;
        } catch (NumberFormatException | ArithmeticException e) {
            return false;
        }
    }

    /** A hex float's binary exponent, clamped far beyond any format's range (so that huge ones still over- or underflow). */
    private static long exponent(String p) {
        if (p == null) return 0;
        try {
            return Math.clamp(Long.parseLong(p), -100_000_000L, 100_000_000L);
        } catch (NumberFormatException tooManyDigits) {
            return p.startsWith("-") ? -100_000_000L : 100_000_000L;
        }
    }

    private static Fate fateOf(double v, boolean writtenZero, java.util.function.BooleanSupplier exactIfFinite) {
        if (Double.isInfinite(v)) return Fate.OVERFLOWED;
        if (v == 0) return writtenZero ? Fate.EXACT : Fate.UNDERFLOWED;
        return exactIfFinite.getAsBoolean() ? Fate.EXACT : Fate.ROUNDED;
    }

    /** Whether the decimal equals the (finite, nonzero) binary value, without expanding huge or tiny decimals. */
    private static boolean decimalIsExact(BigDecimal d, double v) {
        BigDecimal s = d.stripTrailingZeros();
        int scale = s.scale();
        if (scale > 0) {
            // m / 10^k is a binary fraction only when 5^k divides m; m < 5^k settles it without computing 5^k
            BigInteger m = s.unscaledValue().abs();
            if (m.bitLength() < scale * 2.3219280948873626) return false;
            if (scale > 1100 || !m.mod(BigInteger.valueOf(5).pow(scale)).equals(BigInteger.ZERO)) return false;
        } else if (-scale > 400) {
            return false; // an integer beyond DBL_MAX's magnitude would have overflowed
        }
        return s.compareTo(new BigDecimal(v)) == 0;
    }
}
