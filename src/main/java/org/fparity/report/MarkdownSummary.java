package org.fparity.report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.PairSummary;
import org.fparity.compare.StatusMismatch;
import org.fparity.compare.Verdict;
import org.fparity.util.Names;

/** {@code summary.md}: the report for a merge request or a mail — counts, the paper's tables, the worst cases. */
final class MarkdownSummary {
    static final int TOP = 20;

    private MarkdownSummary() {}

    /** Top cases shown without {@code --detail}. */
    static final int SHORT_TOP = 5;

    /** The short summary: verdict, causes, health, odd one out, the top cases, reproducers (what {@code report} writes by default). */
    static String render(Report r) {
        return render(r, false);
    }

    /**
     * @param detail also the per-pair tables, runs per platform, adjacency matrices, top discrepancies per pair, every
     *               top case with its source, and how to make the campaign again ({@code report --detail}); without it
     *               the summary ends with the line that says how to get them
     */
    static String render(Report r, boolean detail) {
        try (CasePass p = CasePass.of(r)) {
            return render(r, detail, p);
        }
    }

    /** As {@link #render(Report, boolean)}, with the walk over the cases made once for every report file. */
    static String render(Report r, boolean detail, CasePass pass) {
        StringBuilder sb = new StringBuilder();
        sb.append("# fparity report: ").append(Markup.md(r.campaign().name())).append("\n\n");
        verdict(sb, r, detail, pass);
        if (!detail) {
            sb.append(reproducers(r, org.fparity.reduce.Bundles.DEFAULT_ROOT));
            String folder = VerdictText.shell(r.campaign()
                    .provenance()
                    .getOrDefault("folder", r.campaign().name()));
            sb.append("Detail — ")
                    .append(r.findings().discrepancies().size())
                    .append(
                            " disagreeing platform pairs (pair × case), per-pair tables, adjacency matrices, every top case with its source, how to make this campaign again: `")
                    .append(Markup.md("bin/fparity report " + folder + " --detail"))
                    .append("`, or report.html.\n");
            return sb.toString();
        }
        sb.append(
                "<details><summary>Details: per-pair counts, runs per platform, adjacency matrices, top discrepancies per pair</summary>\n\n");
        sb.append("Generated ")
                .append(r.generated())
                .append(" · ")
                .append(r.findings().totalRuns())
                .append(" runs · ")
                .append(r.findings().discrepancies().size())
                .append(" disagreeing platform pairs (pair × case) · ")
                .append(r.findings().mismatches().size())
                .append(" pair × case that ended differently\n\n");
        sb.append(facts("Host", r.campaign().host()))
                .append(facts("Versions", r.campaign().versions()));
        sb.append("## Summary\n\n")
                .append(Tables.summary(r.campaign(), r.findings(), pass.programs())
                        .toMarkdown())
                .append('\n');
        sb.append("## Runs\n\n")
                .append(Tables.runs(r.findings().runs()).toMarkdown())
                .append('\n');
        if (r.baseline() != null)
            sb.append("## Against the baseline\n\n")
                    .append(Tables.baseline(r.baseline()).toMarkdown())
                    .append('\n');
        sb.append("## Discrepancies per opt level\n\n");
        sb.append("Classes ignore the sign of NaN and zero; +Inf vs −Inf is counted apart. ")
                .append(
                        "\"Status diff\" counts runs that ended differently (crash, timeout, compile error) on the two sides; ")
                .append(
                        "\"Not compared\" counts runs a side could not run here (CANNOT_RUN), has no outcome for yet, or that failed alike on both.\n\n");
        for (Map.Entry<String, List<PairSummary>> e : r.findings().series().entrySet()) {
            sb.append("### ")
                    .append(Markup.md(e.getKey().toString()))
                    .append("\n\n")
                    .append(Tables.perClass(e.getValue()).toMarkdown())
                    .append('\n');
            if (e.getValue().stream().anyMatch(s -> s.discrepancies() > 0)) {
                sb.append(
                                "Adjacency matrices (rows: the first platform's class; \"x, y\": x with the first platform in the row class, ")
                        .append("y the other way round; the Inf diagonal counts +Inf vs −Inf):\n\n")
                        .append(Tables.paperMatrices(e.getValue()).toMarkdown())
                        .append('\n');
            }
        }
        List<Report.Top> top = r.top(TOP);
        if (!top.isEmpty()) {
            sb.append("## Top ")
                    .append(top.size())
                    .append(" discrepancies\n\n")
                    .append(Tables.top(top).toMarkdown())
                    .append('\n');
        }
        sb.append(reproducers(r, org.fparity.reduce.Bundles.DEFAULT_ROOT));
        if (!r.findings().mismatches().isEmpty()) {
            sb.append("## Runs that ended differently\n\n");
            List<StatusMismatch> ms = r.findings().mismatches();
            String folder = VerdictText.shell(r.campaign()
                    .provenance()
                    .getOrDefault("folder", r.campaign().name()));
            for (StatusMismatch m : ms.subList(0, Math.min(TOP, ms.size()))) {
                String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
                sb.append("- `")
                        .append(Markup.md(m.program()))
                        .append("` input ")
                        .append(m.input())
                        .append(": ")
                        .append(Markup.md(m.describe()))
                        .append(
                                id == null
                                        ? ""
                                        : " (reduce: `"
                                                + Markup.md("bin/fparity reduce " + folder + " --discrepancy " + id)
                                                + "`)")
                        .append('\n');
            }
            if (ms.size() > TOP) sb.append("- … and ").append(ms.size() - TOP).append(" more (see report.json)\n");
            sb.append('\n');
        }
        sb.append("</details>\n");
        return sb.toString();
    }

