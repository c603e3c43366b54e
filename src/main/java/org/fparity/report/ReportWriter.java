package org.fparity.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.fparity.FparityError;

/**
 * Writes a report's five files as a set: into a new folder beside the report folder, which then takes the old one's
 * place, so that a killed {@code report} leaves the old report or the new one, never old files beside new ones.
 */
public final class ReportWriter {
    private ReportWriter() {}

    /** The files of a report, in the order they are listed. */
    static final List<String> FILES = List.of("report.json", "summary.md", "report.html", "junit.xml", "metrics.txt");

    /**
     * The bytes in one write and one fsync: StandardOpenOption.SYNC made each of Files.write's 8 KB chunks a synced
     * write of its own, and a 60-site report (21 MB) spent 17 of its 20 s waiting for the disk.
     */
    private static void writeSynced(Path f, Report r, Render render) throws IOException {
        try (java.nio.channels.FileChannel ch =
                java.nio.channels.FileChannel.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ReportOut w = new ReportOut(ch);
            render.to(r, w);
            w.flush();
            ch.force(true);
        }
    }

    /** Writes one report file's text. */
    @FunctionalInterface
    interface Render {
        void to(Report r, ReportOut w) throws IOException;
    }

    /** What {@code render} writes, as a string (tests, small reports). */
    static String text(Report r, Render render) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        try {
            ReportOut w = new ReportOut(b);
            render.to(r, w);
            w.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return b.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Writes report.json, summary.md (short), report.html, junit.xml and metrics.txt into dir; returns their paths. */
    public static List<Path> write(Report r, Path dir) {
        return write(r, dir, false);
    }

    /**
     * As {@link #write(Report, Path)}; {@code detail}: summary.md with the per-pair tables, matrices and every top case
     * ({@code report --detail}).
     */
    public static List<Path> write(Report r, Path dir, boolean detail) {
        return write(r, dir, detail, null);
    }

    /**
     * As {@link #write(Report, Path, boolean)}; {@code cases}: also every case, one JSON object a line, into that file
     * ({@code report --cases FILE}, {@link CaseLines}), put in place once the report is; null: no case list.
     */
    public static List<Path> write(Report r, Path dir, boolean detail, Path cases) {
        return write(r, dir, detail, cases, null);
    }

    /**
     * As {@link #write(Report, Path, boolean, Path)}; {@code discrepancies}: also every discrepancy, one JSON object a
     * line with the fields of report.json's entries, into that file ({@code report --discrepancies FILE}: report.json
     * lists only the top ones beyond {@link ListedDiscrepancies#LIMIT}), put in place once the report is; null: none.
     */
    public static List<Path> write(Report r, Path dir, boolean detail, Path cases, Path discrepancies) {
        return write(r, dir, detail, cases, discrepancies, ListedDiscrepancies.LIMIT);
    }

    /** As {@link #write(Report, Path, boolean, Path, Path)}, with {@code limit} in place of {@link ListedDiscrepancies#LIMIT} (tests). */
    static List<Path> write(Report r, Path dir, boolean detail, Path cases, Path discrepancies, int limit) {
        // each file written as it is rendered, into the new folder: the long ones (report.json, junit.xml) streamed,
        // never whole in memory
        Path tmp = null;
        // one walk over the cases for every file (CasePass): each walk reads every case back from disk
        try (CasePass pass = CasePass.of(r, cases, discrepancies, limit)) {
            List<Render> renders = List.of(
                    (x, w) -> JsonReport.write(x, w, pass),
                    (x, w) -> w.write(MarkdownSummary.render(x, detail, pass)),
                    (x, w) -> w.write(HtmlReport.render(x, pass)),
                    (x, w) -> JUnitReport.write(x, w, pass.junit),
                    (x, w) -> w.write(OpenMetrics.render(x)));
            // a report folder reached through a symbolic link is replaced where it really is
            Path target =
                    Files.exists(dir) ? dir.toRealPath() : dir.toAbsolutePath().normalize();
            Path parent = target.getParent();
            if (parent == null)
                throw new FparityError("cannot write a report into " + dir + ": give a folder below it");
            String name = target.getFileName().toString();
            // what a killed report into the same folder left behind goes first
            org.fparity.util.Leftovers.clean(parent, "." + name + ".report-", "");
            org.fparity.util.Leftovers.clean(parent, "." + name + ".old-", "");
            tmp = org.fparity.util.Leftovers.tempDir(parent, "." + name + ".report-");
            for (int i = 0; i < FILES.size(); i++) writeSynced(tmp.resolve(FILES.get(i)), r, renders.get(i));
            org.fparity.util.Leftovers.release(tmp);
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } else if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS) && onlyReportFiles(target)) {
                // the old report aside, the new one in its place, the old one gone: two renames, never a mix
                Path old = parent.resolve("." + name + ".old-"
                        + tmp.getFileName().toString().substring(name.length() + ".report-".length() + 1));
                Files.move(target, old, StandardCopyOption.ATOMIC_MOVE);
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
                org.fparity.util.Leftovers.deleteTree(old);
            } else {
                // a folder that holds other files too (--out .): the old report's files go before the new ones come,
                // one by one
                for (String f : FILES) Files.deleteIfExists(target.resolve(f));
                for (String f : FILES) Files.move(tmp.resolve(f), target.resolve(f), StandardCopyOption.ATOMIC_MOVE);
                org.fparity.util.Leftovers.deleteTree(tmp);
            }
            tmp = null;
            if (pass.lines != null) pass.lines.commit();
            if (pass.discrepancyLines != null) pass.discrepancyLines.commit();
        } catch (IOException e) {
            throw org.fparity.FparityError.io("cannot write the report into " + dir, e);
        } finally {
            if (tmp != null) {
                org.fparity.util.Leftovers.release(tmp);
                try {
                    org.fparity.util.Leftovers.deleteTree(tmp);
                } catch (IOException ignored) {
                    // named as a leftover: the next report removes it
                }
            }
        }
        List<Path> written =
                new java.util.ArrayList<>(FILES.stream().map(dir::resolve).toList());
        if (cases != null) written.add(cases);
        if (discrepancies != null) written.add(discrepancies);
        return written;
    }

    /** Whether a folder holds nothing but files of a report (or nothing). */
    private static boolean onlyReportFiles(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.allMatch(p ->
                    FILES.contains(p.getFileName().toString()) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS));
        }
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
        return root.resolve(
                view.name() + "-" + org.fparity.util.Hashes.sha256Hex(folder).substring(0, 8));
    }

    /** The campaign folder an existing report.json was made from, or null (none, unreadable, or from before it was recorded). */
    private static String folderOf(Path reportJson) {
        if (!java.nio.file.Files.exists(reportJson)) return null;
        try {
            var n = org.fparity.ir.ProgramJson.MAPPER
                    .readTree(reportJson.toFile())
                    .path("session_info")
                    .path("campaign_folder");
            return n.isTextual() ? n.asText() : null;
        } catch (java.io.IOException | RuntimeException e) {
            return "";
        }
    }

    /** What {@code fparity compare} prints: the verdict, the causes or top cases, and how to see the detail. */
    public static String text(Report r) {
        return TextReport.render(r, false);
    }

    /** {@code detail}: also the tables {@code compare --detail} prints: runs, per series the class table and the matrices. */
    public static String text(Report r, boolean detail) {
        return TextReport.render(r, detail);
    }
}
