package org.fparity.fprev;

import org.fparity.FparityError;
import org.fparity.ir.Precision;

/**
 * A synthetic target that answers each probe from a known tree's LCA instead of summing: it costs O(log n) per
 * probe, so it measures the FPRev algorithm alone (bookkeeping, sorting, checks) at sizes where a real O(n) sum per
 * probe would take hours.
 */
public final class LcaOracleTarget implements SumTarget {
    private final String name;
    private final java.util.function.IntFunction<SumTree> shape;

    public LcaOracleTarget(String name, java.util.function.IntFunction<SumTree> shape) {
        this.name = name;
        this.shape = shape;
    }

    /** lca.seq, lca.reverse, lca.pairwise: the tree is built for whatever n is opened. */
    public static LcaOracleTarget of(String spec) {
        return switch (spec) {
            case "lca.seq" -> new LcaOracleTarget(spec, Shapes::sequential);
            case "lca.reverse" -> new LcaOracleTarget(spec, Shapes::reverse);
            case "lca.pairwise" -> new LcaOracleTarget(spec, Shapes::pairwise);
            default ->
                throw new FparityError(
                        "unknown oracle target '" + spec + "' (known: lca.seq, lca.reverse, lca.pairwise)");
        };
    }

    public static LcaOracleTarget of(String spec, int n) {
        return of(spec);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Precision precision() {
        return Precision.FP64;
    }

    @Override
    public Session open(int n, double mask, double unit) {
        SumTree tree = shape.apply(n);
        int nodes = tree.nodeCount();
        int[] tin = new int[nodes], tout = new int[nodes];
        int[] stack = new int[nodes], next = new int[nodes];
        int sp = 0, clock = 0;
        stack[sp++] = tree.root();
        tin[tree.root()] = clock++;
        while (sp > 0) {
            int v = stack[sp - 1];
            if (next[v] < tree.childCount(v)) {
                int c = tree.child(v, next[v]++);
                tin[c] = clock++;
                stack[sp++] = c;
            } else {
                tout[v] = clock;
                sp--;
            }
        }
        return new Session() {
            private final Lca lca = new Lca(tree);

            @Override
            public void probe(int[] is, int[] js, int count, int from, int to, double[] out) {
                for (int k = 0; k < count; k++) {
                    int i = is[k], j = js[k];
                    int a = lca.of(i, j);
                    int l = tree.size(a);
                    // units in [from, to) outside the LCA's subtree survive: count them with the DFS intervals
                    long outside = from == 0 && to == n ? n - l : countOutside(a, from, to, i, j);
                    out[k] = outside * unit;
                }
            }

            private long countOutside(int lca, int from, int to, int i, int j) {
                long c = 0;
                for (int v = from; v < to; v++) {
                    if (v == i || v == j) continue;
                    if (!(tin[lca] <= tin[v] && tin[v] < tout[lca])) c++;
                }
                return c;
            }

            @Override
            public double[] evaluate(double[][] inputs) {
                throw new FparityError(name + " only answers probes; it has no arithmetic to replay");
            }
        };
    }
}
