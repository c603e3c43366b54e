package org.fparity.report;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.DiscrepancyClass;
import org.fparity.compare.PairSummary;
import org.fparity.exec.Outcome.Status;

/**
 * {@code metrics.txt} in the OpenMetrics text format, for GitLab's metrics report (it compares each line with the
 * target branch). Gauges, because each value describes this campaign rather than counting up across campaigns.
 */
final class OpenMetrics {
    private OpenMetrics() {}

    static String render(Report r) {
        StringBuilder sb = new StringBuilder();
        family(sb, "fparity_runs", "Runs per toolchain, opt level and how they ended.");
        r.findings().runs().forEach((p, m) -> {
            for (Status s : Status.values()) {
                // The toolchain label is the lane (gcc@lumi on a cluster), so two sites' samples stay distinct.
                sample(sb, "fparity_runs", Map.of("toolchain", p.lane(), "opt", p.opt(), "status", s.name().toLowerCase(Locale.ROOT)), m.getOrDefault(s, 0));
            }
        });
        // Summed over pairs of one kind, so the line set stays the same size however many toolchains a campaign has.
        Map<String, int[]> disc = new TreeMap<>();
        Map<String, int[]> other = new TreeMap<>();
        for (PairSummary s : r.findings().pairs()) {
            String k = s.pair().kind().name().toLowerCase(Locale.ROOT) + "\n" + s.pair().row() + "\n" + s.precision().id();
            int[] d = disc.computeIfAbsent(k, x -> new int[DiscrepancyClass.values().length]);
            for (DiscrepancyClass c : DiscrepancyClass.values()) d[c.ordinal()] += s.count(c);
            int[] o = other.computeIfAbsent(k, x -> new int[2]);
            o[0] += s.compared();
            o[1] += s.statusMismatches();
        }
        family(sb, "fparity_compared_runs", "Runs both sides of a pair finished, summed over pairs of one kind (toolchains or opt_levels) per opt level and precision.");
        other.forEach((k, o) -> sample(sb, "fparity_compared_runs", labels(k), o[0]));
        family(sb, "fparity_discrepancies", "Discrepancies per class, summed over pairs of one kind per opt level and precision.");
        disc.forEach((k, d) -> {
            for (DiscrepancyClass c : DiscrepancyClass.values()) {
                Map<String, String> l = new TreeMap<>(labels(k));
                l.put("class", c.id());
                sample(sb, "fparity_discrepancies", l, d[c.ordinal()]);
            }
        });
        family(sb, "fparity_status_mismatches", "Runs that ended differently (crash, timeout, compile error) on the two sides of a pair.");
        other.forEach((k, o) -> sample(sb, "fparity_status_mismatches", labels(k), o[1]));
        if (r.baseline() != null) {
            family(sb, "fparity_baseline_discrepancies", "Discrepancies against the baseline: new, disappeared, persisting, unchecked (run did not finish on both sides tonight).");
            sample(sb, "fparity_baseline_discrepancies", Map.of("baseline", r.baseline().baselineName(), "state", "new"), r.baseline().added().size());
            sample(sb, "fparity_baseline_discrepancies", Map.of("baseline", r.baseline().baselineName(), "state", "disappeared"), r.baseline().disappeared().size());
            sample(sb, "fparity_baseline_discrepancies", Map.of("baseline", r.baseline().baselineName(), "state", "persisting"), r.baseline().persisting().size());
            sample(sb, "fparity_baseline_discrepancies", Map.of("baseline", r.baseline().baselineName(), "state", "unchecked"), r.baseline().unchecked().size());
        }
        return sb.append("# EOF\n").toString();
    }

    private static Map<String, String> labels(String key) {
        String[] kv = key.split("\n", 3);
        return Map.of("kind", kv[0], "opt", kv[1], "precision", kv[2]);
    }

    private static void family(StringBuilder sb, String name, String help) {
        sb.append("# TYPE ").append(name).append(" gauge\n");
        sb.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
    }

    private static void sample(StringBuilder sb, String name, Map<String, String> labels, long value) {
        sb.append(name).append('{');
        boolean first = true;
        for (Map.Entry<String, String> e : new TreeMap<>(labels).entrySet()) {
            if (!first) sb.append(',');
            first = false;
            sb.append(e.getKey()).append("=\"").append(e.getValue().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n")).append('"');
        }
        sb.append("} ").append(value).append('\n');
    }
}
