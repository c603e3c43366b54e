package org.fparity.fprev;

import java.util.Arrays;
import org.fparity.FparityError;

/**
 * A summation tree: leaves 0..n-1 are the summands, inner nodes are additions with two children (binary) or K+1 children
 * (a fused multi-term addition). Node ids are topological: a child's id is always smaller than its parent's, so every
 * bottom-up computation is a plain loop and nothing here recurses.
 */
public final class SumTree {
    private final int n;
    private final int root;
    private final int[] parent;
    private final int[] childStart; // CSR over inner nodes, index node - n
    private final int[] childList; // children ordered by their smallest leaf
    private final int[] size;
    private final int[] minLeaf;
    private String canonical;

    private SumTree(int n, int[] parent, int root) {
        this.n = n;
        this.root = root;
        this.parent = parent;
        int nodes = parent.length;
        size = new int[nodes];
        minLeaf = new int[nodes];
        for (int v = 0; v < n; v++) {
            size[v] = 1;
            minLeaf[v] = v;
        }
        for (int v = n; v < nodes; v++) minLeaf[v] = Integer.MAX_VALUE;
        int[] count = new int[nodes - n + 1];
        for (int v = 0; v < nodes; v++) {
            int p = parent[v];
            if (p < 0) continue;
            size[p] += size[v];
            minLeaf[p] = Math.min(minLeaf[p], minLeaf[v]);
            count[p - n + 1]++;
        }
        childStart = new int[nodes - n + 1];
        for (int k = 1; k < count.length; k++) childStart[k] = childStart[k - 1] + count[k];
        childList = new int[childStart[childStart.length - 1]];
        int[] fill = Arrays.copyOf(childStart, childStart.length - 1);
        // children in increasing id order, then ordered by smallest leaf (stable, small lists)
        for (int v = 0; v < nodes; v++) {
            int p = parent[v];
            if (p >= 0) childList[fill[p - n]++] = v;
        }
        for (int k = 0; k + 1 < childStart.length; k++) sortByMinLeaf(childStart[k], childStart[k + 1]);
    }

    private void sortByMinLeaf(int from, int to) {
        if (to - from < 2) return;
        if (to - from <= 8) {
            // binary nodes (and small fused ones): an insertion sort, no key array per node
            for (int k = from + 1; k < to; k++) {
                int v = childList[k], key = minLeaf[v], j = k - 1;
                while (j >= from && minLeaf[childList[j]] > key) {
                    childList[j + 1] = childList[j];
                    j--;
                }
                childList[j + 1] = v;
            }
            return;
        }
        long[] keys = new long[to - from];
        for (int k = from; k < to; k++) keys[k - from] = ((long) minLeaf[childList[k]] << 32) | childList[k];
        Arrays.sort(keys);
        for (int k = from; k < to; k++) childList[k] = (int) keys[k - from];
    }

