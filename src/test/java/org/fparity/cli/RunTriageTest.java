package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.attribution.Causes;
import org.fparity.attribution.RootCause;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A new user's first {@code fparity run} shows root causes: the run triages its campaign before the report (as {@code
 * fparity triage} does), so the end screen and the report lead with the cause, not with cases; {@code --no-triage}
 * skips it. One planted cause: a sum of 16 that gcc vectorises, and so reassociates, under {@code O3_FM}.
 */
@Tag("tools")
class RunTriageTest {
    @TempDir
    Path tmp;

    /** The planted sum with one input: 2^53 + 1 - 2^53 + 1 and zeros, which a vectorised sum adds in another order. */
    static final String SUM = org.fparity.attribution.CampaignTriageToolsTest.SUM
            + "// input: 0x0p+0 0x1p+53,0x1p+0,-0x1p+53,0x1p+0" + ",0x0p+0".repeat(12) + " 16\n";

    /** The planted cause's key: gcc's O3 to O3_FM step, reassociation. */
    static final String KEY = org.fparity.attribution.CampaignTriageToolsTest.SUM_KEY;

    private Cli.Run run(Path out, String... more) throws Exception {
        Path corpus = Files.createDirectories(tmp.resolve("kernels"));
        Files.writeString(corpus.resolve("sum16.fp"), SUM);
        List<String> args = new java.util.ArrayList<>(List.of(
                "run",
                "--opt",
                "O0,O3_FM",
                "--toolchains",
                "gcc",
                "--jobs",
                "2",
                "--reruns",
                "0",
                "--corpus",
                corpus.toString(),
                "--out",
                out.toString(),
                "--report",
                out.resolveSibling(out.getFileName() + "-report").toString()));
        args.addAll(List.of(more));
        return Cli.fparity(args.toArray(String[]::new));
    }

    @Test
    void aPlainRunTriagesAndTheEndScreenAndReportLeadWithTheCause() throws Exception {
        assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        Path out = tmp.resolve("c");
        Cli.Run r = run(out);
        assertEquals(1, r.exit(), r.out() + r.err());
        Causes causes = Causes.read(out).orElseThrow(() -> new AssertionError("no causes.json: " + r.err()));
        assertEquals(List.of(KEY), causes.causes().stream().map(RootCause::key).toList());
        assertEquals(0, causes.undecided());
        assertTrue(
                r.out()
                        .contains(
                                "triage: 1 root causes for 1 discrepancies and runs that ended differently (0 undecided;"),
                r.out());
        // the cause comes before the case detail on the end screen
        int cause = r.out()
                .indexOf("gcc O3_FM: -O3 -fassociative-math -fno-signed-zeros -fno-trapping-math (reassociation)");
        int detail = r.out().indexOf("first case:");
        assertTrue(cause > 0 && (detail < 0 || cause < detail), r.out());
        String json = Files.readString(tmp.resolve("c-report").resolve("report.json"));
        assertTrue(
                json.contains(KEY),
                "report.json counts the cause: " + json.substring(0, Math.min(2000, json.length())));
        String html = Files.readString(tmp.resolve("c-report").resolve("report.html"));
        assertTrue(html.contains("id=\"causes\""), "report.html has the causes section");
        assertTrue(
                html.indexOf("id=\"causes\"") < html.indexOf("id=\"ranking\""), "the causes come before the ranking");
    }

    @Test
    void noTriageSkipsItAndTheReportCountsCases() throws Exception {
        assumeTrue(Executables.find("gcc") != null, "gcc not installed");
        Path out = tmp.resolve("c");
        Cli.Run r = run(out, "--no-triage");
        assertEquals(1, r.exit(), r.out() + r.err());
        assertFalse(Files.exists(out.resolve("causes.json")), "no causes.json with --no-triage");
        assertFalse(Files.exists(out.resolve("triage")), "no triage folder with --no-triage");
        assertFalse(r.out().contains("root causes"), r.out());
        assertTrue(r.out().contains("verdict: 1 of 1 case disagrees"), r.out());
    }
}
