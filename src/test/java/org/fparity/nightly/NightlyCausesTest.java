package org.fparity.nightly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.compare.CampaignFiles;
import org.fparity.compare.CampaignView;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nights with date seeds (other programs every night) compared in root causes: nights that find only known causes are
 * green, a night whose toolchain file gained one flag that plants a new cause is red and names it.
 *
 * <p>Until campaign-wide triage is in fparity, the night's triage here is a stand-in that attributes each discrepancy
 * from the night's own campaign: the flags plant-cc's recorded compile command has beyond gcc's where plant-cc printed
 * NaN, and the runner's rewrite otherwise (both plants are below).
 */
@Tag("tools")
class NightlyCausesTest {
    @TempDir
    Path tmp;

    /**
     * gcc, and plant-cc: gcc through a wrapper that marks (appends a word to) a binary built with {@code -DFPARITY_PLANT}, run through a
     * runner that always rewrites the first finite answer of batch program 1 (the known cause) and, for a marked binary,
     * prints NaN for the first finite answer of another program (the planted cause).
     */
    private Path toolchains(boolean planted) throws IOException {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        Path dir = tmp.resolve(planted ? "toolchains-planted" : "toolchains");
        Files.createDirectories(dir);
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(dir.resolve("gcc.json"), gcc);
        Path cc = script("plant-cc-compile", """
                #!/bin/bash
                # gcc, and a mark appended to the binary (it still runs) when the planted flag is on the command line
                out=; plant=0; prev=
                for a in "$@"; do [ "$prev" = -o ] && out=$a; [ "$a" = -DFPARITY_PLANT ] && plant=1; prev=$a; done
                gcc "$@" || exit $?
                if [ $plant = 1 ]; then printf 'FPARITY_PLANTED' >> "$out"; fi
                """);
        Path run = script("plant-cc-run", """
                #!/bin/bash
                set -o pipefail
                planted=0; grep -q FPARITY_PLANTED "$1" && planted=1
                "$1" | awk -v planted=$planted '$2 ~ /^-?0x/ && $1 == 1 && !seen1++ { $2 = ($2 == "0x1.8p+1" ? "0x1.9p+1" : "0x1.8p+1") }
                  $2 ~ /^-?0x/ && $1 != 1 && planted && !seen0++ { $2 = "nan" } { print }'
                """);
        String flags = planted ? "\"-O0\", \"-DFPARITY_PLANT\"" : "\"-O0\"";
        Files.writeString(
                dir.resolve("plant-cc.json"),
                gcc.replace("\"name\": \"gcc\"", "\"name\": \"plant-cc\"")
                        .replace("\"compile\": [\"gcc\",", "\"compile\": [\"" + cc + "\",")
                        .replace("\"O0\": [\"-O0\"]", "\"O0\": [" + flags + "]")
                        .replace("\"run\": [\"{bin}\"]", "\"run\": [\"" + run + "\", \"{bin}\"]"));
        return dir;
    }

    private Path script(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private NightlyConfig config(Path toolchains) throws IOException {
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, """
                {"seed": "date", "programs": 3, "inputs": 2, "precision": "fp64", "opt": ["O0"], "toolchains": ["gcc", "plant-cc"],
                 "toolchain_dir": "%s", "history": "history", "jobs": 1, "reruns": 0}
                """.formatted(toolchains));
        return NightlyConfig.load(cfg);
    }

