package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.compare.PlantedFaults;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, finding 8: a report is written as a set (a new folder renamed into place), so a killed report leaves the
 * old report or the new one, never an old metrics.txt beside new files; what a killed one left is removed next time.
 */
class ReportSetTest {
    @TempDir
    Path tmp;

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aReportReplacesTheOldOneWholeAndRemovesWhatAKilledOneLeft() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("reports/planted"));
        for (String f : ReportWriter.FILES) Files.writeString(dir.resolve(f), "old");
        // a killed report: its new folder (lock file free: its process is gone), and an old report it had set aside
        Path killed = Files.createDirectories(tmp.resolve("reports/.planted.report-dead"));
        Files.writeString(killed.resolve(".lock"), "");
        Files.writeString(killed.resolve("report.json"), "{");
        Path aside = Files.createDirectories(tmp.resolve("reports/.planted.old-dead"));
        Files.writeString(aside.resolve("metrics.txt"), "old");
        Files.setLastModifiedTime(aside, FileTime.fromMillis(System.currentTimeMillis() - 3_600_000));

        ReportWriter.write(Report.of(PlantedFaults.campaign("planted"), null), dir);
        assertEquals(List.of("planted"), names(tmp.resolve("reports")), "the killed report's leftovers are gone");
        assertEquals(List.of("junit.xml", "metrics.txt", "report.html", "report.json", "summary.md"), names(dir));
        for (String f : ReportWriter.FILES) assertNotEquals("old", Files.readString(dir.resolve(f)), f);
    }

    @Test
    void aFolderThatHoldsOtherFilesKeepsThemAndGetsAllFiveNewFiles() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(dir.resolve("notes.txt"), "mine");
        for (String f : ReportWriter.FILES) Files.writeString(dir.resolve(f), "old");
        ReportWriter.write(Report.of(PlantedFaults.campaign("planted"), null), dir);
        assertEquals(
                List.of("junit.xml", "metrics.txt", "notes.txt", "report.html", "report.json", "summary.md"),
                names(dir));
        assertEquals("mine", Files.readString(dir.resolve("notes.txt")));
        for (String f : ReportWriter.FILES) assertNotEquals("old", Files.readString(dir.resolve(f)), f);
        assertEquals(List.of("mine"), names(tmp));
    }

    @Test
    void aReportFolderReachedThroughALinkIsReplacedWhereItIs() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("elsewhere/planted"));
        for (String f : ReportWriter.FILES) Files.writeString(real.resolve(f), "old");
        Path link = Files.createSymbolicLink(
                Files.createDirectories(tmp.resolve("reports")).resolve("planted"), real);
        ReportWriter.write(Report.of(PlantedFaults.campaign("planted"), null), link);
        assertEquals(true, Files.isSymbolicLink(link));
        assertEquals(List.of("junit.xml", "metrics.txt", "report.html", "report.json", "summary.md"), names(real));
        for (String f : ReportWriter.FILES) assertNotEquals("old", Files.readString(link.resolve(f)), f);
        assertEquals(List.of("planted"), names(tmp.resolve("elsewhere")));
    }
}
