package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs with one planted cause each, attributed by real gcc builds to exactly that cause: reassociation (a
 * vectorised sum), finite-math folding, flush to zero (linked, not a compile
 * flag), reciprocals, contraction (an implicit default of GNU C where the target has FMA).
 */
@Tag("tools")
class PlantedCausesToolsTest {
    @TempDir
    Path tmp;

    static DetectedToolchain toolchain(String name) {
        DetectedToolchain dt = DetectedToolchain.detect(
                Toolchains.load(Path.of("runners", "toolchains")).get(name));
        assumeTrue(
                dt.canCompile() && dt.canRun(),
                name + " cannot build and run here: " + dt.compileProblem() + " " + dt.runProblem());
        return dt;
    }

    FlagAttribution.Result attribute(String tc, String a, String b, String program, String... input) throws Exception {
        DetectedToolchain dt = toolchain(tc);
        FlagModel model = FlagModel.forToolchain(Path.of("runners", "knobs"), tc);
        FlagAttribution.Result r =
                new FlagAttribution(tmp).attribute(dt, a, b, model, Program.parse(program), new Input(List.of(input)));
        System.out.println(tc + " " + a + " vs " + b + ": " + r);
        assertNull(r.undecided(), r.toString());
        return r;
    }

    static List<List<String>> knobs(FlagAttribution.Result r) {
        return r.sufficient().stream()
                .map(s -> s.knobs().stream().filter(k -> k != null).toList())
                .toList();
    }

    static List<String> necessary(FlagAttribution.Result r) {
        return r.necessary().stream().map(FlagAttribution.Necessary::knob).toList();
    }

    @Test
    void aVectorisedSumIsReassociation() throws Exception {
        String zeros = ",0x0p+0".repeat(12);
        FlagAttribution.Result r =
                attribute("gcc", "O0", "O3_FM", """
                program fp64 array 16
                compute(double comp, double a[16] each, int n) {
                  for (int i = 0; i < n; ++i) {
                    comp += a[i];
                  }
                }
                """, "0x0p+0", "0x1p+53,0x1p+0,-0x1p+53,0x1p+0" + zeros, "16");
        assertEquals("0x1p+0", r.a().hex());
        assertEquals("0x1p+1", r.b().hex());
        // GCC reassociates only with signed zeros and traps given up too (its manual: -fassociative-math "requires that
        // both -fno-signed-zeros and -fno-trapping-math be in effect"), and only by vectorising the loop
        assertEquals(
                List.of(List.of("-O3", "-fno-signed-zeros", "-fno-trapping-math", "-fassociative-math")),
                r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList());
        assertEquals(
                List.of("reassociation", "signed zeros ignored", "no trapping math", "vectorisation"), necessary(r));
    }

    @Test
    void aNanTestFoldedAwayIsFiniteMathFolding() throws Exception {
        FlagAttribution.Result r = attribute("gcc", "O0", "O3_FM", """
                program fp64 array 1
                compute(double comp, double x) {
                  double tmp_1 = x * 0x1p+4 - x * 0x1p+4;
                  if (tmp_1 != tmp_1) {
                    comp = 0x1p+0;
                  }
                }
                """, "0x0p+0", "inf");
        // gcc 12 folds x*16 - x*16 (inf - inf, a NaN) to 0 only under finite-math-only: the rest of -ffast-math without
        // it keeps the NaN, so there is one minimal set and its flag is necessary
        assertEquals(
                List.of(List.of("-ffinite-math-only")),
                r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList());
        assertEquals(List.of("finite-math folding"), necessary(r));
    }

    @Test
    void aFlushedSubnormalIsTheLinkedStartUpNotACompileFlag() throws Exception {
        FlagAttribution.Result r = attribute("gcc", "O0", "O3_FM", """
                program fp64 array 1
                compute(double comp, double x, double y) {
                  comp = x * y;
                }
                """, "0x0p+0", "0x1p-1000", "0x1p-40");
        assertEquals(
                List.of(List.of("crtfastmath.o")),
                r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList());
        assertEquals(List.of("flush to zero"), necessary(r));
    }

    @Test
    void aDivisionByAConstantIsAReciprocal() throws Exception {
        FlagAttribution.Result r = attribute("gcc", "O0", "O3_FM", """
                program fp64 array 1
                compute(double comp, double x) {
                  comp = x / 0x1.8p+1;
                }
                """, "0x0p+0", "0x1.4p+2");
        assertEquals(
                List.of(List.of("-O3", "-freciprocal-math")),
                r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList());
        assertEquals(List.of(List.of("reciprocals")), knobs(r));
        assertEquals(List.of("reciprocals"), necessary(r));
    }

    @Test
    void aMultiplyAddOnAnFmaTargetIsContractionByDefault() throws Exception {
        String defs =
                Processes.probe(List.of("gcc", "-march=native", "-dM", "-E", "-x", "c", "/dev/null"), Map.of(), 30);
        assumeTrue(defs != null && defs.contains("__FMA__"), "this CPU has no FMA: gcc -march=native cannot contract");
        FlagAttribution.Result r =
                attribute("gcc-fma", "O0", "O2", """
                program fp64 array 1
                compute(double comp, double a, double b) {
                  comp = a * b + comp;
                }
                """, "-0x1p+0", "0x1.00000004p+0", "0x1.fffffff8p-1");
        assertEquals(
                List.of(List.of("-O2")),
                r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList());
        assertEquals(List.of("contraction"), necessary(r));
    }

    /**
     * LLVM's pass bisection on a clang O3_FM discrepancy: the named pass is the boundary, limit N-1 gives O0's result
     * and N gives O3_FM's. The division by 3 becomes a multiplication by its rounded reciprocal in InstCombine.
     */
    @Test
    void theLlvmPassBehindAReciprocalIsInstCombine() throws Exception {
        String clang = null;
        for (String c : List.of("clang-19", "clang-16", "clang-14")) {
            if (Processes.which(c) != null) {
                clang = c;
                break;
            }
        }
        assumeTrue(clang != null, "no clang (19, 16 or 14) on PATH");
        String program = """
                program fp64 array 1
                compute(double comp, double x) {
                  comp = x / 0x1.8p+1;
                }
                """;
        FlagAttribution.Result r = attribute(clang, "O0", "O3_FM", program, "0x0p+0", "0x1.4p+2");
        assertEquals(
                List.of(List.of("-O3", "-freciprocal-math")),
                r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList());
        DetectedToolchain dt = toolchain(clang);
        PassBisection.Result b = new PassBisection(tmp.resolve("bisect"))
                .bisect(
                        dt,
                        dt.toolchain().opt().get("O3_FM"),
                        Program.parse(program),
                        new Input(List.of("0x0p+0", "0x1.4p+2")),
                        r.b());
        System.out.println(clang + ": " + b);
        assertNull(b.undecided(), b.toString());
        assertEquals("InstCombinePass", b.pass());
        assertEquals("compute_0", b.function());
        assertEquals(r.a().hex(), b.before().hex(), "limit " + (b.limit() - 1) + " gives O0's result");
        assertEquals(r.b().hex(), b.at().hex(), "limit " + b.limit() + " gives O3_FM's result");
    }
}
