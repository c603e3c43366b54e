package org.fparity.oracle.bounds;

import java.util.Locale;
import java.util.Map;

/** A self-contained SVG of empirical distribution functions on a log₁₀ x axis (no scripts, no network). */
public final class EdfPlot {
    private EdfPlot() {}

    private static final String[] COLORS = {
        "#1f77b4", "#d62728", "#2ca02c", "#1f77b4", "#d62728", "#2ca02c", "#1f77b4", "#d62728", "#2ca02c"
    };

    public static String svg(Experiments.Result r) {
        int w = 820, h = 480, left = 70, right = 250, top = 40, bottom = 50;
        double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
        for (double[] s : r.series().values()) {
            for (double v : s) {
                if (v > 0 && Double.isFinite(v)) {
                    lo = Math.min(lo, Math.log10(v));
                    hi = Math.max(hi, Math.log10(v));
                }
            }
        }
        if (!(lo < hi)) {
            lo = -10;
            hi = 0;
        }
        lo = Math.floor(lo);
        hi = Math.ceil(hi);
        double pw = w - left - right, ph = h - top - bottom;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
                w,
                h));
        sb.append(String.format(
                Locale.ROOT, "<text x=\"%d\" y=\"20\" font-size=\"14\">%s</text>%n", left, esc(r.title())));
        sb.append(String.format(
                Locale.ROOT,
                "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" fill=\"none\" stroke=\"#888\"/>%n",
                left,
                top,
                pw,
                ph));
        for (int d = (int) lo; d <= (int) hi; d++) {
            double x = left + (d - lo) / (hi - lo) * pw;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%.0f\" stroke=\"#eee\"/>",
                    x,
                    top,
                    x,
                    top + ph));
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">1e%d</text>%n",
                    x,
                    top + ph + 16,
                    d));
        }
        for (int k = 0; k <= 4; k++) {
            double y = top + ph - k / 4.0 * ph;
            sb.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%.2f</text>%n",
                    left - 6,
                    y + 4,
                    k / 4.0));
        }
        sb.append(String.format(
                Locale.ROOT,
                "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\">relative forward error |d̂ − d|/|d| and its bounds</text>%n",
                left + pw / 2,
                h - 10));
        int i = 0;
        for (Map.Entry<String, double[]> e : r.series().entrySet()) {
            String name = e.getKey();
            String dash = name.startsWith("DBEA")
                    ? " stroke-dasharray=\"8 4\""
                    : name.startsWith("VIBEA") ? " stroke-dasharray=\"2 3\"" : "";
            String color = COLORS[i % COLORS.length];
            double[] s = e.getValue();
            StringBuilder pts = new StringBuilder();
            int step = Math.max(1, s.length / 400);
            for (int k = 0; k < s.length; k += step) pts.append(point(s, k, lo, hi, left, top, pw, ph));
            pts.append(point(s, s.length - 1, lo, hi, left, top, pw, ph));
            sb.append(String.format(
                    Locale.ROOT,
                    "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s points=\"%s\"/>%n",
                    color,
                    dash,
                    pts.toString().strip()));
            double ly = top + 14 + i * 18;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\"%s/>",
                    left + pw + 12,
                    ly,
                    left + pw + 40,
                    ly,
                    color,
                    dash));
            sb.append(String.format(
                    Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\">%s</text>%n", left + pw + 46, ly + 4, esc(name)));
            i++;
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static String point(double[] s, int k, double lo, double hi, int left, int top, double pw, double ph) {
        double v = s[k] > 0 ? Math.log10(s[k]) : lo;
        double x = left + (Math.max(lo, Math.min(hi, v)) - lo) / (hi - lo) * pw;
        double y = top + ph - (k + 1.0) / s.length * ph;
        return String.format(Locale.ROOT, "%.1f,%.1f ", x, y);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
