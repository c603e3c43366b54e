package org.fparity.fprev;

import java.util.Arrays;

/**
 * FPRev-advanced (Algorithm 7): probes l(i,j) on demand from the smallest leaf of each subproblem and builds binary and
 * multiway (fused) nodes. Nothing recurses: subproblems are slices of one index array, solved level by level.
 *
 * <p>The subproblems a level creates are independent, so all their probes go to the target in one batch: the number of
 * round trips is the nesting depth, not the number of subproblems, and the probes are exactly Algorithm 7's. The tree
 * is then assembled bottom-up (children before parents) with the paper's rule: a group whose own largest l equals its
 * size is a complete sibling (new binary node); otherwise its root is the fused node the current root joins.
 */
public final class AdvancedFprev {
    private AdvancedFprev() {}

    public static SumTree reveal(Prober prober) {
        int n = prober.n();
        int[] idx = new int[n];
        for (int k = 0; k < n; k++) idx[k] = k;
        long[] keys = new long[n];
        // subproblems: slice [start, end) of idx; groups of a subproblem: consecutive entries of the group arrays
        IntList sStart = new IntList(),
                sEnd = new IntList(),
                sGroup0 = new IntList(),
                sGroup1 = new IntList(),
                sMax = new IntList();
        IntList gStart = new IntList(), gEnd = new IntList(), gChild = new IntList();
        sStart.add(0);
        sEnd.add(n);
        int levelFrom = 0;
        int[] pi = new int[16], pj = new int[16], pl = new int[16];
        while (levelFrom < sStart.size()) {
            int levelTo = sStart.size();
            int count = 0;
            for (int s = levelFrom; s < levelTo; s++) count += sEnd.get(s) - sStart.get(s) - 1;
            if (pi.length < count) {
                pi = new int[count];
                pj = new int[count];
                pl = new int[count];
            }
            int q = 0;
            for (int s = levelFrom; s < levelTo; s++) {
                int st = sStart.get(s), en = sEnd.get(s);
                for (int k = st + 1; k < en; k++) {
                    pi[q] = idx[st];
                    pj[q++] = idx[k];
                }
            }
            prober.lcaPairs(pi, pj, count, pl);
            q = 0;
            for (int s = levelFrom; s < levelTo; s++) {
                int st = sStart.get(s), en = sEnd.get(s);
                for (int k = st + 1; k < en; k++) keys[k] = ((long) pl[q++] << 32) | idx[k];
                Arrays.sort(keys, st + 1, en);
                for (int k = st + 1; k < en; k++) idx[k] = (int) keys[k];
                sMax.add((int) (keys[en - 1] >>> 32));
                sGroup0.add(gStart.size());
                for (int g = st + 1; g < en; ) {
                    int l = (int) (keys[g] >>> 32);
                    int e = g + 1;
                    while (e < en && (int) (keys[e] >>> 32) == l) e++;
                    gStart.add(g);
                    gEnd.add(e);
                    if (e - g > 1) {
                        gChild.add(sStart.size());
                        sStart.add(g);
                        sEnd.add(e);
                    } else {
                        gChild.add(-1);
                    }
                    g = e;
                }
                sGroup1.add(gStart.size());
            }
            levelFrom = levelTo;
        }
        // assemble: children were created after their parents, so walk the subproblems backwards
        SumTree.Builder b = new SumTree.Builder(n);
        int subs = sStart.size();
        int[] root = new int[subs];
        for (int s = subs - 1; s >= 0; s--) {
            int r = idx[sStart.get(s)];
            for (int g = sGroup0.get(s); g < sGroup1.get(s); g++) {
                int size = gEnd.get(g) - gStart.get(g);
                int child = gChild.get(g);
                int groupRoot = child < 0 ? idx[gStart.get(g)] : root[child];
                int groupMax = child < 0 ? 1 : sMax.get(child);
                if (groupMax == size) {
                    r = b.join(r, groupRoot);
                } else {
                    b.adopt(groupRoot, r);
                    r = groupRoot;
                }
            }
            root[s] = r;
        }
        return b.build(root[0]);
    }

    /** A growable int array. */
    static final class IntList {
        private int[] a = new int[16];
        private int size;

        void add(int v) {
            if (size == a.length) a = Arrays.copyOf(a, size * 2);
            a[size++] = v;
        }

        int get(int k) {
            return a[k];
        }

        int size() {
            return size;
        }

        void clear() {
            size = 0;
        }
    }
}
