package org.fparity.fprev;

/** Checks a revealed tree against every probe reading: l(i,j) must be the size of LCA(i,j) in the tree. */
final class TreeCheck {
    private TreeCheck() {}

    /** Throws {@link NotOrdinarySummation} at the first reading the tree contradicts. */
    static void verify(SumTree t, Prober prober, String target) {
        Lca lca = new Lca(t);
        for (int k = 0; k < prober.logged(); k++) {
            int i = prober.loggedI(k), j = prober.loggedJ(k), l = prober.loggedL(k);
            int size = lca.size(i, j);
            if (size != l) {
                throw new NotOrdinarySummation(
                        target,
                        "probe (" + i + "," + j + ") read " + l
                                + " leaves, but the only tree the other readings allow has " + size
                                + " there: no summation tree fits all readings");
            }
        }
    }
}
