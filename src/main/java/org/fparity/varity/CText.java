package org.fparity.varity;

import java.util.Locale;
import org.fparity.ir.Precision;

/**
 * The C conversions Varity's text goes through: {@code atof}/{@code atoi} on its input strings (then the assignment
 * to {@code float} or {@code double}), and {@code printf("%.17g")} of its results read back.
 */
public final class CText {
    /** glibc prints a NaN with the sign bit set as {@code -nan}; that bit is kept. */
    static final double NEG_NAN = Double.longBitsToDouble(0xfff8000000000000L);

    private CText() {}

    /**
     * {@code atof(s)} assigned to a variable of precision {@code p}: glibc's strtod on the longest valid prefix (so
     * {@code "+1.5983E-42f"} reads {@code +1.5983E-42}; no valid prefix reads 0), correctly rounded to double, then —
     * for a float — rounded again to float, exactly as {@code float x = atof(argv[1]);} does.
     */
    public static double atof(String s, Precision p) {
        return p.round(strtod(s));
    }

    /** glibc {@code strtod} on the longest valid prefix of {@code s} (decimal, hex, inf, infinity, nan); 0 when none. */
    public static double strtod(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && Character.isWhitespace(s.charAt(i))) i++;
        boolean neg = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) neg = s.charAt(i++) == '-';
        String rest = s.substring(i).toLowerCase(Locale.ROOT);
        if (rest.startsWith("inf")) return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        if (rest.startsWith("nan")) return neg ? NEG_NAN : Double.NaN;
        boolean hex = rest.startsWith("0x")
                && rest.length() > 2
                && (Character.digit(rest.charAt(2), 16) >= 0
                        || (rest.charAt(2) == '.' && rest.length() > 3 && Character.digit(rest.charAt(3), 16) >= 0));
        int j = hex ? 2 : 0;
        int radix = hex ? 16 : 10;
        int digits = 0;
        while (j < rest.length() && Character.digit(rest.charAt(j), radix) >= 0) {
            j++;
            digits++;
        }
        if (j < rest.length() && rest.charAt(j) == '.') {
            j++;
            while (j < rest.length() && Character.digit(rest.charAt(j), radix) >= 0) {
                j++;
                digits++;
            }
        }
        if (digits == 0) return neg ? -0.0 : 0.0;
        int mantEnd = j;
        char e = hex ? 'p' : 'e';
        if (j < rest.length() && rest.charAt(j) == e) {
            int k = j + 1;
            if (k < rest.length() && (rest.charAt(k) == '+' || rest.charAt(k) == '-')) k++;
            int ed = k;
            while (k < rest.length() && Character.isDigit(rest.charAt(k))) k++;
            if (k > ed) mantEnd = k; // an exponent without digits is not part of the number
        }
        String num = rest.substring(0, mantEnd);
        if (hex && !num.contains("p")) num = num + "p0";
        double v = Double.parseDouble(num);
        return neg ? -v : v;
    }

    /** {@code atoi(s)}: optional sign and decimal digits after leading whitespace; 0 when none (glibc wraps on overflow). */
    public static int atoi(String s) {
        int i = 0;
        int n = s.length();
        while (i < n && Character.isWhitespace(s.charAt(i))) i++;
        boolean neg = false;
        if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) neg = s.charAt(i++) == '-';
        long v = 0;
        while (i < n && Character.isDigit(s.charAt(i))) {
            v = v * 10 + (s.charAt(i++) - '0');
            if (v > (1L << 40)) break;
        }
        return (int) (neg ? -v : v);
    }

    /**
     * A result as Varity recorded it: {@code printf("%.17g")} text ({@code 1.6890999999861241e-306}, {@code -0},
     * {@code nan}, {@code -nan}, {@code inf}, {@code -inf}). 17 significant digits give back the exact double; the
     * caller checks that a float program's result is a float. Throws IllegalArgumentException with the reason.
     */
    public static double printed(String text) {
        String t = text.strip();
        if (t.isEmpty()) throw new IllegalArgumentException("empty result");
        String l = t.toLowerCase(Locale.ROOT);
        boolean neg = l.startsWith("-");
        String body = neg || l.startsWith("+") ? l.substring(1) : l;
        if (body.equals("nan") || body.startsWith("nan(")) return neg ? NEG_NAN : Double.NaN;
        if (body.equals("inf") || body.equals("infinity"))
            return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        if (!body.matches("[0-9]+(\\.[0-9]*)?(e[+-]?[0-9]+)?|\\.[0-9]+(e[+-]?[0-9]+)?")) {
            throw new IllegalArgumentException("'" + text + "' is not a %.17g result");
        }
        double v = Double.parseDouble(body);
        return neg ? -v : v;
    }
}