    /** Discrepancies that {@code fparity reduce} bundled: the bundle's folder, its first diverging operation and the truth. */
    static String reproducers(Report r, java.nio.file.Path root) {
        List<org.fparity.reduce.Bundles.Linked> ls =
                org.fparity.reduce.Bundles.linked(root, r.findings().discrepancies());
        if (ls.isEmpty()) return "";
        StringBuilder sb = new StringBuilder("## Reduced reproducers\n\n");
        for (org.fparity.reduce.Bundles.Linked l : ls) {
            Discrepancy d = l.discrepancy();
            sb.append("- `")
                    .append(Markup.md(l.id()))
                    .append("` (`")
                    .append(Markup.md(d.program()))
                    .append("` input ")
                    .append(d.input())
                    .append(", ")
                    .append(Markup.md(d.pair().toString()))
                    .append(", ")
                    .append(d.cls().label())
                    .append("): bundle `")
                    .append(Markup.md(l.link().dir().toString()))
                    .append("/`");
            if (l.link().firstDivergence() != null)
                sb.append("; first diverging operation: ")
                        .append(Markup.mdWithCode(l.link().firstDivergence()));
            if (l.link().truth() != null)
                sb.append("; correctly rounded result `")
                        .append(Markup.md(l.link().truth()))
                        .append('`');
            sb.append('\n');
        }
        return sb.append('\n').toString();
    }

    /** The root causes first: one row per cause (top ones), its cases and the command that reduces it. */
    private static void causes(StringBuilder sb, Report r) {
        CauseVerdict cv = r.causes();
        String folder =
                r.campaign().provenance().getOrDefault("folder", r.campaign().name());
        sb.append("## Root causes\n\n");
        if (cv.rows().isEmpty()) sb.append("No root cause: triage attributed nothing.\n\n");
        else {
            Table t = new Table(List.of("#", "Cause", "Cases", "State", "Reduce"), 5);
            for (CauseText.TableRow row : CauseText.table(cv, folder)
                    .subList(0, Math.min(TOP, cv.rows().size())))
                t.row(List.of(
                        Integer.toString(row.rank()),
                        row.title(),
                        Integer.toString(row.cases()),
                        row.stateText(),
                        row.command() == null ? "" : row.command()));
            sb.append(t.toMarkdown()).append('\n');
            if (cv.rows().size() > TOP)
                sb.append("… ").append(cv.rows().size() - TOP).append(" more causes in report.json.\n\n");
        }
        for (String note : CauseText.notes(cv))
            sb.append("- ").append(Markup.md(note)).append('\n');
        sb.append('\n');
    }

