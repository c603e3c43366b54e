package org.fparity.campaign;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.fparity.exec.Outcome;

/**
 * The outcomes of a log, one per run ({@link Outcome#key()}: program, input, toolchain, opt level, site), first wins, in
 * file order, with the line each came from: an open-addressing table of indices instead of a map keyed by a
 * {@code program/input/toolchain@opt@site} string per outcome (which cost more heap than the outcomes themselves).
 */
final class RunTable {
    private final List<Outcome> outcomes = new ArrayList<>();
    private int[] lines = new int[1024];
    // slot → index + 1 into outcomes, 0 when free; at most half full
    private int[] slots = new int[2048];

    /** Adds {@code o}, read at {@code line}, unless its run is there already: then the outcome that was first, else null. */
    Outcome add(Outcome o, int line) {
        int h = hash(o);
        int mask = slots.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            int at = slots[i];
            if (at == 0) {
                slots[i] = outcomes.size() + 1;
                if (outcomes.size() == lines.length) lines = Arrays.copyOf(lines, lines.length * 2);
                lines[outcomes.size()] = line;
                outcomes.add(o);
                if (outcomes.size() * 2 > slots.length) grow();
                return null;
            }
            Outcome had = outcomes.get(at - 1);
            if (sameRun(had, o)) return had;
        }
    }

    /** The line the first outcome of {@code o}'s run came from (o must be in the table). */
    int lineOf(Outcome first) {
        int mask = slots.length - 1;
        for (int i = hash(first) & mask; ; i = (i + 1) & mask) {
            int at = slots[i];
            if (at == 0) throw new IllegalArgumentException("not in the table: " + first.key());
            if (sameRun(outcomes.get(at - 1), first)) return lines[at - 1];
        }
    }

    List<Outcome> outcomes() {
        return List.copyOf(outcomes);
    }

    int size() {
        return outcomes.size();
    }

    private void grow() {
        int[] bigger = new int[slots.length * 2];
        int mask = bigger.length - 1;
        for (int at : slots) {
            if (at == 0) continue;
            int i = hash(outcomes.get(at - 1)) & mask;
            while (bigger[i] != 0) i = (i + 1) & mask;
            bigger[i] = at;
        }
        slots = bigger;
    }

    private static int hash(Outcome o) {
        int h = o.program().hashCode();
        h = h * 31 + o.input();
        h = h * 31 + o.toolchain().hashCode();
        h = h * 31 + o.opt().hashCode();
        h = h * 31 + o.site().hashCode();
        return h ^ (h >>> 16);
    }

    private static boolean sameRun(Outcome a, Outcome b) {
        return a.input() == b.input()
                && a.program().equals(b.program())
                && a.toolchain().equals(b.toolchain())
                && a.opt().equals(b.opt())
                && a.site().equals(b.site());
    }
}
