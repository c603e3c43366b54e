package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.ThisGpu;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Planted causes on a real NVIDIA GPU, each attributed by real nvcc builds run on the GPU to exactly its knob of
 * {@code -use_fast_math} (runners/knobs/nvcc.json): a subnormal product flushed (--ftz=true), a sine from the fast
 * math library, an approximate division (two sufficient causes), an approximate square root, and contraction,
 * nvcc's default. Values and sets as measured on an NVIDIA H200 (CUDA 13.0, runners/gpu/results). Without an
 * NVIDIA GPU every test skips with the reason; runners/gpu/device-check runs them where there is one.
 */
@Tag("tools")
class NvccPlantedCausesGpuTest {
    @TempDir
    Path tmp;

    static DetectedToolchain nvcc() {
        DetectedToolchain dt = DetectedToolchain.detect(ThisGpu.toolchain("nvcc"));
        assumeTrue(dt.canCompile(), "nvcc cannot compile here: " + dt.compileProblem());
        assumeTrue(dt.canRun(), "no NVIDIA GPU here: " + dt.runProblem());
        return dt;
    }

    static FlagModel model() {
        return FlagModel.forToolchain(Path.of("runners", "knobs"), "nvcc-sm80");
    }

    FlagAttribution.Result attribute(String a, String b, String program, String... input) throws Exception {
        DetectedToolchain dt = nvcc();
        FlagAttribution.Result r = new FlagAttribution(tmp)
                .attribute(dt, a, b, model(), Program.parse(program), new Input(List.of(input)));
        System.out.println(dt.name() + " " + a + " vs " + b + " on " + List.of(input) + ": " + r);
        assertNull(r.undecided(), r.toString());
        return r;
    }

    /** The first candidate input on which the two levels differ when run on the GPU, or a failure naming them all. */
    Input firstDiffering(String a, String b, String program, List<List<String>> candidates) throws Exception {
        DetectedToolchain dt = nvcc();
        Standalone single = new Standalone(tmp.resolve("search"));
        Program p = Program.parse(program);
        StringBuilder seen = new StringBuilder();
        for (List<String> c : candidates) {
            Input in = new Input(c);
            Outcome oa = single.run(dt, a, p, in);
            Outcome ob = single.run(dt, b, p, in);
            seen.append(c)
                    .append(": ")
                    .append(oa.hex())
                    .append(" vs ")
                    .append(ob.hex())
                    .append("; ");
            if (FlagAttribution.same(oa, oa) && FlagAttribution.same(ob, ob) && !FlagAttribution.same(oa, ob)) {
                System.out.println("differs on " + c + " (" + seen + ")");
                return in;
            }
        }
        throw new AssertionError(a + " and " + b + " agree on every candidate: " + seen);
    }

    static List<List<String>> flags(FlagAttribution.Result r) {
        return r.sufficient().stream().map(FlagAttribution.FlagSet::flags).toList();
    }

    static List<String> necessary(FlagAttribution.Result r) {
        return r.necessary().stream().map(FlagAttribution.Necessary::knob).toList();
    }

    @Test
    void aSubnormalProductIsFlushedByFtz() throws Exception {
        FlagAttribution.Result r = attribute("O0", "O3_FM", """
                program fp32 array 1
                compute(float comp, float x, float y) {
                  comp = x * y;
                }
                """, "0x0p+0", "0x1p-100", "0x1p-30");
        assertEquals("0x1p-130", r.a().hex());
        assertEquals("0x0p+0", r.b().hex());
        assertEquals(List.of(List.of("--ftz=true")), flags(r));
        assertEquals(List.of("flush to zero"), necessary(r));
    }

    @Test
    void aSineOfALargeArgumentComesFromTheFastMathLibrary() throws Exception {
        FlagAttribution.Result r = attribute("O0", "O3_FM", """
                program fp32 array 1
                compute(float comp, float x) {
                  comp = sin(x);
                }
                """, "0x0p+0", "0x1p+10");
        assertEquals(List.of(List.of("-Xcicc=-fast-math")), flags(r));
        assertEquals(List.of("fast math library"), necessary(r));
    }

    @Test
    void aDivisionIsApproximate() throws Exception {
        String program = """
                program fp32 array 1
                compute(float comp, float x, float y) {
                  comp = x / y;
                }
                """;
        Input in = firstDiffering(
                "O0",
                "O3_FM",
                program,
                List.of(
                        List.of("0x0p+0", "0x1.4p+2", "0x1.8p+1"),
                        List.of("0x0p+0", "0x1p+0", "0x1.8p+1"),
                        List.of("0x0p+0", "0x1.c p+2".replace(" ", ""), "0x1.4p+2"),
                        List.of("0x0p+0", "0x1.6p+3", "0x1.cp+2"),
                        List.of("0x0p+0", "0x1.2345p+0", "0x1.fedcp+1")));
        FlagAttribution.Result r = attribute("O0", "O3_FM", program, in.args().toArray(String[]::new));
        // two sufficient causes, neither necessary: div.full (--prec-div=false) and div.approx (cicc's
        // --gen_div_approx_ftz) each give O3_FM's quotient (measured on an H200: 5/3 is 0x1.aaaaaap+0 correctly
        // rounded, 0x1.aaaaacp+0 under -use_fast_math), so turning either off alone leaves the other
        assertEquals(List.of(List.of("--prec-div=false"), List.of("-Xcicc=--gen_div_approx_ftz")), flags(r));
        assertEquals(List.of(), necessary(r));
    }

    @Test
    void aSquareRootIsApproximate() throws Exception {
        String program = """
                program fp32 array 1
                compute(float comp, float x) {
                  comp = sqrt(x);
                }
                """;
        Input in = firstDiffering(
                "O0",
                "O3_FM",
                program,
                List.of(
                        List.of("0x0p+0", "0x1.8p+1"),
                        List.of("0x0p+0", "0x1.4p+2"),
                        List.of("0x0p+0", "0x1.cp+2"),
                        List.of("0x0p+0", "0x1.2345p+0"),
                        List.of("0x0p+0", "0x1.fedcp+1"),
                        List.of("0x0p+0", "0x1.5555p+7"),
                        List.of("0x0p+0", "0x1.9999ap-3")));
        FlagAttribution.Result r = attribute("O0", "O3_FM", program, in.args().toArray(String[]::new));
        assertEquals(List.of(List.of("--prec-sqrt=false")), flags(r));
        assertEquals(List.of("approximate square root"), necessary(r));
    }

    @Test
    void aMultiplyAddIsContractedByDefault() throws Exception {
        FlagAttribution.Result r = attribute("nofma", "O3", """
                program fp32 array 1
                compute(float comp, float a, float b) {
                  comp = a * b + comp;
                }
                """, "-0x1p+0", "0x1.000002p+0", "0x1.fffffcp-1");
        // (1 + 2^-23)(1 - 2^-23) = 1 - 2^-46 rounds to 1, so the unfused sum is 0; fused, it is exact
        assertEquals("0x0p+0", r.a().hex());
        assertEquals("-0x1p-46", r.b().hex());
        assertEquals(List.of(List.of("--fmad=true")), flags(r));
        assertEquals(List.of("contraction"), necessary(r));
        assertNotNull(r.cls());
    }
}
