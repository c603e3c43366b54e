package org.fparity.fprev;

import java.util.Arrays;
import java.util.Random;
import org.fparity.FparityError;
import org.fparity.ir.Precision;

/**
 * The brute-force baseline (Algorithm 3): tries every binary summation tree with n labelled leaves ((2n-3)!! of them)
 * and accepts the first whose replay matches the target on random inputs. Only for small n.
 */
public final class NaiveFprev {
    public static final int MAX_N = 9;

    private NaiveFprev() {}

    /** @param trials random inputs every accepted tree must reproduce bit for bit (the paper's nu) */
    public static SumTree reveal(SumTarget.Session session, int n, Precision p, int trials, long seed, String target) {
        if (n > MAX_N)
            throw new FparityError("naive search tries (2n-3)!! trees; n = " + n + " is above its limit " + MAX_N);
        if (n < 2) throw new FparityError("n must be at least 2 (got " + n + ")");
        Random rnd = new Random(seed);
        double[][] inputs = RandomInputs.summands(rnd, trials, n, p);
        double[] want = session.evaluate(inputs);
        int[] choice = new int[n]; // choice[k] in [0, 2k-1) places leaf k, k >= 2
        int[] parent = new int[2 * n - 1];
        int[][] kids = new int[2 * n - 1][2];
        int[] order = new int[2 * n - 1];
        double[] vals = new double[2 * n - 1];
        while (true) {
            int root = build(n, choice, parent, kids);
            int inner = orderBottomUp(n, parent, root, order);
            boolean ok = true;
            for (int t = 0; t < trials && ok; t++) {
                System.arraycopy(inputs[t], 0, vals, 0, n);
                for (int k = 0; k < inner; k++) {
                    int v = order[k];
                    vals[v] = p.add(vals[kids[v][0]], vals[kids[v][1]]);
                }
                ok = Double.doubleToLongBits(vals[root]) == Double.doubleToLongBits(want[t]);
            }
            if (ok) return toTree(n, kids, root);
            int k = 2;
            while (k < n && ++choice[k] == 2 * k - 1) choice[k++] = 0;
            if (k >= n) break;
        }
        throw new NotOrdinarySummation(
                target, "no binary summation tree of " + n + " summands reproduces it on " + trials + " random inputs");
    }

    /** Inserts leaves 2..n-1 one by one above the node choice[k] points at (nodes 0..k-1 leaves, then inner nodes). */
    private static int build(int n, int[] choice, int[] parent, int[][] kids) {
        Arrays.fill(parent, -1);
        int next = n;
        int root = next++;
        kids[root][0] = 0;
        kids[root][1] = 1;
        parent[0] = root;
        parent[1] = root;
        for (int k = 2; k < n; k++) {
            // existing nodes: leaves 0..k-1 and inner nodes n..next-1 (2k-1 in all)
            int c = choice[k];
            int v = c < k ? c : n + (c - k);
            int w = next++;
            int pv = parent[v];
            kids[w][0] = v;
            kids[w][1] = k;
            parent[v] = w;
            parent[k] = w;
            parent[w] = pv;
            if (pv < 0) root = w;
            else if (kids[pv][0] == v) kids[pv][0] = w;
            else kids[pv][1] = w;
        }
        return root;
    }

    /** Inner nodes ordered deepest first, so children are computed before parents. */
    private static int orderBottomUp(int n, int[] parent, int root, int[] order) {
        int inner = n - 1;
        int[] depth = new int[2 * n - 1];
        long[] keys = new long[inner];
        for (int v = n; v < n + inner; v++) {
            int d = 0;
            for (int u = v; u != root; u = parent[u]) d++;
            depth[v] = d;
            keys[v - n] = ((long) (1000 - d) << 32) | v;
        }
        Arrays.sort(keys);
        for (int k = 0; k < inner; k++) order[k] = (int) keys[k];
        return inner;
    }

    private static SumTree toTree(int n, int[][] kids, int root) {
        SumTree.Builder b = new SumTree.Builder(n);
        // post-order with an explicit stack so children get smaller ids
        int[] stack = new int[2 * n];
        boolean[] expanded = new boolean[2 * n - 1];
        int[] made = new int[2 * n - 1];
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int v = stack[sp - 1];
            if (v < n) {
                made[v] = v;
                sp--;
            } else if (!expanded[v]) {
                expanded[v] = true;
                stack[sp++] = kids[v][0];
                stack[sp++] = kids[v][1];
            } else {
                made[v] = b.join(made[kids[v][0]], made[kids[v][1]]);
                sp--;
            }
        }
        return b.build(made[root]);
    }
}
