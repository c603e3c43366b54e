package org.fparity.fprev;

import java.util.Arrays;
import java.util.TreeSet;

/** Names the common summation shapes: sequential, reverse, pairwise, K-lane strided, blocked, (K+1)-way fused. */
public final class TreeShapes {
    private static final int[] WIDTHS = {2, 3, 4, 8, 16, 32, 64, 128};

    private TreeShapes() {}

    /** A short name for the tree's shape, or a structural summary when no known shape fits. */
    public static String name(SumTree t) {
        String s = known(t);
        if (s != null) return s;
        String lanes = lanes(t);
        if (lanes != null) return lanes;
        int root = t.root();
        if (t.childCount(root) == 2) {
            int a = t.child(root, 0), b = t.child(root, 1);
            if (contiguous(t, a) && contiguous(t, b)) {
                String na = knownOrLanes(subtree(t, a)), nb = knownOrLanes(subtree(t, b));
                return "split " + range(t, a) + " " + (na == null ? "mixed" : na) + " + " + range(t, b) + " "
                        + (nb == null ? "mixed" : nb);
            }
        }
        return summary(t);
    }

    /** The known shape's name or null. */
    public static String known(SumTree t) {
        return known(t, true);
    }

    /**
     * The known shape's name or null. Each candidate shape is built and compared whole; with {@code filter}, only the
     * candidates whose defining first additions (a few LCA sizes, necessary for equality) the tree has are built, which
     * spares building some forty trees of n leaves for a tree of no known shape. Without it every candidate is built
     * (the reference the tests hold the filter to).
     */
    static String known(SumTree t, boolean filter) {
        int n = t.n();
        if (n == 1) return "single summand";
        if (n == 2) return "one addition";
        Lca lca = filter ? new Lca(t) : null;
        int a01 = filter ? lca.size(0, 1) : 0;
        if (!t.isBinary()) {
            if (t.childCount(t.root()) == n) return "one fused " + n + "-term addition";
            for (int k = 2; k <= 64; k++) {
                // the first fused node adds leaves 0..k-1
                if (filter && a01 != Math.min(k, n)) continue;
                if (t.equals(Shapes.fusedBlocks(n, k))) return (k + 1) + "-way fused blocks (" + k + " per step)";
            }
            return null;
        }
        if ((!filter || a01 == 2 && lca.size(1, 2) == 3) && t.equals(Shapes.sequential(n))) return "sequential";
        if ((!filter || a01 == n && lca.size(n - 2, n - 1) == 2) && t.equals(Shapes.reverse(n)))
            return "reverse sequential";
        if ((!filter || a01 == 2) && t.equals(Shapes.pairwise(n))) return "pairwise";
        for (int k : WIDTHS) {
            if (k >= n) break;
            // lane 0 starts with 0 + k, and the reduction (pairwise or in order) adds lanes 0 and 1 first
            if (filter && (lca.size(0, k) != 2 || a01 != laneSize(n, k, 0) + laneSize(n, k, 1))) continue;
            if (t.equals(Shapes.strided(n, k, true))) return k + "-lane strided + pairwise";
            if (t.equals(Shapes.strided(n, k, false))) return k + "-lane strided + sequential";
        }
        if (n > 8 && (!filter || n < 16 || lca.size(0, 8) == 2) && t.equals(Shapes.numpyPairwise(n))) {
            return "numpy pairwise (8 lanes, halves above 128)";
        }
        for (int k : new int[] {2, 4, 8, 16, 32, 64, 128, 256}) {
            if (k / 2 >= n) break;
            // lane 0 starts with 0 + k, and the halving first adds lane k/2 to lane 0
            if (filter
                    && (k < n && lca.size(0, k) != 2
                            || lca.size(0, k / 2) != laneSize(n, k, 0) + laneSize(n, k, k / 2))) continue;
            if (t.equals(Shapes.stridedHalving(n, k))) return k + "-lane strided + halving";
        }
        for (int b = 2; b <= Math.min(4096, n / 2); b *= 2) {
            // block 0 is 0..b-1 in order
            if (filter && (a01 != 2 || lca.size(0, b - 1) != b)) continue;
            if (t.equals(Shapes.blocked(n, b))) return "blocks of " + b + ", sequential";
        }
        return null;
    }

    /** Leaves in lane r of k over n summands (r, r + k, …). */
    private static int laneSize(int n, int k, int r) {
        return r < n ? (n - r + k - 1) / k : 0;
    }

