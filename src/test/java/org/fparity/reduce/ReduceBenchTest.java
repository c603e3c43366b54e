package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
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

    /** C-Vise's end on 03a0bcd51468 under the ASan/UBSan guard: {@code printf} reads a second double that is not there. */
    static final String CVISE_END =
            "#include <stdio.h>\ndouble compute_0_comp, main_fp_r;\nvoid fp_run_0(double *fp_r) {\n  compute_0_comp -= 0x1bf103b8f5bp13 / 0;\n"
                    + "  *fp_r = compute_0_comp;\n}\nint main() {\n  fp_run_0(&main_fp_r);\n  printf(\"%a %.17g\\n\", main_fp_r);\n}\n";

    @Test
    void theStrictGuardRejectsWhatTheSanitizersPass(@TempDir Path tmp) throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Program p =
                new Generator(Grammar.defaults(), 5).generate(Precision.FP64, 1).getFirst();
        Discrepancy d = new Discrepancy(
                "p0",
                0,
                new Pair(new Platform("gcc", "O0"), new Platform("gcc", "O3_FM")),
                DiscrepancyClass.NAN_INF,
                OutcomeClass.NAN,
                OutcomeClass.INF,
                "nan",
                "inf",
                null,
                0);
        var req = new CampaignDiscrepancies.Entry("id0", d, p, new Input(List.of())).request(1, false, 150);
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        String sanitizers = new ReduceBench(tcs, tmp, null, ReduceBench.Guard.SANITIZERS).script(req);
        String strict = new ReduceBench(tcs, tmp, null, ReduceBench.Guard.STRICT).script(req);
        List<String> extra = new ArrayList<>(strict.lines().toList());
        extra.removeAll(sanitizers.lines().toList());
        assertEquals(1, extra.size(), "the strict script is the sanitizer script and one line:\n" + strict);
        assertTrue(strict.indexOf(extra.getFirst()) < strict.indexOf("-fsanitize"), "the cheap check runs first");

        Files.writeString(tmp.resolve("check.sh"), extra.getFirst() + "\nexit 0\n");
        Files.writeString(tmp.resolve("test.c"), CVISE_END);
        assertEquals(1, sh(tmp, "check.sh"), "a printf missing its argument is rejected");
        Files.writeString(tmp.resolve("test.c"), CVISE_END.replace(", main_fp_r);", ", main_fp_r, main_fp_r);"));
        assertEquals(0, sh(tmp, "check.sh"), "the same program with the argument passes");
        Files.writeString(tmp.resolve("test.c"), CVISE_END.replace("#include <stdio.h>\n", ""));
        assertEquals(1, sh(tmp, "check.sh"), "a call without a declaration is rejected");
        Files.writeString(
                tmp.resolve("test.c"),
                "#include <stdio.h>\nint main() { double s; for (int i; i < 3; i++) s += i; printf(\"%a %.17g\\n\", s, s); }\n");
        assertEquals(1, sh(tmp, "check.sh"), "uninitialised reads are rejected");
        // C-Vise's end on 4582ad72802b under the first strict guard: the result of a function that returns nothing
        Files.writeString(
                tmp.resolve("test.c"),
                "#include <stdio.h>\ndouble compute_0() {}\nint main() { double r = compute_0(); printf(\"%a %.17g\\n\", r, r); }\n");
        assertEquals(1, sh(tmp, "check.sh"), "a function's missing return value is rejected");

        Files.writeString(tmp.resolve("test.c"), CVISE_END);
        Files.writeString(
                tmp.resolve("san.sh"),
                sanitizers.lines().filter(l -> l.contains("san")).reduce("", (x, y) -> x + y + "\n") + "exit 0\n");
        assertEquals(
                0, sh(tmp, "san.sh"), "ASan/UBSan pass the printf missing its argument: why the strict guard exists");
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
