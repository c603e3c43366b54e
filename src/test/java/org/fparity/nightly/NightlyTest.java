package org.fparity.nightly;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.cli.Cli.Run;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fparity nightly} end to end with gcc and a fake toolchain (gcc whose runner lies about one answer on a night
 * we choose): the exit code is the verdict and the JUnit failures are exactly what is new.
 */
@Tag("tools")
class NightlyTest {
    @TempDir
    Path tmp;

    /**
     * Toolchains gcc and fake-cc (gcc's compiler, a runner that always lies about the second answer and, once the file
     * {@code tonight} exists, about the first too).
     */
    private Path toolchains() throws IOException {
        return toolchains(tmp, tmp.resolve("tonight"));
    }

    /** The two toolchains in {@code dir/toolchains}; fake-cc's runner also lies about the first answer once {@code tonight} exists. */
    static Path toolchains(Path tmp, Path tonight) throws IOException {
        return gccAnd(tmp.resolve("toolchains"), "fake-cc", tmp.resolve("fake-run"), """
                #!/bin/bash
                # fake-cc's runner: gcc's binary, answers rewritten by the batch's program index: the first answer of program 1
                # always (its input 0, in a run and in a rerun alike), the first of program 0 once tonight exists
                set -o pipefail
                tonight=0; [ -e %s ] && tonight=1
                "$1" | awk -v tonight=$tonight 'function lie(h) { return h == "0x1.8p+1" ? "0x1.9p+1" : "0x1.8p+1" }
                  $2 ~ /^-?0x/ && (($1 == 1 && !seen1++) || ($1 == 0 && tonight && !seen0++)) { $2 = lie($2) } { print }'
                """.formatted(tonight));
    }

    /** Toolchains gcc and {@code name} (gcc's compiler, run through {@code script}, written to {@code runner}) in {@code dir}. */
    private static Path gccAnd(Path dir, String name, Path runner, String script) throws IOException {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        Files.createDirectories(dir);
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(dir.resolve("gcc.json"), gcc);
        Files.writeString(runner, script);
        Files.setPosixFilePermissions(runner, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(
                dir.resolve(name + ".json"),
                gcc.replace("\"name\": \"gcc\"", "\"name\": \"" + name + "\"")
                        .replace("\"run\": [\"{bin}\"]", "\"run\": [\"" + runner + "\", \"{bin}\"]"));
        return dir;
    }

    private Path config(String clusters) throws IOException {
        Path tc = toolchains();
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, """
                {"seed": 42, "programs": 3, "inputs": 2, "precision": "fp64", "opt": ["O0"], "toolchains": ["gcc", "fake-cc"],
                 "toolchain_dir": "%s", "clusters": %s, "clusters_dir": "clusters", "history": "history", "jobs": 1, "triage": false}
                """.formatted(tc, clusters));
        return cfg;
    }

    /** A cluster profile file in the config's clusters folder, as a site would keep it in runners/clusters/. */
    private void profile(String name, String json) throws IOException {
        Files.createDirectories(tmp.resolve("clusters"));
        Files.writeString(tmp.resolve("clusters/" + name + ".json"), json);
    }

