package org.fparity.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.compare.Cases;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.StatusMismatch;

/**
 * The verdict counted in root causes ({@code causes.json}, written by {@code fparity triage}): each cause with the cases
 * it explains here, whether it is new against the baseline's causes (compared by key, so a night that finds only
 * causes seen before is green), and whether the acceptance policy accepts it; the disagreeing cases no cause explains.
 *
 * @param baseline  the baseline's name, or null without one
 * @param known     the baseline's cause keys, or null when there is no baseline or it was not triaged (then new and
 *                  known cannot be told apart, and the verdict is counted in cases)
 * @param rows      the causes, most cases first
 * @param gone      the baseline's causes not found here
 * @param untriaged disagreeing cases (and cases that ended differently) that no cause lists
 */
public record CauseVerdict(
        Causes causes,
        String baseline,
        Set<String> known,
        List<Row> rows,
        List<RootCause> gone,
        Set<String> untriaged) {
    /** Causes shown first in every report. */
    public static final int TOP = 5;

    /**
     * One cause here.
     *
     * @param isNew    not among the baseline's causes (false when there is none to compare with)
     * @param accepted why the acceptance policy accepts it, or null
     * @param cases    the case keys ({@code program/input}) of this campaign it explains
     */
    public record Row(RootCause cause, boolean isNew, String accepted, Set<String> cases) {
        /**
         * Makes the verdict red by its key: not accepted, and new against the baseline's causes (any cause, without a
         * baseline). An undecided cause never does by its key (its key names what is not known, not a cause): its cases
         * are judged one by one, as cases no cause explains are.
         */
        boolean red(boolean againstBaseline) {
            return accepted == null && !undecided() && (!againstBaseline || isNew);
        }

        /** Triage could not decide what is behind these cases. */
        public boolean undecided() {
            return cause.kind() == RootCause.Kind.UNDECIDED;
        }
    }

    public CauseVerdict {
        rows = List.copyOf(rows);
        gone = List.copyOf(gone);
        untriaged = java.util.Collections.unmodifiableSet(new TreeSet<>(untriaged));
        known = known == null ? null : Set.copyOf(known);
    }

    /** The id {@code reduce --discrepancy} and causes.json use for a disagreeing pair × case. */
    static String idOf(Discrepancy d) {
        return org.fparity.confirm.DiscrepancyId.of(
                d.program(), d.input(), d.pair().a().label(), d.pair().b().label(), d.cls());
    }

    /** Each listed discrepancy id (value discrepancies and runs that ended differently) → its cause. */
    static Map<String, RootCause> causeOf(Causes causes) {
        Map<String, RootCause> out = new HashMap<>();
        if (causes != null)
            for (RootCause c : causes.causes()) for (String id : c.discrepancies()) out.putIfAbsent(id, c);
        return out;
    }

    /**
     * Tonight's causes against the baseline's ({@code before}: null when the baseline was not triaged or there is
     * none), with what the policy accepted.
     */
    static CauseVerdict of(
            Causes now, String baselineName, Causes before, Findings f, List<Cases.Case> cases, Acceptance acceptance) {
        Map<String, Set<String>> casesOf = new HashMap<>();
        Set<String> covered = new java.util.HashSet<>();
        Map<String, RootCause> causeOf = causeOf(now);
        for (Discrepancy d : f.discrepancies()) {
            RootCause c = causeOf.get(idOf(d));
            if (c == null) continue;
            casesOf.computeIfAbsent(c.key(), k -> new TreeSet<>()).add(d.program() + "/" + d.input());
            covered.add(d.program() + "/" + d.input());
        }
        Set<String> endedDifferently = new TreeSet<>();
        for (StatusMismatch m : f.mismatches()) {
            String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
            String key = m.program() + "/" + m.input();
            RootCause c = id == null ? null : causeOf.get(id);
            if (c == null) {
                if (id != null) endedDifferently.add(key);
                continue;
            }
            casesOf.computeIfAbsent(c.key(), k -> new TreeSet<>()).add(key);
            covered.add(key);
        }
        Set<String> known = before == null
                ? null
                : new LinkedHashSet<>(
                        before.causes().stream().map(RootCause::key).toList());
        List<Row> rows = new ArrayList<>();
        for (RootCause c : now.causes()) {
            Set<String> mine = casesOf.getOrDefault(c.key(), Set.of());
            String accepted = null;
            AcceptancePolicy.Expected e = acceptance.policy().expected(c);
            if (e != null) accepted = Acceptance.expectedWhy(c, e);
            else if (!mine.isEmpty() && mine.stream().allMatch(acceptance.cases()::containsKey))
                accepted = "every case within tolerance";
            rows.add(new Row(c, known != null && !known.contains(c.key()), accepted, mine));
        }
        List<RootCause> gone = new ArrayList<>();
        if (before != null) {
            Set<String> here = new java.util.HashSet<>(
                    now.causes().stream().map(RootCause::key).toList());
            for (RootCause c : before.causes()) if (!here.contains(c.key())) gone.add(c);
        }
        Set<String> untriaged = new TreeSet<>();
        for (Cases.Case c : cases) if (c.discrepant() && !covered.contains(c.key())) untriaged.add(c.key());
        for (String k : endedDifferently) if (!covered.contains(k)) untriaged.add(k);
        return new CauseVerdict(now, baselineName, known, rows, gone, untriaged);
    }

    /** True when the verdict can be counted in causes: there is no baseline, or the baseline was triaged too. */
    public boolean compared() {
        return baseline == null || known != null;
    }

    /** The cases of undecided causes: judged as cases, like {@link #untriaged}. */
    public Set<String> undecidedCases() {
        Set<String> out = new TreeSet<>();
        for (Row r : rows) if (r.undecided() && r.accepted() == null) out.addAll(r.cases());
        return out;
    }

    /** The causes that make the verdict red. */
    public List<Row> red() {
        return rows.stream().filter(r -> r.red(baseline != null)).toList();
    }

    /** Decided causes the baseline did not have (an undecided one is not counted: its key is no identity). */
    public List<Row> fresh() {
        return rows.stream().filter(r -> r.isNew() && !r.undecided()).toList();
    }

    /** A cause's state in words: accepted, undecided, new, known (against a triaged baseline), or found (no baseline to compare with). */
    public String state(Row r) {
        if (r.accepted() != null) return "accepted";
        if (r.undecided()) return "undecided";
        if (r.isNew()) return "new";
        return baseline != null && compared() ? "known" : "found";
    }

    public List<Row> accepted() {
        return rows.stream().filter(r -> r.accepted() != null).toList();
    }
}
