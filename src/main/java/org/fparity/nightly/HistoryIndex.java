package org.fparity.nightly;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import org.fparity.ExitCode;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.util.AtomicFiles;

/**
 * {@code history/index.html} (self-contained: inline SVG and CSS, nothing fetched) and {@code history/metrics.txt}
 * (OpenMetrics, the newest night, labelled per pair and per site so Prometheus or Grafana can graph each) from the
 * nights' summaries.
 */
public final class HistoryIndex {
    private HistoryIndex() {}

    /** Pairs drawn in the per-pair plot: the ones with the most discrepancies on the newest night. */
    static final int MAX_PAIR_LINES = 8;

    private static final String[] PALETTE = {
        "#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666", "#1f78b4"
    };

    public static void write(Path history) {
        List<String> problems = new ArrayList<>();
        List<NightSummary> nights = NightSummary.all(history, problems);
        AtomicFiles.write(history.resolve("index.html"), html(nights, problems));
        AtomicFiles.write(history.resolve("metrics.txt"), metrics(nights));
    }

    static String html(List<NightSummary> nights, List<String> problems) {
        StringBuilder sb = new StringBuilder();
        sb.append(
                        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>fparity nightly history</title>\n<style>")
                .append(
                        "body{font-family:sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}")
                .append(
                        "td.l,th.l{text-align:left}.bad{color:#b00}.ok{color:#070}svg{background:#fff;border:1px solid #ddd;margin:8px 0}")
                .append("details{margin:4px 0}code{font-size:90%}</style></head><body>\n");
        sb.append("<h1>fparity nightly history</h1>\n");
        if (nights.isEmpty()) sb.append("<p>No finished night yet.</p>\n");
        for (String p : problems) sb.append("<p class=\"bad\">").append(esc(p)).append("</p>\n");
        if (!nights.isEmpty()) {
            Map<String, ToIntFunction<NightSummary>> byClass = new LinkedHashMap<>();
            for (DiscrepancyClass c : DiscrepancyClass.values())
                byClass.put(c.label(), n -> n.classes().getOrDefault(c.id(), 0));
            sb.append("<h2>Discrepancies per class, per night</h2>\n").append(plot("classes", nights, byClass));
            NightSummary last = nights.getLast();
            List<String> top = last.pairs().entrySet().stream()
                    .sorted(Comparator.comparingInt((Map.Entry<String, NightSummary.PairCounts> e) ->
                                    -e.getValue().total())
                            .thenComparing(Map.Entry::getKey))
                    .limit(MAX_PAIR_LINES)
                    .map(Map.Entry::getKey)
                    .toList();
            Map<String, ToIntFunction<NightSummary>> byPair = new LinkedHashMap<>();
            for (String p : top)
                byPair.put(p, n -> n.pairs().containsKey(p) ? n.pairs().get(p).total() : 0);
            sb.append("<h2>Discrepancies per platform pair, per night</h2>\n");
            if (last.pairs().size() > top.size())
                sb.append("<p>The ")
                        .append(top.size())
                        .append(" pairs with the most discrepancies on the newest night, of ")
                        .append(last.pairs().size())
                        .append(".</p>\n");
            sb.append(plot("pairs", nights, byPair));
            if (nights.stream().anyMatch(n -> n.causeCases() != null)) {
                Map<String, ToIntFunction<NightSummary>> causes = new LinkedHashMap<>();
                causes.put(
                        "root causes",
                        n -> n.causeCases() == null ? 0 : n.causeCases().size());
                causes.put(
                        "new root causes",
                        n -> n.newCauses() == null ? 0 : n.newCauses().size());
                sb.append("<h2>Root causes per night</h2>\n")
                        .append("<p>Nights not triaged count 0; each night's causes are in its report.</p>\n")
                        .append(plot("causes", nights, causes));
            }
            sb.append(
                    "<h2>Nights</h2>\n<table><tr><th class=\"l\">night</th><th>verdict</th><th>runs</th><th>discrepancies</th><th>new</th><th>disappeared</th><th>unchecked</th><th>causes</th><th>new causes</th><th class=\"l\">sites</th><th class=\"l\">missing</th><th class=\"l\">report</th></tr>\n");
            for (NightSummary n : nights.reversed()) {
                String verdict = switch (n.exit()) {
                    case 0 -> "<span class=\"ok\">nothing new</span>";
                    case 1 -> "<span class=\"bad\">new discrepancies</span>";
                    default -> "<span class=\"bad\">infrastructure failure</span>";
                };
                sb.append("<tr><td class=\"l\">")
                        .append(esc(n.night()))
                        .append("</td><td>")
                        .append(verdict)
                        .append("</td><td>")
                        .append(n.runs())
                        .append("</td><td>")
                        .append(n.discrepancies())
                        .append("</td><td>")
                        .append(n.added())
                        .append("</td><td>")
                        .append(n.disappeared())
                        .append("</td><td>")
                        .append(n.unchecked())
                        .append("</td><td>")
                        .append(
                                n.causeCases() == null
                                        ? "–"
                                        : Integer.toString(n.causeCases().size()))
                        .append("</td><td>")
                        .append(
                                n.newCauses() == null
                                        ? "–"
                                        : Integer.toString(n.newCauses().size()))
                        .append("</td><td class=\"l\">")
                        .append(esc(String.join(", ", n.sites())))
                        .append("</td><td class=\"l\">");
                if (n.failures() != null)
                    n.failures().forEach((k, v) -> sb.append(esc(k + ": " + v)).append("<br>"));
                sb.append("</td><td class=\"l\">")
                        .append(n.runs() > 0 ? "<a href=\"" + esc(n.night()) + "/report/report.html\">report</a>" : "")
                        .append("</td></tr>\n");
            }
            sb.append("</table>\n<h2>What was new each night</h2>\n");
            for (NightSummary n : nights.reversed()) {
                sb.append("<details")
                        .append(n == last ? " open" : "")
                        .append("><summary>")
                        .append(esc(n.night()))
                        .append(": ")
                        .append(n.added())
                        .append(" new")
                        .append(
                                n.baseline() == null
                                        ? " (no earlier night to compare with)"
                                        : " against " + esc(n.baseline()))
                        .append("</summary>\n");
                if (!n.newCases().isEmpty()) {
                    sb.append("<ul>");
                    for (String c : n.newCases())
                        sb.append("<li><code>").append(esc(c)).append("</code></li>");
                    if (n.added() > n.newCases().size())
                        sb.append("<li>… ")
                                .append(n.added() - n.newCases().size())
                                .append(" more in the night's report</li>");
                    sb.append("</ul>\n");
                }
                sb.append("</details>\n");
            }
        }
        return sb.append("</body></html>\n").toString();
    }

    /** A line per series over the nights, with a legend; y from 0 to the largest value. */
    static String plot(String id, List<NightSummary> nights, Map<String, ToIntFunction<NightSummary>> series) {
        // The legend gets the room its longest label needs (pair ids are long), the plot keeps 650 px.
        int longest = series.keySet().stream().mapToInt(String::length).max().orElse(10);
        int left = 50, right = 50 + (int) Math.ceil(longest * 6.6), top = 15, bottom = 40;
        int w = left + 650 + right, h = Math.max(260, top + bottom + 16 * series.size() + 20);
        int max = 1;
        for (var f : series.values()) for (NightSummary n : nights) max = Math.max(max, f.applyAsInt(n));
        int plotW = w - left - right, plotH = h - top - bottom;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg id=\"")
                .append(id)
                .append("\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" role=\"img\"><g font-size=\"11\">\n");
        sb.append(line(left, top, left, top + plotH, "#000"))
                .append(line(left, top + plotH, left + plotW, top + plotH, "#000"));
        for (int k = 0; k <= 4; k++) {
            int v = (int) Math.round(max * k / 4.0);
            double y = top + plotH - plotH * (double) v / max;
            sb.append(text(left - 4, y + 4, "end", Integer.toString(v))).append(line(left, y, left + plotW, y, "#eee"));
        }
        int count = nights.size();
        for (int i = 0; i < count; i++) {
            double x = x(i, count, left, plotW);
            if (count <= 12 || i % Math.ceil(count / 12.0) == 0 || i == count - 1)
                sb.append(text(x, top + plotH + 16, "middle", nights.get(i).night()));
        }
        int s = 0;
        for (var e : series.entrySet()) {
            String color = PALETTE[s % PALETTE.length];
            StringBuilder pts = new StringBuilder();
            for (int i = 0; i < count; i++) {
                double x = x(i, count, left, plotW);
                double y = top + plotH - plotH * (double) e.getValue().applyAsInt(nights.get(i)) / max;
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                sb.append(String.format(
                        Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s %s: %d</title></circle>%n",
                        x,
                        y,
                        color,
                        esc(nights.get(i).night()),
                        esc(e.getKey()),
                        e.getValue().applyAsInt(nights.get(i))));
            }
            sb.append("<polyline fill=\"none\" stroke=\"")
                    .append(color)
                    .append("\" stroke-width=\"2\" points=\"")
                    .append(pts.toString().strip())
                    .append("\"/>\n");
            double ly = top + 12 + s * 16;
            sb.append(line(left + plotW + 12, ly - 4, left + plotW + 32, ly - 4, color)
                            .replace("stroke-width=\"1\"", "stroke-width=\"3\""))
                    .append(text(left + plotW + 36, ly, "start", e.getKey()));
            s++;
        }
        return sb.append("</g></svg>\n").toString();
    }