    /**
     * K-lane strided orders in general: every residue class mod K is exactly one subtree (a lane). Names the lanes'
     * own shape and the shape of the reduction over lanes, e.g. "8 lanes (each pairs, then in order) + pairwise".
     */
    static String lanes(SumTree t) {
        int n = t.n();
        Lca lca = new Lca(t);
        // the smallest other leaf in the first addition leaf 0 takes part in
        int p0 = t.parent(0), partner0 = Integer.MAX_VALUE;
        for (int c = 0; p0 >= 0 && c < t.childCount(p0); c++)
            if (t.child(p0, c) != 0) partner0 = Math.min(partner0, t.minLeaf(t.child(p0, c)));
        if (partner0 == Integer.MAX_VALUE) partner0 = 0;
        for (int k = Math.min(512, n / 2); k >= 2; k--) {
            // lanes 0 and 1 are subtrees of ceil((n - r) / k) leaves holding r and r + k: checked before the whole test
            if (lca.size(0, k) > (n + k - 1) / k || k + 1 < n && lca.size(1, k + 1) > (n - 1 + k - 1) / k) continue;
            // nor may anything outside lane 0 join leaf 0 below lane 0's size
            if (partner0 % k != 0 && lca.size(0, partner0) <= (n + k - 1) / k) continue;
            int[] laneNode = laneNodes(t, k);
            if (laneNode == null) continue;
            String laneShape = null, firstShape = null;
            SumTree first = null;
            boolean same = true;
            for (int r = 0; r < k && same; r++) {
                String sh;
                if (t.isLeaf(laneNode[r])) {
                    sh = "single";
                } else {
                    SumTree lane = subtree(t, laneNode[r]);
                    // equal lane trees have the same description: only a different one is described again
                    if (first != null && lane.equals(first)) {
                        sh = firstShape;
                    } else {
                        sh = describe(lane);
                        if (first == null) {
                            first = lane;
                            firstShape = sh;
                        }
                    }
                }
                if (laneShape == null) laneShape = sh;
                else same = laneShape.equals(sh);
            }
            SumTree reduction = contract(t, laneNode, k);
            return k + " lanes (each " + (same ? laneShape : "mixed") + ") + " + describe(reduction);
        }
        return null;
    }

    private static String knownOrLanes(SumTree t) {
        String s = known(t);
        return s != null ? s : lanes(t);
    }

    private static String describe(SumTree t) {
        String s = known(t);
        return s != null ? s : summary(t);
    }

    /** The node holding exactly the leaves r, r+k, r+2k, … for every r < k, or null when some class is not one subtree. */
    private static int[] laneNodes(SumTree t, int k) {
        int n = t.n(), nodes = t.nodeCount();
        int[] residue = new int[nodes]; // residue of all leaves below, -1 when mixed
        for (int v = 0; v < n; v++) residue[v] = v % k;
        for (int v = n; v < nodes; v++) {
            int r = residue[t.child(v, 0)];
            for (int c = 1; c < t.childCount(v) && r >= 0; c++) if (residue[t.child(v, c)] != r) r = -1;
            residue[v] = r;
        }
        int[] lane = new int[k];
        java.util.Arrays.fill(lane, -1);
        for (int v = 0; v < nodes; v++) {
            int r = residue[v];
            if (r < 0) continue;
            int want = (n - r + k - 1) / k;
            if (t.size(v) == want) lane[r] = v;
        }
        for (int r = 0; r < k; r++) if (lane[r] < 0) return null;
        return lane;
    }

    /** The tree above the lanes, each lane a leaf numbered by its residue. */
    private static SumTree contract(SumTree t, int[] laneNode, int k) {
        int nodes = t.nodeCount();
        int[] map = new int[nodes];
        java.util.Arrays.fill(map, -1);
        for (int r = 0; r < k; r++) map[laneNode[r]] = r;
        boolean[] below = new boolean[nodes];
        for (int v = nodes - 1; v >= 0; v--) {
            int p = t.parent(v);
            below[v] = p >= 0 && (below[p] || map[p] >= 0 && p == laneNode[map[p]]);
        }
        SumTree.Builder b = new SumTree.Builder(k);
        for (int v = t.n(); v < nodes; v++) {
            if (below[v] || map[v] >= 0) continue;
            int w = b.node();
            for (int c = 0; c < t.childCount(v); c++) b.adopt(w, map[t.child(v, c)]);
            map[v] = w;
        }
        return b.build(map[t.root()]);
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
        for (int k = 0; k < Math.min(6, l.length); k++)
            sb.append(k > 0 ? "," : "").append(l[k]);
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
        // inner nodes under v in increasing id order (ids are topological)
        int[] inner = new int[leaves.length];
        int count = 0;
        int[] stack = new int[t.size(v) * 2];
        int sp = 0;
        stack[sp++] = v;
        while (sp > 0) {
            int u = stack[--sp];
            if (!t.isLeaf(u)) {
                inner[count++] = u;
                for (int c = 0; c < t.childCount(u); c++) stack[sp++] = t.child(u, c);
            }
        }
        Arrays.sort(inner, 0, count);
        SumTree.Builder b = new SumTree.Builder(leaves.length);
        // node ids of t -> ids in the subtree, kept sparse: leaves by binary search, inner nodes by their position
        int[] innerId = new int[count];
        for (int k = 0; k < count; k++) {
            int u = inner[k], w = b.node();
            for (int c = 0; c < t.childCount(u); c++) {
                int x = t.child(u, c);
                b.adopt(
                        w,
                        t.isLeaf(x)
                                ? Arrays.binarySearch(leaves, x)
                                : innerId[Arrays.binarySearch(inner, 0, count, x)]);
            }
            innerId[k] = w;
        }
        return b.build(innerId[count - 1]);
    }
}
