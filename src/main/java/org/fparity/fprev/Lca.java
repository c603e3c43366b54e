package org.fparity.fprev;

/**
 * Lowest common ancestors in a {@link SumTree} by heavy-path decomposition: O(n) to build, O(log n) per query whatever
 * the order of the queries (a chain of n leaves costs one step per query, not its depth). Checks and oracles use it on
 * probes whose first index changes from one probe to the next.
 */
final class Lca {
    private final SumTree t;
    private final int[] head;
    private final int[] depth;

    Lca(SumTree t) {
        this.t = t;
        int nodes = t.nodeCount();
        head = new int[nodes];
        depth = new int[nodes];
        // ids are topological (children below parents), so walking ids downwards visits every parent before its
        // children
        for (int v = nodes - 1; v >= 0; v--) {
            if (v == t.root()) {
                head[v] = v;
                depth[v] = 0;
            }
            if (t.isLeaf(v)) continue;
            int heavy = -1;
            for (int k = 0; k < t.childCount(v); k++) {
                int c = t.child(v, k);
                if (heavy < 0 || t.size(c) > t.size(heavy)) heavy = c;
            }
            for (int k = 0; k < t.childCount(v); k++) {
                int c = t.child(v, k);
                head[c] = c == heavy ? head[v] : c;
                depth[c] = depth[v] + 1;
            }
        }
    }

    /** The lowest common ancestor of nodes a and b. */
    int of(int a, int b) {
        while (head[a] != head[b]) {
            if (depth[head[a]] > depth[head[b]]) a = t.parent(head[a]);
            else b = t.parent(head[b]);
        }
        return depth[a] <= depth[b] ? a : b;
    }

    /** Leaves under LCA(a, b): what a probe of leaves a and b reads. */
    int size(int a, int b) {
        return t.size(of(a, b));
    }
}
