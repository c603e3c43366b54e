package org.fparity.fprev;

import java.util.Arrays;

/**
 * FPRev-advanced (Algorithm 7): probes l(i,j) on demand from the smallest leaf of each subproblem and builds binary and
 * multiway (fused) nodes. Written with an explicit stack: a reverse-order sum nests n subproblems deep.
 *
 * <p>All subproblems share one index array: a subproblem is a slice of its parent's slice, sorted in place by l, so
 * memory stays O(n) even when the nesting is n deep.
 */
public final class AdvancedFprev {
    private AdvancedFprev() {}

    public static SumTree reveal(Prober prober) {
        int n = prober.n();
        SumTree.Builder b = new SumTree.Builder(n);
        int[] idx = new int[n];
        for (int k = 0; k < n; k++) idx[k] = k;
        long[] keys = new long[n];
        int[] ls = new int[n];
        // frame arrays: slice [start, end), next unprocessed position, current root, largest l seen
        int cap = 64;
        int[] fStart = new int[cap], fEnd = new int[cap], fPos = new int[cap], fRoot = new int[cap], fMax = new int[cap];
        // pending group per frame (set before descending): its l and size
        int[] gL = new int[cap], gSize = new int[cap];
        int sp = 0;
        open(prober, idx, keys, ls, 0, n);
        fStart[0] = 0;
        fEnd[0] = n;
        fPos[0] = 1;
        fRoot[0] = idx[0];
        fMax[0] = (int) (keys[n - 1] >>> 32);
        sp = 1;
        int childRoot = -1, childMax = 0;
        boolean returning = false;
        while (sp > 0) {
            int f = sp - 1;
            if (returning) {
                attach(b, f, fRoot, gSize[f], gL[f], childRoot, childMax);
                returning = false;
            }
            if (fPos[f] == fEnd[f]) {
                childRoot = fRoot[f];
                childMax = fMax[f];
                sp--;
                returning = true;
                continue;
            }
            int s = fPos[f];
            int l = (int) (keys[s] >>> 32);
            int e = s + 1;
            while (e < fEnd[f] && (int) (keys[e] >>> 32) == l) e++;
            fPos[f] = e;
            gL[f] = l;
            gSize[f] = e - s;
            if (e - s == 1) {
                attach(b, f, fRoot, 1, l, idx[s], 1);
                continue;
            }
            open(prober, idx, keys, ls, s, e);
            if (sp == cap) {
                cap *= 2;
                fStart = Arrays.copyOf(fStart, cap);
                fEnd = Arrays.copyOf(fEnd, cap);
                fPos = Arrays.copyOf(fPos, cap);
                fRoot = Arrays.copyOf(fRoot, cap);
                fMax = Arrays.copyOf(fMax, cap);
                gL = Arrays.copyOf(gL, cap);
                gSize = Arrays.copyOf(gSize, cap);
            }
            fStart[sp] = s;
            fEnd[sp] = e;
            fPos[sp] = s + 1;
            fRoot[sp] = idx[s];
            fMax[sp] = (int) (keys[e - 1] >>> 32);
            sp++;
        }
        return b.build(childRoot);
    }

    /** Probes the slice's first (smallest) index against the rest and sorts the rest by (l, index). */
    private static void open(Prober prober, int[] idx, long[] keys, int[] ls, int s, int e) {
        int pivot = idx[s];
        prober.lca(pivot, idx, s + 1, e - s - 1, ls);
        for (int k = s + 1; k < e; k++) keys[k] = ((long) ls[k - s - 1] << 32) | idx[k];
        Arrays.sort(keys, s + 1, e);
        for (int k = s + 1; k < e; k++) idx[k] = (int) keys[k];
    }

    /**
     * Joins a finished group to the frame's growing subtree: if the group's own largest l equals its size it is a
     * complete sibling (new binary node); otherwise its root is the fused node the current root belongs to.
     */
    private static void attach(SumTree.Builder b, int f, int[] fRoot, int groupSize, int l, int groupRoot, int groupMax) {
        if (groupMax == groupSize) {
            fRoot[f] = b.join(fRoot[f], groupRoot);
        } else {
            b.adopt(groupRoot, fRoot[f]);
            fRoot[f] = groupRoot;
        }
    }
}
