package org.fparity.report;

import static org.fparity.cli.Cli.fparity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fparity.cli.Cli.Run;
import org.fparity.report.CauseNights.Plant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The acceptance policy: Number–Number gaps up to N ULPs or a relative error per platform pair, and causes a site
 * expects; the verdict, JUnit and the exit code honour it and say what they accepted, and the detail keeps everything.
 */
class AcceptancePolicyTest {
    @TempDir
    Path tmp;

    /** gcc O3_FM 3 ULPs off in the first program's cases, clang-19 1 ULP off in the second's. */
    private Path night() {
        return CauseNights.write(tmp, "night-1", List.of(Plant.REASSOCIATION, Plant.CONTRACTION), false);
    }

    private Path policy(String json) throws IOException {
        Path p = Files.createTempFile(tmp, "policy", ".json");
        Files.writeString(p, json);
        return p;
    }

    private static List<String> testcases(String junit, String state) {
        Matcher m = Pattern.compile("<testcase classname=\"[^\"]*\\.([^.\"]*)\" name=\"([^\"]*)\"[^>]*>\\s*<" + state
                        + " [^>]*message=\"([^\"]*)\"")
                .matcher(junit);
        List<String> out = new java.util.ArrayList<>();
        while (m.find()) out.add(m.group(1) + " " + m.group(2) + ": " + m.group(3));
        return out;
    }

    @Test
    void aToleranceAcceptsGapsUpToItsUlpsAndTheVerdictSaysSo() throws Exception {
        Path n = night();
        Path twoUlps = policy("{\"tolerances\": [{\"pair\": \"*\", \"ulps\": 2}]}");
        Run r = fparity(
                "report",
                n.toString(),
                "--policy",
                twoUlps.toString(),
                "--out",
                tmp.resolve("r").toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("4 of 4 cases disagree across platforms (2 accepted by the policy)"), r.out());
        String junit = Files.readString(tmp.resolve("r/junit.xml"));
        // the 1-ULP cases are skipped as accepted, the 3-ULP ones still fail: nothing is hidden
        assertEquals(
                List.of(
                        "1-01 input 0: accepted: within tolerance: every pair ≤ 2 ULPs; Number–Number: 2 different answers, no majority",
                        "1-01 input 1: accepted: within tolerance: every pair ≤ 2 ULPs; Number–Number: 2 different answers, no majority"),
                testcases(junit, "skipped"));
        assertEquals(2, testcases(junit, "failure").size(), junit);
        assertTrue(
                testcases(junit, "failure").getFirst().startsWith("1-00 input 0: Number–Number: gcc@O3_FM disagrees"),
                junit);
        String md = Files.readString(tmp.resolve("r/summary.md"));
        assertTrue(
                md.contains(
                        "- accepted by " + twoUlps
                                + ": 2 cases (2 within tolerance, 0 of expected causes); rules: every pair ≤ 2 ULPs — accepted cases stay in the detail"),
                md);

        // 3 ULPs on every pair: nothing left, exit 0
        Run all = fparity("compare", n.toString(), "--accept-ulps", "3");
        assertEquals(0, all.exit(), all.out() + all.err());
        assertTrue(all.out().contains("4 of 4 cases disagree across platforms (4 accepted by the policy)"), all.out());
        // a relative tolerance: 3 ULPs of 1.0 are 6.7e-16
        assertEquals(
                0,
                fparity("compare", n.toString(), "--accept-relative", "1e-15").exit());
        assertEquals(
                1,
                fparity("compare", n.toString(), "--accept-relative", "5e-16").exit());
    }

