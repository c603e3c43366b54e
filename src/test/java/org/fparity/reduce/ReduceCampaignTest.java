package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fparity.cli.Main;
import org.fparity.compare.DiscrepancyClass;
import org.fparity.exec.Toolchains;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real local campaign (gcc, gcc with FMA, clang-19 at O0 and O3 with fast math), then one discrepancy per class
 * reduced end to end: each reduced program must still show its discrepancy in the single-program form, be clean under
 * ASan/UBSan and be much smaller than the original. (The 20-case figure is {@code fparity bench reduce}.)
 */
@Tag("slow")
@Tag("tools")
class ReduceCampaignTest {
    @TempDir
    Path tmp;

    @Test
    void oneDiscrepancyPerClassReducesToASmallStandaloneUbFreeProgram() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null && Executables.find("clang-19") != null, "gcc and clang-19 are needed");
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Path camp = tmp.resolve("camp");
        int rc = Main.run("run", "--programs", "30", "--inputs", "3", "--seed", "12", "--toolchains", "gcc,gcc-fma,clang-19", "--opt", "O0,O3_FM",
                "--out", camp.toString(), "--no-report");
        assertTrue(rc == 0 || rc == 1, "run exit " + rc);
        List<CampaignDiscrepancies.Entry> all = CampaignDiscrepancies.list(camp);
        List<CampaignDiscrepancies.Entry> cases = new ArrayList<>();
        Set<DiscrepancyClass> classes = new HashSet<>();
        for (CampaignDiscrepancies.Entry e : ReduceBench.pick(all, all.size())) {
            if (classes.add(e.discrepancy().cls())) cases.add(e);
        }
        assertTrue(cases.size() >= 3, "discrepancy classes in the campaign: " + classes);
        ReduceSession s = new ReduceSession(Toolchains.load(Path.of("runners", "toolchains")), tmp.resolve("work"), tmp.resolve("reproducers"), m -> {});
        int reduced = 0;
        for (CampaignDiscrepancies.Entry e : cases.subList(0, Math.min(4, cases.size()))) {
            ReduceSession.Report r;
            try {
                r = s.run(e.request(1, false, 150));
            } catch (ReduceException batchOnly) {
                continue; // a discrepancy that needs its batch neighbours: counted, not reducible standalone
            }
            String prog = r.result().program().canonical();
            assertEquals(e.discrepancy().cls(), r.cls());
            assertTrue(r.reducedStandalone(), e.id() + " no longer shows standalone:\n" + prog);
            assertTrue(r.sanitizer().clean(), e.id() + ": " + r.sanitizer().detail() + "\n" + prog);
            assertTrue(r.reduced().operations() <= Math.max(4, r.original().operations() * 3 / 10),
                    e.id() + ": " + r.original().operations() + " -> " + r.reduced().operations() + " operations\n" + prog);
            assertTrue(r.bundle().resolve("build.sh").toFile().canExecute());
            reduced++;
        }
        assertTrue(reduced >= 3, "reduced " + reduced + " of " + cases.size());
    }
}
