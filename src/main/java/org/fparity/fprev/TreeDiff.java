package org.fparity.fprev;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Says where two summation trees of the same n differ, naming the shapes on each side. */
public final class TreeDiff {
    private TreeDiff() {}

    /** Empty when equal; otherwise one line per differing region, e.g. "leaves 0–7: 4-lane strided + pairwise here, sequential there". */
    public static List<String> describe(SumTree a, SumTree b, String nameA, String nameB) {
        List<String> out = new ArrayList<>();
        if (a.n() != b.n()) {
            out.add("different sizes: " + a.n() + " summands vs " + b.n());
            return out;
        }
        if (a.equals(b)) return out;
        ArrayDeque<int[]> work = new ArrayDeque<>();
        work.add(new int[] {a.root(), b.root()});
        // regions that differ the same way (e.g. every vector lane) are reported once with a count
        java.util.LinkedHashMap<String, List<String>> regions = new java.util.LinkedHashMap<>();
        int found = 0;
        while (!work.isEmpty() && found < 4096) {
            int[] pair = work.poll();
            int u = pair[0], v = pair[1];
            SumTree su = TreeShapes.subtree(a, u), sv = TreeShapes.subtree(b, v);
            if (su.equals(sv)) continue;
            int[][] cu = childLeafSets(a, u), cv = childLeafSets(b, v);
            int[] match = matchChildren(cu, cv);
            if (match != null) {
                for (int k = 0; k < cu.length; k++) work.add(new int[] {a.child(u, k), b.child(v, match[k])});
                continue;
            }
            String na = TreeShapes.name(su), nb = TreeShapes.name(sv);
            if (na.equals(nb)) {
                na = TreeShapes.summary(su) + " " + su.canonical();
                nb = TreeShapes.summary(sv) + " " + sv.canonical();
                if (na.length() > 120) na = na.substring(0, 117) + "...";
                if (nb.length() > 120) nb = nb.substring(0, 117) + "...";
            }
            regions.computeIfAbsent(na + " in " + nameA + ", " + nb + " in " + nameB, k -> new ArrayList<>())
                    .add(TreeShapes.range(a, u));
            found++;
        }
        for (var e : regions.entrySet()) {
            List<String> where = e.getValue();
            String head = where.get(0) + (where.size() > 1 ? " and " + (where.size() - 1) + " more like it" : "");
            out.add(head + ": " + e.getKey());
            if (out.size() == 12) break;
        }
        return out;
    }

    private static int[][] childLeafSets(SumTree t, int v) {
        int[][] sets = new int[t.childCount(v)][];
        for (int k = 0; k < sets.length; k++) sets[k] = TreeShapes.leaves(t, t.child(v, k));
        return sets;
    }

    private static int[] matchChildren(int[][] cu, int[][] cv) {
        if (cu.length != cv.length || cu.length == 0) return null;
        int[] match = new int[cu.length];
        outer:
        for (int k = 0; k < cu.length; k++) {
            for (int q = 0; q < cv.length; q++) {
                if (Arrays.equals(cu[k], cv[q])) {
                    match[k] = q;
                    continue outer;
                }
            }
            return null;
        }
        return match;
    }
}