    @Test
    void aToleranceHoldsOnlyOnThePairsItNamesAndTheFirstMatchingRuleDecides() throws Exception {
        Path n = night();
        // clang-19 against gcc: up to 1 ULP (the contraction); gcc O0 against O3_FM is not named: the reassociation
        // stays red
        Path clang = policy("{\"tolerances\": [{\"pair\": \"clang-19@*:gcc@*\", \"ulps\": 1}]}");
        Run r = fparity(
                "report",
                n.toString(),
                "--policy",
                clang.toString(),
                "--out",
                tmp.resolve("r").toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith("4 of 4 cases disagree across platforms (2 accepted by the policy)"), r.out());
        // the same tolerance, with a stricter rule before it for O3_FM: the O3_FM pairs of the contraction are not
        // accepted
        Path strictFirst = policy(
                "{\"tolerances\": [{\"pair\": \"*@O3_FM:*@O3_FM\", \"ulps\": 0}, {\"pair\": \"clang-19@*:gcc@*\", \"ulps\": 1}]}");
        Run s = fparity("compare", n.toString(), "--policy", strictFirst.toString());
        assertEquals(1, s.exit(), s.out() + s.err());
        assertFalse(s.out().contains("accepted by the policy)"), s.out());
        assertTrue(s.out().contains("accepted by " + strictFirst + ": 0 cases"), s.out());
    }

    @Test
    void anExpectedCauseIsAcceptedByPatternOrKeyAndSaidSo() throws Exception {
        Path n = CauseNights.write(tmp, "night-2", List.of(Plant.REASSOCIATION, Plant.FINITE_MATH), true);
        Path fm = policy("""
                {"expected_causes": [{"operation": "finite-math folding", "family": "* O3_FM", "reason": "we ship -ffast-math builds"}],
                 "tolerances": [{"pair": "*", "ulps": 3}]}
                """);
        Run r = fparity(
                "report",
                n.toString(),
                "--policy",
                fm.toString(),
                "--out",
                tmp.resolve("r").toString());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(
                r.out()
                        .startsWith(
                                "2 root causes (2 accepted by the policy); 4 of 4 cases disagree across platforms (4 accepted by the policy)"),
                r.out());
        String junit = Files.readString(tmp.resolve("r/junit.xml"));
        List<String> skipped = testcases(junit, "skipped");
        assertEquals(2, skipped.size(), junit);
        assertTrue(
                skipped.contains("causes " + Plant.FINITE_MATH.key()
                        + ": accepted: expected cause (operation=finite-math folding, family=* O3_FM): "
                        + "we ship -ffast-math builds; gcc -ffinite-math-only folds a NaN test away — 2 cases; reduce: bin/fparity reduce "
                        + n + " --discrepancy "
                        + skipped.stream()
                                .filter(x -> x.contains("finite"))
                                .findFirst()
                                .orElseThrow()
                                .replaceAll(".*--discrepancy ", "")),
                skipped.toString());
        assertTrue(
                skipped.contains("causes " + Plant.REASSOCIATION.key()
                        + ": accepted: every case within tolerance; gcc -O3 -ffast-math reassociates a sum "
                        + "(-fassociative-math with -fno-signed-zeros -fno-trapping-math) — 2 cases; reduce: bin/fparity reduce "
                        + n + " --discrepancy "
                        + skipped.stream()
                                .filter(x -> x.contains("reassoc"))
                                .findFirst()
                                .orElseThrow()
                                .replaceAll(".*--discrepancy ", "")),
                skipped.toString());
        // without the tolerance the reassociation is red; expected by key (--expect-cause) it is accepted too
        assertEquals(
                1,
                fparity(
                                "compare",
                                n.toString(),
                                "--policy",
                                policy(
                                                "{\"expected_causes\": [{\"operation\": \"finite-math folding\", \"reason\": \"x\"}]}")
                                        .toString())
                        .exit());
        Run byKey = fparity(
                "compare",
                n.toString(),
                "--expect-cause",
                Plant.FINITE_MATH.key(),
                "--expect-cause",
                Plant.REASSOCIATION.key());
        assertEquals(0, byKey.exit(), byKey.out() + byKey.err());
        assertTrue(byKey.out().contains("2 root causes (2 accepted by the policy)"), byKey.out());
    }

