package org.fparity.nightly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nightly history's {@code metrics.txt} and {@code index.html} from the nights' summaries: root causes as series
 * (how many, how many new, cases per cause), each night's finishing time, and the last night that ran to the end, so a
 * monitor can alert when nights stop arriving.
 */
class HistoryIndexTest {
    @TempDir
    Path tmp;

    static NightSummary night(
            String name, int exit, String finished, Map<String, Integer> causeCases, List<String> newCauses) {
        return new NightSummary(
                name,
                1,
                exit,
                null,
                List.of("local"),
                null,
                100,
                0,
                0,
                0,
                0,
                Map.of(),
                Map.of(),
                List.of(),
                causeCases == null ? null : causeCases.size() + " root causes",
                newCauses,
                causeCases,
                finished);
    }

    @Test
    void theNewestNightsCausesAreSeriesAndEveryNightIsPlottedInCauses() {
        List<NightSummary> nights = List.of(
                night(
                        "2026-11-20",
                        1,
                        "2026-11-20T03:00:00Z",
                        Map.of("flags|gcc O3_FM|-fassociative-math|||", 3, "crash|clang-19 O3_FM||||", 1),
                        List.of("flags|gcc O3_FM|-fassociative-math|||", "crash|clang-19 O3_FM||||")),
                night(
                        "2026-11-21",
                        1,
                        "2026-11-21T03:00:00Z",
                        Map.of("flags|gcc O3_FM|-fassociative-math|||", 2, "flags|gcc O3_FM|-freciprocal-math|||", 4),
                        List.of("flags|gcc O3_FM|-freciprocal-math|||")));
        String m = HistoryIndex.metrics(nights);
        assertTrue(m.contains("fparity_nightly_root_causes{night=\"2026-11-21\"} 2\n"), m);
        assertTrue(m.contains("fparity_nightly_new_root_causes{night=\"2026-11-21\"} 1\n"), m);
        assertTrue(
                m.contains(
                        "fparity_nightly_cause_cases{cause=\"flags|gcc O3_FM|-freciprocal-math|||\",new=\"true\"} 4\n"),
                m);
        assertTrue(
                m.contains(
                        "fparity_nightly_cause_cases{cause=\"flags|gcc O3_FM|-fassociative-math|||\",new=\"false\"} 2\n"),
                m);
        assertFalse(m.contains("crash|clang-19"), "only the newest night's causes are series: " + m);
        assertTrue(m.endsWith("# EOF\n"), m);

        String html = HistoryIndex.html(nights, List.of());
        assertTrue(html.contains("<h2>Root causes per night</h2>"), html);
        assertTrue(html.contains("<svg id=\"causes\""), html);
        // one point per night for each series, with its value
        assertTrue(html.contains("<title>2026-11-20 root causes: 2</title>"), html);
        assertTrue(html.contains("<title>2026-11-21 new root causes: 1</title>"), html);
        assertTrue(html.contains("<th>causes</th><th>new causes</th>"), html);
    }

    @Test
    void everyNightHasItsTimestampAndTheLastNightThatRanToTheEndIsASeries() {
        List<NightSummary> nights = List.of(
                night("2026-11-20", 0, "2026-11-20T03:00:00Z", null, null),
                night("2026-11-21", 1, "2026-11-21T03:30:00Z", null, null),
                night("2026-11-22", 3, "2026-11-22T04:00:00Z", null, null));
        String m = HistoryIndex.metrics(nights);
        long t1 = Instant.parse("2026-11-20T03:00:00Z").getEpochSecond();
        long t2 = Instant.parse("2026-11-21T03:30:00Z").getEpochSecond();
        long t3 = Instant.parse("2026-11-22T04:00:00Z").getEpochSecond();
        assertTrue(m.contains("fparity_nightly_timestamp_seconds{night=\"2026-11-22\"} " + t3 + "\n"), m);
        // the newest night failed (exit 3): the last one that ran to the end is 2026-11-21 (exit 1, findings), the last
        // green one 2026-11-20
        assertTrue(m.contains("fparity_nightly_last_success_timestamp_seconds{night=\"2026-11-21\"} " + t2 + "\n"), m);
        assertTrue(m.contains("fparity_nightly_last_green_timestamp_seconds{night=\"2026-11-20\"} " + t1 + "\n"), m);
        assertFalse(m.contains("fparity_nightly_root_causes"), "no causes on an untriaged night: " + m);
    }

    @Test
    void aNightWrittenBeforeTimestampsTakesItsSummarysFileTime() throws Exception {
        Path history = tmp.resolve("history");
        Path n = Files.createDirectories(history.resolve("2026-11-19"));
        Files.writeString(
                n.resolve(NightSummary.FILE),
                "{\"night\":\"2026-11-19\",\"seed\":1,\"exit\":0,\"sites\":[],\"runs\":1,\"discrepancies\":0,\"added\":0,"
                        + "\"disappeared\":0,\"unchecked\":0,\"classes\":{},\"pairs\":{},\"newCases\":[]}\n");
        Instant when = Instant.parse("2026-11-19T05:06:07Z");
        Files.setLastModifiedTime(n.resolve(NightSummary.FILE), java.nio.file.attribute.FileTime.from(when));
        HistoryIndex.write(history);
        String m = Files.readString(history.resolve("metrics.txt"));
        assertTrue(
                m.contains("fparity_nightly_timestamp_seconds{night=\"2026-11-19\"} " + when.getEpochSecond() + "\n"),
                m);
        assertEquals(
                1,
                m.lines()
                        .filter(l -> l.startsWith("fparity_nightly_last_success_timestamp_seconds"))
                        .count(),
                m);
    }
}
