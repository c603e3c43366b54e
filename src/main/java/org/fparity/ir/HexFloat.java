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
        long bits = Double.doubleToRawLongBits(v);
        boolean neg = bits < 0;
        String sign = neg ? "-" : "";
        if (Double.isNaN(v)) return sign + "nan";
        if (Double.isInfinite(v)) return sign + "inf";
        int biased = (int) ((bits >>> 52) & 0x7ff);
        long frac = bits & 0xfffffffffffffL;
        if (biased == 0 && frac == 0) return sign + "0x0p+0";
        String lead = biased == 0 ? "0" : "1";
        int exp = biased == 0 ? -1022 : biased - 1023;
        StringBuilder sb = new StringBuilder(24).append(sign).append("0x").append(lead);
        if (frac != 0) {
            // 13 hex digits, trailing zeros dropped (what glibc prints)
            int tz = Long.numberOfTrailingZeros(frac) / 4;
            String digits = Long.toHexString(frac >>> (4 * tz));
            sb.append('.');
            for (int i = digits.length() + tz; i < 13; i++) sb.append('0');
            sb.append(digits);
        }
        sb.append('p').append(exp >= 0 ? "+" : "").append(exp);
        return sb.toString();
    }

    /** Parses a hex float, a decimal, or C's / Java's spellings of infinities and NaNs; throws NumberFormatException. */
    public static double parse(String s) {
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
        if (t.endsWith("f") || t.endsWith("F") || t.endsWith("d") || t.endsWith("D")) {
            if (!t.toLowerCase(java.util.Locale.ROOT).startsWith("0x") && !body.toLowerCase(java.util.Locale.ROOT).startsWith("0x")) {
                t = t.substring(0, t.length() - 1);
            }
        }
        return Double.parseDouble(t);
    }

    /** Jackson: writes a double as its hex-float string. */
    public static final class Serializer extends StdSerializer<Double> {
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
