package org.fparity.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.CrossSite;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Pair;
import org.fparity.compare.PairSummary;
import org.fparity.compare.StatusMismatch;
import org.fparity.compare.Verdict;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Platform;

/**
 * {@code report.html}: one self-contained file (inline CSS, SVG and a few lines of script; a Content-Security-Policy
 * forbids every network fetch) that opens from a CI artifact or a mail attachment anywhere.
 */
final class HtmlReport {
    static final int TOP = 50;
    static final int MISMATCHES = 100;
    static final int OPEN_SOURCES = 1;
    static final int NEW = 20;
    /** Platforms shown in the odd-one-out ranking before "show all". */
    static final int RANKED = 6;

    private static final java.util.regex.Pattern NUMBER =
            java.util.regex.Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?");

    private HtmlReport() {}

    static String render(Report r) {
        try (CasePass p = CasePass.of(r)) {
            return render(r, p);
        }
    }

    /** As {@link #render(Report)}, with the walk over the cases made once for every report file. */
    static String render(Report r, CasePass pass) {
        StringBuilder b = new StringBuilder(64 * 1024);
        String name = Markup.esc(r.campaign().name());
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append(
                        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>fparity report: ")
                .append(name)
                .append("</title>\n<style>")
                .append(CSS)
                .append("</style></head>\n<body>\n");
        b.append("<header><h1>fparity report: ")
                .append(name)
                .append("</h1><p class=\"meta\">generated ")
                .append(Markup.esc(r.generated().toString()))
                .append(" · session ")
                .append(Markup.esc(r.sessionUuid()))
                .append(" · data version ")
                .append(Report.DATA_VERSION)
                .append("</p></header>\n");
        CrossSite.Judged across = r.severalSites() ? r.crossSite() : null;
        verdict(b, r, across, pass);
        ranking(b, r);
        topCases(b, r);
        if (across != null) acrossSites(b, across);
        unstable(b, pass);
        provenance(b, r);
        // Everything below is detail: per-pair counts (mostly zeros), charts and matrices, collapsed.
        b.append(
                        "<details id=\"details\"><summary>Details: runs per platform, per-pair counts, charts, adjacency matrices, ")
                .append("top discrepancies per pair, runs that ended differently</summary>\n");
        cards(b, r);
        facts(b, r);
        charts(b, r);
        runs(b, r, pass);
        if (r.baseline() != null) baseline(b, r);
        series(b, r);
        top(b, r);
        reproducers(b, r, org.fparity.reduce.Bundles.DEFAULT_ROOT);
        mismatches(b, r);
        b.append("</details>\n");
        b.append("<script>").append(SCRIPT).append("</script>\n</body></html>\n");
        return b.toString();
    }

    private static void verdict(StringBuilder b, Report r, CrossSite.Judged across, CasePass pass) {
        Verdict v = r.verdict();
        b.append("<section id=\"verdict\"><h2>Verdict</h2>");
        b.append("<p class=\"headline ")
                .append(VerdictText.clean(r) ? "good" : "bad")
                .append("\">")
                .append(Markup.esc(VerdictText.headline(r)))
                .append("</p>");
        if (v.broken() != null)
            b.append("<p class=\"broken\">Broken campaign: ")
                    .append(Markup.esc(v.broken()))
                    .append("</p>");
        if (r.causes() != null) causes(b, r);
        b.append("<ul class=\"facts-line\">");
        for (String line : VerdictText.lines(r, pass.counts()))
            b.append("<li>").append(Markup.esc(line)).append("</li>");
        if (across != null)
            b.append("<li><a href=\"#across-sites\">")
                    .append(Markup.esc(CrossSiteText.summary(across)))
                    .append("</a></li>");
        b.append("</ul>");
        b.append(
                        "<table id=\"health\" class=\"compact\"><thead><tr><th>Toolchain</th><th>Runs</th><th>With a value</th><th>Failed</th>")
                .append("<th>Cannot run here</th><th>Why failed</th></tr></thead><tbody>");
        for (Verdict.ToolchainHealth h : v.health()) {
            String css =
                    h.compileOnly() ? "" : h.ok() == 0 ? " class=\"dead\"" : h.failed() > 0 ? " class=\"warn\"" : "";
            b.append("<tr")
                    .append(css)
                    .append("><th>")
                    .append(Markup.esc(h.toolchain()))
                    .append("</th><td class=\"num\">")
                    .append(h.runs())
                    .append("</td><td class=\"num\">")
                    .append(h.ok())
                    .append("</td><td class=\"num\">")
                    .append(h.failed())
                    .append("</td><td class=\"num\">")
                    .append(h.byStatus().getOrDefault(org.fparity.exec.Outcome.Status.CANNOT_RUN, 0))
                    .append("</td><td>")
                    .append(Markup.esc(VerdictText.failures(h)))
                    .append("</td></tr>");
        }
        b.append("</tbody></table></section>\n");
    }

    /** The root causes, first thing under the headline: one row per cause, its state, cases and reduce command. */
    private static void causes(StringBuilder b, Report r) {
        CauseVerdict cv = r.causes();
        String folder =
                r.campaign().provenance().getOrDefault("folder", r.campaign().name());
        b.append("<div id=\"causes\"><h3>")
                .append(Markup.esc(CauseText.causes(cv.rows().size())))
                .append("</h3>");
        if (cv.rows().isEmpty()) b.append("<p>Triage attributed nothing.</p>");
        else {
            b.append(
                    "<table id=\"causes-table\" class=\"compact\"><thead><tr><th>#</th><th>Cause</th><th>Cases</th><th>State</th><th>Reduce</th></tr></thead><tbody>");
            for (CauseText.TableRow row : CauseText.table(cv, folder)) {
                if (row.rank() == CauseVerdict.TOP + 1) b.append("</tbody><tbody class=\"more\" hidden>");
                b.append("<tr class=\"cause cause-")
                        .append(row.state())
                        .append("\" data-key=\"")
                        .append(Markup.esc(row.key()))
                        .append("\"><td class=\"num\">")
                        .append(row.rank())
                        .append("</td><td>")
                        .append(Markup.esc(row.title()))
                        .append("</td><td class=\"num\">")
                        .append(row.cases())
                        .append("</td><td>")
                        .append(
                                row.state().equals("new")
                                        ? "<span class=\"new\">new</span>"
                                        : Markup.esc(row.stateText()))
                        .append("</td><td>")
                        .append(
                                row.command() == null
                                        ? ""
                                        : "<code class=\"cmd\">" + Markup.esc(row.command()) + "</code>")
                        .append("</td></tr>");
            }
            b.append("</tbody></table>");
            if (cv.rows().size() > CauseVerdict.TOP) {
                b.append("<p class=\"note\"><button type=\"button\" id=\"more-causes\">show all ")
                        .append(cv.rows().size())
                        .append(" causes</button></p>");
            }
        }
        List<String> notes = CauseText.notes(cv);
        if (!notes.isEmpty()) {
            b.append("<ul class=\"facts-line\">");
            for (String n : notes) b.append("<li>").append(Markup.esc(n)).append("</li>");
            b.append("</ul>");
        }
        b.append("</div>");
    }

    private static void ranking(StringBuilder b, Report r) {
        List<Verdict.Rank> rows = r.verdict().ranking();
        b.append("<section id=\"ranking\"><h2>Odd one out</h2>");
        if (rows.isEmpty()) {
            b.append("<p>No platform disagreed with the others on any case.</p></section>\n");
            return;
        }
        b.append(
                        "<p class=\"note\">Per case, the majority answer is the one most stable platforms gave; a platform with another answer is the odd one out. ")
                .append(
                        "The ideal IEEE platform evaluates the program with every operation correctly rounded (fparity's oracle).</p>");
        b.append(
                        "<table id=\"ranking-table\" class=\"compact\"><thead><tr><th>#</th><th>Platform</th><th>Odd one out (cases)</th>")
                .append(
                        "<th>Differs from ideal IEEE (cases, of those decided)</th><th>Unstable (cases)</th></tr></thead><tbody>");
        int i = 0;
        for (Verdict.Rank k : rows) {
            if (i == RANKED) b.append("</tbody><tbody class=\"more\" hidden>");
            i++;
            b.append("<tr><td class=\"num\">")
                    .append(i)
                    .append("</td><th>")
                    .append(Markup.esc(k.platform().toString()))
                    .append("</th><td class=\"num\">")
                    .append(k.oddOneOut())
                    .append("</td><td class=\"num\">")
                    .append(k.decided() == 0 ? "" : k.offIdeal() + " of " + k.decided())
                    .append("</td><td class=\"num\">")
                    .append(k.unstable())
                    .append("</td></tr>");
        }
        b.append("</tbody></table>");
        if (rows.size() > RANKED)
            b.append("<p class=\"note\"><button type=\"button\" id=\"more-ranking\">show all ")
                    .append(rows.size())
                    .append(" platforms</button></p>");
        b.append("</section>\n");
    }

    private static void topCases(StringBuilder b, Report r) {
        List<Verdict.TopCase> top = r.verdict().top();
        b.append("<section id=\"top-cases\"><h2>Top cases</h2>");
        if (top.isEmpty()) {
            b.append("<p>No case disagrees.</p></section>\n");
            return;
        }
        int n = 0;
        for (Verdict.TopCase t : top.subList(0, Math.min(Verdict.TOP, top.size()))) {
            n++;
            org.fparity.compare.Cases.Case c = t.c();
            b.append("<div class=\"case\" id=\"case-")
                    .append(n)
                    .append("\"><h3>")
                    .append(n)
                    .append(". <code>")
                    .append(Markup.esc(c.program()))
                    .append("</code> input ")
                    .append(c.input())
                    .append(" · ")
                    .append(Markup.esc(t.cls().label()));
            if (t.ulps() != null) b.append(", ").append(Markup.esc(VerdictText.gap(t)));
            b.append(" · ")
                    .append(c.oddOnesOut().size())
                    .append(" odd one(s) out of ")
                    .append(c.results().size())
                    .append(" platforms");
            if (t.isNew()) b.append(" <span class=\"new\">new</span>");
            b.append("</h3>");
            b.append(
                            "<table class=\"answers compact\"><thead><tr><th>Answer</th><th>Decimal</th><th>Hex</th><th>ULPs from ")
                    .append(c.majority() != null ? "majority" : "first")
                    .append("</th><th>Platforms</th></tr></thead><tbody>");
            org.fparity.compare.Cases.Answer base =
                    c.majority() != null ? c.majority() : c.answers().getFirst();
            int k = 0;
            for (org.fparity.compare.Cases.Answer a : c.answers()) {
                b.append("<tr")
                        .append(a == c.majority() ? " class=\"maj\"" : "")
                        .append("><td>")
                        .append(VerdictText.answerLabel(c, a, k))
                        .append("</td><td><code>")
                        .append(Markup.esc(VerdictText.decimal(a.value(), c.precision())))
                        .append("</code></td><td><code>")
                        .append(Markup.esc(a.hex()))
                        .append("</code></td><td class=\"num\">")
                        .append(Markup.esc(VerdictText.ulpsFrom(base.value(), a.value(), c.precision())))
                        .append("</td><td>")
                        .append(Markup.esc(VerdictText.answerPlatforms(c, a)))
                        .append("</td></tr>");
                k++;
            }
            Verdict.Truth truth = r.verdict().truths().get(c.key());
            if (truth != null) {
                b.append("<tr class=\"ideal\"><td>ideal IEEE</td><td><code>")
                        .append(Markup.esc(VerdictText.decimal(truth.value(), c.precision())))
                        .append("</code></td><td><code>")
                        .append(Markup.esc(truth.hex()))
                        .append("</code></td><td class=\"num\">")
                        .append(Markup.esc(VerdictText.ulpsFrom(base.value(), truth.value(), c.precision())))
                        .append("</td><td>agreeing: ")
                        .append(Markup.esc(VerdictText.agreeing(c, truth)))
                        .append("</td></tr>");
            }
            b.append("</tbody></table>");
            org.fparity.ir.Input in = r.campaign().input(c.program(), c.input());
            if (in != null)
                b.append("<p class=\"input\">input ")
                        .append(c.input())
                        .append(": <code>")
                        .append(Markup.esc(String.join(" ", in.args())))
                        .append("</code></p>");
            b.append("<p class=\"repro\">reproduce: <code class=\"cmd\">")
                    .append(Markup.esc(VerdictText.reproduce(r, t)))
                    .append("</code>")
                    .append(" · reproducer source: <code class=\"cmd\">")
                    .append(Markup.esc(VerdictText.show(r, t)))
                    .append("</code></p>");
            String src = r.campaign().source(c.program());
            if (src != null)
                b.append(n == 1 ? "<details open>" : "<details>")
                        .append("<summary>source of ")
                        .append(Markup.esc(c.program()))
                        .append("</summary><pre>")
                        .append(Markup.esc(src))
                        .append("</pre></details>");
            b.append("</div>");
        }
        // top holds at most TOP_KEPT cases: the number of the others is the count's
        if (r.verdict().count().discrepant() > Verdict.TOP)
            b.append("<p class=\"note\">")
                    .append(r.verdict().count().discrepant() - Verdict.TOP)
                    .append(" more discrepant cases in report.json.</p>");
        b.append("</section>\n");
    }

    /** Who is right between the sites: per discrepancy across sites, the side the correctly rounded reference agrees with. */
    private static void acrossSites(StringBuilder b, CrossSite.Judged across) {
        b.append("<section id=\"across-sites\"><h2>Across sites: who agrees with the reference</h2><p>")
                .append(Markup.esc(CrossSiteText.summary(across)))
                .append("</p>");
        if (across.judged() == 0) {
            b.append("</section>\n");
            return;
        }
        b.append(
                        "<table id=\"across-sites-table\" class=\"compact\"><thead><tr><th>Program</th><th>Input</th><th>Side a : side b</th><th>Class</th>")
                .append("<th>a</th><th>b</th><th>Reference</th><th>Agrees with</th></tr></thead><tbody>");
        int shown = 0;
        for (CrossSite.Judgement v : across.first()) {
            if (shown++ == MISMATCHES) break;
            Discrepancy d = v.discrepancy();
            b.append("<tr class=\"agrees-")
                    .append(v.agrees().name().toLowerCase(java.util.Locale.ROOT))
                    .append("\"><td><code>")
                    .append(Markup.esc(d.program()))
                    .append("</code></td><td class=\"num\">")
                    .append(d.input())
                    .append("</td><td>")
                    .append(Markup.esc(d.pair().id()))
                    .append("</td><td>")
                    .append(Markup.esc(d.cls().label()))
                    .append("</td><td><code>")
                    .append(Markup.esc(String.valueOf(d.hexA())))
                    .append("</code></td><td><code>")
                    .append(Markup.esc(String.valueOf(d.hexB())))
                    .append("</code></td><td><code>")
                    .append(v.reference() == null ? "-" : Markup.esc(v.reference()))
                    .append("</code></td><td>")
                    .append(Markup.esc(v.agreesWith()))
                    .append("</td></tr>");
        }
        b.append("</tbody></table>");
        if (across.judged() > MISMATCHES)
            b.append("<p class=\"note\">")
                    .append(across.judged() - MISMATCHES)
                    .append(" more: <code>fparity compare</code> lists them all.</p>");
        b.append("</section>\n");
    }

    private static void unstable(StringBuilder b, CasePass pass) {
        // the first few only: the rest are in report.json
        List<org.fparity.compare.Cases.Case> us = pass.unstableShown();
        int n = pass.unstableCases();
        if (n == 0) return;
        b.append("<section id=\"unstable\"><h2>Unstable platforms (")
                .append(n)
                .append(n == 1 ? " case" : " cases")
                .append(")</h2>")
                .append(
                        "<p class=\"note\">The same binary on the same input gave different results on reruns; these results are not counted as discrepancies.</p>")
                .append(
                        "<table id=\"unstable-table\" class=\"compact\"><thead><tr><th>Program</th><th>Input</th><th>Platform</th><th>Results seen</th></tr></thead><tbody>");
        int shown = 0;
        for (org.fparity.compare.Cases.Case c : us) {
            for (var e : c.unstable().entrySet()) {
                if (shown++ >= MISMATCHES) break;
                b.append("<tr><td><code>")
                        .append(Markup.esc(c.program()))
                        .append("</code></td><td>")
                        .append(c.input())
                        .append("</td><td>")
                        .append(Markup.esc(e.getKey().toString()))
                        .append("</td><td><code>")
                        .append(Markup.esc(String.join("  ", e.getValue())))
                        .append("</code></td></tr>");
            }
        }
        b.append("</tbody></table></section>\n");
    }

    private static void provenance(StringBuilder b, Report r) {
        b.append("<section id=\"provenance\"><h2>How to make this campaign again</h2><table class=\"compact facts\">");
        for (var e : VerdictText.provenance(r).entrySet()) {
            b.append("<tr><th>")
                    .append(Markup.esc(e.getKey()))
                    .append("</th><td><code>")
                    .append(Markup.esc(e.getValue()))
                    .append("</code></td></tr>");
        }
        b.append("</table></section>\n");
    }

    private static void cards(StringBuilder b, Report r) {
        int compared =
                r.findings().pairs().stream().mapToInt(PairSummary::compared).sum();
        b.append("<section id=\"summary\" class=\"cards\">");
        card(b, "runs", r.findings().totalRuns());
        card(b, "compared (pair × run)", compared);
        card(b, "discrepancies", r.findings().discrepancies().size());
        card(b, "ended differently", r.findings().mismatches().size());
        if (r.baseline() != null)
            card(
                    b,
                    "new vs " + r.baseline().baselineName(),
                    r.baseline().added().size());
        b.append("</section>\n");
    }

    private static void card(StringBuilder b, String label, int n) {
        b.append("<div class=\"card\"><div class=\"n\">")
                .append(n)
                .append("</div><div class=\"l\">")
                .append(Markup.esc(label))
                .append("</div></div>");
    }

    private static void facts(StringBuilder b, Report r) {
        Map<String, String> all = new TreeMap<>();
        r.campaign().host().forEach((k, v) -> all.put("host: " + k, v));
        r.campaign().versions().forEach((k, v) -> all.put("version: " + k, v));
        if (all.isEmpty()) return;
        b.append("<details id=\"facts\"><summary>Host and versions</summary><table class=\"facts\">");
        all.forEach((k, v) -> b.append("<tr><th>")
                .append(Markup.esc(k))
                .append("</th><td><code>")
                .append(Markup.esc(v))
                .append("</code></td></tr>"));
        b.append("</table></details>\n");
    }

    private static void charts(StringBuilder b, Report r) {
        b.append("<section id=\"charts\"><h2>Discrepancies per class and opt level</h2><div class=\"row\">");
        for (org.fparity.ir.Precision precision : List.of(org.fparity.ir.Precision.FP64, org.fparity.ir.Precision.FP32))
            for (Pair.Kind kind : Pair.Kind.values()) {
                Map<String, int[]> perOpt = new TreeMap<>(Platform.OPT_ORDER);
                for (PairSummary s : r.findings().pairs()) {
                    if (s.pair().kind() != kind || s.precision() != precision) continue;
                    int[] acc = perOpt.computeIfAbsent(s.pair().row(), k -> new int[DiscrepancyClass.values().length]);
                    for (DiscrepancyClass c : DiscrepancyClass.values()) acc[c.ordinal()] += s.count(c);
                }
                if (perOpt.isEmpty()) continue;
                List<Svg.Bar> bars = new ArrayList<>();
                perOpt.forEach((opt, acc) -> bars.add(new Svg.Bar(opt, acc)));
                String title = precision.name() + ": "
                        + (kind == Pair.Kind.TOOLCHAINS
                                ? "between toolchains, same opt level (all pairs)"
                                : "each opt level vs the same toolchain's O0 (or lowest level)");
                String id = (kind == Pair.Kind.TOOLCHAINS ? "chart-toolchains-" : "chart-opt-levels-") + precision.id();
                b.append("<figure>").append(Svg.stackedBars(id, title, bars)).append("</figure>");
            }
        b.append("</div><ul class=\"legend\">");
        for (DiscrepancyClass c : DiscrepancyClass.values()) {
            b.append("<li><span class=\"sw\" style=\"background:")
                    .append(Svg.color(c))
                    .append("\"></span>")
                    .append(Markup.esc(c.label()))
                    .append("</li>");
        }
        b.append(
                "</ul><p class=\"note\">Signs of NaN and zero are ignored; +Inf vs −Inf is its own class (sign discrepancy).</p></section>\n");
    }

    private static void runs(StringBuilder b, Report r, CasePass pass) {
        b.append("<section id=\"runs\"><h2>Runs</h2>")
                .append(table(Tables.summary(r.campaign(), r.findings(), pass.programs()), "summary-table"))
                .append(table(Tables.runs(r.findings().runs()), "runs-table"))
                .append("</section>\n");
    }

    private static void baseline(StringBuilder b, Report r) {
        b.append("<section id=\"baseline\"><h2>Against ")
                .append(Markup.esc(r.baseline().baselineName()))
                .append("</h2>")
                .append(table(Tables.baseline(r.baseline()), null));
        if (!r.baseline().added().isEmpty()) {
            List<Report.Top> added = r.baseline().added().stream()
                    .sorted(Report.SEVERITY)
                    .limit(NEW)
                    .map(d -> new Report.Top(d, 0))
                    .toList();
            b.append("<h3>New (").append(r.baseline().added().size()).append(", worst first)</h3>");
            discrepancyTable(b, r, added, "new-table", false);
        }
        b.append("</section>\n");
    }

    private static void series(StringBuilder b, Report r) {
        b.append("<section id=\"matrices\"><h2>Per pair: counts and adjacency matrices</h2>")
                .append(
                        "<p class=\"note\">Rows of a matrix are the first platform's class, columns the second's; the Inf/Inf cell counts +Inf vs −Inf.</p>");
        for (Map.Entry<String, List<PairSummary>> e : r.findings().series().entrySet()) {
            List<PairSummary> rows = e.getValue();
            b.append("<div class=\"series\"><h3>")
                    .append(Markup.esc(e.getKey()))
                    .append("</h3>")
                    .append(table(Tables.perClass(rows), "class-table"));
            int scale = rows.stream().mapToInt(s -> s.matrix().max()).max().orElse(0);
            b.append("<div class=\"row\">");
            // An all-zero matrix says nothing the class table above does not: only opt levels that differ get one.
            List<PairSummary> differing =
                    rows.stream().filter(s -> s.discrepancies() > 0).toList();
            if (differing.isEmpty()) b.append("<p class=\"note\">No discrepancies at any opt level.</p>");
            for (PairSummary s : differing) {
                Pair p = s.pair();
                String rowsLabel = p.kind() == Pair.Kind.TOOLCHAINS ? p.a().lane() : p.a().opt();
                String colsLabel = p.kind() == Pair.Kind.TOOLCHAINS ? p.b().lane() : p.b().opt();
                b.append(
                        Svg.heatMap(p.row() + " (" + s.discrepancies() + ")", rowsLabel, colsLabel, s.matrix(), scale));
            }
            b.append("</div></div>\n");
        }
        b.append("</section>\n");
    }

    private static void top(StringBuilder b, Report r) {
        List<Report.Top> top = r.top(TOP);
        b.append("<section id=\"top\"><h2>Top discrepancies</h2>");
        if (top.isEmpty()) {
            b.append("<p>No discrepancies.</p></section>\n");
            return;
        }
        b.append("<p class=\"filters\">Show: <button type=\"button\" data-filter=\"all\" class=\"on\">all</button>");
        top.stream()
                .map(t -> t.discrepancy().cls())
                .distinct()
                .sorted()
                .forEach(c -> b.append("<button type=\"button\" data-filter=\"")
                        .append(c.id())
                        .append("\">")
                        .append(Markup.esc(c.label()))
                        .append("</button>"));
        b.append("</p>");
        discrepancyTable(b, r, top, "top-table", true);
        b.append("</section>\n");
    }

    /** Discrepancies that {@code fparity reduce} bundled: the bundle's folder, its first diverging operation and the truth. */
    static void reproducers(StringBuilder b, Report r, java.nio.file.Path root) {
        List<org.fparity.reduce.Bundles.Linked> ls =
                org.fparity.reduce.Bundles.linked(root, r.findings().discrepancies());
        if (ls.isEmpty()) return;
        b.append(
                        "<section id=\"reproducers\"><h2>Reduced reproducers</h2><table><thead><tr><th>Id</th><th>Program</th><th>Input</th><th>Pair</th><th>Class</th>")
                .append(
                        "<th>Bundle</th><th>First diverging operation</th><th>Correctly rounded</th></tr></thead><tbody>");
        for (org.fparity.reduce.Bundles.Linked l : ls) {
            Discrepancy d = l.discrepancy();
            b.append("<tr><td><code>")
                    .append(Markup.esc(l.id()))
                    .append("</code></td><td><code>")
                    .append(Markup.esc(d.program()))
                    .append("</code></td><td>")
                    .append(d.input())
                    .append("</td><td>")
                    .append(Markup.esc(d.pair().toString()))
                    .append("</td><td>")
                    .append(Markup.esc(d.cls().label()))
                    .append("</td><td><code>")
                    .append(Markup.esc(l.link().dir().toString()))
                    .append("/</code></td><td>")
                    .append(Markup.esc(
                            l.link().firstDivergence() == null
                                    ? "not traced"
                                    : l.link().firstDivergence()))
                    .append("</td><td><code>")
                    .append(Markup.esc(l.link().truth() == null ? "-" : l.link().truth()))
                    .append("</code></td></tr>");
        }
        b.append("</tbody></table></section>\n");
    }

    private static void discrepancyTable(
            StringBuilder b, Report r, List<Report.Top> rows, String id, boolean withPairs) {
        b.append("<table id=\"")
                .append(id)
                .append(
                        "\"><thead><tr><th>Program</th><th>Input</th><th>Pair</th><th>Class</th><th>A</th><th>B</th><th>ULPs</th><th>Rel. error</th>");
        if (withPairs) b.append("<th title=\"pairs in which this run differs in this class\">Pairs</th>");
        b.append("</tr></thead><tbody>");
        int shown = 0;
        for (Report.Top t : rows) {
            Discrepancy d = t.discrepancy();
            b.append("<tr class=\"d\" data-class=\"")
                    .append(d.cls().id())
                    .append("\"><td><code>")
                    .append(Markup.esc(d.program()))
                    .append("</code>");
            b.append("</td><td>")
                    .append(d.input())
                    .append("</td><td>")
                    .append(Markup.esc(d.pair().toString()))
                    .append("</td><td class=\"cls\"><span class=\"sw\" style=\"background:")
                    .append(Svg.color(d.cls()))
                    .append("\"></span>")
                    .append(Markup.esc(d.cls().label()))
                    .append("</td><td><code>")
                    .append(Markup.esc(d.hexA()))
                    .append("</code></td><td><code>")
                    .append(Markup.esc(d.hexB()))
                    .append("</code></td><td class=\"num\">")
                    .append(Tables.ulps(d))
                    .append("</td><td class=\"num\">")
                    .append(Tables.rel(d))
                    .append("</td>");
            if (withPairs) b.append("<td class=\"num\">").append(t.pairs()).append("</td>");
            b.append("</tr>");
            // The source gets a full-width row of its own (generated programs run to dozens of lines); the first one is
            // open so a reader sees at once what kind of program misbehaves.
            String src = r.campaign().source(d.program());
            if (src != null) {
                org.fparity.ir.Input in = r.campaign().input(d.program(), d.input());
                b.append("<tr class=\"src\" data-class=\"")
                        .append(d.cls().id())
                        .append("\"><td colspan=\"")
                        .append(withPairs ? 9 : 8)
                        .append("\">")
                        .append(withPairs && shown++ < OPEN_SOURCES ? "<details open>" : "<details>")
                        .append("<summary>source of ")
                        .append(Markup.esc(d.program()))
                        .append(", input ")
                        .append(d.input())
                        .append("</summary><pre>")
                        .append(Markup.esc(src));
                if (in != null)
                    b.append("\ninput ").append(d.input()).append(": ").append(Markup.esc(String.join(" ", in.args())));
                b.append("</pre></details></td></tr>");
            }
        }
        b.append("</tbody></table>");
    }

    private static void mismatches(StringBuilder b, Report r) {
        List<StatusMismatch> ms = r.findings().mismatches();
        b.append("<section id=\"mismatches\"><h2>Runs that ended differently</h2>");
        if (ms.isEmpty()) {
            b.append("<p>None: every run ended the same way on both sides of every pair.</p></section>\n");
            return;
        }
        b.append(
                "<table><thead><tr><th>Program</th><th>Input</th><th>What happened</th><th>Reduce (a crash beside a result)</th></tr></thead><tbody>");
        String folder = VerdictText.shell(
                r.campaign().provenance().getOrDefault("folder", r.campaign().name()));
        for (StatusMismatch m : ms.subList(0, Math.min(MISMATCHES, ms.size()))) {
            String id = org.fparity.reduce.CampaignDiscrepancies.mismatchId(m);
            b.append("<tr><td><code>")
                    .append(Markup.esc(m.program()))
                    .append("</code></td><td>")
                    .append(m.input())
                    .append("</td><td>")
                    .append(Markup.esc(m.describe()))
                    .append("</td><td>")
                    .append(
                            id == null
                                    ? ""
                                    : "<code>" + Markup.esc("bin/fparity reduce " + folder + " --discrepancy " + id)
                                            + "</code>")
                    .append("</td></tr>");
        }
        b.append("</tbody></table>");
        if (ms.size() > MISMATCHES)
            b.append("<p class=\"note\">… and ").append(ms.size() - MISMATCHES).append(" more in report.json.</p>");
        b.append("</section>\n");
    }

    private static String table(Table t, String cls) {
        StringBuilder sb = new StringBuilder("<table")
                .append(cls == null ? "" : " class=\"" + cls + "\"")
                .append("><thead><tr>");
        for (String h : t.header()) sb.append("<th>").append(Markup.esc(h)).append("</th>");
        sb.append("</tr></thead><tbody>");
        for (List<String> row : t.rows()) {
            sb.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String c = row.get(i);
                String css = c.equals("0") ? "num zero" : NUMBER.matcher(c).matches() ? "num" : null;
                sb.append(i == 0 ? "<th>" : css == null ? "<td>" : "<td class=\"" + css + "\">")
                        .append(Markup.esc(c))
                        .append(i == 0 ? "</th>" : "</td>");
            }
            sb.append("</tr>");
        }
        return sb.append("</tbody></table>").toString();
    }

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;max-width:1160px;padding:0 20px 40px;color:#222}
            h1{font-size:22px;margin:18px 0 2px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}h3{font-size:15px;margin:16px 0 6px}
            .meta,.note{color:#666;font-size:12px}
            .cards{display:flex;gap:12px;flex-wrap:wrap;margin:12px 0}.card{border:1px solid #ddd;border-radius:6px;padding:8px 14px;min-width:120px}
            .card .n{font-size:22px;font-weight:600}.card .l{color:#666;font-size:12px}
            table{border-collapse:collapse;margin:6px 0;font-size:13px}th,td{border-bottom:1px solid #eee;padding:3px 8px;text-align:left;vertical-align:top}
            thead th{background:#f4f4f4;font-weight:600}td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}td.cls,th{white-space:nowrap}td.zero{color:#bbb}
            code,pre{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px}pre{background:#f7f7f7;padding:6px;margin:2px 0 6px;max-height:340px;overflow:auto;white-space:pre-wrap}
            tr.d td{border-bottom:none}tr.src td{padding-top:0}
            .row{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}figure{margin:0}
            .legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:14px;font-size:12px}
            .sw{display:inline-block;width:10px;height:10px;margin-right:5px;border-radius:2px;vertical-align:baseline}
            svg text{font:11px system-ui,sans-serif;fill:#333}svg .chart-title{font-weight:600;font-size:12px}svg .axis{fill:#555}svg .value{font-size:10px;fill:#222}
            svg .grid{stroke:#e5e5e5}svg .cell{font-size:11px}svg .cell.dark{fill:#fff;font-weight:600}
            .series{margin-bottom:14px}.filters button{margin-right:4px;border:1px solid #ccc;background:#fff;border-radius:4px;padding:1px 8px;cursor:pointer}
            .filters button.on{background:#333;color:#fff;border-color:#333}
            #facts table th{font-weight:normal;color:#555}
            .headline{font-size:17px;font-weight:600;margin:6px 0}.headline.bad{color:#a40000}.headline.good{color:#11661b}
            .broken{background:#fde2e2;border:1px solid #d88;padding:6px 10px;border-radius:4px;font-weight:600}
            .facts-line{margin:4px 0 8px;padding-left:18px}table.compact{font-size:12px}table.compact td,table.compact th{padding:1px 7px}
            tr.dead th,tr.dead td{background:#fde2e2}tr.warn th,tr.warn td{background:#fff6dc}
            .case{border:1px solid #ddd;border-radius:6px;padding:4px 10px 6px;margin:8px 0}.case h3{margin:4px 0}
            tr.maj td{font-weight:600}tr.ideal td{color:#11661b}.new{background:#a40000;color:#fff;border-radius:3px;padding:0 5px;font-size:11px}
            .input,.repro{margin:3px 0;font-size:12px}code.cmd{background:#f2f2f2;padding:1px 4px;user-select:all}
            #details>summary{font-size:16px;font-weight:600;margin:26px 0 8px;cursor:pointer}td summary{font-size:11px;color:#36c;cursor:pointer}
            #causes h3{margin:8px 0 2px}tr.cause-new td{background:#fdeaea}tr.cause-accepted td,tr.cause-undecided td{color:#666}
            """;

    // Filters the top-discrepancy table by class, from the buttons or from a link ending in #filter=<class id> (a CI
    // job
    // can point at "the NaN–Inf cases"); data-ready tells a headless test the script ran to the end.
    private static final String SCRIPT = """
            (function () {
              var buttons = document.querySelectorAll('[data-filter]');
              function show(f) {
                buttons.forEach(function (o) { o.classList.toggle('on', o.getAttribute('data-filter') === f); });
                document.querySelectorAll('#top-table tbody tr').forEach(function (tr) {
                  tr.hidden = f !== 'all' && tr.getAttribute('data-class') !== f;
                });
              }
              buttons.forEach(function (btn) {
                btn.addEventListener('click', function () { show(btn.getAttribute('data-filter')); });
              });
              var more = document.getElementById('more-ranking');
              if (more) more.addEventListener('click', function () {
                document.querySelectorAll('#ranking-table tbody.more').forEach(function (t) { t.hidden = false; });
                more.hidden = true;
              });
              var moreCauses = document.getElementById('more-causes');
              if (moreCauses) moreCauses.addEventListener('click', function () {
                document.querySelectorAll('#causes-table tbody.more').forEach(function (t) { t.hidden = false; });
                moreCauses.hidden = true;
              });
              var m = /^#filter=([a-z_]+)$/.exec(window.location.hash);
              if (m && document.querySelector('[data-filter="' + m[1] + '"]')) {
                document.getElementById('details').open = true;
                show(m[1]);
              }
              document.body.setAttribute('data-ready', '1');
            })();
            """;
}
