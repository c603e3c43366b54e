package org.fparity.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.PairSummary;
import org.fparity.compare.Verdict;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome.Status;

/**
 * {@code metrics.txt} in the OpenMetrics text format, for GitLab's metrics report (it compares each line with the
 * target branch). Gauges, because each value describes this campaign rather than counting up across campaigns.
 */
final class OpenMetrics {
    private OpenMetrics() {}

    static String render(Report r) {
        StringBuilder sb = new StringBuilder();
        String campaign = r.campaign().name();
        Verdict v = r.verdict();
        family(
                sb,
                "fparity_cases",
                "Cases (one program on one input): all, those that disagree across platforms, those with an unstable platform.");
        states(
                sb,
                "fparity_cases",
                Map.of("campaign", campaign),
                "state",
                List.of("all", "discrepant", "unstable"),
                List.of(v.count().cases(), v.count().discrepant(), v.count().unstable()));
        if (r.causes() != null) causes(sb, campaign, r.causes());
        if (!r.acceptance().policy().isEmpty()) {
            family(
                    sb,
                    "fparity_accepted_cases",
                    "Disagreeing cases the acceptance policy accepted: within a pair's tolerance, or of an expected cause.");
            states(
                    sb,
                    "fparity_accepted_cases",
                    Map.of("campaign", campaign),
                    "by",
                    List.of("tolerance", "expected_cause"),
                    List.of(r.acceptance().byTolerance(), r.acceptance().byCause()));
        }
        family(sb, "fparity_runs", "Runs per toolchain, opt level and how they ended.");
        r.findings().runs().forEach((p, m) -> {
            for (Status s : Status.values()) {
                // The toolchain label is the lane (gcc@lumi on a cluster), so two sites' samples stay distinct.
                sample(
                        sb,
                        "fparity_runs",
                        Map.of(
                                "campaign",
                                campaign,
                                "toolchain",
                                p.lane(),
                                "opt",
                                p.opt(),
                                "status",
                                s.name().toLowerCase(Locale.ROOT)),
                        m.getOrDefault(s, 0));
            }
        });
        Map<org.fparity.exec.Platform, int[]> per = new TreeMap<>();
        for (org.fparity.exec.Platform p : r.findings().runs().keySet()) per.put(p, new int[2]);
        for (Verdict.Rank k : v.ranking()) {
            int[] a = per.computeIfAbsent(k.platform(), x -> new int[2]);
            a[0] = k.oddOneOut();
            a[1] = k.unstable();
        }
        family(
                sb,
                "fparity_odd_one_out_cases",
                "Cases in which this platform's answer differs from the majority of stable platforms.");
        per.forEach((p, a) -> sample(
                sb,
                "fparity_odd_one_out_cases",
                Map.of("campaign", campaign, "toolchain", p.lane(), "opt", p.opt()),
                a[0]));
        family(
                sb,
                "fparity_unstable_cases",
                "Cases in which this platform gave different results on reruns of the same binary and input.");
        per.forEach((p, a) -> sample(
                sb,
                "fparity_unstable_cases",
                Map.of("campaign", campaign, "toolchain", p.lane(), "opt", p.opt()),
                a[1]));
        family(
                sb,
                "fparity_compared_runs",
                "Cases both platforms of a pair printed a result for (detail: pair × case).");
        for (PairSummary s : r.findings().pairs())
            sample(sb, "fparity_compared_runs", pairLabels(campaign, s), s.compared());
        family(
                sb,
                "fparity_discrepancies",
                "Cases on which the two platforms of a pair differ, per class (detail: pair × case).");
        for (PairSummary s : r.findings().pairs()) {
            for (DiscrepancyClass c : DiscrepancyClass.values()) {
                Map<String, String> l = new TreeMap<>(pairLabels(campaign, s));
                l.put("class", c.id());
                sample(sb, "fparity_discrepancies", l, s.count(c));
            }
        }
        family(
                sb,
                "fparity_status_mismatches",
                "Cases that ended differently (crash, timeout, compile error) on the two platforms of a pair.");
        for (PairSummary s : r.findings().pairs())
            sample(sb, "fparity_status_mismatches", pairLabels(campaign, s), s.statusMismatches());
        if (r.baseline() != null) {
            String b = r.baseline().baselineName();
            family(
                    sb,
                    "fparity_baseline_cases",
                    "Disagreeing cases against the baseline: new, persisting, gone, unchecked (no result on both sides tonight).");
            states(
                    sb,
                    "fparity_baseline_cases",
                    Map.of("campaign", campaign, "baseline", b),
                    "state",
                    List.of("new", "persisting", "gone", "unchecked"),
                    List.of(
                            v.against().added().size(),
                            v.against().persisting().size(),
                            v.against().gone().size(),
                            v.against().unchecked().size()));
            family(
                    sb,
                    "fparity_baseline_discrepancies",
                    "Disagreeing platform pairs (pair × case) against the baseline: new, disappeared, persisting, unchecked.");
            states(
                    sb,
                    "fparity_baseline_discrepancies",
                    Map.of("campaign", campaign, "baseline", b),
                    "state",
                    List.of("new", "disappeared", "persisting", "unchecked"),
                    List.of(
                            r.baseline().added().size(),
                            r.baseline().disappeared().size(),
                            r.baseline().persisting().size(),
                            r.baseline().unchecked().size()));
        }
        return sb.append("# EOF\n").toString();
    }

