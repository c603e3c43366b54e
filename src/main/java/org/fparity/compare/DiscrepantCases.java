package org.fparity.compare;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;

/**
 * Counts cases and the cases that disagree. A case is one (program, input); it is discrepant when two of its results
 * (any two platforms) differ under {@link DiscrepancyClass#classify}: the sign of NaN and of zero ignored, everything
 * else compared bit for bit. A program is discrepant when one of its cases is. Only results count: a build that failed
 * or a run that crashed is not a value (Varity drops them too), so both tools are counted by the same rule.
 */
public final class DiscrepantCases {
    private DiscrepantCases() {}

    /** Cases and programs seen, and how many of each disagree. */
    public record Count(int cases, int discrepantCases, int programs, int discrepantPrograms) {}

    /**
     * Counts from results grouped by program, then by input (the map keys are only labels): every list holds the
     * results of one case on every platform that produced one.
     */
    public static Count of(Map<String, ? extends Map<String, ? extends List<Double>>> byProgram) {
        int cases = 0;
        int bad = 0;
        int programs = 0;
        int badPrograms = 0;
        for (Map<String, ? extends List<Double>> inputs : byProgram.values()) {
            if (inputs.isEmpty()) continue;
            programs++;
            boolean any = false;
            for (List<Double> results : inputs.values()) {
                if (results.isEmpty()) continue;
                cases++;
                if (disagree(results)) {
                    bad++;
                    any = true;
                }
            }
            if (any) badPrograms++;
        }
        return new Count(cases, bad, programs, badPrograms);
    }

    /** Counts a campaign's outcomes: those with status OK, grouped by program and input index. */
    public static Count ofOutcomes(Collection<Outcome> outcomes) {
        Map<String, Map<String, List<Double>>> byProgram = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            if (o.status() != Outcome.Status.OK) continue;
            byProgram
                    .computeIfAbsent(o.program(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(Integer.toString(o.input()), k -> new java.util.ArrayList<>())
                    .add(o.value());
        }
        return of(byProgram);
    }

    /** The cases ({@code program/input}) whose results (status OK) disagree between two platforms. */
    public static java.util.Set<String> disagreeingCases(Collection<Outcome> outcomes) {
        Map<String, List<Double>> byCase = new LinkedHashMap<>();
        for (Outcome o : outcomes) {
            if (o.status() == Outcome.Status.OK)
                byCase.computeIfAbsent(o.program() + "/" + o.input(), k -> new java.util.ArrayList<>())
                        .add(o.value());
        }
        java.util.Set<String> out = new java.util.TreeSet<>();
        byCase.forEach((k, v) -> {
            if (disagree(v)) out.add(k);
        });
        return out;
    }

    /** Whether any two of the results differ; comparing each with the first suffices, as agreement is an equivalence. */
    static boolean disagree(List<Double> results) {
        double first = results.getFirst();
        for (int i = 1; i < results.size(); i++) {
            if (DiscrepancyClass.classify(first, results.get(i)) != null) return true;
        }
        return false;
    }
}
