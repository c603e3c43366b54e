package org.fparity.oracle;

import java.math.BigInteger;
import org.fparity.ir.Precision;

/**
 * An exact accumulator for sums and dot products of doubles (and floats, widened exactly), rounded correctly
 * once at the end in any rounding direction, to binary64 or binary32.
 *
 * <p>Two levels, after Neal's xsum "large" accumulator: the hot loop adds each input's 53-bit mantissa, unsigned,
 * into one of 4096 {@code long} bins chosen by its sign and exponent bits (no shifting, no carries); a bin that
 * reaches 2^63 is flushed into a carry-save fixed-point number of 32-bit digits spanning 2^-2240 … 2^2240, wide
 * enough for exact products of doubles. ExBLAS's rounding bugs (sticky bit inside the result, subnormals) cannot
 * happen here: rounding reads the exact bits at the result's ulp position and ORs everything below into a
 * separate sticky flag.
 *
 * <p>IEEE semantics: NaN anywhere, or +Inf with −Inf, gives NaN; an exact sum beyond the format's range rounds
 * to ±Inf (or the largest finite value in the directed modes); an exact zero is −0 only if every input was −0
 * (or, rounding downward, unless every input was +0). Merging two accumulators is exact, so any partition of
 * the inputs gives the same bits.
 */
public final class ExactAccumulator {
    /** Digit 0 has weight 2^-OFFSET: the smallest product of two doubles is 2^-2148. */
    static final int OFFSET = 2240;
    /** 140 digits of 32 bits reach 2^2240: products of doubles stay below 2^2048, headroom for 2^190 of them. */
    static final int DIGITS = 140;

    private static final long FRAC = 0x000f_ffff_ffff_ffffL;
    private static final long HIDDEN = 1L << 52;
    private static final long SIGN = 0x8000_0000_0000_0000L;
    private static final long LOW32 = 0xffff_ffffL;
    /** Deposits per digit before a normalization is forced (each adds less than 2^32 in magnitude). */
    private static final int MAX_PENDING = 1 << 29;

    private final long[] bins = new long[4096];
    private final long[] digits = new long[DIGITS];
    private int pending;
    /** False once anything may sit in the bins; lets repeated rounding skip the 4096-bin scan. */
    private boolean binsClean = true;

    private long count;
    /** Stays 0 while every input is −0. */
    private long notAllNegZero;
    /** Stays 0 while every input is +0. */
    private long notAllPosZero;

    private boolean nan;
    private long nanBits;
    private boolean posInf;
    private boolean negInf;

    /** Adds x exactly. */
    public void add(double x) {
        long bits = Double.doubleToRawLongBits(x);
        int idx = (int) (bits >>> 52);
        int e = idx & 0x7ff;
        count++;
        if (e == 0x7ff) {
            special(x);
            return;
        }
        notAllNegZero |= bits ^ SIGN;
        notAllPosZero |= bits;
        binsClean = false;
        long m = (bits & FRAC) | (((long) (e + 2047) >>> 11) << 52);
        long v = bins[idx] + m;
        if (v < 0) {
            flushBin(idx, v);
            v = 0;
        }
        bins[idx] = v;
    }

    /** Counts one input whose value is added later through {@link #addUncounted} (expansions). */
    void countOnly() {
        count++;
        notAllNegZero |= 1;
        notAllPosZero |= 1;
    }

    /** Adds a finite, non-zero part of an input already counted. */
    void addUncounted(double x) {
        add(x);
        count--;
    }

    /**
     * Adds a[from..to) exactly: the hot loop. Normal numbers take one branch-free path (mantissa with its hidden
     * bit into the bin of its sign and exponent); zeros, subnormals, infinities and NaNs — biased exponent 0 or
     * 2047, tested at once as {@code ((idx + 1) & 0x7fe) == 0} — go through {@link #addRare}.
     */
    public void addAll(double[] a, int from, int to) {
        long[] b = bins;
        binsClean = false;
        int rare = 0;
        for (int i = from; i < to; i++) {
            long bits = Double.doubleToRawLongBits(a[i]);
            int idx = (int) (bits >>> 52);
            if (((idx + 1) & 0x7fe) == 0) {
                addRare(bits);
                rare++;
                continue;
            }
            long v = b[idx] + ((bits & FRAC) | HIDDEN);
            if (v < 0) {
                flushBin(idx, v);
                v = 0;
            }
            b[idx] = v;
        }
        if (rare < to - from) { // a normal number was added: the sum is no longer "all −0" nor "all +0"
            notAllNegZero |= 1;
            notAllPosZero |= 1;
        }
        count += to - from;
    }

