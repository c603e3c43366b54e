package org.fparity.fprev;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;

/** Names the common summation shapes: sequential, reverse, pairwise, K-lane strided, blocked, (K+1)-way fused. */
public final class TreeShapes {
    private static final int[] WIDTHS = {2, 3, 4, 8, 16, 32, 64, 128};

    private TreeShapes() {}

    /** A short name for the tree's shape, or a structural summary when no known shape fits. */
    public static String name(SumTree t) {
        String s = known(t);
        if (s != null) return s;
        int root = t.root();
        if (t.childCount(root) == 2) {
            int a = t.child(root, 0), b = t.child(root, 1);
            if (contiguous(t, a) && contiguous(t, b)) {
                String na = known(subtree(t, a)), nb = known(subtree(t, b));
                return "split " + range(t, a) + " " + (na == null ? "mixed" : na) + " + " + range(t, b) + " "
                        + (nb == null ? "mixed" : nb);
            }
        }
        return summary(t);
    }

    /** The known shape's name or null. */
    public static String known(SumTree t) {
        int n = t.n();
        if (n == 1) return "single summand";
        if (n == 2) return "one addition";
        if (!t.isBinary()) {
            if (t.childCount(t.root()) == n) return "one fused " + n + "-term addition";
            for (int k = 2; k <= 64; k++) {
                if (t.equals(Shapes.fusedBlocks(n, k))) return (k + 1) + "-way fused blocks (" + k + " per step)";
            }
            return null;
        }
        if (t.equals(Shapes.sequential(n))) return "sequential";
        if (t.equals(Shapes.reverse(n))) return "reverse sequential";
        if (t.equals(Shapes.pairwise(n))) return "pairwise";
        for (int k : WIDTHS) {
            if (k >= n) break;
            if (t.equals(Shapes.strided(n, k, true))) return k + "-lane strided + pairwise";
            if (t.equals(Shapes.strided(n, k, false))) return k + "-lane strided + sequential";
        }
        if (n > 8 && t.equals(Shapes.numpyPairwise(n))) return "numpy pairwise (8 lanes, halves above 128)";
        for (int k : new int[] {2, 4, 8, 16, 32, 64, 128, 256}) {
            if (k / 2 >= n) break;
            if (t.equals(Shapes.stridedHalving(n, k))) return k + "-lane strided + halving";
        }
        for (int b = 2; b <= Math.min(4096, n / 2); b *= 2) {
            if (t.equals(Shapes.blocked(n, b))) return "blocks of " + b + ", sequential";
        }
        return null;
    }

    static String summary(SumTree t) {
        int depth = 0;
        int[] d = new int[t.nodeCount()];
        for (int v = t.nodeCount() - 1; v >= 0; v--) {
            d[v] = t.parent(v) < 0 ? 0 : d[t.parent(v)] + 1;
            depth = Math.max(depth, d[v]);
        }
        TreeSet<Integer> arities = new TreeSet<>();
        for (int v = t.n(); v < t.nodeCount(); v++) arities.add(t.childCount(v));
        String kind = arities.size() == 1 && arities.first() == 2 ? "binary" : "arities " + arities;
        return kind + ", depth " + depth;
    }

    static boolean contiguous(SumTree t, int v) {
        int[] leaves = leaves(t, v);
        return leaves[leaves.length - 1] - leaves[0] == leaves.length - 1;
    }

    static String range(SumTree t, int v) {
        int[] l = leaves(t, v);
        if (l.length == 1) return "leaf " + l[0];
        if (l[l.length - 1] - l[0] == l.length - 1) return "leaves " + l[0] + "\u2013" + l[l.length - 1];
        StringBuilder sb = new StringBuilder("leaves {");
        for (int k = 0; k < Math.min(6, l.length); k++) sb.append(k > 0 ? "," : "").append(l[k]);
        if (l.length > 6) sb.append(",\u2026 ").append(l.length).append(" in all");
        return sb.append('}').toString();
    }

    /** Sorted leaves under v. */
    static int[] leaves(SumTree t, int v) {
        int[] out = new int[t.size(v)];
        int k = 0;
        int[] stack = new int[t.size(v) * 2];
        int sp = 0;
        stack[sp++] = v;
        while (sp > 0) {
            int u = stack[--sp];
            if (t.isLeaf(u)) out[k++] = u;
            else for (int c = 0; c < t.childCount(u); c++) stack[sp++] = t.child(u, c);
        }
        Arrays.sort(out);
        return out;
    }

    /** The subtree under v with its leaves renumbered 0..size-1 in increasing order. */
    static SumTree subtree(SumTree t, int v) {
        int[] leaves = leaves(t, v);
        if (leaves.length == 1) return new SumTree.Builder(1).build(0);
        List<Integer> inner = new ArrayList<>();
        // inner nodes under v in increasing id order (ids are topological)
        int[] stack = new int[t.size(v) * 2];
        int sp = 0;
        stack[sp++] = v;
        while (sp > 0) {
            int u = stack[--sp];
            if (!t.isLeaf(u)) {
                inner.add(u);
                for (int c = 0; c < t.childCount(u); c++) stack[sp++] = t.child(u, c);
            }
        }
        inner.sort(null);
        SumTree.Builder b = new SumTree.Builder(leaves.length);
        java.util.HashMap<Integer, Integer> map = new java.util.HashMap<>();
        for (int k = 0; k < leaves.length; k++) map.put(leaves[k], k);
        for (int u : inner) {
            int w = b.node();
            for (int c = 0; c < t.childCount(u); c++) b.adopt(w, map.get(t.child(u, c)));
            map.put(u, w);
        }
        return b.build(map.get(v));
    }
}
