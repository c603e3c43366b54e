package org.fparity.report;

import java.util.ArrayList;
import java.util.List;

/** A small table of text cells, rendered as aligned plain text (the terminal) or Markdown (summary.md). */
final class Table {
    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();
    private final int labelColumns;

    Table(List<String> header) {
        this(header, 1);
    }

    /** The first labelColumns columns hold labels (left-aligned), the rest numbers (right-aligned). */
    Table(List<String> header, int labelColumns) {
        this.header = List.copyOf(header);
        this.labelColumns = labelColumns;
    }

    Table row(List<String> cells) {
        if (cells.size() != header.size())
            throw new IllegalArgumentException("row has " + cells.size() + " cells, header " + header.size());
        rows.add(List.copyOf(cells));
        return this;
    }

    List<String> header() {
        return header;
    }

    List<List<String>> rows() {
        return rows;
    }

    /** Columns padded to their widest cell; label columns left-aligned, numbers right-aligned. */
    String toText() {
        int[] w = widths();
        StringBuilder sb = new StringBuilder();
        line(sb, header, w);
        for (int i = 0; i < w.length; i++) {
            if (i > 0) sb.append("  ");
            sb.append("-".repeat(w[i]));
        }
        sb.append('\n');
        for (List<String> r : rows) line(sb, r, w);
        return sb.toString();
    }

    String toMarkdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("| ")
                .append(String.join(" | ", header.stream().map(Table::md).toList()))
                .append(" |\n|");
        for (int i = 0; i < header.size(); i++) sb.append(i < labelColumns ? " --- |" : " ---: |");
        sb.append('\n');
        for (List<String> r : rows)
            sb.append("| ")
                    .append(String.join(" | ", r.stream().map(Table::md).toList()))
                    .append(" |\n");
        return sb.toString();
    }

    private static String md(String s) {
        return Markup.md(s);
    }

    private int[] widths() {
        int[] w = new int[header.size()];
        for (int i = 0; i < w.length; i++) w[i] = header.get(i).length();
        for (List<String> r : rows)
            for (int i = 0; i < w.length; i++) w[i] = Math.max(w[i], r.get(i).length());
        return w;
    }

    private void line(StringBuilder sb, List<String> cells, int[] w) {
        for (int i = 0; i < w.length; i++) {
            if (i > 0) sb.append("  ");
            String c = cells.get(i);
            sb.append(i < labelColumns ? c + " ".repeat(w[i] - c.length()) : " ".repeat(w[i] - c.length()) + c);
        }
        int end = sb.length();
        while (end > 0 && sb.charAt(end - 1) == ' ') end--;
        sb.setLength(end);
        sb.append('\n');
    }
}