    /** Zero, subnormal, infinity or NaN: not counted here. */
    private void addRare(long bits) {
        int idx = (int) (bits >>> 52);
        if ((idx & 0x7ff) == 0x7ff) {
            special(Double.longBitsToDouble(bits));
            return;
        }
        notAllNegZero |= bits ^ SIGN;
        notAllPosZero |= bits;
        long v = bins[idx] + (bits & FRAC); // subnormal: no hidden bit, exponent as for biased 1
        if (v < 0) {
            flushBin(idx, v);
            v = 0;
        }
        bins[idx] = v;
    }

    public void addAll(double[] a) {
        addAll(a, 0, a.length);
    }

    /** Adds binary32 inputs, widened to double (exact). */
    public void addAll(float[] a, int from, int to) {
        for (int i = from; i < to; i++) add(a[i]);
    }

    /** Adds the exact product x·y: TwoProduct with {@code Math.fma}, or the exact 106-bit product where that would underflow or overflow. */
    public void addProduct(double x, double y) {
        double p = x * y;
        double ap = Math.abs(p);
        if (ap >= 0x1p-968 && ap <= Double.MAX_VALUE) {
            // p and its error are both doubles: |p| ≥ 2^-968 keeps the error term above the subnormal range
            double err = Math.fma(x, y, -p);
            add(p);
            if (err != 0) {
                add(err);
                count--;
            }
        } else {
            addProductSlow(x, y, p);
        }
    }

    /** Adds the exact dot product of x[from..to) and y[from..to). */
    public void addDot(double[] x, double[] y, int from, int to) {
        for (int i = from; i < to; i++) addProduct(x[i], y[i]);
    }

    /** Adds the exact dot product of binary32 vectors: a product of two floats is exact in double. */
    public void addDot(float[] x, float[] y, int from, int to) {
        for (int i = from; i < to; i++) add((double) x[i] * (double) y[i]);
    }

