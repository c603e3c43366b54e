package org.fparity.report;

import java.util.List;
import java.util.Locale;
import org.fparity.compare.AdjacencyMatrix;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.OutcomeClass;

/** Inline SVG charts for report.html: stacked bars of discrepancies per class and opt level, adjacency heat maps. */
final class Svg {
    private Svg() {}

    /** One colour per class, readable on white and distinguishable in the legend. */
    static String color(DiscrepancyClass c) {
        return switch (c) {
            case NAN_INF -> "#b2182b";
            case NAN_ZERO -> "#e08214";
            case NAN_NUMBER -> "#f1b6da";
            case INF_ZERO -> "#8c510a";
            case INF_NUMBER -> "#4393c3";
            case ZERO_NUMBER -> "#1b7837";
            case NUMBER_NUMBER -> "#9e9e9e";
            case INF_SIGN -> "#762a83";
        };
    }

    /** A bar of counts per class (indexed by ordinal) for one opt level. */
    record Bar(String label, int[] counts) {
        int total() {
            int t = 0;
            for (int c : counts) t += c;
            return t;
        }
    }

    static String stackedBars(String id, String title, List<Bar> bars) {
        int w = 560, h = 260, left = 56, bottom = 36, top = 28, right = 12;
        int plotH = h - top - bottom;
        int step = niceStep(bars.stream().mapToInt(Bar::total).max().orElse(0));
        int max = step * 4;
        double slot = (w - left - right) / (double) Math.max(1, bars.size());
        double barW = Math.min(64, slot * 0.6);
        StringBuilder sb = new StringBuilder();
        sb.append("<svg id=\"")
                .append(Markup.esc(id))
                .append("\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" viewBox=\"0 0 ")
                .append(w)
                .append(' ')
                .append(h)
                .append("\" role=\"img\">");
        sb.append("<title>").append(Markup.esc(title)).append("</title>");
        sb.append(text(left, 16, "start", "chart-title", title));
        for (int i = 0; i <= 4; i++) {
            double y = top + plotH - plotH * i / 4.0;
            int v = step * i;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"grid\"/>",
                    left,
                    w - right,
                    y,
                    y));
            sb.append(text(left - 6, y + 4, "end", "axis", Integer.toString(v)));
        }
        for (int b = 0; b < bars.size(); b++) {
            Bar bar = bars.get(b);
            double x = left + slot * b + (slot - barW) / 2;
            double y = top + plotH;
            for (DiscrepancyClass c : DiscrepancyClass.values()) {
                int n = bar.counts()[c.ordinal()];
                if (n == 0) continue;
                double bh = plotH * n / (double) max;
                y -= bh;
                sb.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" data-class=\"%s\"><title>%s %s: %d</title></rect>",
                        x,
                        y,
                        barW,
                        bh,
                        color(c),
                        c.id(),
                        Markup.esc(bar.label()),
                        Markup.esc(c.label()),
                        n));
            }
            sb.append(text(x + barW / 2, top + plotH + 16, "middle", "axis", bar.label()));
            sb.append(text(x + barW / 2, y - 4, "middle", "value", Integer.toString(bar.total())));
        }
        return sb.append("</svg>").toString();
    }

    /** The smallest round step (1, 2, 3, 4, 5, 6 or 8 × 10^k) such that four steps reach the largest bar. */
    static int niceStep(int largest) {
        int need = Math.max(1, (largest + 3) / 4);
        for (int mag = 1; ; mag *= 10) {
            for (int m : new int[] {1, 2, 3, 4, 5, 6, 8}) if (m * mag >= need) return m * mag;
        }
    }

    /** A 4×4 heat map: rows side a's class, columns side b's; shade by count relative to scaleMax. */
    static String heatMap(String title, String rowsLabel, String colsLabel, AdjacencyMatrix m, int scaleMax) {
        int cell = 40, left = 70, top = 50;
        int n = OutcomeClass.values().length;
        int w = left + cell * n + 8, h = top + cell * n + 8;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg class=\"heatmap\" xmlns=\"http://www.w3.org/2000/svg\" width=\"")
                .append(w)
                .append("\" height=\"")
                .append(h)
                .append("\" viewBox=\"0 0 ")
                .append(w)
                .append(' ')
                .append(h)
                .append("\" role=\"img\">");
        sb.append("<title>").append(Markup.esc(title)).append("</title>");
        sb.append(text(left + cell * n / 2.0, 12, "middle", "chart-title", title));
        sb.append(text(left + cell * n / 2.0, 26, "middle", "axis", colsLabel + " →"));
        sb.append(text(4, top - 6, "start", "axis", rowsLabel + " ↓"));
        for (OutcomeClass c : OutcomeClass.values()) {
            sb.append(text(left + cell * c.ordinal() + cell / 2.0, top - 6, "middle", "axis", c.label()));
            sb.append(text(left - 6, top + cell * c.ordinal() + cell / 2.0 + 4, "end", "axis", c.label()));
        }
        for (OutcomeClass a : OutcomeClass.values()) {
            for (OutcomeClass b : OutcomeClass.values()) {
                int v = m.get(a, b);
                // sqrt so a single NaN–Inf cell stays visible next to thousands of Number–Number
                double f = scaleMax == 0 || v == 0 ? 0 : Math.sqrt(v / (double) scaleMax);
                int shade = (int) Math.round(235 - 190 * f);
                String fill = v == 0
                        ? "#f7f7f7"
                        : String.format(
                                Locale.ROOT, "rgb(%d,%d,%d)", 250 - (int) (40 * f), shade, shade - (int) (20 * f));
                int x = left + cell * b.ordinal(), y = top + cell * a.ordinal();
                sb.append(String.format(
                        Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#fff\"><title>%s %s, %s %s: %d</title></rect>",
                        x,
                        y,
                        cell,
                        cell,
                        fill,
                        Markup.esc(rowsLabel),
                        a.label(),
                        Markup.esc(colsLabel),
                        b.label(),
                        v));
                sb.append(text(
                        x + cell / 2.0,
                        y + cell / 2.0 + 4,
                        "middle",
                        f > 0.6 ? "cell dark" : "cell",
                        v == 0 ? "·" : Integer.toString(v)));
            }
        }
        return sb.append("</svg>").toString();
    }

    private static String text(double x, double y, String anchor, String cls, String s) {
        return String.format(
                Locale.ROOT,
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" class=\"%s\">%s</text>",
                x,
                y,
                anchor,
                cls,
                Markup.esc(s));
    }
}
