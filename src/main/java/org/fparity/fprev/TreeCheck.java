package org.fparity.fprev;

/** Checks a revealed tree against every probe reading: l(i,j) must be the size of LCA(i,j) in the tree. */
final class TreeCheck {
    private TreeCheck() {}

    /** Throws {@link NotOrdinarySummation} at the first reading the tree contradicts. */
    static void verify(SumTree t, Prober prober, String target) {
        int nodes = t.nodeCount();
        int[] tin = new int[nodes], tout = new int[nodes];
        // iterative DFS numbering: [tin, tout) of a node covers exactly its descendants
        int[] stack = new int[nodes];
        int[] next = new int[nodes];
        int sp = 0, clock = 0;
        stack[sp++] = t.root();
        tin[t.root()] = clock++;
        while (sp > 0) {
            int v = stack[sp - 1];
            if (next[v] < t.childCount(v)) {
                int c = t.child(v, next[v]++);
                tin[c] = clock++;
                stack[sp++] = c;
            } else {
                tout[v] = clock;
                sp--;
            }
        }
        int[] chain = new int[nodes];
        int len = 0;
        int pivot = -1;
        for (int k = 0; k < prober.logged(); k++) {
            int i = prober.loggedI(k), j = prober.loggedJ(k), l = prober.loggedL(k);
            if (i != pivot) {
                pivot = i;
                len = 0;
                for (int v = i; v >= 0; v = t.parent(v)) chain[len++] = v;
            }
            int lo = 0, hi = len - 1; // chain[hi] is the root and contains j
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                int a = chain[mid];
                if (tin[a] <= tin[j] && tin[j] < tout[a]) hi = mid;
                else lo = mid + 1;
            }
            int size = t.size(chain[lo]);
            if (size != l) {
                throw new NotOrdinarySummation(target, "probe (" + i + "," + j + ") read " + l
                        + " leaves, but the only tree the other readings allow has " + size
                        + " there: no summation tree fits all readings");
            }
        }
    }
}
