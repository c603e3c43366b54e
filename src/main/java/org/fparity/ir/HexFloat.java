package org.fparity.ir;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;

/**
 * Hex floats exactly as glibc's {@code printf("%a")} writes them ({@code 0x1.8p+1}, {@code 0x0.0000000000001p-1022},
 * {@code -0x0p+0}, {@code inf}, {@code -nan}), so C, CUDA, HIP, OpenCL hosts and Java agree to the character.
 */
public final class HexFloat {
    private HexFloat() {}

    public static String format(double v) {
        return append(new StringBuilder(24), v).toString();
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Appends {@link #format}'s spelling of {@code v} to {@code sb} without an intermediate string (hot loops). */
    public static StringBuilder append(StringBuilder sb, double v) {
        long bits = Double.doubleToRawLongBits(v);
        if (bits < 0) sb.append('-');
        if (Double.isNaN(v)) return sb.append("nan");
        if (Double.isInfinite(v)) return sb.append("inf");
        int biased = (int) ((bits >>> 52) & 0x7ff);
        long frac = bits & 0xfffffffffffffL;
        if (biased == 0 && frac == 0) return sb.append("0x0p+0");
        sb.append("0x").append(biased == 0 ? '0' : '1');
        if (frac != 0) {
            // 13 hex digits, trailing zeros dropped (what glibc prints)
            int digits = 13 - Long.numberOfTrailingZeros(frac) / 4;
            sb.append('.');
            for (int i = 0; i < digits; i++) sb.append(HEX[(int) (frac >>> (48 - 4 * i)) & 0xf]);
        }
        int exp = biased == 0 ? -1022 : biased - 1023;
        sb.append('p');
        if (exp >= 0) sb.append('+');
        return sb.append(exp);
    }

    /** Parses a hex float, a decimal, or C's / Java's spellings of infinities and NaNs; throws NumberFormatException. */
    public static double parse(String s) {
        return parse(s, 0, s.length());
    }

    /**
     * Parses {@code s[from, to)} like {@link #parse(String)}. Hex floats whose significand fits in 53 bits (everything
     * {@code %a}, Java and Python print) take a fast path without allocation, exact because the only rounding is
     * {@code Math.scalb}'s one rounding into the subnormal range; everything else goes through
     * {@code Double.parseDouble}.
     */
    public static double parse(CharSequence s, int from, int to) {
        int p = from;
        boolean neg = false;
        if (p < to && (s.charAt(p) == '-' || s.charAt(p) == '+')) neg = s.charAt(p++) == '-';
        if (p + 2 < to && s.charAt(p) == '0' && (s.charAt(p + 1) == 'x' || s.charAt(p + 1) == 'X')) {
            p += 2;
            long mant = 0;
            int frac = 0;
            boolean dot = false;
            boolean fits = true;
            int digits = 0;
            for (; p < to; p++) {
                char c = s.charAt(p);
                if (c == '.' && !dot) {
                    dot = true;
                    continue;
                }
                int d = Character.digit(c, 16);
                if (d < 0) break;
                digits++;
                if ((mant >>> 49) != 0) fits = false; // another digit would pass 53 bits
                mant = (mant << 4) | d;
                if (dot) frac++;
            }
            if (fits && digits > 0 && p < to && (s.charAt(p) == 'p' || s.charAt(p) == 'P')) {
                int q = p + 1;
                boolean eneg = false;
                if (q < to && (s.charAt(q) == '-' || s.charAt(q) == '+')) eneg = s.charAt(q++) == '-';
                int e = 0;
                int start = q;
                for (; q < to && s.charAt(q) >= '0' && s.charAt(q) <= '9' && e < 100_000; q++)
                    e = e * 10 + (s.charAt(q) - '0');
                if (q == to && q > start) {
                    double v = Math.scalb((double) mant, (eneg ? -e : e) - 4 * frac);
                    return neg ? -v : v;
                }
            }
        }
        return parseSlow(s.subSequence(from, to).toString());
    }

    /** A hex float that names a value outside the precision asked for (more significant bits than it has). */
    public static final class NotRepresentable extends NumberFormatException {
        private static final long serialVersionUID = 1L;

        NotRepresentable(Precision p) {
            super("not a " + (p == Precision.FP32 ? "binary32" : p.id()) + " value");
        }
    }

    /**
     * The one reader of a value token in precision p (the FP32-token parser): a decimal or hex float is rounded once,
     * straight into p — binary32 through {@code Float.parseFloat}, never through binary64 first — a C/Java {@code f}
     * suffix is allowed, and C's and Java's infinities and NaNs are read as {@link #parse(String)} reads them. FP16 and
     * BF16 round through binary64 (exact for every decimal of up to 15 digits).
     */
    public static double parse(String token, Precision p) {
        String t = token.strip();
        if (p == Precision.FP64 || isSpecial(t)) return parse(t);
        if (p == Precision.FP32) return Float.parseFloat(t); // decimal or hex, optional f suffix, one rounding
        return p.round(parse(t));
    }

    /**
     * Like {@link #parse(String, Precision)}, but a hex float must already be a value of p ({@link NotRepresentable}
     * otherwise): hex is how people write exact values, so fparity does not round it silently; decimals are rounded once.
     */
    public static double parseExact(String token, Precision p) {
        String t = token.strip();
        boolean hex = t.toLowerCase(java.util.Locale.ROOT).contains("0x");
        double v = parse(t, p);
        if (hex && p != Precision.FP64) {
            double wide = Double.parseDouble(t); // the hex exactly, as far as binary64 holds it
            if (wide != v && !Double.isNaN(wide)) throw new NotRepresentable(p);
        }
        return v;
    }

    // C's and Java's spellings of infinities and NaNs, signed
    private static boolean isSpecial(String t) {
        String body = (t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t).toLowerCase(java.util.Locale.ROOT);
        return switch (body) {
            case "inf", "infinity", "nan", "nan(ind)", "nanq" -> true;
            default -> false;
        };
    }

    private static double parseSlow(String s) {
        String t = s.strip();
        String body = t.startsWith("-") || t.startsWith("+") ? t.substring(1) : t;
        boolean neg = t.startsWith("-");
        switch (body.toLowerCase(java.util.Locale.ROOT)) {
            case "nan", "nan(ind)", "nanq":
                return neg ? Double.longBitsToDouble(0xfff8000000000000L) : Double.NaN;
            case "inf", "infinity":
                return neg ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            default:
                break;
        }
        return Double.parseDouble(t);
    }

    /** Jackson: writes a double as its hex-float string. */
    public static final class Serializer extends StdSerializer<Double> {
        private static final long serialVersionUID = 1L;

        public Serializer() {
            super(Double.class);
        }

        @Override
        public void serialize(Double value, JsonGenerator gen, SerializerProvider provider) throws IOException {
            gen.writeString(format(value));
        }
    }

    /** Jackson: reads a hex-float (or decimal) string, or a plain JSON number. */
    public static final class Deserializer extends StdDeserializer<Double> {
        private static final long serialVersionUID = 1L;

        public Deserializer() {
            super(Double.class);
        }

        @Override
        public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (p.currentToken().isNumeric()) return p.getDoubleValue();
            String s = p.getValueAsString();
            try {
                return parse(s);
            } catch (NumberFormatException e) {
                throw ctxt.weirdStringException(s, Double.class, "not a hex or decimal float");
            }
        }
    }
}
