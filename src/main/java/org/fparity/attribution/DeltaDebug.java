package org.fparity.attribution;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Zeller and Hildebrandt's ddmin over a list of flags: a 1-minimal subset for which a test holds (removing any one
 * member makes it fail), found with far fewer tests than trying every subset. The test must hold for the whole list.
 */
public final class DeltaDebug {
    /** A test of a subset (a real build and run, in attribution); answers are remembered by the caller. */
    @FunctionalInterface
    public interface Test {
        boolean holds(List<String> subset) throws InterruptedException;
    }

    private DeltaDebug() {}

    /** A 1-minimal subset of {@code all} (order kept) on which {@code test} holds; {@code all} itself must hold. */
    public static List<String> minimise(List<String> all, Test test) throws InterruptedException {
        List<String> current = List.copyOf(all);
        int n = 2;
        while (current.size() >= 2) {
            List<List<String>> chunks = split(current, n);
            boolean reduced = false;
            for (List<String> chunk : chunks) {
                if (test.holds(chunk)) {
                    current = chunk;
                    n = 2;
                    reduced = true;
                    break;
                }
            }
            if (!reduced) {
                for (List<String> chunk : chunks) {
                    List<String> complement = minus(current, chunk);
                    if (test.holds(complement)) {
                        current = complement;
                        n = Math.max(n - 1, 2);
                        reduced = true;
                        break;
                    }
                }
            }
            if (!reduced) {
                if (n >= current.size()) break;
                n = Math.min(current.size(), 2 * n);
            }
        }
        if (current.size() == 1 && test.holds(List.of())) return List.of();
        return current;
    }

    /**
     * Up to {@code max} distinct 1-minimal subsets: the first ddmin finds, then, for each member of each set found,
     * the one ddmin finds in what is left without that member, when that rest still holds.
     */
    public static List<List<String>> minimalSets(List<String> all, Test test, int max) throws InterruptedException {
        List<List<String>> sets = new ArrayList<>();
        sets.add(minimise(all, test));
        for (int i = 0; i < sets.size() && sets.size() < max; i++) {
            for (String f : sets.get(i)) {
                if (sets.size() >= max) break;
                List<String> rest = minus(all, List.of(f));
                if (!test.holds(rest)) continue;
                List<String> other = minimise(rest, test);
                if (!sets.contains(other)) sets.add(other);
            }
        }
        return List.copyOf(sets);
    }

    static List<List<String>> split(List<String> xs, int n) {
        List<List<String>> out = new ArrayList<>();
        int size = xs.size();
        int start = 0;
        for (int i = 0; i < n; i++) {
            int end = start + (size - start) / (n - i);
            if (end > start) out.add(List.copyOf(xs.subList(start, end)));
            start = end;
        }
        return out;
    }

    static List<String> minus(List<String> xs, List<String> drop) {
        Set<String> d = new LinkedHashSet<>(drop);
        return xs.stream().filter(x -> !d.contains(x)).toList();
    }
}