    private static double x(int i, int count, int left, int plotW) {
        return count == 1 ? left + plotW / 2.0 : left + 10 + (plotW - 20) * (double) i / (count - 1);
    }

    private static String line(double x1, double y1, double x2, double y2, String color) {
        return String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1\"/>%n",
                x1,
                y1,
                x2,
                y2,
                color);
    }

    private static String text(double x, double y, String anchor, String s) {
        return String.format(
                Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s</text>%n", x, y, anchor, esc(s));
    }

    /** The newest night in OpenMetrics: per pair and class with both sites as labels, per class, and the verdict. */
    static String metrics(List<NightSummary> nights) {
        StringBuilder sb = new StringBuilder();
        if (!nights.isEmpty()) {
            NightSummary n = nights.getLast();
            sb.append(
                    "# TYPE fparity_nightly_discrepancies gauge\n# HELP fparity_nightly_discrepancies Discrepancies of the newest night per platform pair and class, with the sites of both sides.\n");
            for (var e : new TreeMap<>(n.pairs()).entrySet()) {
                for (var c : e.getValue().classes().entrySet()) {
                    sb.append("fparity_nightly_discrepancies{class=\"")
                            .append(c.getKey())
                            .append("\",pair=\"")
                            .append(lbl(e.getKey()))
                            .append("\",site_a=\"")
                            .append(lbl(e.getValue().siteA()))
                            .append("\",site_b=\"")
                            .append(lbl(e.getValue().siteB()))
                            .append("\"} ")
                            .append(c.getValue())
                            .append('\n');
                }
            }
            gauge(
                    sb,
                    "fparity_nightly_new_discrepancies",
                    "Discrepancies of the newest night that the night before did not have.",
                    n,
                    n.added());
            gauge(
                    sb,
                    "fparity_nightly_exit_code",
                    "The newest night's verdict: 0 nothing new, 1 new discrepancies, 3 infrastructure failure.",
                    n,
                    n.exit());
            sb.append(
                    "# TYPE fparity_nightly_site_failed gauge\n# HELP fparity_nightly_site_failed 1 for a cluster that brought no results on the newest night.\n");
            if (n.failures() != null)
                for (String site : new TreeMap<>(n.failures()).keySet())
                    sb.append("fparity_nightly_site_failed{site=\"")
                            .append(lbl(site))
                            .append("\"} 1\n");
            for (String site : n.sites())
                sb.append("fparity_nightly_site_failed{site=\"")
                        .append(lbl(site))
                        .append("\"} 0\n");
            causes(sb, n);
            gauge(
                    sb,
                    "fparity_nightly_timestamp_seconds",
                    "When the newest night finished (Unix time).",
                    n,
                    n.finishedSeconds());
            last(
                    sb,
                    nights,
                    NightSummary::ranToTheEnd,
                    "fparity_nightly_last_success_timestamp_seconds",
                    "When the newest night that ran to the end finished (Unix time): every cluster brought its results and they were compared (exit 0 or 1); alert when it grows old.");
            last(
                    sb,
                    nights,
                    x -> x.exit() == ExitCode.OK.code(),
                    "fparity_nightly_last_green_timestamp_seconds",
                    "When the newest night with nothing new (exit 0) finished (Unix time).");
        }
        return sb.append("# EOF\n").toString();
    }

    /** One gauge of the newest night: its TYPE and HELP lines, and its sample labelled with the night. */
    private static void gauge(StringBuilder sb, String name, String help, NightSummary n, long value) {
        typeHelp(sb, name, help);
        sample(sb, name, n, value);
    }

    private static void typeHelp(StringBuilder sb, String name, String help) {
        sb.append("# TYPE ")
                .append(name)
                .append(" gauge\n# HELP ")
                .append(name)
                .append(' ')
                .append(help)
                .append('\n');
    }

    private static void sample(StringBuilder sb, String name, NightSummary n, long value) {
        sb.append(name)
                .append("{night=\"")
                .append(lbl(n.night()))
                .append("\"} ")
                .append(value)
                .append('\n');
    }

    /** The newest night's root causes: how many, how many new, and each cause's cases (absent when it was not triaged). */
    private static void causes(StringBuilder sb, NightSummary n) {
        if (n.causeCases() == null) return;
        List<String> fresh = n.newCauses() == null ? List.of() : n.newCauses();
        gauge(
                sb,
                "fparity_nightly_root_causes",
                "Root causes of the newest night (fparity triage).",
                n,
                n.causeCases().size());
        gauge(
                sb,
                "fparity_nightly_new_root_causes",
                "Root causes of the newest night that the night before did not have.",
                n,
                fresh.size());
        sb.append(
                "# TYPE fparity_nightly_cause_cases gauge\n# HELP fparity_nightly_cause_cases Cases of each root cause of the newest night, by its key; new: not seen the night before.\n");
        for (var e : new TreeMap<>(n.causeCases()).entrySet())
            sb.append("fparity_nightly_cause_cases{cause=\"")
                    .append(lbl(e.getKey()))
                    .append("\",new=\"")
                    .append(fresh.contains(e.getKey()))
                    .append("\"} ")
                    .append(e.getValue())
                    .append('\n');
    }

    /** The finishing time of the newest night that {@code which} holds for, as a gauge with that night's name. */
    private static void last(
            StringBuilder sb,
            List<NightSummary> nights,
            java.util.function.Predicate<NightSummary> which,
            String name,
            String help) {
        typeHelp(sb, name, help);
        nights.reversed().stream().filter(which).findFirst().ifPresent(x -> sample(sb, name, x, x.finishedSeconds()));
    }

    private static String lbl(String s) {
        return s == null ? "" : s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
