package org.fparity.report;

import java.nio.file.Path;
import java.util.List;
import org.fparity.util.AtomicFiles;

/** Writes a report's five files into one folder, each by temp-then-rename. */
public final class ReportWriter {
    private ReportWriter() {}

    /** Writes report.json, summary.md, report.html, junit.xml and metrics.txt into dir; returns their paths. */
    public static List<Path> write(Report r, Path dir) {
        Path json = dir.resolve("report.json");
        Path md = dir.resolve("summary.md");
        Path html = dir.resolve("report.html");
        Path junit = dir.resolve("junit.xml");
        Path metrics = dir.resolve("metrics.txt");
        AtomicFiles.write(json, JsonReport.render(r));
        AtomicFiles.write(md, MarkdownSummary.render(r));
        AtomicFiles.write(html, HtmlReport.render(r));
        AtomicFiles.write(junit, JUnitReport.render(r));
        AtomicFiles.write(metrics, OpenMetrics.render(r));
        return List.of(json, md, html, junit, metrics);
    }

    /** The tables {@code fparity compare} prints: runs, then per series the class table and the matrices. */
    public static String text(Report r) {
        return TextReport.render(r);
    }
}
