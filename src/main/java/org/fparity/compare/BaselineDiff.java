package org.fparity.compare;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;

/**
 * Tonight against a baseline (last night, or another cluster): discrepancies that are new, that disappeared, that
 * persist. Matched on program id + input + pair (both platforms, so the opt level is part of the key). A baseline
 * discrepancy whose run tonight did not finish on both sides (crash, timeout, missing platform) has not disappeared:
 * it was not checked, and is listed apart so a crash never reads as a fix.
 *
 * @param persisting tonight's version of each persisting discrepancy (its class or ULPs may have changed)
 * @param unchecked  baseline discrepancies whose run was not compared tonight
 */
public record BaselineDiff(
        String baselineName,
        List<Discrepancy> added,
        List<Discrepancy> disappeared,
        List<Discrepancy> persisting,
        List<Discrepancy> unchecked) {
    public BaselineDiff {
        added = List.copyOf(added);
        disappeared = List.copyOf(disappeared);
        persisting = List.copyOf(persisting);
        unchecked = List.copyOf(unchecked);
    }

    /**
     * What is suspicious about comparing {@code tonight} with {@code baseline}: no program in common (other seeds or
     * grammars: every discrepancy then shows as new), or the baseline being the same campaign (nothing can be new).
     * Empty when the pairing looks meaningful.
     */
    public static List<String> warnings(
            java.nio.file.Path tonightDir,
            CampaignView tonight,
            java.nio.file.Path baselineDir,
            CampaignView baseline) {
        List<String> w = new ArrayList<>();
        boolean same = tonightDir
                .toAbsolutePath()
                .normalize()
                .equals(baselineDir.toAbsolutePath().normalize());
        if (same) {
            w.add("the baseline " + baselineDir + " is the campaign itself: nothing can be new or gone");
            return w;
        }
        java.util.Set<String> before = new java.util.HashSet<>();
        for (Outcome o : baseline.outcomes()) before.add(o.program());
        java.util.Set<String> now = new java.util.HashSet<>();
        for (Outcome o : tonight.outcomes()) now.add(o.program());
        long shared = now.stream().filter(before::contains).count();
        if (!now.isEmpty() && !before.isEmpty() && shared == 0) {
            w.add("the baseline " + baselineDir + " shares no program with " + tonightDir
                    + " (other seed or grammar?): every discrepancy counts as new");
        }
        return w;
    }

    /** Diffs tonight's findings (from the campaign {@code tonight}) against the baseline's. */
    public static BaselineDiff of(String baselineName, CampaignView tonight, Findings now, Findings baseline) {
        Map<String, Discrepancy> before = index(baseline.discrepancies());
        Map<String, Discrepancy> after = index(now.discrepancies());
        List<Discrepancy> added = new ArrayList<>();
        List<Discrepancy> persisting = new ArrayList<>();
        for (Discrepancy d : after.values()) (before.containsKey(d.key()) ? persisting : added).add(d);
        // whether each side of a baseline discrepancy gone from tonight's printed a result tonight: only those runs are
        // looked for, in one pass over tonight's outcomes (a set of every OK run of tonight grew with the campaign)
        Set<String> wanted = new HashSet<>();
        for (Discrepancy d : before.values()) {
            if (after.containsKey(d.key())) continue;
            wanted.add(runKey(d, d.pair().a()));
            wanted.add(runKey(d, d.pair().b()));
        }
        Set<String> okTonight = new HashSet<>();
        if (!wanted.isEmpty()) {
            for (Outcome o : tonight.outcomes()) {
                if (o.status() != Outcome.Status.OK) continue;
                String k = o.key();
                if (wanted.contains(k)) okTonight.add(k);
            }
        }
        List<Discrepancy> gone = new ArrayList<>();
        List<Discrepancy> unchecked = new ArrayList<>();
        for (Discrepancy d : before.values()) {
            if (after.containsKey(d.key())) continue;
            boolean compared = okTonight.contains(runKey(d, d.pair().a()))
                    && okTonight.contains(runKey(d, d.pair().b()));
            (compared ? gone : unchecked).add(d);
        }
        return new BaselineDiff(baselineName, added, gone, persisting, unchecked);
    }

    // The same spelling as Outcome.key(), so one set lookup says whether that side printed a result tonight.
    private static String runKey(Discrepancy d, Platform p) {
        return Outcome.key(d.program(), d.input(), p);
    }

    private static Map<String, Discrepancy> index(List<Discrepancy> ds) {
        Map<String, Discrepancy> m = new LinkedHashMap<>();
        for (Discrepancy d : ds) m.put(d.key(), d);
        return m;
    }
}
