package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.function.UnaryOperator;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exports edited and signed again ({@link ExportForgery}), as anyone who can hand over a file can make them: every hash
 * and the digest match, so what import checks of the content is all that stands between the file and the disk.
 */
class HostileImportTest {
    @TempDir
    static Path tmp;

    static Path export;
    static String firstProgram;

    @BeforeAll
    static void exportOnce() {
        Path campaign = CampaignBuilder.small(tmp.resolve("nightly-1"));
        export = tmp.resolve("nightly-1.json");
        CampaignExport.export(campaign, export, "0.1.0", Instant.parse("2026-11-27T00:00:00Z"));
        firstProgram = Campaign.load(campaign).programEntries().getFirst().id();
    }

    private static Path forge(String name, UnaryOperator<String> edit) {
        return ExportForgery.forge(export, tmp.resolve(name + ".json"), edit);
    }

    /** Refused with exit 2 and one line containing {@code expected}; the target and its temporaries never appear. */
    private static String refused(Path forged, String expected) throws IOException {
        Path target = tmp.resolve("into-" + forged.getFileName() + "/campaign");
        FparityError e = assertThrows(FparityError.class, () -> CampaignImport.importTo(forged, target));
        assertEquals(2, e.exitCode(), e.getMessage());
        assertTrue(e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
        assertFalse(Files.exists(target));
        try (var s = Files.list(target.getParent())) {
            assertEquals(List.of(), s.toList(), "no temporaries left");
        }
        return e.getMessage();
    }

    @Test
    void theForgerMakesExportsThatPassEveryIntegrityCheck() {
        // the refusals below are then the content checks', not the digest's
        Path forged = forge("renamed", s -> s.replace("\"name\":\"nightly-1\"", "\"name\":\"nightly-2\""));
        CampaignImport.Result r = CampaignImport.importTo(forged, tmp.resolve("renamed-import"));
        assertEquals("nightly-2", r.name());
        assertEquals(144, r.outcomes());
    }

    @Test
    void aCampaignNameThatIsAPathIsRefused() throws IOException {
        Path forged = forge("traversal", s -> s.replace("\"name\":\"nightly-1\"", "\"name\":\"../../../../tmp/x\""));
        refused(forged, "traversal.json: campaign name '../../../../tmp/x' contains a path separator");
        FparityError e = assertThrows(FparityError.class, () -> CampaignImport.defaultTarget(forged));
        assertEquals(2, e.exitCode());
    }

    @Test
    void aControlCharacterInTheNameIsRefusedAndShownEscaped() throws IOException {
        Path forged = forge("ansi", s -> s.replace("\"name\":\"nightly-1\"", "\"name\":\"a\\u001b[31mred\\nline\""));
        String msg = refused(forged, "campaign name 'a\\u001b[31mred\\nline' contains a control character");
        assertFalse(msg.contains("\u001b") || msg.contains("\n"), msg);
    }

    @Test
    void aProgramIdThatIsAPathIsRefused() throws IOException {
        // the id replaced everywhere (program table and outcomes), as a forger would
        Path forged = forge("program-id", s -> s.replace("\"" + firstProgram + "\"", "\"../../evil\""));
        refused(forged, "program name '../../evil' contains a path separator");
    }

    @Test
    void aToolchainNameThatIsAPathIsRefused() throws IOException {
        Path forged = forge("toolchain", s -> s.replace("\"toolchain\":\"gcc\"", "\"toolchain\":\"..\""));
        refused(forged, "toolchain name '..' contains '..'");
    }

    @Test
    void aPlatformNameInAnOutcomeIsHeldToTheSameRule() throws IOException {
        // in fparity's own spelling (read without a parser) and escaped (read by the general path): compare printed
        // both
        String first = "(\n\\{\"program\":\"[0-9a-f]{16}\",\"input\":\\d+,\"toolchain\":\")gcc\"";
        refused(
                forge("outcome-path", s -> s.replaceFirst(first, "$1../x\"")),
                "outcome 1: toolchain name '../x' contains a path separator");
        refused(
                forge("outcome-escape", s -> s.replaceFirst(first, "$1g\\\\u001b[31mcc\"")),
                "outcome 1: toolchain name 'g\\u001b[31mcc' contains a control character");
        String site =
                "(\n,\\{\"program\":\"[0-9a-f]{16}\",\"input\":\\d+,\"toolchain\":\"[a-z-]+\",\"opt\":\"[A-Z0-9_]+\",\"site\":\")local\"";
        refused(forge("outcome-site", s -> s.replaceFirst(site, "$1..\"")), "outcome 2: site name '..' contains '..'");
    }

    @Test
    void aDuplicateKeyInAnOutcomeIsRefused() throws IOException {
        Path forged = forge("duplicate", s -> s.replaceFirst("\n\\{\"program\":", "\n{\"status\":\"OK\",\"program\":"));
        refused(forged, "outcome 1: duplicate key 'status'");
    }

    @Test
    void anExistingEmptyFolderIsNeverReplaced() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("existing/campaign"));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-x---"));
        FparityError e = assertThrows(FparityError.class, () -> CampaignImport.importTo(export, target));
        assertEquals(2, e.exitCode());
        assertTrue(
                e.getMessage().endsWith("campaign already exists; import into a new folder (--out)"), e.getMessage());
        assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        try (var s = Files.list(target)) {
            assertEquals(0, s.count());
        }
        try (var s = Files.list(target.getParent())) {
            assertEquals(List.of(target), s.toList(), "no temporaries left");
        }
    }

    @Test
    void importedFoldersFollowTheUmask() throws IOException {
        Path probe = Files.createDirectory(tmp.resolve("umask-probe"));
        Path target = tmp.resolve("umask-import");
        CampaignImport.importTo(export, target);
        assertEquals(
                PosixFilePermissions.toString(Files.getPosixFilePermissions(probe)),
                PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
    }
}
