package org.fparity.fprev;

import java.util.Arrays;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/**
 * Turns a target's raw sums into l(i,j) = leaves under LCA(i,j), checking every reading is a whole count in range.
 * When n-2 units would overflow the format's exact counts (2^24 for float32, 2^11 for float16), the units are split into
 * ranges of at most 2^p and each range is read separately (zeros elsewhere), so every partial count stays exact.
 */
public final class Prober {
    private final SumTarget.Session session;
    private final String target;
    private final int n;
    private final double unit;
    private final int chunk;
    private long probes;
    private long calls;
    // log of every reading, for the consistency check against the finished tree
    private int[] logI = new int[64];
    private int[] logJ = new int[64];
    private int[] logL = new int[64];
    private int logged;
    private double[] raw = new double[64];
    private int[] is = new int[64];
    private int[] js = new int[64];
    private long[] unhidden = new long[64];

    public Prober(SumTarget.Session session, String target, int n, Precision output, double unit) {
        this.session = session;
        this.target = target;
        this.n = n;
        this.unit = unit;
        long limit = ProbeValues.exactCountLimit(output);
        this.chunk = n - 2 <= limit ? n : (int) Math.min(limit, Integer.MAX_VALUE);
    }

    /** Refuses an n that FPRev cannot resolve in this precision. */
    public static void checkResolvable(int n, Precision p, Precision out, double mask, double unit) {
        if (n < 2) throw new FparityError("n must be at least 2 (got " + n + ")");
        long ranges = ((long) n + ProbeValues.exactCountLimit(out) - 1) / ProbeValues.exactCountLimit(out);
        if (ranges > 64) {
            throw new FparityError(out.dtype() + " holds exact counts only up to 2^" + out.significandBits() + "; n = "
                    + n + " would need " + ranges + " probes per pair (limit 64)");
        }
        // the mask must swamp every partial sum of units in the format itself: (n-2)*unit < ulp(M)/2
        double halfUlp = Math.scalb(1.0, Math.getExponent(mask) - p.significandBits());
        double most = Math.min(n - 2.0, (double) ProbeValues.exactCountLimit(p)) * unit;
        if (!(most < halfUlp)) {
            throw new FparityError("mask " + mask + " cannot swamp " + (long) (most / unit) + " units of " + unit
                    + " in " + p.dtype());
        }
        if (p.round(mask) != mask || p.round(unit) != unit || p.round(-mask) != -mask) {
            throw new FparityError("mask " + mask + " or unit " + unit + " is not representable in " + p.dtype());
        }
    }

    /** Readings that split units into ranges: how many target calls one probe costs. */
    public int rangesPerProbe() {
        return (n + chunk - 1) / chunk;
    }

    /** Pairs (i,j) revealed so far. */
    public long probes() {
        return probes;
    }

    /** Function evaluations made (probes times ranges). */
    public long calls() {
        return calls;
    }

    public int n() {
        return n;
    }

    /** The target's name, for messages. */
    public String target() {
        return target;
    }

    /** Reads l(i,j) for one pivot against js[off..off+len). */
    public void lca(int pivot, int[] jsIn, int off, int len, int[] outL) {
        ensure(len);
        Arrays.fill(is, 0, len, pivot);
        System.arraycopy(jsIn, off, js, 0, len);
        read(len, outL);
    }

    /** Reads l(is[k], js[k]) for k < count. */
    public void lcaPairs(int[] isIn, int[] jsIn, int count, int[] outL) {
        ensure(count);
        System.arraycopy(isIn, 0, is, 0, count);
        System.arraycopy(jsIn, 0, js, 0, count);
        read(count, outL);
    }

    private void read(int count, int[] outL) {
        if (count == 0) return;
        Arrays.fill(unhidden, 0, count, 0);
        for (int from = 0; from < n; from += chunk) {
            int to = (int) Math.min((long) from + chunk, n);
            session.probe(is, js, count, from, to, raw);
            calls += count;
            for (int k = 0; k < count; k++) {
                int units = to - from - (inRange(is[k], from, to) ? 1 : 0) - (inRange(js[k], from, to) ? 1 : 0);
                unhidden[k] += count(raw[k], is[k], js[k], units);
            }
        }
        for (int k = 0; k < count; k++) {
            long l = n - unhidden[k];
            if (l < 2 || l > n) {
                throw new NotOrdinarySummation(
                        target,
                        "probe (" + is[k] + "," + js[k] + ") leaves " + l
                                + " summands under the masks' meeting point, outside 2.." + n);
            }
            outL[k] = (int) l;
            log(is[k], js[k], (int) l);
        }
        probes += count;
    }

    private static boolean inRange(int x, int from, int to) {
        return x >= from && x < to;
    }

    private long count(double r, int i, int j, int units) {
        if (Double.isNaN(r) || Double.isInfinite(r)) {
            throw new NotOrdinarySummation(
                    target,
                    "probe (" + i + "," + j + ") returned " + r
                            + ": the function rescales or overflows the mask (a mean, a norm, alpha != 1, or a narrower accumulator)");
        }
        double c = r / unit;
        if (c != Math.rint(c)) {
            throw new NotOrdinarySummation(
                    target,
                    "probe (" + i + "," + j + ") returned " + c
                            + " units, not a whole count: a compensated (Kahan-like) sum, a wider accumulator than the mask assumes,"
                            + " or a value-dependent order");
        }
        if (c < 0 || c > units) {
            throw new NotOrdinarySummation(
                    target,
                    "probe (" + i + "," + j + ") returned " + (long) c + " units, but only " + units
                            + " were set: the masks did not cancel as an ordinary summation's would");
        }
        return (long) c;
    }

    private void ensure(int count) {
        if (raw.length < count) {
            int m = Math.max(count, raw.length * 2);
            raw = new double[m];
            is = new int[m];
            js = new int[m];
            unhidden = new long[m];
        }
    }

    private void log(int i, int j, int l) {
        if (logged == logI.length) {
            int m = logged * 2;
            logI = Arrays.copyOf(logI, m);
            logJ = Arrays.copyOf(logJ, m);
            logL = Arrays.copyOf(logL, m);
        }
        logI[logged] = i;
        logJ[logged] = j;
        logL[logged++] = l;
    }

    int logged() {
        return logged;
    }

    int loggedI(int k) {
        return logI[k];
    }

    int loggedJ(int k) {
        return logJ[k];
    }

    int loggedL(int k) {
        return logL[k];
    }

    /** Reads a sample of logged pairs again; a different reading means the function is not deterministic. */
    public void recheck(int samples, long seed) {
        if (logged == 0) return;
        java.util.Random rnd = new java.util.Random(seed);
        int m = Math.min(samples, logged);
        int[] ri = new int[m];
        int[] rj = new int[m];
        int[] before = new int[m];
        for (int k = 0; k < m; k++) {
            int x = k == 0 ? 0 : rnd.nextInt(logged);
            ri[k] = logI[x];
            rj[k] = logJ[x];
            before[k] = logL[x];
        }
        int[] after = new int[m];
        int keep = logged;
        long keepProbes = probes;
        lcaPairs(ri, rj, m, after);
        logged = keep;
        probes = keepProbes;
        for (int k = 0; k < m; k++) {
            if (after[k] != before[k]) {
                throw new NotOrdinarySummation(
                        target,
                        "the same probe (" + ri[k] + "," + rj[k] + ") read " + before[k] + " then " + after[k]
                                + " leaves: the order changes between calls (randomised or value-dependent)");
            }
        }
    }
}
