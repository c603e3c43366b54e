package org.fparity.fprev;

import java.util.Arrays;
import java.util.Locale;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/**
 * An emulated tensor core driving a blocked GEMM D = A·B (float16 in, float32 accumulator): along k, each MMA step adds
 * K exact products and the running accumulator in one fused (K+1)-term sum (Algorithm 6). Volta adds 4+1 terms,
 * Ampere 8+1, Hopper 16+1 (Fasi et al. 2021; FPRev §6.2). The ground truth for multiway trees without a GPU.
 */
public final class TensorCoreTarget implements SumTarget {
    /** The architectures the paper distinguishes; fraction bits and output rounding are emulation parameters. */
    public enum Arch {
        VOLTA(4, 24),
        AMPERE(8, 25),
        HOPPER(16, 25);

        final int k;
        final int fractionBits;

        Arch(int k, int fractionBits) {
            this.k = k;
            this.fractionBits = fractionBits;
        }
    }

    private final Arch arch;
    private final FusedSum fused;
    private final int rows;
    private final int cols;

    public TensorCoreTarget(Arch arch, int fractionBits, boolean truncateOutput, int rows, int cols) {
        this.arch = arch;
        this.fused = new FusedSum(arch.k + 1, fractionBits, Precision.FP32, truncateOutput);
        this.rows = rows;
        this.cols = cols;
    }

    /** tc.volta, tc.ampere, tc.hopper, optionally tc.hopper:BITS for the alignment width. */
    public static TensorCoreTarget of(String spec) {
        String[] parts = spec.split(":");
        Arch a;
        try {
            a = Arch.valueOf(parts[0].substring(3).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
            throw new FparityError("unknown tensor core '" + spec + "' (known: tc.volta, tc.ampere, tc.hopper)");
        }
        int bits = a.fractionBits;
        if (parts.length > 1) {
            try {
                bits = Integer.parseInt(parts[1]);
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 11 || bits > 40)
                throw new FparityError("tensor-core alignment bits must be 11..40, not '" + parts[1] + "'");
        }
        return new TensorCoreTarget(a, bits, true, 2, 2);
    }

    @Override
    public String name() {
        return "tc." + arch.name().toLowerCase(Locale.ROOT);
    }

    @Override
    public Precision precision() {
        return Precision.FP16;
    }

    @Override
    public Precision output() {
        return Precision.FP32;
    }

    @Override
    public FusedSum fusedModel() {
        return fused;
    }

    @Override
    public boolean fusesEveryNode() {
        return true;
    }

    /** Terms per fused step, accumulator included (5, 9 or 17). */
    public int fusedTerms() {
        return arch.k + 1;
    }

    /** D = A (rows x n) times B (n x cols), every k-block of K products fused with the accumulator. */
    double[] gemm(double[] a, double[] b, int n) {
        double[] d = new double[rows * cols];
        double[] terms = new double[arch.k + 1];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                double acc = 0;
                for (int lo = 0; lo < n; lo += arch.k) {
                    int hi = Math.min(n, lo + arch.k);
                    terms[0] = acc;
                    for (int k = lo; k < hi; k++)
                        terms[1 + k - lo] = a[r * n + k] * b[k * cols + c]; // exact: 11x11 bits
                    acc = fused.sum(terms, 1 + hi - lo);
                }
                d[r * cols + c] = acc;
            }
        }
        return d;
    }

    @Override
    public Session open(int n, double mask, double unit) {
        double[] a = new double[rows * n];
        double[] b = new double[n * cols];
        Arrays.fill(b, 1.0);
        return new Session() {
            @Override
            public void probe(int[] is, int[] js, int count, int from, int to, double[] out) {
                for (int r = 0; r < rows; r++) {
                    for (int k = 0; k < n; k++) a[r * n + k] = k >= from && k < to ? unit : 0.0;
                }
                for (int q = 0; q < count; q++) {
                    int i = is[q], j = js[q];
                    a[i] = mask;
                    a[j] = -mask;
                    out[q] = gemm(a, b, n)[0];
                    a[i] = i >= from && i < to ? unit : 0.0;
                    a[j] = j >= from && j < to ? unit : 0.0;
                }
            }

            @Override
            public double[] evaluate(double[][] inputs) {
                double[] out = new double[inputs.length];
                for (int t = 0; t < inputs.length; t++) {
                    System.arraycopy(inputs[t], 0, a, 0, n);
                    out[t] = gemm(a, b, n)[0];
                }
                return out;
            }
        };
    }
}
