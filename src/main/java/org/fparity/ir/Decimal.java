package org.fparity.ir;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Decimal text for people, exactly as C's {@code printf("%.Ng")} writes it (glibc, round to nearest): the exact
 * binary value rounded once to N significant digits. Java's own {@code %g} is not that: it pads the shortest
 * round-trip digits with zeros ({@code 0.10000000000000000} for 0.1, whose 17 digits are {@code 0.10000000000000001}).
 */
public final class Decimal {
    private Decimal() {}

    /** {@code %.17g} for FP64, {@code %.9g} for FP32: enough digits to read the value back, as the harness prints it. */
    public static String of(double v, Precision p) {
        return g(v, p == Precision.FP32 ? 9 : 17);
    }

    /** C's {@code %.<digits>g} of {@code v}. */
    public static String g(double v, int digits) {
        boolean neg = Double.doubleToRawLongBits(v) < 0;
        if (Double.isNaN(v)) return neg ? "-nan" : "nan";
        if (Double.isInfinite(v)) return neg ? "-inf" : "inf";
        int p = Math.max(1, digits);
        String sign = neg ? "-" : "";
        if (v == 0) return sign + "0";
        BigDecimal r = new BigDecimal(Math.abs(v)).round(new MathContext(p, RoundingMode.HALF_EVEN));
        int x = r.precision() - r.scale() - 1; // decimal exponent of the rounded value
        StringBuilder d = new StringBuilder(r.unscaledValue().toString());
        while (d.length() < p) d.append('0');
        d.setLength(p);
        StringBuilder out = new StringBuilder(sign);
        if (x < -4 || x >= p) {
            out.append(d.charAt(0));
            String frac = stripZeros(d.substring(1));
            if (!frac.isEmpty()) out.append('.').append(frac);
            out.append('e').append(x < 0 ? '-' : '+');
            int ax = Math.abs(x);
            if (ax < 10) out.append('0');
            out.append(ax);
        } else if (x >= 0) {
            out.append(d, 0, x + 1);
            String frac = stripZeros(d.substring(x + 1));
            if (!frac.isEmpty()) out.append('.').append(frac);
        } else {
            String frac = stripZeros("0".repeat(-x - 1) + d);
            out.append("0.").append(frac);
        }
        return out.toString();
    }

    private static String stripZeros(String s) {
        int e = s.length();
        while (e > 0 && s.charAt(e - 1) == '0') e--;
        return s.substring(0, e);
    }
}