    @Test
    void aNewCauseASiteExpectsKeepsTheNightGreen() {
        Path n1 = CauseNights.write(tmp, "nightly-2026-11-21", List.of(Plant.REASSOCIATION), true);
        Path n2 = CauseNights.write(tmp, "nightly-2026-11-22", List.of(Plant.REASSOCIATION, Plant.CONTRACTION), true);
        assertEquals(
                1,
                fparity("compare", n2.toString(), "--baseline", n1.toString()).exit());
        Run r = fparity(
                "compare", n2.toString(), "--baseline", n1.toString(), "--expect-cause", Plant.CONTRACTION.key());
        assertEquals(0, r.exit(), r.out() + r.err());
        assertTrue(
                r.out()
                        .contains(
                                "2 root causes, 1 new against nightly-2026-11-21: clang-19 contracts a*b+c into an FMA (2 cases) (1 accepted by the policy)"),
                r.out());
        assertTrue(
                r.out()
                        .contains("1. [new] [accepted: expected cause (key=" + Plant.CONTRACTION.key()
                                + "): --expect-cause] clang-19 contracts"),
                r.out());
    }

    @Test
    void aBadPolicyIsOneLineAndExit2WithNothingWritten() throws Exception {
        Path n = night();
        List<String[]> bad = List.of(
                new String[] {"{\"tolerances\": [{\"pair\": \"*\", \"ulps\": 2}]", "malformed JSON"},
                new String[] {"{\"tolerance\": []}", "tolerance: unknown field"},
                new String[] {
                    "{\"tolerances\": [{\"pair\": \"*\"}]}", "tolerances[0]: names neither \"ulps\" nor \"relative\""
                },
                new String[] {
                    "{\"tolerances\": [{\"pair\": \"*\", \"ulps\": -1}]}",
                    "tolerances[0].ulps: must be an integer >= 0, is -1"
                },
                new String[] {
                    "{\"tolerances\": [{\"pair\": \"gcc@O0\", \"ulps\": 1}]}", "tolerances[0].pair: must be \"A:B\""
                },
                new String[] {
                    "{\"tolerances\": [{\"pair\": \"*\", \"relative\": \"small\"}]}",
                    "tolerances[0].relative: must be a finite number >= 0"
                },
                new String[] {
                    "{\"expected_causes\": [{\"operation\": \"contraction\"}]}",
                    "expected_causes[0]: needs a \"reason\""
                },
                new String[] {"{\"expected_causes\": [{\"reason\": \"x\"}]}", "expected_causes[0]: names no cause"},
                new String[] {
                    "{\"expected_causes\": [{\"colour\": \"red\", \"reason\": \"x\"}]}",
                    "expected_causes[0].colour: unknown field"
                },
                new String[] {"{\"tolerances\": [], \"tolerances\": []}", "malformed JSON"},
                new String[] {"[]", "expected a JSON object"});
        for (String[] b : bad) {
            Path p = policy(b[0]);
            Path out = tmp.resolve("never");
            Run r = fparity("report", n.toString(), "--policy", p.toString(), "--out", out.toString());
            assertEquals(2, r.exit(), b[0] + ": " + r.out() + r.err());
            List<String> lines = r.err().lines().toList();
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.getFirst().startsWith("fparity: " + p + ": " + b[1]), b[0] + " -> " + r.err());
            assertFalse(Files.exists(out), "nothing is written for a bad policy");
        }
        Run missing = fparity(
                "compare", n.toString(), "--policy", tmp.resolve("nope.json").toString());
        assertEquals(2, missing.exit());
        assertEquals(
                "fparity: " + tmp.resolve("nope.json") + ": not found",
                missing.err().strip());
        Run negative = fparity("compare", n.toString(), "--accept-ulps", "-3");
        assertEquals(2, negative.exit());
        assertEquals(
                "fparity: --accept-ulps must be >= 0, is -3",
                negative.err().lines().findFirst().orElseThrow());
    }
}
