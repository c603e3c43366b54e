package org.fparity.fprev;

import java.util.Arrays;
import org.fparity.FparityError;

/**
 * FPRev-basic (Algorithm 4): reads all n(n-1)/2 probes, then merges sets bottom-up in increasing l with a union-find
 * (iterative, path halving). It can only build binary trees: readings that need a fused node are reported as such.
 */
public final class BasicFprev {
    /** Above this n the n^2/2 probes (and the table of readings) are out of reach. */
    public static final int MAX_N = 1 << 16;

    private BasicFprev() {}

    public static SumTree reveal(Prober prober, String target) {
        int n = prober.n();
        if (n > MAX_N)
            throw new FparityError("FPRev-basic needs n(n-1)/2 probes; n = " + n + " is above its limit " + MAX_N
                    + ", use --algo advanced");
        long pairs = (long) n * (n - 1) / 2;
        long[] keys = new long[(int) pairs];
        int[] js = new int[n];
        int[] ls = new int[n];
        int p = 0;
        for (int i = 0; i < n - 1; i++) {
            int len = n - 1 - i;
            for (int k = 0; k < len; k++) js[k] = i + 1 + k;
            prober.lca(i, js, 0, len, ls);
            for (int k = 0; k < len; k++) keys[p++] = ((long) ls[k] << 42) | ((long) i << 21) | js[k];
        }
        Arrays.sort(keys);
        int[] uf = new int[n];
        int[] setSize = new int[n];
        int[] treeNode = new int[n]; // tree node of a finished set; -1 while the set is being formed in this level
        int[][] pending = new int[n][];
        int[] pendingLen = new int[n];
        for (int v = 0; v < n; v++) {
            uf[v] = v;
            setSize[v] = 1;
            treeNode[v] = v;
        }
        SumTree.Builder b = new SumTree.Builder(n);
        int[] touched = new int[n];
        int root = 0;
        MultiwayNotSupported multiway = null;
        for (int g = 0; g < keys.length; ) {
            int l = (int) (keys[g] >>> 42);
            int e = g;
            int nt = 0;
            while (e < keys.length && (int) (keys[e] >>> 42) == l) {
                int i = (int) (keys[e] >>> 21) & 0x1FFFFF;
                int j = (int) keys[e] & 0x1FFFFF;
                e++;
                int ri = find(uf, i), rj = find(uf, j);
                if (ri == rj) {
                    if (treeNode[ri] >= 0 && setSize[ri] != l) {
                        throw new NotOrdinarySummation(
                                target,
                                "probe (" + i + "," + j + ") read " + l
                                        + " leaves, but they already share a complete subtree of " + setSize[ri]);
                    }
                    continue;
                }
                int[] kids = merged(pending, pendingLen, treeNode, ri, rj);
                int len = kidsLen(pendingLen, treeNode, ri) + kidsLen(pendingLen, treeNode, rj);
                int big = setSize[ri] >= setSize[rj] ? ri : rj;
                int small = big == ri ? rj : ri;
                uf[small] = big;
                setSize[big] += setSize[small];
                treeNode[big] = -1;
                pending[big] = kids;
                pendingLen[big] = len;
                pending[small] = null;
                touched[nt++] = big;
            }
            for (int t = 0; t < nt; t++) {
                int r = touched[t];
                if (uf[r] != r || treeNode[r] >= 0) continue;
                if (setSize[r] != l) {
                    throw new NotOrdinarySummation(
                            target,
                            "probes reading " + l + " leaves joined a set of " + setSize[r]
                                    + " summands: no summation tree has these readings");
                }
                // a multiway node is reported only once every reading was checked: a target whose readings are
                // inconsistent (randomised order) must be called not ordinary, whichever set it happened to close first
                if (pendingLen[r] > 2 && multiway == null)
                    multiway = new MultiwayNotSupported(target, l, pendingLen[r]);
                treeNode[r] = b.join(pending[r][0], pending[r][1]);
                pending[r] = null;
                root = treeNode[r];
            }
            g = e;
        }
        int r0 = find(uf, 0);
        if (setSize[r0] != n)
            throw new NotOrdinarySummation(target, "the readings never joined all " + n + " summands");
        if (multiway != null) throw multiway;
        return b.build(n == 1 ? 0 : root);
    }

    private static int kidsLen(int[] pendingLen, int[] treeNode, int r) {
        return treeNode[r] >= 0 ? 1 : pendingLen[r];
    }

    private static int[] merged(int[][] pending, int[] pendingLen, int[] treeNode, int a, int b) {
        int la = kidsLen(pendingLen, treeNode, a), lb = kidsLen(pendingLen, treeNode, b);
        int[] out = new int[la + lb];
        if (treeNode[a] >= 0) out[0] = treeNode[a];
        else System.arraycopy(pending[a], 0, out, 0, la);
        if (treeNode[b] >= 0) out[la] = treeNode[b];
        else System.arraycopy(pending[b], 0, out, la, lb);
        return out;
    }

    private static int find(int[] uf, int x) {
        while (uf[x] != x) {
            uf[x] = uf[uf[x]];
            x = uf[x];
        }
        return x;
    }
}
