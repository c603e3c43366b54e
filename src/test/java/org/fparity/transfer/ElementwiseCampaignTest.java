package org.fparity.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.gen.InputGenerator;
import org.fparity.ir.Param;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Element-wise array inputs in campaign.json and through export / import; fill-value campaigns read as before. */
class ElementwiseCampaignTest {
    @TempDir
    Path dir;

    private static Grammar knob() {
        try (var in = Grammar.class.getResourceAsStream(Grammar.DEFAULT_RESOURCE)) {
            String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            return Grammar.parse(
                    "knob.json",
                    text.replace("\"maxParams\": 40", "\"maxParams\": 40, \"elementwiseArrayProbability\": 1"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void elementWiseInputsSurviveCampaignJsonAndExportImportBitForBit() {
        Grammar g = knob();
        InputGenerator ig = new InputGenerator(g, 3);
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>();
        for (Program p : new Generator(g, 3).generate(Precision.FP32, 30)) {
            if (p.params().stream().noneMatch(x -> x.kind() == Param.Kind.FP_ELEMENTS)) continue;
            String c = p.canonical();
            entries.add(
                    new CampaignMeta.ProgramEntry(p.id(), ExportFormat.sha256(c), Precision.FP32, c, ig.inputs(p, 2)));
        }
        assertTrue(entries.size() > 5, "few programs with element-wise arrays: " + entries.size());
        CampaignMeta.PlatformRecord pl = CampaignBuilder.platform("gcc", "O0", "node17");
        Path a = CampaignBuilder.write(dir.resolve("a"), 3, entries, List.of(pl), CampaignBuilder::standard);
        Campaign loaded = Campaign.load(a);
        assertEquals(entries, loaded.meta().programs());
        for (CampaignMeta.ProgramEntry e : loaded.meta().programs()) {
            Program p = Program.parse(e.source());
            assertEquals(e.id(), p.id());
            for (var in : e.inputs()) {
                for (int i = 0; i < p.params().size(); i++) {
                    if (p.params().get(i).kind() == Param.Kind.FP_ELEMENTS)
                        assertEquals(p.arrayLength(), in.elements(i).length);
                }
            }
        }
        Path file = dir.resolve("a.fparity.json");
        CampaignExport.export(a, file, "test", Instant.EPOCH);
        CampaignImport.importTo(file, dir.resolve("b"));
        assertEquals(entries, Campaign.load(dir.resolve("b")).meta().programs());
    }

    /** A campaign written before element-wise arrays existed: its arrays are fill values, its inputs one value each. */
    @Test
    void aFillValueCampaignLoadsAsBefore() throws Exception {
        Path small = CampaignBuilder.small(dir.resolve("old"));
        String json = Files.readString(small.resolve(Campaign.META));
        assertTrue(!json.contains("] each"), "the default grammar made element-wise arrays");
        Campaign c = Campaign.load(small);
        int arrays = 0;
        for (CampaignMeta.ProgramEntry e : c.meta().programs()) {
            Program p = Program.parse(e.source());
            for (int i = 0; i < p.params().size(); i++) {
                if (p.params().get(i).kind() != Param.Kind.FP_ARRAY) continue;
                arrays++;
                for (var in : e.inputs()) assertEquals(1, in.elements(i).length);
            }
        }
        assertTrue(arrays > 0, "no fill-value arrays to check");
    }
}