    static List<String> failures(Path junit) throws IOException {
        String x = Files.readString(junit);
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<testcase classname=\"([^\"]*)\" name=\"([^\"]*)\"[^/>]*>\\s*<failure")
                .matcher(x);
        while (m.find()) out.add(m.group(1) + " " + m.group(2));
        return out;
    }

    @Test
    void aToolchainThatStartsMisbehavingTonightIsExit1WithExactlyThatCaseFailing() throws IOException {
        Path cfg = config("[{\"name\": \"site-a\"}]");
        Run n1 = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-20");
        assertEquals(1, n1.exit(), n1.out() + n1.err());
        assertTrue(
                n1.out().contains("night 2026-11-20: 1 of 6 cases disagrees across platforms (no earlier night)\n"),
                n1.out());

        Run n2 = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-21");
        assertEquals(0, n2.exit(), n2.out() + n2.err());
        assertTrue(
                n2.out()
                        .contains(
                                "night 2026-11-21: 0 cases new against nightly-2026-11-20 (1 persisting, 0 gone); 1 of 6 cases disagrees across platforms\n"),
                n2.out());
        assertTrue(n2.out().contains("verdict: nothing new (exit 0)"), n2.out());

        Files.writeString(tmp.resolve("tonight"), "");
        Run n3 = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-22");
        assertEquals(1, n3.exit(), n3.out() + n3.err());
        assertTrue(
                n3.out()
                        .contains(
                                "night 2026-11-22: 1 case new against nightly-2026-11-21 (1 persisting, 0 gone); 2 of 6 cases disagree across platforms\n"),
                n3.out());
        Path history = tmp.resolve("history");
        String summary = Files.readString(history.resolve("2026-11-22/night.json"));
        Matcher m = Pattern.compile(
                        "\"newCases\" : \\[ \"([0-9a-f]{16})/([0-9]+)/fake-cc@O0@site-a:gcc@O0@site-a number_number\" ]")
                .matcher(summary);
        assertTrue(m.find(), summary);
        // JUnit: exactly tonight's new case fails; last night's persisting one does not.
        // (one testcase per case: classname campaign.program, name "input K")
        List<String> failed = failures(history.resolve("2026-11-22/report/junit.xml"));
        assertEquals(1, failed.size(), failed.toString());
        // the case fake-cc lies about is program 0's first input with a finite answer (the awk above), whichever input
        // that is
        assertTrue(failed.getFirst().endsWith("." + m.group(1) + " input " + m.group(2)), failed.toString());
        String index = Files.readString(history.resolve("index.html"));
        assertTrue(index.contains("<a href=\"2026-11-22/report/report.html\">report</a>"), index);
        assertTrue(index.contains("2026-11-22: 1 new against nightly-2026-11-21"), index);
        String metrics = Files.readString(history.resolve("metrics.txt"));
        assertTrue(
                metrics.contains(
                        "fparity_nightly_discrepancies{class=\"number_number\",pair=\"fake-cc@O0@site-a:gcc@O0@site-a\",site_a=\"site-a\",site_b=\"site-a\"} 2\n"),
                metrics);
        assertTrue(metrics.contains("fparity_nightly_new_discrepancies{night=\"2026-11-22\"} 1\n"), metrics);
    }

    /**
     * A toolchain that lies only the first time it runs (fake-cc here: its runner lies once, then never again) is caught
     * by the reruns at its cluster: the night has no discrepancy, and the case is unstable in the report; with
     * {@code "reruns": 0} the same night calls it a discrepancy.
     */
    @Test
    void aPlatformThatChangesItsAnswerBetweenRunsIsUnstableNotANewDiscrepancy() throws IOException {
        Path tc = gccAnd(tmp.resolve("flaky-toolchains"), "flaky-cc", tmp.resolve("flaky-run"), """
                #!/bin/bash
                # flaky-cc's runner: gcc's binary; the first answer of program 1 is wrong the first time only
                set -o pipefail
                once=0; [ -e %1$s ] || { once=1; : > %1$s; }
                "$1" | awk -v once=$once '$2 ~ /^-?0x/ && $1 == 1 && once && !seen++ { $2 = ($2 == "0x1.8p+1" ? "0x1.9p+1" : "0x1.8p+1") } { print }'
                """.formatted(
                        tmp.resolve("lied-once")));
        String config = """
                {"seed": 42, "programs": 3, "inputs": 2, "precision": "fp64", "opt": ["O0"], "toolchains": ["gcc", "flaky-cc"],
                 "toolchain_dir": "%s", "history": "%s", "jobs": 1, "triage": false%s}
                """;
        Path cfg = tmp.resolve("flaky.json");
        Files.writeString(cfg, config.formatted(tc, "history-rerun", ""));
        Run n = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-20");
        // no discrepancy; an unstable platform is a finding by the rule run, compare and report use (exit 1 without a
        // baseline)
        assertEquals(1, n.exit(), n.out() + n.err());
        assertTrue(n.err().contains("local: rerun 1 of 2: 2 runs of the 1 cases that disagree"), n.err());
        assertTrue(
                n.out()
                        .contains(
                                "night 2026-11-20: all 6 cases agree across platforms; 1 case with an unstable platform (not counted as discrepancies) (no earlier night)\n"),
                n.out());
        String json = Files.readString(tmp.resolve("history-rerun/2026-11-20/report/report.json"));
        assertTrue(json.contains("\"unstable_cases\" : 1"), json);
        assertTrue(Files.readString(tmp.resolve("history-rerun/2026-11-20/sites/local/reruns-1.jsonl"))
                .contains("flaky-cc"));
        assertTrue(Files.readString(tmp.resolve("history-rerun/2026-11-20/sites/local/reruns-2.jsonl"))
                .contains("flaky-cc"));

        Files.delete(tmp.resolve("lied-once"));
        Files.writeString(cfg, config.formatted(tc, "history-none", ", \"reruns\": 0"));
        Run none = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-20");
        assertEquals(1, none.exit(), none.out() + none.err());
        assertTrue(
                none.out().contains("night 2026-11-20: 1 of 6 cases disagrees across platforms (no earlier night)\n"),
                none.out());
        assertFalse(Files.exists(tmp.resolve("history-none/2026-11-20/sites/local/reruns-1.jsonl")));
    }

    @Test
    void twoSitesAreTwoSetsOfPlatformsAndAClusterPointingNowhereIsExit3WithTheOthersReported() throws IOException {
        // gpu: a real ssh profile (the executor of runners/clusters) whose login node does not resolve.
        profile("gpu", """
                {"name": "gpu", "executor": "ssh", "host": "login.nowhere.invalid", "workdir": "/tmp/fparity-nowhere", "toolchains": ["gcc"]}
                """);
        profile("site-b", """
                {"name": "site-b", "description": "this machine as a second site", "executor": "local", "workers": 1}
                """);
        Path cfg = config("[{\"name\": \"site-a\"}, \"site-b\", \"gpu\"]");
        Run r = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-20");
        assertEquals(3, r.exit(), r.out() + r.err());
        assertTrue(r.out().contains("missing: cluster gpu: cannot reach it ("), r.out());
        assertTrue(r.out().contains("login.nowhere.invalid"), r.out());
        assertTrue(r.out().contains("verdict: infrastructure failure, partial results (exit 3)"), r.out());
        Path night = tmp.resolve("history/2026-11-20");
        // both local sites ran everything, and the merge kept both: 3 programs × 2 inputs × 2 toolchains × 1 level × 2
        // sites
        List<org.fparity.exec.Outcome> outcomes = org.fparity.campaign.OutcomeLog.read(
                        night.resolve("nightly-2026-11-20/outcomes.jsonl"))
                .outcomes();
        assertEquals(24, outcomes.size());
        assertEquals(
                12, outcomes.stream().filter(o -> o.site().equals("site-b")).count());
        String report = Files.readString(night.resolve("report/report.json"));
        assertTrue(
                report.contains("\"a\" : \"gcc@O0@site-a\",\n    \"b\" : \"gcc@O0@site-b\""),
                "a cross-site pair is compared: " + report);
        // The night's HTML says, across sites, whom the correctly rounded reference agrees with (here the sites agree).
        String html = Files.readString(night.resolve("report/report.html"));
        assertTrue(
                html.contains(
                        "<section id=\"across-sites\"><h2>Across sites: who agrees with the reference</h2><p>Across sites (same toolchain and opt level at two sites): 0 cases differ</p>"),
                html);
        String summary = Files.readString(night.resolve("night.json"));
        assertTrue(summary.contains("\"gpu\" : \"cannot reach it ("), summary);
        assertTrue(Files.readString(tmp.resolve("history/metrics.txt"))
                .contains("fparity_nightly_site_failed{site=\"gpu\"} 1\n"));

        // The next night, with the gpu cluster gone from the config, has no whole night before it: no baseline.
        Files.writeString(cfg, Files.readString(cfg).replace(", \"gpu\"]", "]"));
        Run next = fparity("nightly", "--config", cfg.toString(), "--date", "2026-11-21");
        assertTrue(next.out().contains("(no earlier night)"), "an incomplete night is no baseline: " + next.out());
    }
}
