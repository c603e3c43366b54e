package org.fparity.fprev;

import java.util.Arrays;

/**
 * FPRev by insertion: leaves join a growing tree one at a time, each placed by the probes that single out its position,
 * so a leaf is probed about once instead of once per level it sits below (Algorithm 7 probes every leaf of a subtree
 * again at each nesting level: n(1 + depth/2) probes for numpy's 32-lane dot, about n here).
 *
 * <p>The growing tree is the revealed tree restricted to the leaves placed so far, each inner node labelled with its
 * size in the whole tree (a probe reads that size). Sizes grow strictly from a leaf to the root, so a reading
 * l(x, q) = L names one node on q's path: the placed node of size L, or, when there is none, a node not yet seen on
 * the edge where L falls, which then holds only x beside the placed subtree below it (any other placed leaf under it
 * would have made it a placed node). In the first case x lies in a child of that node other than q's: each remaining
 * child c is probed once with one of its leaves; a smaller reading means x is inside c (and names the node there), the
 * same reading rules c out, and when every child is ruled out x is a new child of a fused node. Nothing here assumes a
 * shape; every placement follows from readings alone, and the finished tree is checked against all of them.
 *
 * <p>Which leaf to probe first is a guess that only changes the cost: x - d, with d the offset that placed the last
 * leaf (32 for a 32-lane kernel, 1 for a sequential or pairwise sum). Probes go to the target in rounds: new leaves in a
 * window that doubles while guesses keep placing leaves with one probe and halves when many miss, plus the follow-up
 * probes of the leaves a guess did not place, plus new first probes (against x - d once that is placed) for leaves
 * whose partner is still unplaced: waiting for it would place one leaf per round along a chain of misses (numpy's
 * 32-lane dot: 133 rounds that way, 21 this way).
 */
public final class IncrementalFprev {
    /** The first and the largest number of new leaves per round. */
    static final int FIRST_WINDOW = 4, MAX_WINDOW = 4096;

    private final Prober prober;
    private final int n;
    // the growing tree: leaves 0..n-1, inner nodes from n; children as doubly linked sibling lists
    private final int[] par, size, first, next, prev, recent;
    private int nodes, root;
    private final boolean[] placed;
    private int placedCount;
    // per unplaced leaf: the smallest reading so far (partner, size; size 0 = none) and the leaves that ruled children
    // out
    private final int[] stQ, stL;
    private final int[][] excl;
    private final int[] exclLen;
    private final int[] mark;
    private int stamp;
    private int d = 1;
    // probes for the next round, and leaves waiting for their partner to be placed
    private final AdvancedFprev.IntList reqX = new AdvancedFprev.IntList(), reqQ = new AdvancedFprev.IntList();
    // new first readings for leaves whose guessed partner was not placed in time, against a placed leaf
    private final AdvancedFprev.IntList guessX = new AdvancedFprev.IntList(), guessQ = new AdvancedFprev.IntList();

    private AdvancedFprev.IntList waiting = new AdvancedFprev.IntList();

    private IncrementalFprev(Prober prober) {
        this.prober = prober;
        n = prober.n();
        int cap = 2 * n;
        par = new int[cap];
        size = new int[cap];
        first = new int[cap];
        next = new int[cap];
        prev = new int[cap];
        recent = new int[cap];
        mark = new int[cap];
        Arrays.fill(par, -1);
        Arrays.fill(first, -1);
        for (int v = 0; v < n; v++) {
            size[v] = 1;
            recent[v] = v;
        }
        nodes = n;
        placed = new boolean[n];
        stQ = new int[n];
        stL = new int[n];
        excl = new int[n][];
        exclLen = new int[n];
    }

    public static SumTree reveal(Prober prober) {
        return new IncrementalFprev(prober).run();
    }

    private SumTree run() {
        placed[0] = true;
        root = 0;
        placedCount = 1;
        int nextFresh = 1, window = FIRST_WINDOW;
        int[] pi = new int[64], pj = new int[64], pl = new int[64];
        while (placedCount < n) {
            int followUps = reqX.size(), guesses = guessX.size();
            int fresh = Math.min(window, n - nextFresh);
            int count = followUps + guesses + fresh;
            if (count == 0)
                throw new IllegalStateException("no probe left but " + (n - placedCount) + " leaves unplaced");
            if (pi.length < count) {
                pi = new int[count];
                pj = new int[count];
                pl = new int[count];
            }
            for (int k = 0; k < followUps; k++) {
                pi[k] = reqX.get(k);
                pj[k] = reqQ.get(k);
            }
            for (int k = 0; k < guesses; k++) {
                pi[followUps + k] = guessX.get(k);
                pj[followUps + k] = guessQ.get(k);
            }
            for (int k = 0; k < fresh; k++) {
                int x = nextFresh + k;
                pi[followUps + guesses + k] = x;
                pj[followUps + guesses + k] = x - d >= 0 ? x - d : x - 1;
            }
            nextFresh += fresh;
            reqX.clear();
            reqQ.clear();
            guessX.clear();
            guessQ.clear();
            prober.lcaPairs(pi, pj, count, pl);
            // the follow-ups of one leaf are consecutive: read them as one group
            for (int k = 0; k < followUps; ) {
                int e = k + 1;
                while (e < followUps && pi[e] == pi[k]) e++;
                readGroup(pi[k], pj, pl, k, e);
                k = e;
            }
            int missed = 0;
            for (int k = followUps; k < count; k++) {
                int x = pi[k];
                stQ[x] = pj[k];
                stL[x] = pl[k];
                exclLen[x] = 0;
                resolve(x);
                if (!placed[x] && k >= followUps + guesses) missed++;
            }
            drainWaiting();
            if (fresh > 0) {
                if (missed * 8 <= fresh) window = Math.min(MAX_WINDOW, window * 2);
                else if (missed * 2 > fresh) window = Math.max(FIRST_WINDOW, window / 2);
            }
        }
        SumTree.Builder b = new SumTree.Builder(n);
        for (int v = n; v < nodes; v++) b.node();
        for (int v = 0; v < nodes; v++) if (par[v] >= 0) b.adopt(par[v], v);
        return b.build(root);
    }

