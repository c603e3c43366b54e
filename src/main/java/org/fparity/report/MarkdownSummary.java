package org.fparity.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.PairSummary;
import org.fparity.compare.StatusMismatch;

/** {@code summary.md}: the report for a merge request or a mail — counts, the paper's tables, the worst cases. */
final class MarkdownSummary {
    static final int TOP = 20;

    private MarkdownSummary() {}

    static String render(Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append("# fparity report: ").append(r.campaign().name()).append("\n\n");
        sb.append("Generated ").append(r.generated()).append(" · ")
                .append(r.findings().totalRuns()).append(" runs · ")
                .append(r.findings().discrepancies().size()).append(" discrepancies · ")
                .append(r.findings().mismatches().size()).append(" runs that ended differently\n\n");
        sb.append(facts("Host", r.campaign().host())).append(facts("Versions", r.campaign().versions()));
        sb.append("## Summary\n\n").append(Tables.summary(r.campaign(), r.findings()).toMarkdown()).append('\n');
        sb.append("## Runs\n\n").append(Tables.runs(r.findings().runs()).toMarkdown()).append('\n');
        if (r.baseline() != null) sb.append("## Against the baseline\n\n").append(Tables.baseline(r.baseline()).toMarkdown()).append('\n');
        sb.append("## Discrepancies per opt level\n\n");
        sb.append("Classes ignore the sign of NaN and zero; +Inf vs −Inf is counted apart. ")
                .append("\"Status diff\" counts runs that ended differently (crash, timeout, compile error) on the two sides; ")
                .append("\"Not compared\" counts runs a side could not run here (CANNOT_RUN), has no outcome for yet, or that failed alike on both.\n\n");
        for (Map.Entry<String, List<PairSummary>> e : r.findings().series().entrySet()) {
            sb.append("### ").append(e.getKey()).append("\n\n").append(Tables.perClass(e.getValue()).toMarkdown()).append('\n');
            if (e.getValue().stream().anyMatch(s -> s.discrepancies() > 0)) {
                sb.append("Adjacency matrices (rows: the first platform's class; \"x, y\": x with the first platform in the row class, ")
                        .append("y the other way round; the Inf diagonal counts +Inf vs −Inf):\n\n")
                        .append(Tables.paperMatrices(e.getValue()).toMarkdown()).append('\n');
            }
        }
        List<Report.Top> top = r.top(TOP);
        if (!top.isEmpty()) {
            sb.append("## Top ").append(top.size()).append(" discrepancies\n\n").append(Tables.top(top).toMarkdown()).append('\n');
        }
        sb.append(reproducers(r, org.fparity.reduce.Bundles.DEFAULT_ROOT));
        if (!r.findings().mismatches().isEmpty()) {
            sb.append("## Runs that ended differently\n\n");
            List<StatusMismatch> ms = r.findings().mismatches();
            for (StatusMismatch m : ms.subList(0, Math.min(TOP, ms.size()))) {
                sb.append("- `").append(m.program()).append("` input ").append(m.input()).append(": ").append(m.describe().replace("|", "\\|")).append('\n');
            }
            if (ms.size() > TOP) sb.append("- … and ").append(ms.size() - TOP).append(" more (see report.json)\n");
            sb.append('\n');
        }
        return sb.toString();
    }

    /** Discrepancies that {@code fparity reduce} bundled: the bundle's folder, its first diverging operation and the truth. */
    static String reproducers(Report r, java.nio.file.Path root) {
        List<org.fparity.reduce.Bundles.Linked> ls = org.fparity.reduce.Bundles.linked(root, r.findings().discrepancies());
        if (ls.isEmpty()) return "";
        StringBuilder sb = new StringBuilder("## Reduced reproducers\n\n");
        for (org.fparity.reduce.Bundles.Linked l : ls) {
            Discrepancy d = l.discrepancy();
            sb.append("- `").append(l.id()).append("` (`").append(d.program()).append("` input ").append(d.input()).append(", ").append(d.pair()).append(", ")
                    .append(d.cls().label()).append("): bundle `").append(l.link().dir()).append("/`");
            if (l.link().firstDivergence() != null) sb.append("; first diverging operation: ").append(l.link().firstDivergence().replace("|", "\\|"));
            if (l.link().truth() != null) sb.append("; correctly rounded result `").append(l.link().truth()).append('`');
            sb.append('\n');
        }
        return sb.append('\n').toString();
    }

    private static String facts(String title, Map<String, String> m) {
        if (m.isEmpty()) return "";
        StringBuilder sb = new StringBuilder("**").append(title).append(":** ");
        new TreeMap<>(m).forEach((k, v) -> sb.append(k).append(" = `").append(v.replace("`", "'")).append("`; "));
        sb.setLength(sb.length() - 2);
        return sb.append("\n\n").toString();
    }
}
