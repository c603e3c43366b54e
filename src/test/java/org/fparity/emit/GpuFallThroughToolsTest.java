package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Job;
import org.fparity.exec.LocalExecutor;
import org.fparity.exec.Outcome;
import org.fparity.exec.ThisGpu;
import org.fparity.exec.Toolchain;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import org.fparity.run.Emitters;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The device side of the batch canary (FallThroughToolsTest is the host side): corpora/fastmath-poison-branch beside
 * two neighbours in one device module, run through the loader at O0 and with fast math. Whatever nvcc makes of the
 * poison kernel, its line is its own value or an error, never a neighbour's value; the neighbours' lines are theirs.
 * Runs where an NVIDIA GPU is; skipped elsewhere (nothing can run a kernel).
 */
@Tag("tools")
class GpuFallThroughToolsTest {
    @TempDir
    Path tmp;

    @Test
    void aKernelNeverAnswersWithItsNeighboursValue() throws Exception {
        Toolchain nvcc = ThisGpu.toolchain("nvcc");
        DetectedToolchain dt = DetectedToolchain.detect(nvcc);
        Assumptions.assumeTrue(
                dt.canCompile() && dt.canRun(),
                "no NVIDIA GPU here: " + (dt.canCompile() ? dt.runProblem() : dt.compileProblem()));
        ProgramFiles.ProgramFile pf = ProgramFiles.read(Path.of("corpora", "fastmath-poison-branch", "program.fp"));
        Map<String, Program> programs = new LinkedHashMap<>();
        programs.put("poison", pf.program());
        programs.put("double", StaleResultToolsTest.PLAIN);
        programs.put("half", FallThroughToolsTest.HALF);
        List<Job.Line> lines = List.of(
                new Job.Line("poison", 0, pf.inputs().get(0).args()),
                new Job.Line("double", 0, List.of("0x1.8p+0")),
                new Job.Line("poison", 0, pf.inputs().get(0).args()),
                new Job.Line("half", 0, List.of("0x1p+2", "0x1p-3")));
        String ieee = HexFloat.format(HexFloat.parse("-0x1p-20"));
        for (String opt : List.of("O0", "O3_FM")) {
            List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
            Job job = new Job(
                    "Batch0",
                    List.copyOf(programs.keySet()),
                    Emitters.forToolchain(dt.toolchain(), programs),
                    dt,
                    opt,
                    dt.name() + "@" + opt,
                    lines);
            new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {}).execute(List.of(job), out::add);
            assertEquals(lines.size(), out.size(), out.toString());
            for (int i : new int[] {0, 2}) {
                Outcome o = out.get(i);
                assertEquals("poison", o.program());
                assertTrue(
                        o.status() != Outcome.Status.OK || o.hex().equals(ieee),
                        dt.name() + "@" + opt + ": the poison kernel answered another value than its own: " + o);
            }
            assertEquals("0x1.8p+1", out.get(1).hex(), opt + " " + out.get(1));
            assertEquals("0x0p+0", out.get(3).hex(), opt + " " + out.get(3));
            if (opt.equals("O0"))
                assertEquals(ieee, out.get(0).hex(), "at O0 the kernel runs as IEEE says: " + out.get(0));
            System.out.println(dt.name() + "@" + opt + " poison: " + out.get(0));
        }
    }
}
