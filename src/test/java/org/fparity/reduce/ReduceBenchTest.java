package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Pair;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.gen.Generator;
import org.fparity.gen.Grammar;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReduceBenchTest {
    @Test
    void pickTakesClassesInTurnAndLeavesOutProgramsBelowTheOperationFloor() {
        List<Program> programs = new Generator(Grammar.defaults(), 5).generate(Precision.FP64, 40);
        DiscrepancyClass[] classes = {DiscrepancyClass.NAN_INF, DiscrepancyClass.NUMBER_NUMBER};
        List<CampaignDiscrepancies.Entry> all = new ArrayList<>();
        for (int i = 0; i < programs.size(); i++) {
            Program p = programs.get(i);
            all.add(entry("id" + i, p, "gcc", "gcc", classes[i % 2]));
        }
        int floor = Size.of(programs.get(0)).operations() + 1;
        long above =
                programs.stream().filter(p -> Size.of(p).operations() >= floor).count();
        assertTrue(
                above > 2 && above < programs.size(),
                "the seed gives programs on both sides of " + floor + " operations");

        List<CampaignDiscrepancies.Entry> any = ReduceBench.pick(all, 4);
        assertEquals(
                List.of("id0", "id1", "id2", "id3"),
                any.stream().map(CampaignDiscrepancies.Entry::id).toList(),
                "classes in turn, in list order");

        List<CampaignDiscrepancies.Entry> big = ReduceBench.pick(all, all.size(), floor);
        assertEquals(above, big.size());
        for (CampaignDiscrepancies.Entry e : big)
            assertTrue(Size.of(e.program()).operations() >= floor, e.id());
    }

    @Test
    void smallestTakesTheSmallestProgramsOnceEachTheOwnPairFirst() {
        List<Program> programs = new Generator(Grammar.defaults(), 5).generate(Precision.FP64, 40);
        List<Program> bySize = new ArrayList<>(programs);
        bySize.sort(java.util.Comparator.<Program>comparingInt(p -> Size.of(p).operations())
                .thenComparing(Program::id));
        int floor = Size.of(bySize.get(10)).operations();
        List<Program> expected = bySize.stream()
                .filter(p -> Size.of(p).operations() >= floor)
                .limit(3)
                .toList();
        // each program: a cross-toolchain pair first in the list, then its own pair; two classes
        List<CampaignDiscrepancies.Entry> all = new ArrayList<>();
        for (Program p : programs) {
            all.add(entry(p.id() + "-cross", p, "clang-19", "gcc", DiscrepancyClass.NAN_INF));
            all.add(entry(p.id() + "-own", p, "gcc", "gcc", DiscrepancyClass.NAN_INF));
            all.add(entry(p.id() + "-own2", p, "gcc", "gcc", DiscrepancyClass.NUMBER_NUMBER));
        }
        List<String> got = ReduceBench.pickSmallest(all, 3, floor, e -> true).stream()
                .map(CampaignDiscrepancies.Entry::id)
                .toList();
        assertEquals(
                List.of(
                        expected.get(0).id() + "-own",
                        expected.get(1).id() + "-own2",
                        expected.get(2).id() + "-own"),
                got,
                "smallest programs at or above the floor, own pair, a class not taken yet");
    }

    static CampaignDiscrepancies.Entry entry(String id, Program p, String ta, String tb, DiscrepancyClass cls) {
        Discrepancy d = new Discrepancy(
                p.id(),
                0,
                new Pair(new Platform(ta, "O0"), new Platform(tb, "O3_FM")),
                cls,
                OutcomeClass.NAN,
                OutcomeClass.NUMBER,
                "nan",
                "0x1p+0",
                null,
                0);
        return new CampaignDiscrepancies.Entry(id, d, p, new Input(List.of()));
    }

    @Test
    void cviseIsGivenItsScriptByAnAbsolutePath() {
        List<String> argv = ReduceBench.cviseArgv(Path.of("w-1514a20bc776", "cvise", "interesting.sh"));
        assertEquals(
                List.of(
                        "cvise",
                        "--n",
                        "2",
                        "--timeout",
                        "30",
                        Path.of("")
                                .toAbsolutePath()
                                .resolve("w-1514a20bc776/cvise/interesting.sh")
                                .toString(),
                        "test.c"),
                argv,
                "C-Vise runs in the script's folder and resolved a relative path against it again");
    }

    @Test
    void theStrictScriptIsTheSanitizerScriptWithTheStrictGuardBeforeTheSanitizerBuild(@TempDir Path tmp) {
        Program p =
                new Generator(Grammar.defaults(), 5).generate(Precision.FP64, 1).getFirst();
        var req = entry("id0", p, "gcc", "gcc", DiscrepancyClass.NAN_INF).request(1, false, 150);
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        String sanitizers = new ReduceBench(tcs, tmp, null, ReduceBench.Guard.SANITIZERS).script(req, tmp);
        String strict = new ReduceBench(tcs, tmp, null, ReduceBench.Guard.STRICT).script(req, tmp);
        String guard = StrictGuard.lines(tmp, "");
        assertTrue(strict.contains(guard), strict);
        assertEquals(
                sanitizers.replaceFirst("\n.*\n", "\n"),
                strict.replace(guard, "").replaceFirst("\n.*\n", "\n"),
                "the same but for the guard and the comment");
        assertTrue(strict.indexOf(guard) < strict.indexOf("-fsanitize"), "the cheap checks run first");
    }

    /**
     * Last session's C-Vise on 0a4d3e97fc89 was stopped by a signal at 4,534 s, exited 0, and the bench printed it as
     * finished: only a log that ends with C-Vise's summary is a finished run.
     */
    @Test
    void anInterruptedCviseRunIsStoppedNotFinished() {
        String progress = "00:00:01 INFO ===< 7889 >===\n00:00:02 INFO ===< IncludesPass >===\n"
                + "01:15:21 INFO (72.5%, 1875 bytes, 47 lines)\n";
        String summary = progress + "\nRuntime: 1809 seconds\nReduced test-cases:\n\n--- test.c ---\nint main() {}\n";
        assertEquals(ReduceBench.CviseEnd.STOPPED, ReduceBench.end(new Processes.Result(0, false, 1), progress));
        assertEquals(
                ReduceBench.CviseEnd.STOPPED,
                ReduceBench.end(new Processes.Result(143, false, 1), progress),
                "SIGTERM: 128 + 15");
        assertEquals(ReduceBench.CviseEnd.FINISHED, ReduceBench.end(new Processes.Result(0, false, 1), summary));
        assertEquals(ReduceBench.CviseEnd.CAPPED, ReduceBench.end(new Processes.Result(-1, true, 1), progress));
        assertEquals(
                ReduceBench.CviseEnd.FAILED,
                ReduceBench.end(
                        new Processes.Result(0, false, 1),
                        "C-Vise cannot run because the interestingness test does not return zero\n"));
        assertEquals(ReduceBench.CviseEnd.FAILED, ReduceBench.end(new Processes.Result(1, false, 1), "Traceback\n"));
        ReduceBench.Row stopped = new ReduceBench.Row(
                "0a4d3e97fc89",
                DiscrepancyClass.NUMBER_NUMBER,
                "a",
                "b",
                true,
                23,
                1,
                true,
                true,
                26,
                4.9,
                3,
                4534,
                1130.4,
                ReduceBench.CviseEnd.STOPPED);
        assertTrue(stopped.cviseCut(), "its size is where it had got to");
    }

    /** A C-Vise run whose script rejects the original reduces nothing: the bench said it finished at full size. */
    @Test
    @Tag("tools")
    void aCviseRunItsScriptRefusesIsAFailureNotAReduction(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Executables.find("cvise") != null, "cvise is not installed");
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Program p = Program.parse("""
                program fp64 array 1
                compute(double comp, double x) {
                  comp = x + 0x1p+0;
                }
                """);
        // gcc's two levels show no NaN against an infinity here, so the script rejects the original
        var req = entry("id0", p, "gcc", "gcc", DiscrepancyClass.NAN_INF).request(1, false, 150);
        ReduceBench bench = new ReduceBench(Toolchains.load(Path.of("runners", "toolchains")), tmp, null);
        assertEquals(ReduceBench.CviseEnd.FAILED, bench.cvise(tmp.resolve("cvise"), req, 120));
    }

    private static int sh(Path dir, String script) throws Exception {
        return Processes.run(List.of("sh", script), java.util.Map.of(), dir, dir.resolve(script + ".log"), 120)
                .exitCode();
    }
}
