package org.fparity.fprev;

/** Builders for the summation orders libraries commonly use; the recognisers compare against these. */
public final class Shapes {
    private Shapes() {}

    /** ((((0 1) 2) 3) …): left to right. */
    public static SumTree sequential(int n) {
        SumTree.Builder b = new SumTree.Builder(n);
        return b.build(chain(b, 0, n, 1));
    }

    /** Right to left: ((n-1 + n-2) + …) + 0. */
    public static SumTree reverse(int n) {
        SumTree.Builder b = new SumTree.Builder(n);
        int acc = n - 1;
        for (int k = n - 2; k >= 0; k--) acc = b.join(acc, k);
        return b.build(acc);
    }

    /** Adjacent pairs level by level; an odd last element moves up a level unchanged. */
    public static SumTree pairwise(int n) {
        SumTree.Builder b = new SumTree.Builder(n);
        int[] ids = new int[n];
        for (int k = 0; k < n; k++) ids[k] = k;
        return b.build(pairwise(b, ids, n));
    }

    /** K lanes (lane l: l, l+K, …, in order), reduced pairwise or sequentially. */
    public static SumTree strided(int n, int lanes, boolean pairwiseReduce) {
        SumTree.Builder b = new SumTree.Builder(n);
        int used = Math.min(lanes, n);
        int[] acc = new int[used];
        for (int l = 0; l < used; l++) acc[l] = chain(b, l, n, lanes);
        int root;
        if (pairwiseReduce) {
            root = pairwise(b, acc, used);
        } else {
            root = acc[0];
            for (int l = 1; l < used; l++) root = b.join(root, acc[l]);
        }
        return b.build(root);
    }

    /** K lanes (lane l: l, l+K, …), then halving: lane l adds lane l+h for h = K/2, …, 1 (a GPU work-group reduction). */
    public static SumTree stridedHalving(int n, int lanes) {
        SumTree.Builder b = new SumTree.Builder(n);
        int[] acc = new int[lanes];
        for (int l = 0; l < lanes; l++) acc[l] = l < n ? chain(b, l, n, lanes) : -1;
        for (int h = lanes / 2; h > 0; h /= 2) {
            for (int l = 0; l < h; l++) {
                if (acc[l] >= 0 && acc[l + h] >= 0) acc[l] = b.join(acc[l], acc[l + h]);
                else if (acc[l] < 0) acc[l] = acc[l + h];
            }
        }
        return b.build(acc[0]);
    }

    /**
     * numpy's pairwise summation (pairwise_sum in loops_utils.h.src): under 8 in order; up to 128 in 8 strided lanes
     * combined ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) plus the remainder in order; above 128 split at n/2 rounded down to
     * a multiple of 8 and add the halves. (The split recurses only log2(n/128) deep.)
     */
    public static SumTree numpyPairwise(int n) {
        SumTree.Builder b = new SumTree.Builder(n);
        return b.build(numpyPairwise(b, 0, n));
    }

    private static int numpyPairwise(SumTree.Builder b, int lo, int n) {
        if (n < 8) return chain(b, lo, lo + n, 1);
        if (n <= 128) {
            int full = n - n % 8;
            int[] r = new int[8];
            for (int l = 0; l < 8; l++) r[l] = chain(b, lo + l, lo + full, 8);
            int res = b.join(
                    b.join(b.join(r[0], r[1]), b.join(r[2], r[3])), b.join(b.join(r[4], r[5]), b.join(r[6], r[7])));
            for (int k = lo + full; k < lo + n; k++) res = b.join(res, k);
            return res;
        }
        int n2 = n / 2;
        n2 -= n2 % 8;
        return b.join(numpyPairwise(b, lo, n2), numpyPairwise(b, lo + n2, n - n2));
    }

    /** Blocks of B in order, then the block sums in order. */
    public static SumTree blocked(int n, int block) {
        SumTree.Builder b = new SumTree.Builder(n);
        int root = -1;
        for (int lo = 0; lo < n; lo += block) {
            int s = chain(b, lo, Math.min(n, lo + block), 1);
            root = root < 0 ? s : b.join(root, s);
        }
        return b.build(root);
    }

    /** A (K+1)-term fused chain: (0..K-1), then (previous, next K leaves), … — tensor-core accumulation over k. */
    public static SumTree fusedBlocks(int n, int k) {
        SumTree.Builder b = new SumTree.Builder(n);
        int acc = -1;
        for (int lo = 0; lo < n; lo += k) {
            int hi = Math.min(n, lo + k);
            if (acc < 0 && hi - lo == 1) {
                acc = lo;
                continue;
            }
            int v = b.node();
            if (acc >= 0) b.adopt(v, acc);
            for (int q = lo; q < hi; q++) b.adopt(v, q);
            acc = v;
        }
        return b.build(acc);
    }

    /** Sequential chain over start, start+step, … below end; returns its root. */
    static int chain(SumTree.Builder b, int start, int end, int step) {
        int acc = start;
        for (int k = start + step; k < end; k += step) acc = b.join(acc, k);
        return acc;
    }

    static int pairwise(SumTree.Builder b, int[] ids, int len) {
        int[] a = ids.clone();
        while (len > 1) {
            int half = len / 2;
            for (int k = 0; k < half; k++) a[k] = b.join(a[2 * k], a[2 * k + 1]);
            if ((len & 1) == 1) a[half] = a[len - 1];
            len = half + (len & 1);
        }
        return a[0];
    }
}
