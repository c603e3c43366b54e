package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.fparity.attribution.FlagModel;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gcc's {@code O3_FM} taken apart by its knob file builds what the real {@code -O3 -ffast-math} builds: the sub-flags
 * alone leave out the umbrella {@code -funsafe-math-optimizations} itself, which gates rewrites of its own and, with
 * the others, defines {@code __FAST_MATH__} (glibc's math.h then declares libmvec's vector functions). Each planted
 * program printed one thing under the real flag and another under the old expansion.
 */
@Tag("tools")
class ContractCheckToolsTest {
    @TempDir
    Path tmp;

    /** The real O3_FM build's result and the taken-apart build's, on the same single-program source. */
    List<String> realAndTakenApart(Program p, Input in) throws Exception {
        DetectedToolchain dt = DetectedToolchain.detect(
                Toolchains.load(Path.of("runners", "toolchains")).get("gcc"));
        assumeTrue(dt.canCompile() && dt.canRun(), "gcc cannot build and run here: " + dt.compileProblem());
        FlagModel model = FlagModel.forToolchain(Path.of("runners", "knobs"), "gcc");
        Standalone single = new Standalone(tmp);
        ContractCheck check = new ContractCheck(dt, "O3_FM", model, p, in, single);
        Outcome real = single.run(dt, "O3_FM", p, in);
        Outcome apart = check.run(check.parts());
        assertEquals(Outcome.Status.OK, real.status(), real.detail());
        assertEquals(Outcome.Status.OK, apart.status(), apart.detail());
        return List.of(real.hex(), apart.hex());
    }

    /**
     * ef50d0a7722b reduced: the real build keeps {@code comp + comp * x} and prints NaN (-inf + -inf * 0); the
     * sub-flags without the umbrella factor it into {@code comp * (1 + x)} and print -inf.
     */
    @Test
    void theUmbrellaItselfKeepsEf50d0a7722bsNan() throws Exception {
        Program p = Program.parse("""
                program fp64 array 8
                compute(double comp, double var_28) {
                  comp = comp / 0x0.08p-1022;
                  comp += comp * (-0x1p-478 * var_28);
                }
                """);
        assertEquals(List.of("-nan", "-nan"), realAndTakenApart(p, new Input(List.of("-0x1p-1016", "0x1p-1016"))));
    }

    /** A vectorised loop of exp: under __FAST_MATH__ it calls libmvec's _ZGVbN2v_exp, whose last bit differs. */
    @Test
    void theUmbrellaDefinesFastMathSoExpIsLibmvecs() throws Exception {
        Program p = Program.parse("""
                program fp64 array 16
                compute(double comp, double a[16] each, int n) {
                  for (int i = 0; i < n; ++i) {
                    comp += exp(a[i]);
                  }
                }
                """);
        String a = IntStream.range(0, 16)
                .mapToObj(i -> Double.toHexString(0.1 + i * 0.0137))
                .collect(Collectors.joining(","));
        assertEquals(
                List.of("0x1.3a2a7168e0ccep+4", "0x1.3a2a7168e0ccep+4"),
                realAndTakenApart(p, new Input(List.of("0x0p+0", a, "16"))));
    }
}