    /** One series per root cause (its cases, labelled by its key and state), and the causes counted by state. */
    private static void causes(StringBuilder sb, String campaign, CauseVerdict cv) {
        family(
                sb,
                "fparity_root_causes",
                "Root causes (fparity triage) by state: new against the baseline, known, accepted by the policy, all.");
        states(
                sb,
                "fparity_root_causes",
                Map.of("campaign", campaign),
                "state",
                List.of("all", "new", "accepted"),
                List.of(cv.rows().size(), cv.fresh().size(), cv.accepted().size()));
        family(
                sb,
                "fparity_root_cause_cases",
                "Cases (program × input) a root cause explains; the cause label is its key, stable across nights.");
        for (CauseVerdict.Row row : cv.rows()) {
            String state = cv.state(row);
            sample(
                    sb,
                    "fparity_root_cause_cases",
                    Map.of(
                            "campaign",
                            campaign,
                            "cause",
                            row.cause().key(),
                            "kind",
                            row.cause().kind().label(),
                            "family",
                            row.cause().family(),
                            "state",
                            state),
                    row.cause().cases());
        }
    }

    /** campaign, pair ({@code gcc@O2:clang-19@O2}), toolchain (a's lane), opt (the row: b's level), kind, precision. */
    private static Map<String, String> pairLabels(String campaign, PairSummary s) {
        return Map.of(
                "campaign",
                campaign,
                "pair",
                s.pair().id(),
                "toolchain",
                s.pair().a().lane(),
                "opt",
                s.pair().row(),
                "kind",
                s.pair().kind().name().toLowerCase(Locale.ROOT),
                "precision",
                s.precision().id());
    }

    private static void family(StringBuilder sb, String name, String help) {
        sb.append("# TYPE ").append(name).append(" gauge\n");
        sb.append("# HELP ")
                .append(name)
                .append(' ')
                .append(help.replace("\\", "\\\\").replace("\n", "\\n"))
                .append('\n');
    }

    private static void sample(StringBuilder sb, String name, Map<String, String> labels, long value) {
        sb.append(name).append('{');
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
            if (!first) sb.append(',');
            first = false;
            sb.append(e.getKey())
                    .append("=\"")
                    .append(e.getValue()
                            .replace("\\", "\\\\")
                            .replace("\"", "\\\"")
                            .replace("\n", "\\n"))
                    .append('"');
        }
        sb.append("} ").append(value).append('\n');
    }

    /**
     * One sample per value of one label ({@code key}: the state, the reason), each with the family's other labels
     * ({@code labels}) too.
     */
    private static void states(
            StringBuilder sb,
            String name,
            Map<String, String> labels,
            String key,
            List<String> values,
            List<? extends Number> counts) {
        for (int i = 0; i < values.size(); i++) {
            Map<String, String> l = new TreeMap<>(labels);
            l.put(key, values.get(i));
            sample(sb, name, l, counts.get(i).longValue());
        }
    }
}