    /** The part a person reads: verdict, odd-one-out ranking, top cases, unstable platforms, provenance. */
    private static void verdict(StringBuilder sb, Report r, boolean detail, CasePass pass) {
        Verdict v = r.verdict();
        sb.append("**Verdict: ").append(Markup.md(VerdictText.headline(r))).append("**\n\n");
        if (v.broken() != null)
            sb.append("> **Broken campaign:** ").append(Markup.md(v.broken())).append("\n\n");
        if (r.causes() != null) causes(sb, r);
        for (String line : VerdictText.lines(r, pass.counts()))
            sb.append("- ").append(Markup.md(line)).append('\n');
        sb.append('\n');
        Table health =
                new Table(List.of("Toolchain", "Runs", "With a value", "Failed", "Cannot run here", "Why failed"));
        for (Verdict.ToolchainHealth h : v.health()) {
            health.row(List.of(
                    h.toolchain(),
                    Integer.toString(h.runs()),
                    Integer.toString(h.ok()),
                    Integer.toString(h.failed()),
                    Integer.toString(h.byStatus().getOrDefault(org.fparity.exec.Outcome.Status.CANNOT_RUN, 0)),
                    VerdictText.failures(h)));
        }
        sb.append(health.toMarkdown()).append('\n');
        if (!v.ranking().isEmpty()) {
            sb.append("## Odd one out\n\n");
            Table t = new Table(List.of(
                    "#",
                    "Platform",
                    "Odd one out (cases)",
                    "Differs from ideal IEEE (cases, of decided)",
                    "Unstable (cases)"));
            int i = 0;
            int ranked = Math.min(detail ? TOP : SHORT_TOP, v.ranking().size());
            for (Verdict.Rank k : v.ranking().subList(0, ranked)) {
                t.row(List.of(
                        Integer.toString(++i),
                        k.platform().toString(),
                        Integer.toString(k.oddOneOut()),
                        k.decided() == 0 ? "" : k.offIdeal() + " of " + k.decided(),
                        Integer.toString(k.unstable())));
            }
            sb.append(t.toMarkdown()).append('\n');
            if (v.ranking().size() > ranked)
                sb.append("… ").append(v.ranking().size() - ranked).append(" more platforms in report.json.\n\n");
        }
        List<Verdict.TopCase> top = v.top();
        if (!top.isEmpty()) {
            sb.append("## Top cases\n\n");
            int n = 0;
            int shown = Math.min(detail ? Verdict.TOP : SHORT_TOP, top.size());
            for (Verdict.TopCase tc : top.subList(0, shown)) {
                org.fparity.compare.Cases.Case c = tc.c();
                sb.append("### ")
                        .append(++n)
                        .append(". `")
                        .append(Markup.md(c.program()))
                        .append("` input ")
                        .append(c.input())
                        .append(" — ")
                        .append(tc.cls().label());
                if (tc.ulps() != null) sb.append(", ").append(VerdictText.gap(tc));
                if (tc.isNew()) sb.append(" — **new**");
                sb.append("\n\n");
                org.fparity.compare.Cases.Answer base =
                        c.majority() != null ? c.majority() : c.answers().getFirst();
                Table a = new Table(List.of(
                        "Answer",
                        "Decimal",
                        "Hex",
                        "ULPs from " + (c.majority() != null ? "majority" : "first"),
                        "Platforms"));
                int k = 0;
                for (org.fparity.compare.Cases.Answer an : c.answers()) {
                    a.row(List.of(
                            VerdictText.answerLabel(c, an, k),
                            VerdictText.decimal(an.value(), c.precision()),
                            an.hex(),
                            VerdictText.ulpsFrom(base.value(), an.value(), c.precision()),
                            VerdictText.answerPlatforms(c, an)));
                    k++;
                }
                Verdict.Truth truth = v.truths().get(c.key());
                if (truth != null) {
                    a.row(List.of(
                            "ideal IEEE",
                            VerdictText.decimal(truth.value(), c.precision()),
                            truth.hex(),
                            VerdictText.ulpsFrom(base.value(), truth.value(), c.precision()),
                            "agreeing: " + VerdictText.agreeing(c, truth)));
                }
                sb.append(a.toMarkdown()).append('\n');
                org.fparity.ir.Input in = r.campaign().input(c.program(), c.input());
                if (in != null)
                    sb.append("Input ")
                            .append(c.input())
                            .append(": `")
                            .append(Markup.md(String.join(" ", in.args())))
                            .append("`\n\n");
                // one line each, whatever the names hold: a line break could end the fenced block
                sb.append("```sh\n")
                        .append(Names.printable(VerdictText.reproduce(r, tc)))
                        .append("   # confirms it on both platforms\n")
                        .append(Names.printable(VerdictText.show(r, tc)))
                        .append("   # prints a self-contained reproducer, input built in\n```\n\n");
                String src = detail ? r.campaign().source(c.program()) : null;
                if (src != null)
                    sb.append("<details><summary>source</summary>\n\n```c\n")
                            .append(src.strip())
                            .append("\n```\n</details>\n\n");
            }
            if (top.size() > shown)
                sb.append("… ")
                        .append(top.size() - shown)
                        .append(" more top cases with `--detail` and in report.html.\n\n");
        }
        // the first few only: the rest are in report.json
        List<org.fparity.compare.Cases.Case> us = pass.unstableShown();
        if (pass.unstableCases() > 0) {
            sb.append("## Unstable platforms (")
                    .append(VerdictText.cases(pass.unstableCases()))
                    .append(")\n\n")
                    .append(
                            "The same binary on the same input gave different results on reruns; not counted as discrepancies.\n\n");
            Table t = new Table(List.of("Program", "Input", "Platform", "Results seen"));
            int shown = 0;
            for (org.fparity.compare.Cases.Case c : us) {
                for (var e : c.unstable().entrySet())
                    if (shown++ < TOP)
                        t.row(List.of(
                                c.program(),
                                Integer.toString(c.input()),
                                e.getKey().toString(),
                                String.join(" ", e.getValue())));
            }
            sb.append(t.toMarkdown()).append('\n');
        }
        if (!detail) return;
        sb.append("## How to make this campaign again\n\n");
        Table p = new Table(List.of("What", "Value"));
        VerdictText.provenance(r).forEach((k, x) -> p.row(List.of(k, x)));
        sb.append(p.toMarkdown()).append('\n');
    }

    private static String facts(String title, Map<String, String> m) {
        if (m.isEmpty()) return "";
        StringBuilder sb = new StringBuilder("**").append(title).append(":** ");
        new TreeMap<>(m)
                .forEach((k, v) -> sb.append(Markup.md(k))
                        .append(" = `")
                        .append(Markup.md(v))
                        .append("`; "));
        sb.setLength(sb.length() - 2);
        return sb.append("\n\n").toString();
    }
}
