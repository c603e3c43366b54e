package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.CampaignMeta;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Campaign triage names the LLVM pass behind a clang flag cause: a division by 3 that clang's O3_FM turns into a
 * multiplication by the rounded reciprocal. The cause carries the pass in its key and title, bisected once on its
 * representative; rebuilt here independently, B's build line with {@code -opt-bisect-limit=N-1} gives O0's result and
 * with {@code N} gives O3_FM's: the named pass is the boundary.
 */
@Tag("tools")
@Tag("slow")
class CampaignPassToolsTest {
    @TempDir
    Path tmp;

    static final String THIRD = """
            program fp64 array 1
            compute(double comp, double x) {
              comp = x / 0x1.8p+1;
            }
            """;

    @Test
    void aClangFlagCauseNamesThePassThatIsTheBoundary() throws Exception {
        DetectedToolchain clang = PassBisectionToolsTest.clangThatRuns();
        assumeTrue(clang != null, "no clang (19, 16 or 14) builds and runs here");
        Program third = Program.parse(THIRD);
        Input five = new Input(List.of("0x0p+0", "0x1.4p+2"));
        List<CampaignMeta.ProgramEntry> entries = List.of(
                new CampaignMeta.ProgramEntry(third.id(), null, Precision.FP64, third.canonical(), List.of(five)));
        Path campaign = CampaignTriageToolsTest.planted(tmp.resolve("c"), entries, List.of(clang));
        CampaignTriage.Options o = CampaignTriageToolsTest.OPTIONS;
        // named relative to the working folder, as 'fparity triage campaigns/…' names it
        Path relative = Path.of("").toAbsolutePath().relativize(campaign.toAbsolutePath());
        CampaignTriage.Result r = CampaignTriage.run(relative, o);
        CausesText.lines(r).forEach(System.out::println);
        assertEquals(1, r.causes().causes().size(), r.causes().toString());
        RootCause c = r.causes().causes().getFirst();
        assertEquals(RootCause.Kind.FLAGS, c.kind());
        assertEquals(List.of("-O3", "-freciprocal-math"), c.flags());
        assertEquals("InstCombinePass", c.pass());
        assertEquals(
                RootCause.keyOf(
                        RootCause.Kind.FLAGS,
                        clang.name() + " O3_FM",
                        List.of("-O3", "-freciprocal-math"),
                        "InstCombinePass",
                        "reciprocal",
                        null),
                c.key());
        assertTrue(c.title().contains(" in LLVM pass InstCombinePass (pass "), c.title());

        // the pass unit of the triage state: "N of K"
        List<TriageState.Unit> passes = TriageState.read(campaign).stream()
                .filter(u -> u.kind() == RootCause.Kind.PASS)
                .toList();
        assertEquals(1, passes.size(), passes.toString());
        int n = Integer.parseInt(passes.getFirst().why().split(" of ")[0]);
        assertTrue(n > 0, passes.toString());

        // the boundary, rebuilt independently of the bisection: N-1 gives O0's result, N gives O3_FM's
        Map<String, Outcome> recorded = new java.util.HashMap<>();
        for (Outcome x : org.fparity.campaign.Campaign.load(campaign).outcomes()) recorded.put(x.opt(), x);
        Outcome atN = build(clang, n, third, five);
        Outcome before = build(clang, n - 1, third, five);
        assertEquals(recorded.get("O3_FM").value(), atN.value(), "limit " + n + " gives O3_FM's result");
        assertEquals(recorded.get("O0").value(), before.value(), "limit " + (n - 1) + " gives O0's result");
        assertNotEquals(recorded.get("O0").value(), recorded.get("O3_FM").value());

        // read back: the same causes, the pass not bisected again
        CampaignTriage.Result again = CampaignTriage.run(relative, o);
        assertEquals(r.causes(), again.causes());
        assertEquals(
                1,
                TriageState.read(campaign).stream()
                        .filter(u -> u.kind() == RootCause.Kind.PASS)
                        .count());
    }

    private Outcome build(DetectedToolchain dt, int limit, Program p, Input in) throws InterruptedException {
        List<String> flags = new ArrayList<>(dt.toolchain().opt().get("O3_FM"));
        flags.add("-mllvm");
        flags.add("-opt-bisect-limit=" + limit);
        String level = "limit" + limit;
        return new Standalone(tmp.resolve("check" + limit))
                .run(dt.withToolchain(dt.toolchain().withLevel(level, flags)), level, p, in);
    }
}
