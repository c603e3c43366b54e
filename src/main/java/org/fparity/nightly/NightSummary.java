package org.fparity.nightly;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.fparity.ExitCode;
import org.fparity.compare.BaselineDiff;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.PairSummary;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.ir.ProgramJson;
import org.fparity.util.AtomicFiles;

/**
 * {@code <night>/night.json}: what one night found, in the few numbers the history index plots (per class, per pair),
 * with the cases that were new. Written last, so a night without it did not finish.
 *
 * @param pairs   per pair id: discrepancies per class id, and the sites of its two sides
 * @param newCases {@code program/input/pair} of every new discrepancy (at most {@link #MAX_LISTED})
 * @param causes   the night in root causes ({@code 9 root causes, 1 new against …}), absent when it was not triaged
 * @param newCauses the keys of the causes not seen the night before (all, on a first night)
 * @param causeCases each cause's key and its cases, absent when the night was not triaged
 * @param finished  when the night was written (ISO-8601, UTC); absent in summaries written before it was kept
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "night",
    "seed",
    "exit",
    "baseline",
    "sites",
    "failures",
    "runs",
    "discrepancies",
    "added",
    "disappeared",
    "unchecked",
    "classes",
    "pairs",
    "newCases",
    "causes",
    "newCauses",
    "causeCases",
    "finished"
})
public record NightSummary(
        String night,
        long seed,
        int exit,
        String baseline,
        List<String> sites,
        Map<String, String> failures,
        int runs,
        int discrepancies,
        int added,
        int disappeared,
        int unchecked,
        Map<String, Integer> classes,
        Map<String, PairCounts> pairs,
        List<String> newCases,
        String causes,
        List<String> newCauses,
        Map<String, Integer> causeCases,
        String finished) {

    static final int MAX_LISTED = 500;
    static final String FILE = "night.json";

    /** One pair's discrepancies per class, and where its sides ran. */
    @JsonPropertyOrder({"siteA", "siteB", "classes"})
    public record PairCounts(String siteA, String siteB, Map<String, Integer> classes) {
        int total() {
            return classes.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    static void write(
            Path night,
            String name,
            long seed,
            CampaignView view,
            Findings f,
            BaselineDiff diff,
            Map<String, String> failures,
            int exit,
            org.fparity.report.CauseVerdict causes) {
        Map<String, Integer> classes = new LinkedHashMap<>();
        for (DiscrepancyClass c : DiscrepancyClass.values()) classes.put(c.id(), f.discrepancyCount(c));
        Map<String, PairCounts> pairs = new TreeMap<>();
        for (PairSummary s : f.pairs()) {
            PairCounts pc = pairs.computeIfAbsent(s.pair().id(), k -> {
                Map<String, Integer> m = new LinkedHashMap<>();
                for (DiscrepancyClass c : DiscrepancyClass.values()) m.put(c.id(), 0);
                return new PairCounts(s.pair().a().site(), s.pair().b().site(), m);
            });
            for (DiscrepancyClass c : DiscrepancyClass.values()) pc.classes().merge(c.id(), s.count(c), Integer::sum);
        }
        List<Discrepancy> added = diff == null ? f.discrepancies() : diff.added();
        List<String> cases = new ArrayList<>();
        for (Discrepancy d : added)
            if (cases.size() < MAX_LISTED) cases.add(d.key() + " " + d.cls().id());
        TreeSet<String> sites = new TreeSet<>();
        view.outcomes().forEach(o -> sites.add(o.site()));
        NightSummary s = new NightSummary(
                name,
                seed,
                exit,
                diff == null ? null : diff.baselineName(),
                List.copyOf(sites),
                failures,
                f.totalRuns(),
                f.discrepancies().size(),
                added.size(),
                diff == null ? 0 : diff.disappeared().size(),
                diff == null ? 0 : diff.unchecked().size(),
                classes,
                pairs,
                cases,
                causes == null ? null : org.fparity.report.Report.causesHeadline(causes),
                causes == null
                        ? null
                        : causes.rows().stream()
                                .filter(r -> r.isNew() || causes.baseline() == null)
                                .map(r -> r.cause().key())
                                .toList(),
                causes == null ? null : causeCases(causes),
                now());
        AtomicFiles.write(night.resolve(FILE), ProgramJson.toJson(s) + "\n");
    }

    private static Map<String, Integer> causeCases(org.fparity.report.CauseVerdict causes) {
        Map<String, Integer> out = new TreeMap<>();
        for (var r : causes.rows()) out.put(r.cause().key(), r.cause().cases());
        return out;
    }

    private static String now() {
        return java.time.Instant.now()
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                .toString();
    }

    /** When the night finished, in seconds since the epoch. */
    long finishedSeconds() {
        return java.time.Instant.parse(finished).getEpochSecond();
    }

    NightSummary finishedAt(String when) {
        return new NightSummary(
                night,
                seed,
                exit,
                baseline,
                sites,
                failures,
                runs,
                discrepancies,
                added,
                disappeared,
                unchecked,
                classes,
                pairs,
                newCases,
                causes,
                newCauses,
                causeCases,
                when);
    }

    /** Ran to the end at every site and compared: nothing new (0) or new findings (1), not a failure. */
    boolean ranToTheEnd() {
        return ExitCode.finished(exit);
    }

    /** A night where no cluster brought anything: only the failures. */
    static void failed(Path night, String name, long seed, Map<String, String> failures) {
        NightSummary s = new NightSummary(
                name, seed, 3, null, List.of(), failures, 0, 0, 0, 0, 0, Map.of(), Map.of(), List.of(), null, null,
                null, now());
        AtomicFiles.write(night.resolve(FILE), ProgramJson.toJson(s) + "\n");
    }

    /** Every finished night under {@code history}, oldest first; an unreadable summary is skipped (it is named in the index). */
    static List<NightSummary> all(Path history, List<String> problems) {
        List<NightSummary> out = new ArrayList<>();
        if (!Files.isDirectory(history)) return out;
        try (var s = Files.list(history)) {
            for (Path p : s.sorted().toList()) {
                Path f = p.resolve(FILE);
                if (!Files.isRegularFile(f)) continue;
                try {
                    NightSummary n = ProgramJson.MAPPER.readValue(f.toFile(), NightSummary.class);
                    // a summary written before nights kept their time: its file's time
                    out.add(
                            n.finished() != null
                                    ? n
                                    : n.finishedAt(Files.getLastModifiedTime(f)
                                            .toInstant()
                                            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                                            .toString()));
                } catch (IOException e) {
                    problems.add(f + ": " + e.getMessage().lines().findFirst().orElse(""));
                }
            }
        } catch (IOException e) {
            problems.add(history + ": " + e.getMessage());
        }
        return out;
    }
}
