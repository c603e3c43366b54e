package org.fparity.oracle.bounds;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The paper's experiments, on the CPU: Fig. 5 (multiply-accumulate without FMA, with FMA, and mixed-precision FMA
 * with fp16 inputs and fp32 accumulation; a, b, c ~ U[1,2]) and Fig. 6 (blocked fp16 × fp16 → fp32 GEMM with a
 * block FMA of width b, entries ~ U(−1,1)). Each series is a sample of relative forward errors or of bound values.
 */
public final class Experiments {
    private Experiments() {}

    /** Named samples (forward errors and bounds), each sorted ascending. */
    public record Result(
            String title, Map<String, double[]> series, List<String> notes, Map<String, Integer> violations) {}

    static double fp16(double x) {
        return Float.float16ToFloat(Float.floatToFloat16((float) x));
    }

    /**
     * Fig. 5: {@code samples} MACs d = a·b + c, a, b, c ~ U[1,2] drawn in fp64 (so storing them in fp32 or fp16 is a
     * representation error), the truth computed in fp64.
     */
    public static Result mac(int samples, double lambda, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double u32 = Bounds.U_FP32, u16 = Bounds.U_FP16;
        Bounds.Mac dNo = Bounds.macNoFma(u32), pNo = Bounds.macNoFmaProbabilistic(u32, lambda);
        Bounds.Mac dFma = Bounds.fmaRepresentation(u32, u32),
                pFma = Bounds.fmaRepresentationProbabilistic(u32, u32, lambda);
        Bounds.Mac dMp = Bounds.mpfmaRepresentation(u16, u32, u32, u32),
                pMp = Bounds.mpfmaRepresentationProbabilistic(u16, u32, u32, u32, lambda);
        double[][] s = new double[9][samples];
        int[] viol = new int[6];
        for (int i = 0; i < samples; i++) {
            double a = 1 + r.nextDouble(), b = 1 + r.nextDouble(), c = 1 + r.nextDouble();
            double d = Math.fma(a, b, c);
            float af = (float) a, bf = (float) b, cf = (float) c;
            float noFma = af * bf + cf; // two roundings (Java never contracts)
            float withFma = Math.fma(af, bf, cf);
            // fp16 a, b: the product has ≤ 22 bits, exact in fp32; one fp32 rounding for the accumulation
            float mp = (float) fp16(a) * (float) fp16(b) + cf;
            s[0][i] = Math.abs(noFma - d) / Math.abs(d);
            s[1][i] = Math.abs(withFma - d) / Math.abs(d);
            s[2][i] = Math.abs(mp - d) / Math.abs(d);
            s[3][i] = dNo.relative(a, b, c);
            s[4][i] = dFma.relative(a, b, c);
            s[5][i] = dMp.relative(a, b, c);
            s[6][i] = pNo.relative(a, b, c);
            s[7][i] = pFma.relative(a, b, c);
            s[8][i] = pMp.relative(a, b, c);
            for (int k = 0; k < 3; k++) {
                if (s[k][i] > s[3 + k][i]) viol[k]++;
                if (s[k][i] > s[6 + k][i]) viol[3 + k]++;
            }
        }
        String[] names = {
            "error, no FMA",
            "error, FMA",
            "error, MPFMA",
            "DBEA, no FMA",
            "DBEA, FMA (L3.2)",
            "DBEA, MPFMA (L3.5)",
            "VIBEA, no FMA",
            "VIBEA, FMA (L3.3)",
            "VIBEA, MPFMA (L3.6)"
        };
        Map<String, double[]> out = new LinkedHashMap<>();
        for (int k = 0; k < names.length; k++) {
            Arrays.sort(s[k]);
            out.put(names[k], s[k]);
        }
        List<String> notes = new ArrayList<>();
        notes.add(String.format(
                "%d samples, a, b, c ~ U[1,2] in fp64; fp32 arithmetic; MPFMA: fp16 a, b, fp32 c and accumulation; λ = %g",
                samples, lambda));
        notes.add(String.format(
                "VIBEA probabilities: no FMA ≥ %.6f, FMA p_b(λ,u32,2) = %.6f, MPFMA p_b(λ,u16,2) = %.6f",
                pNo.probability(), pFma.probability(), pMp.probability()));
        Map<String, Integer> v = new LinkedHashMap<>();
        for (int k = 0; k < 6; k++) v.put(names[3 + k], viol[k]);
        return new Result("Fig. 5: multiply-accumulate d = a·b + c", out, notes, v);
    }

