package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.FparityError;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CampaignFilesTest {
    @TempDir
    Path tmp;

    @Test
    void roundTripsOutcomesPrecisionsSourcesAndFacts() {
        CampaignView written = PlantedFaults.campaign("planted");
        CampaignView read = CampaignFiles.load(CampaignFixtures.write(written, tmp.resolve("planted")));
        assertEquals("planted", read.name());
        // read from its folder, a campaign's outcomes come sorted by case (program, input), platforms in order
        java.util.Comparator<org.fparity.exec.Outcome> byCase = java.util.Comparator.comparing(
                        org.fparity.exec.Outcome::program)
                .thenComparingInt(org.fparity.exec.Outcome::input)
                .thenComparing(org.fparity.exec.Platform::of);
        assertEquals(written.outcomes().stream().sorted(byCase).toList(), read.outcomes());
        assertEquals(Precision.FP32, read.precision("f32_ulp"));
        assertEquals(Precision.FP64, read.precision("fmod_ulp"));
        assertEquals(written.source("ceil_tiny"), read.source("ceil_tiny"));
        assertEquals(
                written.programs().get("ceil_tiny").inputs(),
                read.programs().get("ceil_tiny").inputs());
        assertEquals("testhost", read.host().get("hostname"));
        assertEquals("planted 1.0", read.versions().get("planted"));
        assertEquals("0.1.0", read.versions().get("fparity"));
        // precision made it through: the FP32 plant is 1 float ULP, not 2^29 double ULPs
        Discrepancy f32 = Comparer.compare(read).discrepancies().stream()
                .filter(d -> d.program().equals("f32_ulp"))
                .findFirst()
                .orElseThrow();
        assertEquals(java.math.BigInteger.ONE, f32.ulps());
    }

    @Test
    void aFolderWithoutCampaignJsonIsNotACampaign() throws Exception {
        Path dir = tmp.resolve("night-7");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("outcomes.jsonl"), "");
        FparityError e = assertThrows(FparityError.class, () -> CampaignFiles.load(dir));
        assertEquals(dir + ": not a campaign (no campaign.json)", e.getMessage());
        FparityError missing = assertThrows(FparityError.class, () -> CampaignFiles.load(tmp.resolve("nope")));
        assertEquals(
                "campaign '" + tmp.resolve("nope")
                        + "' not found (expected a folder with campaign.json and outcomes.jsonl)",
                missing.getMessage());
    }

    @Test
    void aTornOrUnreadableOutcomeLineIsRefusedNamingTheLine() throws Exception {
        Path dir = CampaignFixtures.write(PlantedFaults.campaign("planted"), tmp.resolve("torn"));
        String log = Files.readString(dir.resolve("outcomes.jsonl"));
        Files.writeString(dir.resolve("outcomes.jsonl"), log.substring(0, log.length() - 30));
        FparityError e = assertThrows(FparityError.class, () -> CampaignFiles.load(dir));
        assertTrue(e.getMessage().startsWith(dir + ": outcomes.jsonl line 40: torn last line ("), e.getMessage());
        Files.writeString(
                dir.resolve("outcomes.jsonl"), log.replaceFirst("\"status\":\"OK\"", "\"status\":\"EXPLODED\""));
        e = assertThrows(FparityError.class, () -> CampaignFiles.load(dir));
        assertTrue(
                e.getMessage().startsWith(dir + ": outcomes.jsonl line 1: unreadable outcome skipped ("),
                e.getMessage());
    }

    @Test
    void newerLayoutIsRefused() throws Exception {
        Path dir = tmp.resolve("future");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("outcomes.jsonl"), "");
        Files.writeString(dir.resolve("campaign.json"), "{\"schema\": 4}");
        FparityError e = assertThrows(FparityError.class, () -> CampaignFiles.load(dir));
        assertTrue(
                e.getMessage()
                        .endsWith(
                                "campaign.json: schema 4 is newer than this fparity understands (3); upgrade fparity"),
                e.getMessage());
    }

    @Test
    void unknownPrecisionIsAUserError() throws Exception {
        Path dir = tmp.resolve("c");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("outcomes.jsonl"), "");
        Files.writeString(dir.resolve("campaign.json"), "{\"programs\":[{\"id\":\"p\",\"precision\":\"fp128\"}]}");
        FparityError e = assertThrows(FparityError.class, () -> CampaignFiles.load(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve("campaign.json") + ": malformed: "), e.getMessage());
        assertTrue(e.getMessage().contains("fp128"), e.getMessage());
    }
}
