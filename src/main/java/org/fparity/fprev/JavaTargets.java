package org.fparity.fprev;

import java.util.Arrays;
import java.util.Random;
import java.util.stream.DoubleStream;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/** Summations written in Java: known orders for testing and benchmarking, and the JDK's own stream sums. */
public final class JavaTargets {
    private JavaTargets() {}

    public static final String HELP =
            "java.seq, java.reverse, java.pairwise, java.strided:K[:seq|:pairwise], java.blocked:B,"
                    + " java.kahan, java.stream, java.parallel, java.random, java.hidden, java.tree:<tree text>";

    /** Resolves a {@code java.*} name. */
    public static SumTarget of(String spec, Precision p) {
        String[] parts = spec.split(":", 2);
        String kind = parts[0];
        String arg = parts.length > 1 ? parts[1] : null;
        switch (kind) {
            case "java.seq":
                return p == Precision.FP32 ? new SequentialF32() : fn(spec, p, x -> sequential(x, p));
            case "java.reverse":
                return fn(spec, p, x -> reverse(x, p));
            case "java.pairwise":
                return fn(spec, p, x -> pairwise(x, p));
            case "java.strided": {
                String[] a = (arg == null ? "8" : arg).split(":");
                int lanes = positive(a[0], "lanes");
                boolean pair = a.length < 2 || a[1].equals("pairwise");
                if (a.length > 1 && !a[1].equals("pairwise") && !a[1].equals("seq")) {
                    throw new FparityError("java.strided reduction must be seq or pairwise, not '" + a[1] + "'");
                }
                return fn(spec, p, x -> strided(x, lanes, pair, p));
            }
            case "java.blocked": {
                int block = positive(arg == null ? "64" : arg, "block");
                return fn(spec, p, x -> blocked(x, block, p));
            }
            case "java.kahan":
                return fn(spec, p, x -> kahan(x, p));
            case "java.stream":
                requireFp64(spec, p);
                return fn(spec, p, x -> DoubleStream.of(x).sum());
            case "java.parallel":
                requireFp64(spec, p);
                return fn(spec, p, x -> Arrays.stream(x).parallel().sum());
            case "java.random": {
                Random rnd = new Random();
                return fn(spec, p, x -> shuffled(x, p, rnd));
            }
            case "java.hidden":
                if (p != Precision.FP32)
                    throw new FparityError("java.hidden adds float32 summands in float64; use --dtype float32");
                return fn(spec, p, x -> (float) sequential(x, Precision.FP64));
            case "java.tree":
                if (arg == null) throw new FparityError("java.tree needs a tree, e.g. java.tree:((0 1) 2)");
                return new PlantedTree(SumTree.parse(arg), p, null);
            default:
                throw new FparityError("unknown Java target '" + spec + "' (known: " + HELP + ")");
        }
    }

    private static void requireFp64(String spec, Precision p) {
        if (p != Precision.FP64) throw new FparityError(spec + " sums doubles; use --dtype float64");
    }

