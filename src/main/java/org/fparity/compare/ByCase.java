package org.fparity.compare;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * A comparison's findings of one kind (its discrepancies, or its runs that ended differently) handed out case by case,
 * for a walk over the cases in (program, input) order ({@link Cases#of}): {@link #at} gives one case's findings in the
 * list's own order. The comparison writes one list per pair, each in case order ({@link Comparer}); those are walked
 * side by side, holding one finding per pair, so that a report of 10^7 runs does not group every finding by case in
 * memory. Any other list (made in memory: tests, small campaigns) is grouped by case in a map.
 */
public final class ByCase<T> {
    private final Function<T, String> program;
    private final ToIntFunction<T> input;
    // walked side by side: each part's iterator and its next element (null at its end)
    private final List<Iterator<T>> parts;
    private final List<T> heads;
    // or grouped in memory
    private final Map<String, List<T>> grouped;

    private ByCase(List<T> all, Function<T, String> program, ToIntFunction<T> input) {
        this.program = program;
        this.input = input;
        List<List<T>> ps = Spill.parts(all);
        if (ps != null) {
            parts = new ArrayList<>();
            heads = new ArrayList<>();
            for (List<T> p : ps) {
                Iterator<T> it = p.iterator();
                parts.add(it);
                heads.add(it.hasNext() ? it.next() : null);
            }
            grouped = null;
        } else {
            parts = null;
            heads = null;
            grouped = new HashMap<>();
            for (T t : all)
                grouped.computeIfAbsent(program.apply(t) + "/" + input.applyAsInt(t), k -> new ArrayList<>())
                        .add(t);
        }
    }

    /** The head whose case comes first, or null when not known (worked out again at the next {@link #at}). */
    private T least;

    /** Findings compared with a case asked for (a test reads it). */
    long compared;

    /** The order of a finding's case against ({@code program}, {@code input}). */
    private int compare(T h, String program, int input) {
        compared++;
        int c = this.program.apply(h).compareTo(program);
        return c != 0 ? c : Integer.compare(this.input.applyAsInt(h), input);
    }

    private int compare(T h, T other) {
        return compare(h, this.program.apply(other), this.input.applyAsInt(other));
    }

    /** The discrepancies of a comparison, case by case. */
    public static ByCase<Discrepancy> discrepancies(List<Discrepancy> ds) {
        return new ByCase<>(ds, Discrepancy::program, Discrepancy::input);
    }

    /** The runs that ended differently of a comparison, case by case. */
    public static ByCase<StatusMismatch> mismatches(List<StatusMismatch> ms) {
        return new ByCase<>(ms, StatusMismatch::program, StatusMismatch::input);
    }

    /**
     * The findings of case ({@code program}, {@code input}), in the list's order (empty when none). Cases are asked for
     * in (program, input) order; findings of cases never asked for are passed over.
     */
    public List<T> at(String program, int input) {
        if (grouped != null) return grouped.getOrDefault(program + "/" + input, List.of());
        // most cases have no finding: when the least head is past the case, so is every head (one comparison, not one
        // per pair: a report of 10^7 runs asks for 999,128 cases, 13 pairs each)
        if (least == null) {
            for (T h : heads) if (h != null && (least == null || compare(h, least) < 0)) least = h;
            if (least == null) return List.of();
        }
        if (compare(least, program, input) > 0) return List.of();
        least = null;
        List<T> out = List.of();
        for (int i = 0; i < parts.size(); i++) {
            T h = heads.get(i);
            while (h != null) {
                int c = compare(h, program, input);
                if (c > 0) break;
                if (c == 0) {
                    if (out.isEmpty()) out = new ArrayList<>(2);
                    out.add(h);
                }
                h = parts.get(i).hasNext() ? parts.get(i).next() : null;
            }
            heads.set(i, h);
        }
        return out;
    }
}
