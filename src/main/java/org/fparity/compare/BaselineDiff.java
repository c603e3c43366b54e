package org.fparity.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tonight against a baseline (last night, or another cluster): discrepancies that are new, that disappeared, that
 * persist. Matched on program id + input + pair (both platforms, so the opt level is part of the key).
 *
 * @param persisting tonight's version of each persisting discrepancy (its class or ULPs may have changed)
 */
public record BaselineDiff(String baselineName, List<Discrepancy> added, List<Discrepancy> disappeared, List<Discrepancy> persisting) {
    public BaselineDiff {
        added = List.copyOf(added);
        disappeared = List.copyOf(disappeared);
        persisting = List.copyOf(persisting);
    }

    public static BaselineDiff of(String baselineName, Findings now, Findings baseline) {
        Map<String, Discrepancy> before = index(baseline.discrepancies());
        Map<String, Discrepancy> after = index(now.discrepancies());
        List<Discrepancy> added = new ArrayList<>();
        List<Discrepancy> persisting = new ArrayList<>();
        for (Discrepancy d : after.values()) (before.containsKey(d.key()) ? persisting : added).add(d);
        List<Discrepancy> gone = before.values().stream().filter(d -> !after.containsKey(d.key())).toList();
        return new BaselineDiff(baselineName, added, gone, persisting);
    }

    private static Map<String, Discrepancy> index(List<Discrepancy> ds) {
        Map<String, Discrepancy> m = new LinkedHashMap<>();
        for (Discrepancy d : ds) m.put(d.key(), d);
        return m;
    }
}