    /**
     * Fig. 6: D = A·B with A (m×t), B (t×n) drawn U(−1,1) and stored in fp16 (the fp64 truth uses the same fp16
     * values, so Theorems 3.7 and 3.9 apply), computed by block FMAs of width b: products exact in fp32, each
     * addition rounded to fp32 (round to nearest), left to right as in the paper's Eq. (7).
     */
    public static Result gemm(int m, int t, int n, int b, double lambda, long seed) {
        if (t % b != 0)
            throw new IllegalArgumentException("t = " + t + " must be a multiple of the block width b = " + b);
        SplittableRandom r = new SplittableRandom(seed);
        float[] a = new float[m * t];
        float[] bt = new float[n * t]; // B transposed: column j of B is row j here
        for (int i = 0; i < a.length; i++) a[i] = (float) fp16(2 * r.nextDouble() - 1);
        for (int i = 0; i < bt.length; i++) bt[i] = (float) fp16(2 * r.nextDouble() - 1);
        double uBar = Bounds.U_FP32, uFma = Bounds.U_FP32;
        double det = Bounds.tensorCore(t, b, uBar, uFma);
        double prob = Bounds.tensorCoreProbabilistic(t, b, uBar, uFma, lambda);
        double probability = Bounds.tensorCoreProbability(m, n, t, b, uBar, uFma, lambda);
        int cells = m * n;
        double[] err = new double[cells], dbea = new double[cells], vibea = new double[cells];
        int violDet = 0, violProb = 0;
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                int ai = i * t, bj = j * t;
                float acc = 0f;
                double exact = 0, abs = 0;
                for (int k0 = 0; k0 < t; k0 += b) {
                    float s = acc;
                    for (int k = k0; k < k0 + b; k++) {
                        float p = a[ai + k] * bt[bj + k]; // exact: fp16 × fp16 has ≤ 22 significant bits
                        s += p;
                        double pd = (double) a[ai + k] * bt[bj + k];
                        exact += pd; // fp64 reference, as in the paper
                        abs += Math.abs(pd);
                    }
                    acc = s;
                }
                int c = i * n + j;
                err[c] = Math.abs(acc - exact) / Math.abs(exact);
                dbea[c] = det * abs / Math.abs(exact);
                vibea[c] = prob * abs / Math.abs(exact);
                if (err[c] > dbea[c]) violDet++;
                if (err[c] > vibea[c]) violProb++;
            }
        }
        Arrays.sort(err);
        Arrays.sort(dbea);
        Arrays.sort(vibea);
        Map<String, double[]> out = new LinkedHashMap<>();
        out.put("error, fp16→fp32 block FMA", err);
        out.put("DBEA (Thm 3.7)", dbea);
        out.put("VIBEA (Thm 3.9)", vibea);
        List<String> notes = new ArrayList<>();
        notes.add(String.format(
                "m = %d, t = %d, n = %d, block b = %d, entries ~ U(-1,1) stored in fp16, fp32 accumulation; λ = %g",
                m, t, n, b, lambda));
        notes.add(String.format(
                "DBEA constant %.4g, VIBEA constant %.4g (ratio %.1f); Thm 3.9 union-bound probability %s",
                det,
                prob,
                det / prob,
                probability >= 0 ? String.format("%.6f", probability) : String.format("%.3g (vacuous)", probability)));
        Map<String, Integer> v = new LinkedHashMap<>();
        v.put("DBEA (Thm 3.7)", violDet);
        v.put("VIBEA (Thm 3.9)", violProb);
        return new Result("Fig. 6: blocked fp16 × fp16 → fp32 GEMM (tensor-core model)", out, notes, v);
    }

    /** The q-quantile of a sorted sample (nearest rank). */
    public static double quantile(double[] sorted, double q) {
        if (sorted.length == 0) return Double.NaN;
        int k = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, k))];
    }
}
