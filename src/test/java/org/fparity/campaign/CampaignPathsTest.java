package org.fparity.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A path in campaign.json never leads out of the campaign folder, nor to something that is not a plain file. */
class CampaignPathsTest {
    @TempDir
    Path tmp;

    private Path campaignWithStore(String file) throws IOException {
        Path dir = CampaignBuilder.small(tmp.resolve("c"));
        Path meta = dir.resolve(Campaign.META);
        String text = Files.readString(meta);
        String edited = text.replace("\"file\" : \"" + ProgramStore.FILE + "\"", "\"file\" : \"" + file + "\"");
        assertTrue(!edited.equals(text), text);
        Files.writeString(meta, edited);
        return dir;
    }

    @ParameterizedTest
    @ValueSource(strings = {"/etc/passwd", "../c/" + ProgramStore.FILE, "/dev/zero"})
    void aProgramStoreOutsideTheFolderIsRefused(String file) throws IOException {
        Path dir = campaignWithStore(file);
        FparityError e = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertEquals(2, e.exitCode());
        assertTrue(
                e.getMessage()
                        .startsWith(dir.resolve(Campaign.META) + ": programStore.file name '" + file
                                + "' contains a path separator"),
                e.getMessage());
    }

    @Test
    void aProgramStoreThatIsADeviceIsRefused() throws IOException {
        Path dir = campaignWithStore("zero");
        Files.createSymbolicLink(dir.resolve("zero"), Path.of("/dev/zero"));
        FparityError e = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertEquals(2, e.exitCode());
        assertEquals(
                dir.resolve("zero")
                        + ": not a regular file; the campaign's program store is damaged (restore it, or run the campaign again into a new folder)",
                e.getMessage());
    }

    @Test
    void aKeyGivenTwiceOrContentAfterTheDocumentIsRefused() throws IOException {
        Path dir = CampaignBuilder.small(tmp.resolve("c"));
        Path meta = dir.resolve(Campaign.META);
        String text = Files.readString(meta);
        Files.writeString(meta, text.replaceFirst("\"seed\" : 5,", "\"seed\" : 5, \"seed\" : 6,"));
        FparityError dup = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertEquals(2, dup.exitCode());
        assertTrue(
                dup.getMessage().startsWith(meta + ": malformed: duplicate key 'seed' (each key may appear once)"),
                dup.getMessage());
        Files.writeString(meta, text + "{}\n");
        FparityError trailing = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertEquals(2, trailing.exitCode());
        assertTrue(
                trailing.getMessage().startsWith(meta + ": malformed: content after the end of the JSON document"),
                trailing.getMessage());
    }

    @Test
    void aCampaignFileThatCannotBeReadIsAnIoFailure() throws IOException {
        // a folder where campaign.json should be: unreadable as a file for every user, root included
        Path dir = CampaignBuilder.small(tmp.resolve("c"));
        Files.delete(dir.resolve(Campaign.META));
        Files.createDirectory(dir.resolve(Campaign.META));
        FparityError e = assertThrows(FparityError.class, () -> Campaign.load(dir));
        assertEquals(4, e.exitCode(), e.getMessage());
        assertTrue(e.getMessage().startsWith("cannot read " + dir.resolve(Campaign.META) + ": "), e.getMessage());
    }
}
