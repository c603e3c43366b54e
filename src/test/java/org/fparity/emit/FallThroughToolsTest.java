package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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
import org.fparity.exec.Toolchains;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramFiles;
import org.fparity.run.Emitters;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * corpora/fastmath-poison-branch under clang 16 or 19 at -O3 -ffast-math: the compute function's body is
 * {@code unreachable}, its fp_run_K has no {@code ret}, and in a batch binary execution runs on into the next
 * program's fp_run, which stores its own result and returns normally. Before the canary the batch printed that
 * neighbour's value as the poison program's OK answer (FastMathCrashTest had to run its campaign with {@code --batch 1}).
 * Each fp_run_K now stores K into {@code fp_ran} after everything else, and main answers the line with an error when
 * the call came back from another program's code.
 */
@Tag("tools")
class FallThroughToolsTest {
    @TempDir
    Path tmp;

    static final Program HALF = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_1) {
              comp = comp * var_1 - 0x1p-1;
            }
            """);

    @Test
    void aProgramWhoseCallFallsIntoItsNeighbourIsAnErrorNotItsNeighboursValue() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain cc = null;
        for (String n : List.of("clang-19", "clang-16")) {
            if (tcs.get(n) == null) continue;
            DetectedToolchain dt = DetectedToolchain.detect(tcs.get(n));
            if (dt.canCompile() && dt.canRun()) {
                cc = dt;
                break;
            }
        }
        Assumptions.assumeTrue(
                cc != null, "neither clang-19 nor clang-16 can build and run here (the poison needs LLVM 16 or later)");
        ProgramFiles.ProgramFile pf = ProgramFiles.read(Path.of("corpora", "fastmath-poison-branch", "program.fp"));
        Program poison = pf.program();
        Map<String, Program> programs = new LinkedHashMap<>();
        programs.put("poison", poison); // index 0: its fp_run_0 is laid out right before its neighbours'
        programs.put("double", StaleResultToolsTest.PLAIN); // comp += comp
        programs.put("half", HALF);
        List<Job.Line> lines = List.of(
                new Job.Line("poison", 0, pf.inputs().get(0).args()),
                new Job.Line("double", 0, List.of("0x1.8p+0")),
                new Job.Line("poison", 0, pf.inputs().get(0).args()),
                new Job.Line("half", 0, List.of("0x1p+2", "0x1p-3")));
        List<String> ids = List.copyOf(programs.keySet());
        Map<String, Outcome> got = new LinkedHashMap<>();
        for (String opt : List.of("O0", "O3_FM")) {
            List<Outcome> out = Collections.synchronizedList(new ArrayList<>());
            Job job = new Job(
                    "Batch0",
                    ids,
                    Emitters.forToolchain(cc.toolchain(), programs),
                    cc,
                    opt,
                    cc.name() + "@" + opt,
                    lines);
            new LocalExecutor(new BinaryCache(tmp.resolve("build")), 1, s -> {}).execute(List.of(job), out::add);
            assertEquals(lines.size(), out.size(), out.toString());
            for (int i = 0; i < out.size(); i++) {
                assertEquals(lines.get(i).program(), out.get(i).program(), "outcomes in line order: " + out);
                got.put(opt + "/" + i, out.get(i));
            }
        }
        String ieee = "-0x1p-20"; // what every IEEE platform prints, cc at O0 included
        for (int i : new int[] {0, 2}) {
            assertEquals(
                    Outcome.Status.OK,
                    got.get("O0/" + i).status(),
                    got.get("O0/" + i).toString());
            assertEquals(
                    HexFloat.format(HexFloat.parse(ieee)), got.get("O0/" + i).hex());
            Outcome o = got.get("O3_FM/" + i);
            assertNotEquals(
                    Outcome.Status.OK,
                    o.status(),
                    cc.name() + " -O3 -ffast-math: the poison program's answer is another program's value: " + o);
            assertTrue(o.status() == Outcome.Status.HARNESS_ERROR || o.status() == Outcome.Status.CRASH, o.toString());
        }
        // its neighbours' own lines are untouched, in the same process
        for (String opt : List.of("O0", "O3_FM")) {
            Outcome d = got.get(opt + "/1");
            Outcome h = got.get(opt + "/3");
            assertEquals(Outcome.Status.OK, d.status(), d.toString());
            assertEquals("0x1.8p+1", d.hex(), opt);
            assertEquals(Outcome.Status.OK, h.status(), h.toString());
            assertEquals("0x0p+0", h.hex(), opt);
        }
        // the error says why, in the harness's own words
        Outcome o = got.get("O3_FM/0");
        if (o.status() == Outcome.Status.HARNESS_ERROR) {
            assertTrue(
                    o.detail()
                            .matches(
                                    "returned (through program \\d+'s code|without finishing its own code) \\(undefined behaviour under this build's flags\\)"),
                    o.detail());
        }
    }
}