    /** The stand-in triage: plant-cc's extra flags where it printed NaN, the runner's rewrite elsewhere. */
    static void standIn(Path campaign, java.util.function.Consumer<String> log) throws IOException {
        JsonNode meta =
                ProgramJson.MAPPER.readTree(campaign.resolve("campaign.json").toFile());
        Map<String, List<String>> compile = new LinkedHashMap<>();
        for (JsonNode p : meta.path("platforms")) {
            List<String> argv = new ArrayList<>();
            p.path("compile").forEach(a -> argv.add(a.asText()));
            compile.put(p.path("toolchain").asText(), argv.subList(1, argv.size()));
        }
        TreeSet<String> extra = new TreeSet<>(compile.get("plant-cc"));
        extra.removeAll(compile.get("gcc"));
        CampaignView v = CampaignFiles.load(campaign);
        Map<String, List<String>> ids = new LinkedHashMap<>();
        Map<String, TreeSet<String>> cases = new LinkedHashMap<>();
        Map<String, RootCause> proto = new LinkedHashMap<>();
        int n = 0;
        for (Discrepancy d : Comparer.compare(v).discrepancies()) {
            boolean nan = (d.pair().a().toolchain().equals("plant-cc") ? d.hexA() : d.hexB()).contains("nan");
            RootCause c = nan
                    ? new RootCause(
                            null,
                            RootCause.Kind.FLAGS,
                            "plant-cc O0",
                            List.copyOf(extra),
                            null,
                            "finite-math folding",
                            null,
                            null,
                            "plant-cc " + String.join(" ", extra) + " prints NaN",
                            0,
                            null,
                            null,
                            null)
                    : new RootCause(
                            null,
                            RootCause.Kind.OPERATION,
                            "plant-cc O0",
                            List.of(),
                            null,
                            "runner rewrite",
                            null,
                            null,
                            "plant-cc's runner rewrites an answer",
                            0,
                            null,
                            null,
                            null);
            proto.putIfAbsent(c.key(), c);
            ids.computeIfAbsent(c.key(), k -> new ArrayList<>())
                    .add(org.fparity.confirm.DiscrepancyId.of(
                            d.program(),
                            d.input(),
                            d.pair().a().label(),
                            d.pair().b().label(),
                            d.cls()));
            cases.computeIfAbsent(c.key(), k -> new TreeSet<>()).add(d.program() + "/" + d.input());
            n++;
        }
        List<RootCause> out = new ArrayList<>();
        proto.forEach((k, c) -> out.add(new RootCause(
                null,
                c.kind(),
                c.family(),
                c.flags(),
                null,
                c.operation(),
                null,
                null,
                c.title(),
                cases.get(k).size(),
                ids.get(k),
                ids.get(k).getFirst(),
                null)));
        out.sort(java.util.Comparator.comparingInt(RootCause::cases).reversed().thenComparing(RootCause::key));
        new Causes(n, 0, out).write(campaign);
        log.accept("triaged " + n + " discrepancies into " + out.size() + " causes");
    }

    @Test
    void nightsWithOnlyKnownCausesAreGreenAndAPlantedFlagIsANewCauseNamed() throws Exception {
        List<String> log = new ArrayList<>();
        NightlyConfig cfg = config(toolchains(false));
        Nightly.Result n1 =
                Nightly.run(cfg, LocalDate.parse("2026-11-20"), "test", log::add, NightlyCausesTest::standIn);
        assertEquals(1, n1.exitCode(), log.toString());
        assertEquals("1 root cause", org.fparity.report.Report.causesHeadline(n1.causes()));

        // another date, other programs: every case is new, but the cause is the same one
        Nightly.Result n2 =
                Nightly.run(cfg, LocalDate.parse("2026-11-21"), "test", log::add, NightlyCausesTest::standIn);
        assertEquals(0, n2.exitCode(), log.toString());
        assertEquals(1, n2.added().size(), "other programs tonight: the night's discrepancies are new in cases");
        assertEquals(
                "1 root cause, none new against nightly-2026-11-20: only known causes",
                org.fparity.report.Report.causesHeadline(n2.causes()));
        JsonNode summary2 = ProgramJson.MAPPER.readTree(
                tmp.resolve("history/2026-11-21/night.json").toFile());
        assertEquals(0, summary2.path("exit").asInt());
        assertEquals(0, summary2.path("newCauses").size());

        // plant-cc's toolchain file gains -DFPARITY_PLANT at O0: a new cause, named
        NightlyConfig planted = config(toolchains(true));
        Nightly.Result n3 =
                Nightly.run(planted, LocalDate.parse("2026-11-22"), "test", log::add, NightlyCausesTest::standIn);
        assertEquals(1, n3.exitCode(), log.toString());
        String key = RootCause.keyOf(
                RootCause.Kind.FLAGS, "plant-cc O0", List.of("-DFPARITY_PLANT"), null, "finite-math folding", null);
        assertEquals(
                List.of(key),
                n3.causes().red().stream().map(r -> r.cause().key()).toList());
        assertTrue(
                org.fparity.report.Report.causesHeadline(n3.causes())
                        .startsWith(
                                "2 root causes, 1 new against nightly-2026-11-21: plant-cc -DFPARITY_PLANT prints NaN ("),
                org.fparity.report.Report.causesHeadline(n3.causes()));
        JsonNode summary3 = ProgramJson.MAPPER.readTree(
                tmp.resolve("history/2026-11-22/night.json").toFile());
        assertEquals(key, summary3.path("newCauses").get(0).asText());
        String junit = Files.readString(tmp.resolve("history/2026-11-22/report/junit.xml"));
        assertEquals(
                List.of("nightly-2026-11-22.causes " + key),
                NightlyTest.failures(tmp.resolve("history/2026-11-22/report/junit.xml")),
                junit);
        // the history's metrics: the night's causes as series, the new one marked; the night's time; the last night
        // that ran to the end is this one
        String metrics = Files.readString(tmp.resolve("history/metrics.txt"));
        assertTrue(metrics.contains("fparity_nightly_root_causes{night=\"2026-11-22\"} 2\n"), metrics);
        assertTrue(metrics.contains("fparity_nightly_new_root_causes{night=\"2026-11-22\"} 1\n"), metrics);
        assertTrue(metrics.contains("fparity_nightly_cause_cases{cause=\"" + key + "\",new=\"true\"} "), metrics);
        long finished =
                java.time.Instant.parse(summary3.path("finished").asText()).getEpochSecond();
        assertTrue(
                metrics.contains(
                        "fparity_nightly_last_success_timestamp_seconds{night=\"2026-11-22\"} " + finished + "\n"),
                metrics);
        assertTrue(Files.readString(tmp.resolve("history/index.html")).contains("<svg id=\"causes\""));
    }

