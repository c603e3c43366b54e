package org.fparity.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.compare.CampaignView;
import org.fparity.compare.PlantedFaults;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.ir.HexFloat;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --cases FILE} (issue 31: the full per-case list as a separate streamed file when asked): one line per
 * case of the campaign, in (program, input) order, holding what its runs printed.
 */
class CaseLinesTest {
    @Test
    void theCaseListHasALinePerCaseWithWhatEachPlatformPrinted(@TempDir Path tmp) throws Exception {
        CampaignView view = PlantedFaults.campaign("planted");
        Report r = Report.of(view, null);
        Path file = tmp.resolve("lists").resolve("cases.jsonl");
        List<Path> written = ReportWriter.write(r, tmp.resolve("rep"), false, file);
        assertEquals(file, written.getLast());

        // what the campaign's outcomes say, case by case (no reruns: every platform is stable)
        Map<String, Map<String, String>> results = new TreeMap<>();
        Map<String, List<String>> failed = new TreeMap<>();
        for (Outcome o : view.outcomes()) {
            String key = o.program() + "/" + o.input();
            results.computeIfAbsent(key, k -> new TreeMap<>());
            failed.computeIfAbsent(key, k -> new ArrayList<>());
            String label = Platform.of(o).label();
            if (o.status() == Outcome.Status.OK) results.get(key).put(label, o.hex());
            else if (o.status() != Outcome.Status.CANNOT_RUN) failed.get(key).add(label);
        }

        List<String> lines = Files.readAllLines(file);
        assertEquals(results.size(), lines.size());
        assertEquals(r.verdict().count().cases(), lines.size());
        Map<String, JsonNode> byKey = new LinkedHashMap<>();
        for (String line : lines) {
            JsonNode n = ProgramJson.MAPPER.readTree(line);
            byKey.put(n.path("program").asText() + "/" + n.path("input").asInt(), n);
        }
        // in the cases' order, each once
        assertEquals(r.verdict().cases().stream().map(c -> c.key()).toList(), List.copyOf(byKey.keySet()));
        int discrepant = 0;
        for (var e : results.entrySet()) {
            JsonNode n = byKey.get(e.getKey());
            Map<String, String> got = new TreeMap<>();
            n.path("results")
                    .properties()
                    .forEach(f -> got.put(f.getKey(), f.getValue().asText()));
            assertEquals(e.getValue(), got, e.getKey());
            List<String> gotFailed = new ArrayList<>();
            n.path("failed").forEach(f -> gotFailed.add(f.asText()));
            assertEquals(
                    failed.get(e.getKey()).stream().sorted().toList(),
                    gotFailed.stream().sorted().toList(),
                    e.getKey());
            boolean differs = false;
            List<String> hexes = List.copyOf(e.getValue().values());
            for (String a : hexes)
                for (String b : hexes)
                    differs |= DiscrepancyClass.classify(HexFloat.parse(a), HexFloat.parse(b)) != null;
            assertEquals(differs, n.path("discrepant").asBoolean(), e.getKey());
            if (differs) discrepant++;
            assertTrue(n.path("accepted").isNull());
            assertFalse(n.has("new"), "no baseline");
        }
        assertEquals(r.verdict().count().discrepant(), discrepant);
        assertTrue(discrepant > 0);
        // nothing but the list is left beside it
        try (var s = Files.list(file.getParent())) {
            assertEquals(List.of(file), s.toList());
        }
    }
}
