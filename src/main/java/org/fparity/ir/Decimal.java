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
        return g(v, digits, true);
    }

    /** C's {@code %.<digits>g} as {@link #g} makes it, always by {@link BigDecimal} (tests compare the two). */
    static String exact(double v, int digits) {
        return g(v, digits, false);
    }

    /** {@code limbs}: in {@link Digits} where the value is in their range. */
    private static String g(double v, int digits, boolean limbs) {
        boolean neg = Double.doubleToRawLongBits(v) < 0;
        if (Double.isNaN(v)) return neg ? "-nan" : "nan";
        if (Double.isInfinite(v)) return neg ? "-inf" : "inf";
        int p = Math.max(1, digits);
        String sign = neg ? "-" : "";
        if (v == 0) return sign + "0";
        char[] d = new char[Math.max(p, MAX_DIGITS)];
        int x = limbs ? Digits.of(Math.abs(v), p, d) : Digits.NONE;
        if (x == Digits.NONE) {
            BigDecimal r = new BigDecimal(Math.abs(v)).round(new MathContext(p, RoundingMode.HALF_EVEN));
            x = r.precision() - r.scale() - 1; // decimal exponent of the rounded value
            String u = r.unscaledValue().toString();
            for (int i = 0; i < p; i++) d[i] = i < u.length() ? u.charAt(i) : '0';
        }
        return format(sign, new StringBuilder(p).append(d, 0, p), x, p);
    }

    /** What {@link #g} writes for the rounded value {@code d × 10^(x − p + 1)}: {@code d} its {@code p} digits. */
    private static String format(String sign, StringBuilder d, int x, int p) {
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

    /** Digits an exact value of {@link Digits} may have: 2^256 has 78. */
    private static final int MAX_DIGITS = 80;

    /**
     * The exact decimal digits of a double that is an integer of at most 256 bits times a power of ten, {@code m × 2^q
     * = m × 5^−q / 10^−q} (about 98 % of the values a campaign prints: from 2^−35 up), rounded once to {@code p}
     * digits, half to even, in eight 32-bit limbs: what {@link BigDecimal}'s exact expansion and division did, at a
     * fraction of the cost (issue 31: a report of 10^7 runs converts a million answers). Other values: {@link #NONE}.
     */
    static final class Digits {
        static final int NONE = Integer.MIN_VALUE;
        private static final int LIMBS = 8;
        private static final long MASK = 0xFFFF_FFFFL;

        private Digits() {}

        /**
         * Writes the {@code p} digits of positive finite {@code a} rounded to {@code p} significant digits into
         * {@code out} and returns the decimal exponent of the rounded value, or {@link #NONE} beyond the limbs' range.
         */
        static int of(double a, int p, char[] out) {
            long bits = Double.doubleToRawLongBits(a);
            int be = (int) (bits >>> 52) & 0x7FF;
            if (be == 0) return NONE; // subnormal: beyond the range anyway
            long m = (bits & 0xF_FFFF_FFFF_FFFFL) | (1L << 52);
            int q = be - 1075;
            int tz = Long.numberOfTrailingZeros(m);
            m >>>= tz;
            q += tz;
            long[] limb = new long[LIMBS]; // little-endian, 32 bits each
            limb[0] = m & MASK;
            limb[1] = m >>> 32;
            int k = 0; // a = limbs / 10^k
            if (q >= 0) {
                if (q > 256 - 53) return NONE;
                shiftLeft(limb, q);
            } else {
                k = -q;
                if (k > 86) return NONE; // 5^86 × 2^53 < 2^253
                int left = k;
                while (left >= 13) {
                    multiply(limb, 1_220_703_125L); // 5^13
                    left -= 13;
                }
                if (left > 0) multiply(limb, FIVES[left]);
            }
            // decimal digits, most significant first, nine at a time from the least significant
            char[] d = new char[81];
            int at = d.length;
            int top = LIMBS;
            while (true) {
                while (top > 0 && limb[top - 1] == 0) top--;
                if (top == 0) break;
                long chunk = divide(limb, top, 1_000_000_000L);
                for (int i = 0; i < 9; i++) {
                    d[--at] = (char) ('0' + chunk % 10);
                    chunk /= 10;
                }
            }
            while (d[at] == '0') at++;
            int len = d.length - at;
            int x = len - 1 - k;
            if (len <= p) {
                for (int i = 0; i < p; i++) out[i] = i < len ? d[at + i] : '0';
                return x;
            }
            System.arraycopy(d, at, out, 0, p);
            char next = d[at + p];
            boolean up;
            if (next != '5') up = next > '5';
            else {
                boolean rest = false;
                for (int i = at + p + 1; i < d.length && !rest; i++) rest = d[i] != '0';
                up = rest || (out[p - 1] - '0') % 2 == 1;
            }
            if (up) {
                int i = p - 1;
                while (i >= 0 && out[i] == '9') out[i--] = '0';
                if (i >= 0) out[i]++;
                else {
                    out[0] = '1'; // 99…9 rounded up: 10…0, one decimal place more
                    x++;
                }
            }
            return x;
        }

        private static void shiftLeft(long[] limb, int q) {
            int words = q / 32, b = q % 32;
            for (int i = LIMBS - 1; i >= 0; i--) {
                long lo = i - words >= 0 ? limb[i - words] : 0;
                long below = i - words - 1 >= 0 ? limb[i - words - 1] : 0;
                limb[i] = b == 0 ? lo : ((lo << b) | (below >>> (32 - b))) & MASK;
            }
        }

        /** 5^i, i < 13. */
        private static final long[] FIVES = new long[13];

        static {
            FIVES[0] = 1;
            for (int i = 1; i < FIVES.length; i++) FIVES[i] = FIVES[i - 1] * 5;
        }

        /** limbs × f, f < 2^31 (the product fits the limbs). */
        private static void multiply(long[] limb, long f) {
            long carry = 0;
            for (int i = 0; i < LIMBS; i++) {
                if (limb[i] == 0 && carry == 0 && allZeroFrom(limb, i)) return;
                long t = limb[i] * f + carry;
                limb[i] = t & MASK;
                carry = t >>> 32;
            }
        }

        private static boolean allZeroFrom(long[] limb, int i) {
            for (int j = i; j < LIMBS; j++) if (limb[j] != 0) return false;
            return true;
        }

        /** The {@code top} low limbs / d in place, d < 2^31; the remainder (a dividend below 2^63: signed division). */
        private static long divide(long[] limb, int top, long d) {
            long rem = 0;
            for (int i = top - 1; i >= 0; i--) {
                long t = (rem << 32) | limb[i];
                limb[i] = t / d;
                rem = t - limb[i] * d;
            }
            return rem;
        }
    }

    private static String stripZeros(String s) {
        int e = s.length();
        while (e > 0 && s.charAt(e - 1) == '0') e--;
        return s.substring(0, e);
    }
}