    private static int positive(String s, String what) {
        try {
            int v = Integer.parseInt(s);
            if (v >= 1) return v;
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new FparityError(what + " must be a positive integer, not '" + s + "'");
    }

    interface Fn {
        double sum(double[] x);
    }

    static SumTarget fn(String name, Precision p, Fn f) {
        return new ArraySumTarget(name, p) {
            @Override
            public double sum(double[] x) {
                return f.sum(x);
            }
        };
    }

    public static double sequential(double[] x, Precision p) {
        double s = x[0];
        for (int k = 1; k < x.length; k++) s = p.add(s, x[k]);
        return s;
    }

    public static double reverse(double[] x, Precision p) {
        double s = x[x.length - 1];
        for (int k = x.length - 2; k >= 0; k--) s = p.add(s, x[k]);
        return s;
    }

    /** Bottom-up pairwise: adjacent pairs, level by level; an odd last element moves up unchanged. */
    public static double pairwise(double[] x, Precision p) {
        double[] a = x.clone();
        int len = a.length;
        while (len > 1) {
            int half = len / 2;
            for (int k = 0; k < half; k++) a[k] = p.add(a[2 * k], a[2 * k + 1]);
            if ((len & 1) == 1) a[half] = a[len - 1];
            len = half + (len & 1);
        }
        return a[0];
    }

    /** Lane l adds x[l], x[l+K], … in order; then the lanes are reduced pairwise or sequentially. */
    public static double strided(double[] x, int lanes, boolean pairwiseReduce, Precision p) {
        int used = Math.min(lanes, x.length);
        double[] acc = new double[used];
        for (int l = 0; l < used; l++) {
            double s = x[l];
            for (int k = l + lanes; k < x.length; k += lanes) s = p.add(s, x[k]);
            acc[l] = s;
        }
        return pairwiseReduce ? pairwise(acc, p) : sequential(acc, p);
    }

    /** Blocks of B summed in order, then the block sums in order. */
    public static double blocked(double[] x, int block, Precision p) {
        int blocks = (x.length + block - 1) / block;
        double[] acc = new double[blocks];
        for (int b = 0; b < blocks; b++) {
            int lo = b * block, hi = Math.min(x.length, lo + block);
            double s = x[lo];
            for (int k = lo + 1; k < hi; k++) s = p.add(s, x[k]);
            acc[b] = s;
        }
        return sequential(acc, p);
    }

    /** Kahan's compensated summation in the format itself. */
    public static double kahan(double[] x, Precision p) {
        double s = 0, c = 0;
        for (double v : x) {
            double y = p.round(v - c);
            double t = p.add(s, y);
            c = p.round(p.round(t - s) - y);
            s = t;
        }
        return s;
    }

    static double shuffled(double[] x, Precision p, Random rnd) {
        int[] order = new int[x.length];
        for (int k = 0; k < order.length; k++) order[k] = k;
        for (int k = order.length - 1; k > 0; k--) {
            int r = rnd.nextInt(k + 1);
            int t = order[k];
            order[k] = order[r];
            order[r] = t;
        }
        double s = x[order[0]];
        for (int k = 1; k < order.length; k++) s = p.add(s, x[order[k]]);
        return s;
    }

    /** Sums a planted tree exactly as given: binary nodes round in the format, multiway nodes add fused. */
    public static final class PlantedTree extends ArraySumTarget {
        private final SumTree tree;
        private final FusedSum fused;
        private final ThreadLocal<TreeEvaluator> eval;

        public PlantedTree(SumTree tree, Precision p, FusedSum fused) {
            super("java.tree", p);
            this.tree = tree;
            this.fused = fused;
            this.eval = ThreadLocal.withInitial(() -> new TreeEvaluator(tree, p, p, fused));
        }

        public SumTree tree() {
            return tree;
        }

        @Override
        public FusedSum fusedModel() {
            return fused;
        }

        @Override
        public Session open(int n, double mask, double unit) {
            if (n != tree.n()) throw new FparityError("the planted tree has " + tree.n() + " leaves, not n = " + n);
            return super.open(n, mask, unit);
        }

        @Override
        public double sum(double[] x) {
            return eval.get().evaluate(x);
        }
    }

    /** Sequential float32 sum; probes run eight masked arrays side by side so eight dependency chains overlap. */
    static final class SequentialF32 extends ArraySumTarget {
        SequentialF32() {
            super("java.seq", Precision.FP32);
        }

        @Override
        public double sum(double[] x) {
            float s = (float) x[0];
            for (int k = 1; k < x.length; k++) s += (float) x[k];
            return s;
        }

        static float sum(float[] x) {
            float s = x[0];
            for (int k = 1; k < x.length; k++) s += x[k];
            return s;
        }

        @Override
        public Session open(int n, double mask, double unit) {
            return new ArraySession(n, mask, unit) {
                // eight lanes only where they pay off and fit comfortably; one lane otherwise
                private final float[][] lanes = new float[n <= (1 << 22) ? 8 : 1][n];
                private int lf = -1, lt = -1;

                @Override
                public void probe(int[] is, int[] js, int count, int f, int t, double[] out) {
                    if (f != lf || t != lt) {
                        for (float[] a : lanes) {
                            Arrays.fill(a, 0f);
                            Arrays.fill(a, f, t, (float) unit);
                        }
                        lf = f;
                        lt = t;
                    }
                    float m = (float) mask, u = (float) unit;
                    int k = 0;
                    for (; lanes.length == 8 && k + 8 <= count; k += 8) {
                        for (int q = 0; q < 8; q++) {
                            lanes[q][is[k + q]] = m;
                            lanes[q][js[k + q]] = -m;
                        }
                        sum8(out, k);
                        for (int q = 0; q < 8; q++) {
                            int i = is[k + q], j = js[k + q];
                            lanes[q][i] = i >= f && i < t ? u : 0f;
                            lanes[q][j] = j >= f && j < t ? u : 0f;
                        }
                    }
                    for (; k < count; k++) {
                        float[] a = lanes[0];
                        int i = is[k], j = js[k];
                        a[i] = m;
                        a[j] = -m;
                        out[k] = sum(a);
                        a[i] = i >= f && i < t ? u : 0f;
                        a[j] = j >= f && j < t ? u : 0f;
                    }
                }

                private void sum8(double[] out, int k) {
                    float[] a0 = lanes[0], a1 = lanes[1], a2 = lanes[2], a3 = lanes[3];
                    float[] a4 = lanes[4], a5 = lanes[5], a6 = lanes[6], a7 = lanes[7];
                    float s0 = a0[0],
                            s1 = a1[0],
                            s2 = a2[0],
                            s3 = a3[0],
                            s4 = a4[0],
                            s5 = a5[0],
                            s6 = a6[0],
                            s7 = a7[0];
                    for (int e = 1; e < n; e++) {
                        s0 += a0[e];
                        s1 += a1[e];
                        s2 += a2[e];
                        s3 += a3[e];
                        s4 += a4[e];
                        s5 += a5[e];
                        s6 += a6[e];
                        s7 += a7[e];
                    }
                    out[k] = s0;
                    out[k + 1] = s1;
                    out[k + 2] = s2;
                    out[k + 3] = s3;
                    out[k + 4] = s4;
                    out[k + 5] = s5;
                    out[k + 6] = s6;
                    out[k + 7] = s7;
                }
            };
        }
    }
}
