package org.fparity.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.attribution.RootCause;
import org.fparity.compare.Cases;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.StatusMismatch;

/**
 * What an {@link AcceptancePolicy} accepted in one campaign: each disagreeing platform pair (pair × case) within its
 * pair's tolerance or explained by an expected cause, each run that ended differently explained by an expected cause,
 * and the cases all of whose disagreements were accepted. Accepted findings are still listed everywhere; they no
 * longer make the verdict red.
 *
 * @param discrepancies by {@link Discrepancy#key()}, why it was accepted
 * @param mismatches    by discrepancy id of the run that ended differently, why it was accepted
 * @param cases         by case key ({@code program/input}), why it was accepted (its first pair's reason)
 * @param byTolerance   accepted cases whose every pair is within tolerance
 * @param byCause       accepted cases with a pair accepted only as an expected cause
 */
public record Acceptance(
        AcceptancePolicy policy,
        Map<String, String> discrepancies,
        Map<String, String> mismatches,
        Map<String, String> cases,
        int byTolerance,
        int byCause) {
    public static final Acceptance NONE = new Acceptance(AcceptancePolicy.NONE, Map.of(), Map.of(), Map.of(), 0, 0);

    public Acceptance {
        discrepancies = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(discrepancies));
        mismatches = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mismatches));
        cases = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(cases));
    }

    /**
     * Applies the policy to the findings; {@code causeOf} names the root cause of a discrepancy id (empty without
     * causes.json).
     */
    static Acceptance of(AcceptancePolicy policy, Findings f, List<Cases.Case> cases, Map<String, RootCause> causeOf) {
        if (policy.isEmpty()) return new Acceptance(policy, Map.of(), Map.of(), Map.of(), 0, 0);
        Map<String, String> ds = new LinkedHashMap<>();
        Map<String, List<Discrepancy>> perCase = new HashMap<>();
        for (Discrepancy d : f.discrepancies()) {
            perCase.computeIfAbsent(d.program() + "/" + d.input(), k -> new ArrayList<>())
                    .add(d);
            String why = why(policy, d, causeOf);
            if (why != null) ds.put(d.key(), why);
        }
        Map<String, String> ms = new LinkedHashMap<>();
        for (StatusMismatch m : f.mismatches()) {
            String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
            RootCause c = id == null ? null : causeOf.get(id);
            AcceptancePolicy.Expected e = c == null ? null : policy.expected(c);
            if (e != null) ms.put(id, expectedWhy(c, e));
        }
        Map<String, String> accepted = new LinkedHashMap<>();
        int tol = 0, cause = 0;
        for (Cases.Case c : cases) {
            List<Discrepancy> mine = perCase.get(c.key());
            if (!c.discrepant() || mine == null || !mine.stream().allMatch(d -> ds.containsKey(d.key()))) continue;
            accepted.put(c.key(), ds.get(mine.getFirst().key()));
            if (mine.stream().allMatch(d -> policy.tolerance(d) != null)) tol++;
            else cause++;
        }
        return new Acceptance(policy, ds, ms, accepted, tol, cause);
    }

    private static String why(AcceptancePolicy policy, Discrepancy d, Map<String, RootCause> causeOf) {
        AcceptancePolicy.Tolerance t = policy.tolerance(d);
        if (t != null) return "within tolerance: " + t.describe();
        RootCause c = causeOf.get(CauseVerdict.idOf(d));
        AcceptancePolicy.Expected e = c == null ? null : policy.expected(c);
        return e == null ? null : expectedWhy(c, e);
    }

    static String expectedWhy(RootCause c, AcceptancePolicy.Expected e) {
        return "expected cause (" + e.describe() + "): " + e.reason();
    }

    public boolean accepts(Discrepancy d) {
        return discrepancies.containsKey(d.key());
    }

    public boolean accepts(StatusMismatch m) {
        String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
        return id != null && mismatches.containsKey(id);
    }

    /** {@code accepted by policy.json: 12 cases (10 within tolerance, 2 expected causes)}, or null when nothing was. */
    String summary() {
        if (policy.isEmpty()) return null;
        StringBuilder sb = new StringBuilder("accepted by " + policy.source() + ": " + VerdictText.cases(cases.size()));
        sb.append(" (")
                .append(byTolerance)
                .append(" within tolerance, ")
                .append(byCause)
                .append(" of expected causes)");
        if (!mismatches.isEmpty())
            sb.append(", ").append(mismatches.size()).append(" runs that ended differently of expected causes");
        List<String> rules = new ArrayList<>();
        for (AcceptancePolicy.Tolerance t : policy.tolerances()) rules.add(t.describe());
        for (AcceptancePolicy.Expected e : policy.expected()) rules.add("expected " + e.describe());
        sb.append("; rules: ").append(String.join("; ", rules)).append(" — accepted cases stay in the detail");
        return sb.toString();
    }
}
