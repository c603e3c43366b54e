package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.campaign.CampaignBuilder;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.Outcome;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Program;
import org.fparity.oracle.ReferenceEvaluator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fparity compare} of a merged two-site campaign: only pairs across sites by default, and for each discrepancy
 * between the sites, the side whose bits the correctly rounded reference (the oracle's ideal platform) gives.
 */
class CompareCrossSiteTest {
    @TempDir
    static Path tmp;

    static Path merged;
    /** program index → the ideal platform's result for its input 0 (the three programs the sites disagree on). */
    static final Map<Integer, Double> REF = new TreeMap<>();

    static List<CampaignMeta.ProgramEntry> programs;

    static double ulpsUp(double x, int n) {
        for (int i = 0; i < n; i++) x = Math.nextUp(x);
        return x;
    }

    @BeforeAll
    static void twoSites() {
        programs = CampaignBuilder.programs(11, 10, 2);
        for (int i = 0; i < programs.size() && REF.size() < 3; i++) {
            CampaignMeta.ProgramEntry p = programs.get(i);
            double r = ReferenceEvaluator.ideal(
                            Program.parse(p.source()), p.inputs().getFirst())
                    .comp();
            if (Double.isFinite(r) && r != 0) REF.put(i, r);
        }
        assertEquals(3, REF.size(), "three programs with a finite, non-zero reference");
        List<Integer> idx = List.copyOf(REF.keySet());
        // Input 0 of the first: site A gives the reference, B is 1 ulp off; the second: B gives it, A is 3 off; the
        // third: neither (A 1 ulp off, B 4). Everything else: the same value at both sites, so no discrepancy.
        CampaignBuilder.Results results = (p, i, in, pl) -> {
            Outcome std = CampaignBuilder.standard(p, i, in, pl);
            if (in != 0 || !REF.containsKey(i)) return std;
            double ref = REF.get(i);
            boolean a = pl.site().equals("site-a");
            int off = i == idx.get(0) ? (a ? 0 : 1) : i == idx.get(1) ? (a ? 3 : 0) : (a ? 1 : 4);
            return new Outcome(
                    std.program(),
                    in,
                    std.toolchain(),
                    std.opt(),
                    std.site(),
                    std.node(),
                    std.status(),
                    HexFloat.format(ulpsUp(ref, off)),
                    null,
                    std.platform(),
                    std.micros());
        };
        List<CampaignMeta.PlatformRecord> pa = new ArrayList<>();
        List<CampaignMeta.PlatformRecord> pb = new ArrayList<>();
        for (String o : List.of("O0", "O3_FM")) {
            pa.add(CampaignBuilder.platform("gcc", o, "site-a", "a-n1"));
            pb.add(CampaignBuilder.platform("gcc", o, "site-b", "b-n1"));
        }
        Path a = CampaignBuilder.write(tmp.resolve("a/c"), 11, programs, pa, results);
        Path b = CampaignBuilder.write(tmp.resolve("b/c"), 11, programs, pb, results);
        merged = tmp.resolve("merged");
        Cli.Run m = Cli.fparity("merge", a.toString(), b.toString(), "--out", merged.toString());
        assertEquals(0, m.exit(), m.err());
    }

    @Test
    void aMergedCampaignIsComparedAcrossSitesWithTheReferencesVerdictPerDiscrepancy() {
        Cli.Run r = Cli.fparity("compare", merged.toString());
        assertEquals(1, r.exit(), "6 discrepancies found: " + r.err());
        String out = r.out();
        assertTrue(
                out.startsWith(
                        "Cross-site view: 2 pairs, each the same toolchain and opt level at two sites (site-a, site-b); --all-pairs for every pair\n"),
                out);
        assertFalse(out.contains(" vs other opt levels"), "no pair within one site: " + out);
        assertTrue(
                out.contains(
                        "Across sites (same toolchain and opt level at two sites): 3 cases differ, in 6 platform pairs; the correctly rounded reference (ideal IEEE platform) agrees with side a in 2, side b in 2, neither in 2, undecided 0"),
                out);
        for (String opt : List.of("O0", "O3_FM")) {
            String pair = "gcc@" + opt + "@site-a:gcc@" + opt + "@site-b";
            assertTrue(out.contains(row(0, pair, "gcc@" + opt + "@site-a")), out);
            assertTrue(out.contains(row(1, pair, "gcc@" + opt + "@site-b")), out);
            assertTrue(out.contains(row(2, pair, "neither (a is closer: 1 vs 4 ulps)")), out);
        }
    }

    /** The start and end of a verdict line: program, input 0, the pair … reference, whom it agrees with. */
    private static String row(int k, String pair, String agrees) {
        int i = List.copyOf(REF.keySet()).get(k);
        String ref = HexFloat.format(REF.get(i));
        return ref + " ".repeat(Math.max(1, 25 - ref.length())) + agrees + "\n";
    }

    /**
     * The HTML report (what {@code fparity nightly} writes for each night, by the same ReportWriter) says, per discrepancy
     * across sites, which side the reference agrees with, and counts them in the verdict.
     */
    @Test
    void theHtmlReportSaysWhichSideTheReferenceAgreesWithPerDiscrepancyAcrossSites() throws java.io.IOException {
        Path out = tmp.resolve("report-html");
        Cli.Run r = Cli.fparity("report", merged.toString(), "--out", out.toString());
        assertEquals(1, r.exit(), r.err());
        String html = java.nio.file.Files.readString(out.resolve("report.html"));
        String summary =
                "Across sites (same toolchain and opt level at two sites): 3 cases differ, in 6 platform pairs; the correctly rounded reference (ideal IEEE platform) agrees with side a in 2, side b in 2, neither in 2, undecided 0";
        int verdict = html.indexOf("<section id=\"verdict\">");
        int section = html.indexOf("<section id=\"across-sites\">");
        assertTrue(verdict >= 0 && section > verdict, "an across-sites section after the verdict");
        assertTrue(
                html.substring(verdict, html.indexOf("</section>", verdict)).contains(summary),
                "the verdict counts them: " + html.substring(verdict, section));
        String table = html.substring(section, html.indexOf("</section>", section));
        assertTrue(table.contains(summary), table);
        for (String opt : List.of("O0", "O3_FM")) {
            String pair = "gcc@" + opt + "@site-a:gcc@" + opt + "@site-b";
            assertTrue(hasRow(table, 0, pair, "a", "gcc@" + opt + "@site-a"), table);
            assertTrue(hasRow(table, 1, pair, "b", "gcc@" + opt + "@site-b"), table);
            assertTrue(hasRow(table, 2, pair, "neither", "neither (a is closer: 1 vs 4 ulps)"), table);
        }
        assertEquals(
                6, table.split("<tr class=\"agrees-", -1).length - 1, "one row per discrepancy across sites: " + table);
    }

    /** One row of the HTML table, whole: program, input 0, the pair … the reference's bits, whom it agrees with. */
    private static boolean hasRow(String table, int k, String pair, String css, String agrees) {
        int i = List.copyOf(REF.keySet()).get(k);
        String row = "<tr class=\"agrees-" + css + "\"><td><code>"
                + programs.get(i).id() + "</code></td><td class=\"num\">0</td><td>" + pair + "</td>"
                + "(?:(?!<tr).)*" + "<td><code>" + java.util.regex.Pattern.quote(HexFloat.format(REF.get(i)))
                + "</code></td><td>"
                + java.util.regex.Pattern.quote(agrees) + "</td></tr>";
        return java.util.regex.Pattern.compile(row).matcher(table).find();
    }

    @Test
    void allPairsShowsThePairsWithinASiteToo() {
        Cli.Run r = Cli.fparity("compare", merged.toString(), "--all-pairs", "--detail");
        assertEquals(Cli.compareExit(r.out()), r.exit(), "exit 1 exactly when it found discrepancies: " + r.err());
        assertFalse(r.out().contains("Cross-site view"), r.out());
        assertTrue(r.out().contains("gcc@O0@site-a vs other opt levels"), r.out());
        // The cross-site discrepancies are still judged.
        assertTrue(
                r.out()
                        .contains(
                                "Across sites (same toolchain and opt level at two sites): 3 cases differ, in 6 platform pairs;"),
                r.out());
    }

    @Test
    void aPairAcrossSitesIsJudgedAndAPairWithinASiteIsNot() {
        Cli.Run across = Cli.fparity("compare", merged.toString(), "--pair", "gcc@O0@site-a:gcc@O0@site-b");
        assertEquals(
                Cli.compareExit(across.out()),
                across.exit(),
                "exit 1 exactly when it found discrepancies: " + across.err());
        assertTrue(
                across.out()
                        .contains(
                                "Across sites (same toolchain and opt level at two sites): 3 cases differ, in 3 platform pairs;"),
                across.out());
        Cli.Run within = Cli.fparity("compare", merged.toString(), "--pair", "gcc@O0@site-a:gcc@O3_FM@site-a");
        assertEquals(
                Cli.compareExit(within.out()),
                within.exit(),
                "exit 1 exactly when it found discrepancies: " + within.err());
        assertFalse(within.out().contains("Across sites"), within.out());
    }

    @Test
    void pairAndAllPairsTogetherAreOneLineAndExit2() {
        Cli.Run r = Cli.fparity("compare", merged.toString(), "--all-pairs", "--pair", "gcc@O0@site-a:gcc@O0@site-b");
        assertEquals(2, r.exit());
        assertEquals("fparity: --pair and --all-pairs exclude each other\n", r.err());
    }

    /**
     * Two sites that each run gcc and another toolchain that differs from it (the same way at both): the sites agree.
     * The cross-site view once paired gcc at site a with fake-cc at site b and said "Across sites: 8 discrepancies";
     * across sites now means the same toolchain and opt level at two sites, and there nothing differs.
     */
    @Test
    void differentToolchainsAtTwoSitesAreNotADifferenceBetweenTheSites() {
        List<CampaignMeta.PlatformRecord> pa = new ArrayList<>();
        List<CampaignMeta.PlatformRecord> pb = new ArrayList<>();
        for (String tc : List.of("gcc", "fake-cc")) {
            pa.add(CampaignBuilder.platform(tc, "O3_FM", "site-a", "a-n1"));
            pb.add(CampaignBuilder.platform(tc, "O3_FM", "site-b", "b-n1"));
        }
        Path a = CampaignBuilder.write(tmp.resolve("tc/a"), 11, programs, pa, CampaignBuilder::standard);
        Path b = CampaignBuilder.write(tmp.resolve("tc/b"), 11, programs, pb, CampaignBuilder::standard);
        Path m = tmp.resolve("tc/merged");
        assertEquals(
                0,
                Cli.fparity("merge", a.toString(), b.toString(), "--out", m.toString())
                        .exit());
        Cli.Run r = Cli.fparity("compare", m.toString());
        assertTrue(
                r.out()
                        .startsWith(
                                "Cross-site view: 2 pairs, each the same toolchain and opt level at two sites (site-a, site-b); --all-pairs for every pair\n"),
                r.out());
        assertTrue(
                r.out().contains("\nAcross sites (same toolchain and opt level at two sites): 0 cases differ\n"),
                r.out());
        assertFalse(r.out().contains("gcc@O3_FM@site-a:fake-cc@O3_FM@site-b"), r.out());
        // fake-cc differs from gcc in 5 of the 20 cases (k = 3 × program + input: k % 5 == 0 or k % 11 == 0; at both
        // sites alike): the verdict says so, the exit follows it
        assertTrue(r.out().contains("campaign merged: 5 of 20 cases disagree across platforms\n"), r.out());
        assertEquals(1, r.exit(), r.err());
    }
}