    /** The same tree with inner ids in canonical post-order (children by smallest leaf), whatever order built it. */
    private SumTree renumbered() {
        int nodes = parent.length;
        int[] newId = new int[nodes];
        for (int v = 0; v < n; v++) newId[v] = v;
        int next = n;
        int[] stack = new int[nodes];
        int[] pos = new int[nodes];
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int v = stack[sp - 1];
            if (v < n) {
                sp--;
            } else if (pos[v] < childCount(v)) {
                stack[sp++] = child(v, pos[v]++);
            } else {
                newId[v] = next++;
                sp--;
            }
        }
        boolean same = true;
        for (int v = n; v < nodes && same; v++) same = newId[v] == v;
        if (same) return this;
        int[] p = new int[nodes];
        for (int v = 0; v < nodes; v++) p[newId[v]] = parent[v] < 0 ? -1 : newId[parent[v]];
        return new SumTree(n, p, newId[root]);
    }

    /** Number of leaves (summands). */
    public int n() {
        return n;
    }

    public int root() {
        return root;
    }

    /** Total number of nodes (leaves and inner). */
    public int nodeCount() {
        return parent.length;
    }

    public boolean isLeaf(int node) {
        return node < n;
    }

    /** Parent id, or -1 for the root. */
    public int parent(int node) {
        return parent[node];
    }

    /** Number of leaves under the node. */
    public int size(int node) {
        return size[node];
    }

    public int minLeaf(int node) {
        return minLeaf[node];
    }

    public int childCount(int node) {
        return node < n ? 0 : childStart[node - n + 1] - childStart[node - n];
    }

    /** The k-th child, children ordered by their smallest leaf. */
    public int child(int node, int k) {
        return childList[childStart[node - n] + k];
    }

    public int[] children(int node) {
        if (node < n) return new int[0];
        return Arrays.copyOfRange(childList, childStart[node - n], childStart[node - n + 1]);
    }

    /** The largest number of children of any inner node (2 for a binary tree). */
    public int maxArity() {
        int m = 0;
        for (int v = n; v < parent.length; v++) m = Math.max(m, childCount(v));
        return m;
    }

    public boolean isBinary() {
        return maxArity() <= 2;
    }

    /** Leaves under the LCA of leaves i and j: the value a probe A^{i,j} reveals (walks up; for tests and checks). */
    public int lcaSize(int i, int j) {
        int a = i, b = j;
        while (a != b) {
            if (size[a] <= size[b] && a != root) a = parent[a];
            else b = parent[b];
        }
        return size[a];
    }

    /** Leaves in left-to-right order of the canonical drawing. */
    public int[] leafOrder() {
        int[] out = new int[n];
        int k = 0;
        int[] stack = new int[parent.length];
        int sp = 0;
        stack[sp++] = root;
        while (sp > 0) {
            int v = stack[--sp];
            if (v < n) {
                out[k++] = v;
                continue;
            }
            for (int c = childCount(v) - 1; c >= 0; c--) stack[sp++] = child(v, c);
        }
        return out;
    }

    /** Canonical text: nested parentheses, children ordered by smallest leaf, e.g. {@code ((0 1) (2 3))}. */
    public String canonical() {
        if (canonical != null) return canonical;
        StringBuilder sb = new StringBuilder(n * 6);
        int[] stackNode = new int[parent.length];
        int[] stackNext = new int[parent.length];
        int sp = 0;
        stackNode[sp] = root;
        stackNext[sp++] = 0;
        while (sp > 0) {
            int v = stackNode[sp - 1];
            if (v < n) {
                sb.append(v);
                sp--;
                continue;
            }
            int k = stackNext[sp - 1];
            if (k == 0) sb.append('(');
            if (k == childCount(v)) {
                sb.append(')');
                sp--;
                continue;
            }
            if (k > 0) sb.append(' ');
            stackNext[sp - 1] = k + 1;
            stackNode[sp] = child(v, k);
            stackNext[sp++] = 0;
        }
        canonical = sb.toString();
        return canonical;
    }

    @Override
    public String toString() {
        return canonical();
    }

    /** Equal trees have equal parent arrays: every tree is numbered canonically when built (see {@link #renumbered}). */
    @Override
    public boolean equals(Object o) {
        return o instanceof SumTree t && t.n == n && t.root == root && Arrays.equals(t.parent, parent);
    }

    @Override
    public int hashCode() {
        return canonical().hashCode();
    }

    /** Parses the canonical text form (any child order, any whitespace); leaves must be exactly 0..n-1. */
    public static SumTree parse(String text) {
        String s = text.strip();
        if (s.isEmpty()) throw new FparityError("empty summation tree");
        // count leaves first so ids can be assigned topologically
        int leaves = 0;
        int maxLeaf = -1;
        for (int p = 0; p < s.length(); ) {
            char c = s.charAt(p);
            if (Character.isDigit(c)) {
                int q = p;
                long v = 0;
                while (q < s.length() && Character.isDigit(s.charAt(q))) {
                    v = v * 10 + (s.charAt(q) - '0');
                    if (v > Integer.MAX_VALUE / 2) throw new FparityError("leaf index too large in tree text");
                    q++;
                }
                leaves++;
                maxLeaf = Math.max(maxLeaf, (int) v);
                p = q;
            } else if (c == '(' || c == ')' || Character.isWhitespace(c)) {
                p++;
            } else {
                throw new FparityError("bad character '" + c + "' at offset " + p + " in tree text");
            }
        }
        if (maxLeaf + 1 != leaves) throw new FparityError("tree leaves must be 0.." + (leaves - 1) + " each once");
        Builder b = new Builder(leaves);
        boolean[] seen = new boolean[leaves];
        int[][] lists = new int[16][];
        int[] lens = new int[16];
        int depth = 0;
        lists[0] = new int[4];
        int top = -1;
        for (int p = 0; p < s.length(); ) {
            char c = s.charAt(p);
            if (c == '(') {
                depth++;
                if (depth == lists.length) {
                    lists = Arrays.copyOf(lists, depth * 2);
                    lens = Arrays.copyOf(lens, depth * 2);
                }
                if (lists[depth] == null) lists[depth] = new int[4];
                lens[depth] = 0;
                p++;
            } else if (c == ')') {
                if (depth == 0) throw new FparityError("unbalanced ')' at offset " + p + " in tree text");
                if (lens[depth] < 2) throw new FparityError("a node needs at least two children (offset " + p + ")");
                int node = b.node();
                for (int k = 0; k < lens[depth]; k++) b.adopt(node, lists[depth][k]);
                depth--;
                lens[depth] = push(lists, lens, depth, node);
                p++;
            } else if (Character.isDigit(c)) {
                int q = p;
                int v = 0;
                while (q < s.length() && Character.isDigit(s.charAt(q))) v = v * 10 + (s.charAt(q++) - '0');
                if (seen[v]) throw new FparityError("leaf " + v + " appears twice in tree text");
                seen[v] = true;
                lens[depth] = push(lists, lens, depth, v);
                p = q;
            } else {
                p++;
            }
        }
        if (depth != 0) throw new FparityError("unbalanced '(' in tree text");
        if (lens[0] != 1) throw new FparityError("tree text must be one tree, found " + lens[0] + " at top level");
        top = lists[0][0];
        return b.build(top);
    }

    private static int push(int[][] lists, int[] lens, int d, int v) {
        if (lens[d] == lists[d].length) lists[d] = Arrays.copyOf(lists[d], lens[d] * 2);
        lists[d][lens[d]] = v;
        return lens[d] + 1;
    }

    /** Builds a tree bottom-up: new inner nodes get increasing ids, children are attached by {@link #adopt}. */
    public static final class Builder {
        private final int n;
        private int[] parent;
        private int nodes;

        public Builder(int n) {
            if (n < 1) throw new IllegalArgumentException("a tree needs at least one leaf");
            this.n = n;
            parent = new int[Math.max(2 * n, 4)];
            Arrays.fill(parent, -1);
            nodes = n;
        }

        public int n() {
            return n;
        }

        /** A new inner node with no children yet. */
        public int node() {
            if (nodes == parent.length) {
                int old = parent.length;
                parent = Arrays.copyOf(parent, old * 2);
                Arrays.fill(parent, old, parent.length, -1);
            }
            return nodes++;
        }

        /** A new binary node over a and b. */
        public int join(int a, int b) {
            int v = node();
            adopt(v, a);
            adopt(v, b);
            return v;
        }

        /** Makes child a child of node. */
        public void adopt(int node, int child) {
            if (child == node || node < n) throw new IllegalStateException("cannot attach " + child + " to " + node);
            if (parent[child] >= 0) throw new IllegalStateException("node " + child + " already has a parent");
            parent[child] = node;
        }

        /** Finishes the tree; inner nodes are renumbered in post-order, so ids are topological however they were added. */
        public SumTree build(int root) {
            if (parent[root] != -1) throw new IllegalStateException("root has a parent");
            int[] count = new int[nodes + 1];
            for (int v = 0; v < nodes; v++) {
                if (v != root && parent[v] < 0)
                    throw new IllegalStateException("node " + v + " is not attached to the tree");
                if (parent[v] >= 0) count[parent[v] + 1]++;
            }
            for (int k = 1; k <= nodes; k++) count[k] += count[k - 1];
            int[] kids = new int[Math.max(0, nodes - 1)];
            int[] fill = java.util.Arrays.copyOf(count, nodes);
            for (int v = 0; v < nodes; v++) if (parent[v] >= 0) kids[fill[parent[v]]++] = v;
            int[] newId = new int[nodes];
            for (int v = 0; v < n; v++) newId[v] = v;
            int next = n;
            int[] stack = new int[nodes];
            int[] pos = new int[nodes];
            int sp = 0;
            stack[sp++] = root;
            while (sp > 0) {
                int v = stack[sp - 1];
                if (v < n) {
                    sp--;
                    continue;
                }
                if (count[v] + pos[v] < count[v + 1]) {
                    stack[sp++] = kids[count[v] + pos[v]++];
                } else {
                    if (count[v + 1] - count[v] < 2)
                        throw new IllegalStateException("inner node " + v + " has fewer than two children");
                    newId[v] = next++;
                    sp--;
                }
            }
            if (next != nodes) throw new IllegalStateException("the tree has unreachable nodes");
            int[] p = new int[nodes];
            for (int v = 0; v < nodes; v++) p[newId[v]] = parent[v] < 0 ? -1 : newId[parent[v]];
            return new SumTree(n, p, newId[root]).renumbered();
        }
    }
}
