package org.fparity.compare;

import org.fparity.exec.OutcomeClass;

/**
 * Discrepancy counts by (class on side a, class on side b), the shape of the paper's Tables VI / X. The diagonal holds
 * Number–Number and, at Inf/Inf, the +Inf vs −Inf sign discrepancies; NaN/NaN and Zero/Zero are always 0 because
 * the signs of NaN and zero are ignored. The cells add up to the number of discrepancies.
 */
public final class AdjacencyMatrix {
    private final int[][] cells = new int[OutcomeClass.values().length][OutcomeClass.values().length];

    void add(OutcomeClass a, OutcomeClass b) {
        cells[a.ordinal()][b.ordinal()]++;
    }

    public int get(OutcomeClass a, OutcomeClass b) {
        return cells[a.ordinal()][b.ordinal()];
    }

    public int total() {
        int t = 0;
        for (int[] row : cells) for (int c : row) t += c;
        return t;
    }

    public int max() {
        int m = 0;
        for (int[] row : cells) for (int c : row) m = Math.max(m, c);
        return m;
    }

    void addAll(AdjacencyMatrix other) {
        for (int i = 0; i < cells.length; i++) for (int j = 0; j < cells.length; j++) cells[i][j] += other.cells[i][j];
    }
}
