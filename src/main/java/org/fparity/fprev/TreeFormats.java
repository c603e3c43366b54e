package org.fparity.fprev;

import java.util.Locale;

/** Renders a summation tree as JSON, Graphviz DOT (FPRev's labels) or a self-contained SVG drawing. */
public final class TreeFormats {
    private TreeFormats() {}

    /** {"n":…,"tree":"canonical","root":…,"nodes":[{"id":…,"children":[…]},…]} with inner nodes in bottom-up order. */
    public static String json(SumTree t) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"n\":")
                .append(t.n())
                .append(",\"tree\":\"")
                .append(t.canonical())
                .append("\",\"root\":")
                .append(t.root());
        sb.append(",\"nodes\":[");
        for (int v = t.n(); v < t.nodeCount(); v++) {
            if (v > t.n()) sb.append(',');
            sb.append("{\"id\":").append(v).append(",\"children\":[");
            for (int k = 0; k < t.childCount(v); k++) {
                if (k > 0) sb.append(',');
                sb.append(t.child(v, k));
            }
            sb.append("]}");
        }
        return sb.append("]}").toString();
    }

    /** Graphviz DOT as FPRev prints it: leaves {@code #i}, inner nodes {@code +}, edges child to parent. */
    public static String dot(SumTree t) {
        StringBuilder sb = new StringBuilder("digraph {\n");
        for (int v = 0; v < t.n(); v++)
            sb.append("  ").append(v).append(" [label=\"#").append(v).append("\"]\n");
        for (int v = t.n(); v < t.nodeCount(); v++) sb.append("  ").append(v).append(" [label=\"+\"]\n");
        for (int v = 0; v < t.nodeCount(); v++) {
            if (t.parent(v) >= 0)
                sb.append("  ").append(v).append(" -> ").append(t.parent(v)).append('\n');
        }
        return sb.append("}\n").toString();
    }

    /** A standalone SVG: leaves along the bottom in drawing order, each inner node above the middle of its children. */
    public static String svg(SumTree t, String title) {
        int n = t.n(), nodes = t.nodeCount();
        double[] x = new double[nodes];
        int[] depth = new int[nodes];
        int[] order = t.leafOrder();
        double dx = n <= 64 ? 28 : n <= 512 ? 8 : Math.max(0.5, 4096.0 / n);
        for (int k = 0; k < n; k++) x[order[k]] = 20 + k * dx;
        for (int v = n; v < nodes; v++) {
            double s = 0;
            for (int k = 0; k < t.childCount(v); k++) s += x[t.child(v, k)];
            x[v] = s / t.childCount(v);
        }
        int maxDepth = 0;
        for (int v = nodes - 1; v >= 0; v--) {
            depth[v] = t.parent(v) < 0 ? 0 : depth[t.parent(v)] + 1;
            maxDepth = Math.max(maxDepth, depth[v]);
        }
        double dy = Math.max(1.0, Math.min(36, 3000.0 / Math.max(1, maxDepth)));
        double width = 40 + (n - 1) * dx, height = 60 + maxDepth * dy;
        boolean labels = n <= 128;
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">%n",
                width,
                height,
                width,
                height));
        sb.append("<title>").append(escape(title)).append("</title>\n<g stroke=\"#555\" stroke-width=\"1\">\n");
        for (int v = 0; v < nodes; v++) {
            int p = t.parent(v);
            if (p < 0) continue;
            sb.append(String.format(
                    Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>%n",
                    x[v],
                    30 + depth[v] * dy,
                    x[p],
                    30 + depth[p] * dy));
        }
        sb.append("</g>\n<g font-family=\"sans-serif\" font-size=\"9\" text-anchor=\"middle\">\n");
        for (int v = 0; v < nodes; v++) {
            double cx = x[v], cy = 30 + depth[v] * dy;
            boolean leaf = t.isLeaf(v);
            String fill = leaf ? "#dbe9f6" : t.childCount(v) > 2 ? "#f6d9b8" : "#ffffff";
            double r = labels ? 8 : 1.5;
            sb.append(String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" stroke=\"#333\"/>%n",
                    cx,
                    cy,
                    r,
                    fill));
            if (labels) {
                sb.append(String.format(
                        Locale.ROOT,
                        "<text x=\"%.1f\" y=\"%.1f\">%s</text>%n",
                        cx,
                        cy + 3,
                        leaf ? Integer.toString(v) : "+"));
            }
        }
        return sb.append("</g>\n</svg>\n").toString();
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