    /**
     * The same through {@code fparity nightly} and fparity's own triage (real gcc builds): two date-seeded nights at O0
     * and O2 (no cause: green, 'only known causes'), then gcc's toolchain file gives O2 one extra flag, -ffast-math, and
     * the night is red with the new cause named: gcc at O2, by a flag set that holds -ffast-math.
     */
    @Test
    @Tag("slow")
    void throughTheRealTriageAPlantedFlagIsANewCauseNamed() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        for (String d : List.of("tc", "tc-planted", "knobs")) Files.createDirectories(tmp.resolve(d));
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(tmp.resolve("tc/gcc.json"), gcc);
        Files.writeString(
                tmp.resolve("tc-planted/gcc.json"),
                gcc.replace("\"O2\": [\"-O2\"]", "\"O2\": [\"-O2\", \"-ffast-math\"]"));
        try (var ks = Files.list(Path.of("runners/knobs"))) {
            for (Path k : ks.toList()) Files.copy(k, tmp.resolve("knobs").resolve(k.getFileName()));
        }
        String config = """
                {"seed": "date", "programs": 10, "inputs": 5, "precision": "fp64", "opt": ["O0", "O2"], "toolchains": ["gcc"],
                 "toolchain_dir": "%s", "history": "history", "jobs": 2, "reruns": 0}
                """;
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, config.formatted("tc"));
        for (String night : List.of("2026-11-20", "2026-11-21")) {
            org.fparity.cli.Cli.Run r =
                    org.fparity.cli.Cli.fparity("nightly", "--config", cfg.toString(), "--date", night);
            assertEquals(0, r.exit(), r.out() + r.err());
            assertTrue(r.out().contains("verdict: only known causes (exit 0)"), r.out());
        }
        Files.writeString(cfg, config.formatted("tc-planted"));
        org.fparity.cli.Cli.Run r =
                org.fparity.cli.Cli.fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-22");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("verdict: new root cause") && r.out().contains("[flags|gcc O2|"), r.out());
        Causes tonight = Causes.read(tmp.resolve("history/2026-11-22/nightly-2026-11-22"))
                .orElseThrow();
        assertTrue(!tonight.causes().isEmpty(), "triage wrote the night's causes");
        for (RootCause c : tonight.causes()) {
            assertEquals("gcc O2", c.family(), c.key());
            assertTrue(c.flags().contains("-ffast-math"), c.key());
        }
    }

    @Test
    void aNightWithoutTriageIsComparedInCases() throws Exception {
        List<String> log = new ArrayList<>();
        NightlyConfig cfg = config(toolchains(false));
        Nightly.run(cfg, LocalDate.parse("2026-11-20"), "test", log::add, (c, l) -> {});
        Nightly.Result n2 = Nightly.run(cfg, LocalDate.parse("2026-11-21"), "test", log::add, (c, l) -> {});
        assertEquals(1, n2.exitCode(), "other programs, no causes: the new cases make the night red");
        assertNull(n2.causes());
    }
}