    /** Readings (x, js[k]) = ls[k] for k in [from, to), all asked for x's children-of-one-node state. */
    private void readGroup(int x, int[] js, int[] ls, int from, int to) {
        int L = stL[x];
        int inside = -1;
        for (int k = from; k < to; k++) {
            int l = ls[k];
            if (l == L) continue;
            if (l > L || inside >= 0) {
                throw new NotOrdinarySummation(
                        prober.target(),
                        "probe (" + x + "," + js[k] + ") read " + l + " leaves, but ("
                                + x + "," + stQ[x] + ") read " + L + " and " + js[k] + " lies under that meeting point"
                                + (inside >= 0 ? ", as does " + js[inside] + " in another of its parts" : "")
                                + ": no summation tree fits both");
            }
            inside = k;
        }
        if (inside >= 0) {
            stQ[x] = js[inside];
            stL[x] = ls[inside];
            exclLen[x] = 0;
        } else {
            for (int k = from; k < to; k++) exclude(x, js[k]);
        }
        resolve(x);
    }

    private void exclude(int x, int q) {
        int[] e = excl[x];
        if (e == null) e = excl[x] = new int[4];
        else if (exclLen[x] == e.length) e = excl[x] = Arrays.copyOf(e, e.length * 2);
        e[exclLen[x]++] = q;
    }

    /** Resolves the leaves whose partner has been placed since they read it, until none is left to resolve. */
    private void drainWaiting() {
        boolean progress = true;
        while (progress && waiting.size() > 0) {
            progress = false;
            AdvancedFprev.IntList w = waiting;
            waiting = new AdvancedFprev.IntList();
            for (int k = 0; k < w.size(); k++) {
                int x = w.get(k);
                // an unplaced partner: resolve reads x again against x - d if that is placed now, else x waits again
                progress |= placed[stQ[x]];
                resolve(x);
            }
        }
    }

    /** Places x if its readings single out its position; otherwise asks for the probes that will, or waits. */
    private void resolve(int x) {
        int q = stQ[x], L = stL[x];
        if (!placed[q]) {
            // waiting for q would place one leaf per round along a chain of misses: read x again against a placed leaf
            int g = x - d;
            if (g >= 0 && g != q && placed[g]) {
                guessX.add(x);
                guessQ.add(g);
            } else {
                waiting.add(x);
            }
            return;
        }
        int u = q, below = -1;
        while (par[u] >= 0 && size[par[u]] <= L) {
            below = u;
            u = par[u];
        }
        if (size[u] < L) {
            split(u, L, x, q);
            return;
        }
        // u is the meeting point; x is in none of the children holding q or a leaf that ruled a child out
        int s = ++stamp;
        mark[below] = s;
        for (int k = 0; k < exclLen[x]; k++) mark[childOn(u, excl[x][k])] = s;
        boolean asked = false;
        for (int c = first[u]; c >= 0; c = next[c]) {
            if (mark[c] == s) continue;
            reqX.add(x);
            reqQ.add(recent[c]);
            asked = true;
        }
        if (!asked) {
            link(u, x);
            recent[u] = x;
            place(x, q);
        }
    }

    /** The child of w on the way up from leaf y (y must lie under w). */
    private int childOn(int w, int y) {
        int v = y;
        while (par[v] != w) {
            if (par[v] < 0) throw new IllegalStateException("leaf " + y + " is not under node " + w);
            v = par[v];
        }
        return v;
    }

    /** A new node of size L between u and its parent, with children u and x. */
    private void split(int u, int L, int x, int q) {
        int w = nodes++;
        size[w] = L;
        int p = par[u];
        par[w] = p;
        if (p < 0) {
            root = w;
        } else {
            // w takes u's place among p's children
            prev[w] = prev[u];
            next[w] = next[u];
            if (prev[u] >= 0) next[prev[u]] = w;
            else first[p] = w;
            if (next[u] >= 0) prev[next[u]] = w;
        }
        par[u] = -1;
        first[w] = -1;
        link(w, u);
        link(w, x);
        recent[w] = x;
        place(x, q);
    }

    private void link(int w, int c) {
        par[c] = w;
        prev[c] = -1;
        next[c] = first[w];
        if (first[w] >= 0) prev[first[w]] = c;
        first[w] = c;
    }

    private void place(int x, int q) {
        placed[x] = true;
        placedCount++;
        excl[x] = null;
        if (x > q) d = x - q;
    }
}