    private void addProductSlow(double x, double y, double p) {
        count++;
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            count--;
            add(p); // IEEE: Inf·0 = NaN, otherwise ±Inf or NaN
            return;
        }
        long bx = Double.doubleToRawLongBits(x);
        long by = Double.doubleToRawLongBits(y);
        boolean neg = (bx ^ by) < 0;
        if (x == 0 || y == 0) {
            long zeroBits = neg ? SIGN : 0;
            notAllNegZero |= zeroBits ^ SIGN;
            notAllPosZero |= zeroBits;
            return;
        }
        notAllNegZero |= 1;
        notAllPosZero |= 1;
        int ex = (int) ((bx >>> 52) & 0x7ff);
        int ey = (int) ((by >>> 52) & 0x7ff);
        long mx = (bx & FRAC) | (ex == 0 ? 0 : 1L << 52);
        long my = (by & FRAC) | (ey == 0 ? 0 : 1L << 52);
        int bit = Math.max(ex, 1) - 1075 + Math.max(ey, 1) - 1075 + OFFSET;
        deposit(mx * my, bit, neg);
        deposit(Math.unsignedMultiplyHigh(mx, my), bit + 64, neg);
    }

    private void special(double x) {
        if (Double.isNaN(x)) {
            if (!nan) nanBits = Double.doubleToRawLongBits(x);
            nan = true;
        } else if (x > 0) {
            posInf = true;
        } else {
            negInf = true;
        }
    }

    /** Moves bin idx (holding v, read as unsigned) into the digits. */
    private void flushBin(int idx, long v) {
        int e = idx & 0x7ff;
        deposit(v, Math.max(e, 1) - 1075 + OFFSET, (idx & 0x800) != 0);
    }

    /** Adds ±v·2^(bit−OFFSET), v read as an unsigned 64-bit integer. */
    private void deposit(long v, int bit, boolean negative) {
        if (v == 0) return;
        int i = bit >>> 5;
        int sh = bit & 31;
        long d0 = (v << sh) & LOW32;
        long d1 = (v >>> (32 - sh)) & LOW32;
        long d2 = sh == 0 ? 0 : v >>> (64 - sh);
        if (negative) {
            digits[i] -= d0;
            digits[i + 1] -= d1;
            digits[i + 2] -= d2;
        } else {
            digits[i] += d0;
            digits[i + 1] += d1;
            digits[i + 2] += d2;
        }
        if (++pending >= MAX_PENDING) normalize(digits);
    }

    private void flushAllBins() {
        if (binsClean) return;
        binsClean = true;
        long[] b = bins;
        for (int idx = 0; idx < b.length; idx++) {
            if (b[idx] != 0) {
                flushBin(idx, b[idx]);
                b[idx] = 0;
            }
        }
    }

    /** Carries so that every digit but the top one is in [0, 2^32); the top digit carries the sign. */
    static void normalize(long[] d) {
        long carry = 0;
        for (int i = 0; i < d.length - 1; i++) {
            long v = d[i] + carry;
            carry = v >> 32;
            d[i] = v & LOW32;
        }
        d[d.length - 1] += carry;
    }

    private void settle() {
        flushAllBins();
        normalize(digits);
        pending = 0;
    }

    /** Adds everything {@code other} holds into this accumulator (exact; {@code other} is left unchanged in value). */
    public ExactAccumulator merge(ExactAccumulator other) {
        settle();
        other.settle();
        for (int i = 0; i < DIGITS; i++) digits[i] += other.digits[i];
        normalize(digits);
        count += other.count;
        notAllNegZero |= other.notAllNegZero;
        notAllPosZero |= other.notAllPosZero;
        if (other.nan && !nan) nanBits = other.nanBits;
        nan |= other.nan;
        posInf |= other.posInf;
        negInf |= other.negInf;
        return this;
    }

    /** Number of inputs (terms or products) added. */
    public long count() {
        return count;
    }

    /** The exact finite part as an integer N with value N·2^-OFFSET (specials are not included). */
    public BigInteger exactScaled() {
        settle();
        // the top digit is signed, lower ones are in [0, 2^32): Horner from the top gives the signed value
        BigInteger v = BigInteger.ZERO;
        for (int i = DIGITS - 1; i >= 0; i--) v = v.shiftLeft(32).add(BigInteger.valueOf(digits[i]));
        return v;
    }

    /** The exact finite part as a hex string {@code [-]0xHHHHp-E}, exact and parseable by {@link #fromState}. */
    String exactHex() {
        BigInteger v = exactScaled();
        if (v.signum() == 0) return "0x0p+0";
        int tz = v.getLowestSetBit();
        BigInteger m = v.shiftRight(tz);
        long e = (long) tz - OFFSET;
        return (m.signum() < 0 ? "-0x" + m.negate().toString(16) : "0x" + m.toString(16)) + "p" + (e >= 0 ? "+" : "")
                + e;
    }

    /** Adds the exact value ±mag·2^exp2 (must lie within the accumulator's range). */
    void addExact(BigInteger signedMag, long exp2) {
        if (signedMag.signum() == 0) return;
        boolean neg = signedMag.signum() < 0;
        BigInteger mag = signedMag.abs();
        long bit = exp2 + OFFSET;
        if (bit < 0 || bit + mag.bitLength() > (long) (DIGITS - 3) * 32) {
            throw new IllegalArgumentException(
                    "exact value out of the accumulator's range: 2^" + (exp2 + mag.bitLength()));
        }
        int chunks = (mag.bitLength() + 31) / 32;
        for (int k = 0; k < chunks; k++) {
            long part = mag.shiftRight(32 * k).longValue() & LOW32;
            deposit(part, (int) bit + 32 * k, neg);
        }
    }

    /** The sum rounded to nearest-even binary64. */
    public double round() {
        return round(Precision.FP64, Rounding.RN);
    }

    /** The sum correctly rounded to {@code format} in direction {@code mode} (FP32 results are float values widened). */
    public double round(Precision format, Rounding mode) {
        if (nan || (posInf && negInf)) {
            double n = nan ? Double.longBitsToDouble(nanBits) : Double.NaN;
            return format == Precision.FP32 ? (double) (float) n : n;
        }
        if (posInf) return Double.POSITIVE_INFINITY;
        if (negInf) return Double.NEGATIVE_INFINITY;
        settle();
        long[] d = digits.clone();
        boolean negative = d[DIGITS - 1] < 0;
        if (negative) {
            for (int i = 0; i < DIGITS; i++) d[i] = -d[i];
            normalize(d);
        }
        int h = DIGITS - 1;
        while (h >= 0 && d[h] == 0) h--;
        if (h < 0) return zero(mode);
        int top = 32 * h + 63 - Long.numberOfLeadingZeros(d[h]);
        int p = format.significandBits();
        int qmin = (format == Precision.FP64 ? -1074 : -149) + OFFSET;
        int maxExp = format == Precision.FP64 ? 1024 : 128;
        int q = Math.max(top - (p - 1), qmin);
        long m = q > top ? 0 : bits(d, q, top - q + 1);
        boolean half = q - 1 >= 0 && q - 1 <= top && bits(d, q - 1, 1) != 0;
        boolean rest = anyBelow(d, q - 1);
        boolean inexact = half || rest;
        boolean up = switch (mode) {
            case RN -> half && (rest || (m & 1) != 0);
            case RZ -> false;
            case RU -> !negative && inexact;
            case RD -> negative && inexact;
        };
        if (up) m++;
        if (m == 0) return negative ? -0.0 : 0.0;
        int e = q - OFFSET;
        if (e + 64 - Long.numberOfLeadingZeros(m) > maxExp) return BinaryRounding.overflow(negative, format, mode);
        double v = format == Precision.FP64 ? Math.scalb((double) m, e) : (double) Math.scalb((float) m, e);
        return negative ? -v : v;
    }

    private double zero(Rounding mode) {
        if (count == 0) return 0.0;
        if (notAllNegZero == 0) return -0.0;
        if (notAllPosZero == 0) return 0.0;
        return mode == Rounding.RD ? -0.0 : 0.0;
    }

    /** Bits [from, from+n) of the normalized magnitude d (n ≤ 62, from ≥ 0). */
    private static long bits(long[] d, int from, int n) {
        int i = from >>> 5;
        int sh = from & 31;
        long w = d[i] >>> sh;
        if (i + 1 < d.length) w |= d[i + 1] << (32 - sh);
        if (sh != 0 && i + 2 < d.length) w |= d[i + 2] << (64 - sh);
        return n >= 64 ? w : w & ((1L << n) - 1);
    }

    /** True if any bit strictly below position {@code pos} is set. */
    private static boolean anyBelow(long[] d, int pos) {
        if (pos <= 0) return false;
        int i = pos >>> 5;
        int sh = pos & 31;
        if (sh != 0 && (d[i] & ((1L << sh) - 1)) != 0) return true;
        for (int k = i - 1; k >= 0; k--) if (d[k] != 0) return true;
        return false;
    }

    // ---- state for files: merge partial sums computed elsewhere ----

    /** The accumulator's full state, exact, as a record that serialises to JSON. */
    public AccumulatorState state() {
        return new AccumulatorState(
                AccumulatorState.FORMAT,
                AccumulatorState.VERSION,
                count,
                exactHex(),
                nan ? "0x" + Long.toHexString(nanBits) : null,
                posInf,
                negInf,
                notAllNegZero == 0,
                notAllPosZero == 0);
    }

    /** Rebuilds an accumulator from {@link #state()}; throws IllegalArgumentException on malformed state. */
    public static ExactAccumulator fromState(AccumulatorState s) {
        s.check();
        ExactAccumulator a = new ExactAccumulator();
        a.count = s.count();
        java.util.regex.Matcher mm = AccumulatorState.EXACT.matcher(s.exact());
        if (!mm.matches()) throw new IllegalArgumentException("malformed exact value '" + s.exact() + "'");
        BigInteger mag = new BigInteger(mm.group(2), 16);
        if (mm.group(1) != null) mag = mag.negate();
        a.addExact(mag, Long.parseLong(mm.group(3)));
        a.notAllNegZero = s.allNegativeZero() ? 0 : 1;
        a.notAllPosZero = s.allPositiveZero() ? 0 : 1;
        if (s.nan() != null) {
            a.nan = true;
            a.nanBits = Long.parseUnsignedLong(s.nan().substring(2), 16);
        }
        a.posInf = s.posInf();
        a.negInf = s.negInf();
        return a;
    }
}
