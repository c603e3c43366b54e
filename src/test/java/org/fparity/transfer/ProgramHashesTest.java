package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.FparityError;
import org.fparity.bench.ScaleCampaign;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.campaign.ProgramStore;
import org.fparity.util.Hashes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export and import hash each program's text once (issue 31): the hash export writes is the one it checks against
 * the recorded SHA-256, and the hash import checks the file's against is the one it checks the recorded one against.
 * Both hashed every text twice, once to check it and once to write or compare it.
 */
class ProgramHashesTest {
    @TempDir
    Path tmp;

    @Test
    void exportAndImportHashEachProgramsTextOnce() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 40, 3, 5);
        Path site = w.sites().getFirst();
        CampaignMeta meta = Campaign.readMeta(site);
        assertNotNull(meta.grammar().content(), "a grammar, whose hash the export carries");
        long before = Hashes.made();
        CampaignExport.Result r = CampaignExport.write(meta, "alpha", site, new ByteArrayOutputStream(), "test", null);
        // one hash per program, the grammar's, and the document's digest
        assertEquals(40, r.programs());
        assertEquals(40 + 2, Hashes.made() - before, "digests made by an export of 40 programs");

        Path export = tmp.resolve("alpha.fparity.json");
        CampaignExport.export(site, export, "test", null);
        before = Hashes.made();
        CampaignImport.Result in = CampaignImport.importTo(export, tmp.resolve("imported"));
        assertEquals(40, in.programs());
        // one hash per program, the grammar's, and the file's digest checked as it is read
        assertEquals(40 + 2, Hashes.made() - before, "digests made by an import of 40 programs");
    }

    @Test
    void aTextWhoseHashIsMadeAlreadyIsJudgedAsItsTextIs() {
        String text = "program fp64\ncompute(double x) { return x; }\n";
        String actual = Hashes.sha256Hex(text);
        String other = Hashes.sha256Hex(text + " ");
        for (String[] c : new String[][] {
            {actual.substring(0, 16), actual},
            {actual.substring(0, 16), other},
            {other.substring(0, 16), actual},
            {"p1", actual},
            {"p1", "not-a-hash"},
            {"p1", null}
        }) {
            assertEquals(
                    ProgramHashes.problem(c[0], c[1], text),
                    ProgramHashes.problemOfHash(c[0], c[1], actual),
                    String.join(" ", c[0], String.valueOf(c[1])));
        }
        assertTrue(ProgramHashes.problemOfHash("p1", other, actual).startsWith("program p1: recorded sha256 "));
    }

    @Test
    void anExportOfATextChangedAfterItRanIsStillRefused() throws Exception {
        ScaleCampaign.Written w = ScaleCampaign.write(tmp, 5, 2, 5);
        Path site = w.sites().getFirst();
        Path f = site.resolve(ProgramStore.FILE);
        List<String> lines = Files.readAllLines(f);
        int at = lines.get(2).indexOf("\"source\":\"") + 10;
        char was = lines.get(2).charAt(at);
        lines.set(
                2,
                lines.get(2).substring(0, at)
                        + (was == 'x' ? 'y' : 'x')
                        + lines.get(2).substring(at + 1));
        Files.write(f, lines, StandardCharsets.UTF_8);
        FparityError e = assertThrows(
                FparityError.class,
                () -> CampaignExport.write(
                        Campaign.readMeta(site), "alpha", site, new ByteArrayOutputStream(), "test", null));
        assertTrue(e.getMessage().contains(": recorded sha256 "), e.getMessage());
        assertTrue(
                e.getMessage().endsWith("; the program was changed after it ran, so its outcomes are not its own"),
                e.getMessage());
    }
}
