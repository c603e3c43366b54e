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

    /**
     * Where a campaign's report goes by default: {@code reports/<campaign name>}, unless that folder holds the report of
     * another campaign of the same name (another folder), which is then left alone: {@code reports/<name>-<8 hex digits
     * of the SHA-256 of the campaign's folder>}.
     */
    public static Path defaultDir(org.fparity.compare.CampaignView view) {
        return defaultDir(view, Path.of("reports"));
    }

    /** {@link #defaultDir(org.fparity.compare.CampaignView)} under {@code root} instead of {@code reports}. */
    public static Path defaultDir(org.fparity.compare.CampaignView view, Path root) {
        Path plain = root.resolve(view.name());
        String folder = view.provenance().get("folder");
        if (folder == null) return plain;
        String other = folderOf(plain.resolve("report.json"));
        if (other == null || other.equals(folder)) return plain;
        return root.resolve(view.name() + "-" + org.fparity.util.Hashes.sha256Hex(folder).substring(0, 8));
    }

    /** The campaign folder an existing report.json was made from, or null (none, unreadable, or from before it was recorded). */
    private static String folderOf(Path reportJson) {
        if (!java.nio.file.Files.exists(reportJson)) return null;
        try {
            var n = org.fparity.ir.ProgramJson.MAPPER.readTree(reportJson.toFile()).path("session_info").path("campaign_folder");
            return n.isTextual() ? n.asText() : null;
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /** The tables {@code fparity compare} prints: runs, then per series the class table and the matrices. */
    public static String text(Report r) {
        return TextReport.render(r);
    }
}
