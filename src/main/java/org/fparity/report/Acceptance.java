package org.fparity.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.attribution.RootCause;
import org.fparity.compare.ByCase;
import org.fparity.compare.Cases;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.StatusMismatch;

/**
 * What an {@link AcceptancePolicy} accepted in one campaign: each disagreeing platform pair (pair × case) within its
 * pair's tolerance or explained by an expected cause, each run that ended differently explained by an expected cause,
 * and the cases all of whose disagreements were accepted. Accepted findings are still listed everywhere; they no
 * longer make the verdict red. Memory: a bit per accepted case, and a reason number per case only where reasons differ
 * ({@link AcceptedCases}; the discrepancies are judged case by case as the comparison wrote them, {@link ByCase},
 * never grouped or kept).
 *
 * @param mismatches    by discrepancy id of the run that ended differently, why it was accepted
 * @param cases         by case key ({@code program/input}), why it was accepted (its first pair's reason)
 * @param byTolerance   accepted cases whose every pair is within tolerance
 * @param byCause       accepted cases with a pair accepted only as an expected cause
 */
public record Acceptance(
        AcceptancePolicy policy, Map<String, String> mismatches, AcceptedCases cases, int byTolerance, int byCause) {
    public static final Acceptance NONE = new Acceptance(AcceptancePolicy.NONE, Map.of(), AcceptedCases.NONE, 0, 0);

    public Acceptance {
        mismatches = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(mismatches));
        if (cases == null) cases = AcceptedCases.NONE;
    }

    /**
     * Applies the policy to the findings; {@code causeOf} names the root cause of a discrepancy id (empty without
     * causes.json).
     */
    static Acceptance of(AcceptancePolicy policy, Findings f, List<Cases.Case> cases, Map<String, RootCause> causeOf) {
        if (policy.isEmpty()) return new Acceptance(policy, Map.of(), AcceptedCases.NONE, 0, 0);
        Map<String, String> ms = new LinkedHashMap<>();
        for (StatusMismatch m : f.mismatches()) {
            String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
            RootCause c = id == null ? null : causeOf.get(id);
            AcceptancePolicy.Expected e = c == null ? null : policy.expected(c);
            if (e != null) ms.put(id, expectedWhy(c, e));
        }
        // each case's discrepancies as the comparison wrote them, beside the cases: one case's at a time
        ByCase<Discrepancy> perCase = ByCase.discrepancies(f.discrepancies());
        AcceptedCases accepted = new AcceptedCases();
        int[] counts = {0, 0}; // within tolerance, of expected causes
        Cases.forEach(cases, c -> {
            List<Discrepancy> mine = perCase.at(c.program(), c.input());
            if (!c.discrepant() || mine.isEmpty()) return;
            String first = null;
            boolean all = true;
            for (Discrepancy d : mine) {
                String why = why(policy, d, causeOf);
                if (why == null) {
                    all = false;
                    break;
                }
                if (first == null) first = why;
            }
            if (!all) return;
            accepted.add(c.program(), c.input(), first);
            if (mine.stream().allMatch(d -> policy.tolerance(d) != null)) counts[0]++;
            else counts[1]++;
        });
        return new Acceptance(policy, ms, accepted, counts[0], counts[1]);
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
