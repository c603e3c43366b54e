package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.Fixtures;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.junit.jupiter.api.Test;

/**
 * {@code toolchains --check} runs through the engine: the reference and every toolchain checked are one job document
 * for the site, a job each, and each row is judged from the site's outcomes (here a site that prints 1 for every run,
 * and 2 for java's first line).
 */
class ToolchainCheckSiteTest {
    @Test
    void theReferenceAndEachToolchainAreOneJobDocumentAndRowsComeFromTheSitesOutcomes() throws Exception {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        Toolchain java = Fixtures.shipped().get("java");
        Toolchain nvcc = Fixtures.shipped().get("nvcc-sm80");
        // every run prints 1, but java's first line prints 2
        SiteRunsTest.Site site = new SiteRunsTest.Site(
                (j, l) -> j.toolchain().name().equals("java") && l == j.lines().getFirst() ? "0x1p+1" : "0x1p+0");
        List<ToolchainCheck.Row> rows = ToolchainCheck.run(
                site,
                ToolchainCheck.reference(gcc),
                List.of(gcc, java, nvcc),
                Map.of("nvcc-sm80", "cannot run here: no GPU"),
                3,
                2,
                14L);
        assertEquals(1, site.calls.size());
        List<JobSpec> doc = site.calls.getFirst();
        assertEquals(
                List.of(
                        "gcc@O0 [-O0, -ffp-contract=off]",
                        "gcc@O0 [-O0]",
                        "java@O0 " + java.opt().get("O0")),
                doc.stream()
                        .map(j -> j.toolchain().name() + "@" + j.opt() + " "
                                + j.toolchain().opt().get(j.opt()))
                        .toList());
        int n = doc.getFirst().lines().size();
        assertTrue(n >= 6, "cases: " + n);
        assertEquals(
                List.of("gcc", "java", "nvcc-sm80"),
                rows.stream().map(ToolchainCheck.Row::toolchain).toList());
        assertEquals(new ToolchainCheck.Row("gcc", "O0", n, n, null, null), rows.get(0));
        ToolchainCheck.Row j = rows.get(1);
        assertEquals(n - 1, j.agree());
        assertEquals(n, j.total());
        // the case named as the user knows it: the program's id and its input, not the job's line names; the platform
        // as it is printed everywhere, with the site it ran at
        assertTrue(
                j.firstDifference()
                        .matches(
                                "program [0-9a-f]{16} input 0: gcc -O0 -ffp-contract=off 0x1p\\+0, java@O0@far 0x1p\\+1"),
                j.firstDifference());
        assertNull(rows.get(0).firstDifference());
        assertEquals(new ToolchainCheck.Row("nvcc-sm80", "nofma", 0, 0, null, "cannot run here: no GPU"), rows.get(2));
    }

    /** A toolchain the site's node cannot run at all is skipped with the node's reason, not counted as different. */
    @Test
    void aToolchainTheSiteCannotRunIsSkippedWithTheNodesReason() throws Exception {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        Toolchain pocl = Fixtures.shipped().get("pocl");
        SiteRunsTest.Site site =
                new SiteRunsTest.Site((j, l) -> j.toolchain().name().equals("pocl") ? null : "0x1p+0");
        site.ends = j -> j.toolchain().name().equals("pocl") ? Outcome.Status.CANNOT_RUN : Outcome.Status.OK;
        site.detail = "no OpenCL platform";
        List<ToolchainCheck.Row> rows =
                ToolchainCheck.run(site, ToolchainCheck.reference(gcc), List.of(gcc, pocl), Map.of(), 2, 2, 14L);
        assertEquals(
                new ToolchainCheck.Row("pocl", "O0", 0, 0, null, "cannot run at far: no OpenCL platform"), rows.get(1));
        assertTrue(rows.get(0).ok(), rows.get(0).toString());
    }

    /** The reference giving nothing is one line, exit 3: before, every row read "ok: 0 of 0 runs bit-identical". */
    @Test
    void aReferenceWithoutAnyResultIsOneLineAndExitThreeNotAPass() {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        SiteRunsTest.Site site = new SiteRunsTest.Site((j, l) -> null);
        site.ends = j -> Outcome.Status.COMPILE_ERROR;
        site.detail = "gcc: not found";
        FparityError e = assertThrows(
                FparityError.class,
                () -> ToolchainCheck.run(site, ToolchainCheck.reference(gcc), List.of(gcc), Map.of(), 2, 2, 14L));
        assertEquals(ExitCode.MISSING_TOOL, e.code());
        assertEquals(
                "the reference gcc -O0 -ffp-contract=off gave no result at far: COMPILE_ERROR (gcc: not found)",
                e.getMessage());
    }
}
