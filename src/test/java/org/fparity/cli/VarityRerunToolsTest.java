package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.Campaign;
import org.fparity.exec.Outcome;
import org.fparity.ir.IeeeExact;
import org.fparity.ir.Program;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The imported Varity sample, run again here: gcc at O0 must give the V100's recorded {@code O0_nofma} bits on every
 * program IEEE-754 alone decides (no contraction on either side, no flushing), and the same programs re-emitted as
 * CUDA and HIP must compile with nvcc and hipcc.
 */
@Tag("tools")
class VarityRerunToolsTest {
    @TempDir
    Path tmp;

    static Path sample() {
        Path data = Path.of("..", "shared", "data", "varity", "cuda_examples")
                .toAbsolutePath()
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(data), "the sample Varity data is not at " + data);
        return data;
    }

    private Path imported() {
        Path out = tmp.resolve("varity");
        assertEquals(0, Main.run("import-varity", sample().toString(), "--out", out.toString()));
        return out;
    }

    @Test
    void gccAtO0GivesTheV100sNoFmaBitsOnIeeeExactPrograms() {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Path c = imported();
        assertEquals(
                0, Main.run("run", "--campaign", c.toString(), "--toolchains", "gcc", "--opt", "O0", "--no-report"));
        Campaign camp = Campaign.load(c);
        Map<String, Program> programs = camp.programs();
        Map<String, String> v100 = new HashMap<>();
        Map<String, String> gcc = new HashMap<>();
        for (Outcome o : camp.outcomes()) {
            String run = o.program() + "/" + o.input();
            if (o.toolchain().equals("nvcc-9.2") && o.opt().equals("O0_nofma")) v100.put(run, o.hex());
            if (o.toolchain().equals("gcc") && o.opt().equals("O0")) {
                assertEquals(Outcome.Status.OK, o.status(), o.toString());
                gcc.put(run, o.hex());
            }
        }
        assertEquals(30, gcc.size());
        assertEquals(v100.keySet(), gcc.keySet());
        int exact = 0;
        for (String run : gcc.keySet()) {
            if (!IeeeExact.test(programs.get(run.substring(0, run.indexOf('/'))))) continue;
            exact++;
            assertEquals(v100.get(run), gcc.get(run), "IEEE-exact program " + run + ": gcc -O0 vs V100 O0_nofma");
        }
        assertTrue(exact > 0, "no IEEE-exact program among the sample");
        System.out.println(
                "IEEE-exact sample cases where gcc -O0 equals the V100's O0_nofma: " + exact + " of " + gcc.size());
    }

    @Test
    @Tag("slow")
    void reEmittedProgramsCompileWithNvccAndHipcc() {
        List<String> wanted = new java.util.ArrayList<>();
        if (Executables.find("nvcc") != null) wanted.addAll(List.of("nvcc-sm75", "nvcc-sm80", "nvcc-sm90"));
        if (Executables.find("hipcc") != null) wanted.add("hipcc-gfx90a");
        Assumptions.assumeTrue(!wanted.isEmpty(), "neither nvcc nor hipcc is installed");
        Path c = imported();
        assertEquals(
                0,
                Main.run(
                        "run",
                        "--campaign",
                        c.toString(),
                        "--toolchains",
                        String.join(",", wanted),
                        "--opt",
                        "O3",
                        "--no-report"));
        Map<String, Integer> perToolchain = new HashMap<>();
        for (Outcome o : Campaign.load(c).outcomes()) {
            if (!wanted.contains(o.toolchain())) continue;
            // compiled: either it ran (a GPU node) or it could not run here; never a compile error
            assertTrue(o.status() == Outcome.Status.OK || o.status() == Outcome.Status.CANNOT_RUN, o.toString());
            perToolchain.merge(o.toolchain(), 1, Integer::sum);
        }
        for (String t : wanted) assertEquals(30, perToolchain.getOrDefault(t, 0), t);
    }
}
