package org.fparity.report;

import java.util.List;
import java.util.Map;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.PairSummary;
import org.fparity.compare.StatusMismatch;
import org.fparity.compare.Verdict;

/**
 * What {@code fparity compare} prints on a terminal: the verdict, the causes, the top cases one line each, and the line
 * that says how to see the detail; with {@code --detail} also the same tables as summary.md, as aligned text.
 */
final class TextReport {
    static final int TOP = 10;

    private TextReport() {}

    /** Top cases listed without {@code --detail}. */
    static final int SHORT_TOP = 5;

    static String render(Report r, boolean detail) {
        StringBuilder sb = new StringBuilder();
        sb.append("campaign ")
                .append(r.campaign().name())
                .append(": ")
                .append(VerdictText.headline(r))
                .append('\n');
        if (r.verdict().broken() != null)
            sb.append("  broken campaign: ").append(r.verdict().broken()).append('\n');
        if (r.causes() != null) {
            sb.append("root causes (most cases first):\n");
            for (String line : CauseText.lines(
                    r.causes(),
                    r.campaign()
                            .provenance()
                            .getOrDefault("folder", r.campaign().name())))
                sb.append("  ").append(line).append('\n');
        }
        for (String line : VerdictText.lines(r)) sb.append("  ").append(line).append('\n');
        List<Verdict.Rank> rank = r.verdict().ranking();
        if (!rank.isEmpty()) {
            sb.append("odd one out (cases):");
            for (Verdict.Rank k : rank.subList(0, Math.min(5, rank.size())))
                sb.append("  ").append(k.platform()).append(' ').append(k.oddOneOut());
            sb.append('\n');
        }
        if (!detail) {
            shortEnd(sb, r);
            return sb.toString();
        }
        sb.append("\ndetail, per platform pair (pair × case):\n\n");
        sb.append(Tables.summary(r.campaign(), r.findings()).toText()).append('\n');
        sb.append(Tables.runs(r.findings().runs()).toText()).append('\n');
        for (Map.Entry<String, List<PairSummary>> e : r.findings().series().entrySet()) {
            sb.append("== ")
                    .append(e.getKey())
                    .append('\n')
                    .append(Tables.perClass(e.getValue()).toText())
                    .append('\n');
            if (e.getValue().stream().anyMatch(s -> s.discrepancies() > 0)) {
                sb.append(Tables.paperMatrices(e.getValue()).toText()).append('\n');
            }
        }
        if (r.baseline() != null) {
            sb.append(Tables.baseline(r.baseline()).toText()).append('\n');
            List<Discrepancy> added = r.baseline().added().stream()
                    .sorted(Report.SEVERITY)
                    .limit(TOP)
                    .toList();
            if (!added.isEmpty())
                sb.append("new:\n").append(Tables.discrepancies(added).toText()).append('\n');
        }
        List<Report.Top> top = r.top(TOP);
        if (!top.isEmpty())
            sb.append("top discrepancies:\n").append(Tables.top(top).toText()).append('\n');
        List<StatusMismatch> ms = r.findings().mismatches();
        for (StatusMismatch m : ms.subList(0, Math.min(TOP, ms.size()))) {
            sb.append(m.program())
                    .append(" input ")
                    .append(m.input())
                    .append(": ")
                    .append(m.describe())
                    .append('\n');
        }
        if (ms.size() > TOP) sb.append("… and ").append(ms.size() - TOP).append(" more runs that ended differently\n");
        return sb.toString();
    }

    /**
     * The top cases one line each and how to see the rest (the runs that ended differently are a count among the
     * verdict's facts, with the first one's reduce command).
     */
    private static void shortEnd(StringBuilder sb, Report r) {
        List<Verdict.TopCase> top = r.verdict().top();
        if (!top.isEmpty()) {
            sb.append("top cases (one per class in turn):\n");
            int n = 0;
            for (Verdict.TopCase t : top.subList(0, Math.min(SHORT_TOP, top.size()))) {
                String gap = VerdictText.gap(t);
                sb.append("  ")
                        .append(++n)
                        .append(". ")
                        .append(t.c().program())
                        .append(" input ")
                        .append(t.c().input())
                        .append(": ")
                        .append(t.cls().label())
                        .append(gap == null ? "" : ", " + gap)
                        .append(" (")
                        .append(t.pair())
                        .append("); ")
                        .append(VerdictText.reproduce(r, t))
                        .append('\n');
            }
            // top keeps at most Verdict.TOP_KEPT cases; the count is of every disagreeing case
            int disagreeing = r.verdict().count().discrepant();
            if (disagreeing > SHORT_TOP)
                sb.append("  … ")
                        .append(VerdictText.cases(disagreeing - SHORT_TOP))
                        .append(" more that disagree: report.json lists every one\n");
        }
        long compared =
                r.findings().pairs().stream().mapToLong(s -> s.compared()).sum();
        sb.append("detail: ")
                .append(r.findings().discrepancies().size())
                .append(" disagreeing platform pairs among ")
                .append(compared)
                .append(
                        " compared (pair × case); per-pair tables, adjacency matrices, top discrepancies and the runs that ended differently with --detail\n");
    }
}
