package org.fparity.report;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Verdict;

/**
 * Which discrepancies report.json lists (issue 31): every one when the campaign has at most {@link #LIMIT}, else only
 * the top ones, so that the file and its making stop growing with the campaign (666,000 at 10^7 runs, 440 MB and a
 * third of report's own time); the counts stay exact, and {@code report --discrepancies FILE} writes every one.
 *
 * <p>The top ones: those report.html shows, its top discrepancies ({@link Report#top}, {@link HtmlReport#TOP} of them,
 * the worst runs of each class in turn) and the one each of its top cases names ({@link Verdict.TopCase#discrepancyId},
 * the first {@link Verdict#TOP}, report.json's "top_cases"), and every one that {@code fparity reduce} gave a verdict
 * or a bundle (decided by its id as it is written: {@link JsonReport}).
 *
 * <p>The verdict's "discrepant_case_list" (259,098 cases at 10^7 runs, 166 MB) follows the same rule over the number of
 * discrepant cases: beyond {@link #LIMIT}, the cases of the top ones above (but reduce's); {@code report --cases FILE}
 * writes every case.
 */
final class ListedDiscrepancies {
    /** report.json lists every discrepancy of a campaign that has at most this many; beyond it the top ones only. */
    static final int LIMIT = 100_000;

    private final boolean all;
    /** Whether the verdict's "discrepant_case_list" lists every discrepant case, else only the top ones' cases. */
    private final boolean allCases;
    /** The top ones' ids. */
    private final Set<String> ids = new HashSet<>();
    /** Their cases, program → inputs: the id (a SHA-256) is made only for a discrepancy of one of them. */
    private final Map<String, Set<Integer>> cases = new HashMap<>();

    /** What report.json lists of the report's discrepancies, with {@code limit} in place of {@link #LIMIT}. */
    ListedDiscrepancies(Report r, int limit) {
        all = r.findings().discrepancies().size() <= limit;
        allCases = r.verdict().count().discrepant() <= limit;
        if (all && allCases) return;
        for (Report.Top t : r.top(HtmlReport.TOP)) {
            Discrepancy d = t.discrepancy();
            add(
                    d.program(),
                    d.input(),
                    org.fparity.confirm.DiscrepancyId.of(
                            d.program(),
                            d.input(),
                            d.pair().a().label(),
                            d.pair().b().label(),
                            d.cls()));
        }
        List<Verdict.TopCase> top = r.verdict().top();
        for (Verdict.TopCase t : top.subList(0, Math.min(Verdict.TOP, top.size())))
            if (t.discrepancyId() != null) add(t.c().program(), t.c().input(), t.discrepancyId());
    }

    private void add(String program, int input, String id) {
        ids.add(id);
        cases.computeIfAbsent(program, k -> new HashSet<>()).add(input);
    }

    /** Whether report.json lists every discrepancy ({@code "discrepancies_listed": "all"}), else the top ones. */
    boolean all() {
        return all;
    }

    /** Whether the discrepancy may be a top one (its case is one of theirs): only then is its id worth making. */
    boolean candidate(Discrepancy d) {
        Set<Integer> in = cases.get(d.program());
        return in != null && in.contains(d.input());
    }

    /** Whether the verdict's "discrepant_case_list" lists every discrepant case ({@code "discrepant_cases_listed"}). */
    boolean allCases() {
        return allCases;
    }

    /** Whether a discrepant case is listed: every one, or beyond the limit one of the top ones' cases. */
    boolean listsCase(String program, int input) {
        if (allCases) return true;
        Set<Integer> in = cases.get(program);
        return in != null && in.contains(input);
    }

    /** Whether the discrepancy of this id is a top one. */
    boolean top(String id) {
        return ids.contains(id);
    }
}
