package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.confirm.Side;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FLiT's habit on the seed paper's nvcc bug: a fake toolchain (gcc whose libm ceil returns 0 for tiny positives) against
 * real gcc. The reduction must keep the ceil call, the first diverging operation must be exactly that call with the
 * correctly rounded truth 1 and the fake named wrong, and the bundle's build.sh, run in a fresh folder, must print both
 * recorded outcomes.
 */
@Tag("tools")
class PlantedCeilTest {
    @TempDir
    static Path tmp;

    static Toolchains tcs;

    // noise around the fault: a temporary, a loop over an array, a branch that is not taken, unused parameters
    static final String PROGRAM = """
            program fp64 array 4
            compute(double comp, double var_1, double var_2, int var_3, double var_4[4], double var_5) {
              double tmp_1 = var_2 * 0x1.8p+1 - sin(var_2);
              comp += ceil(var_1 * 0x1p-2) + tmp_1;
              for (int i_0 = 0; i_0 < var_3; ++i_0) {
                comp += var_4[i_0] * (var_5 + 0x1p-1);
              }
              if (comp > 0x1p+100) {
                comp = tmp_1 / var_5;
              }
            }
            """;

    @BeforeAll
    static void fakeToolchain() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        tcs = Toolchains.load(Fixtures.fakeGccToolchains(tmp));
    }

    @Test
    void namesTheCeilCallWithTheTruthAndBundlesBothOutcomes() throws Exception {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Program p = Program.parse(PROGRAM);
        Input in = new Input(List.of("0x0p+0", "0x1p-1000", "0x0p+0", "2", "0x0p+0", "0x1p+0"));
        Path out = tmp.resolve("reproducers");
        ReduceSession s = new ReduceSession(tcs, tmp.resolve("work"), out, m -> {});
        ReduceSession.Report r = s.run(new ReduceSession.Request(
                null, p, in, Side.read("gcc@O0"), Side.read("fake-gcc@O0"), null, 1, false, 100, null));

        assertEquals(DiscrepancyClass.ZERO_NUMBER, r.cls());
        assertTrue(r.confirmed(), "the planted fault shows in the single-program form too");
        assertTrue(r.reducedStandalone());
        assertTrue(r.sanitizer().clean(), r.sanitizer().detail());
        assertTrue(
                r.reduced().operations() <= 2,
                "ceil and at most one more operation: " + r.result().program().canonical());
        assertTrue(
                r.result().program().canonical().contains("ceil("),
                r.result().program().canonical());

        Divergence d = r.divergence();
        assertNotNull(d);
        assertEquals("call", d.kind());
        assertTrue(d.text().startsWith("ceil("), d.text());
        assertEquals("0x1p+0", d.a(), "gcc's ceil of a tiny positive");
        assertEquals("0x0p+0", d.b(), "the fake's ceil");
        assertEquals("0x1p+0", d.truth(), "MPFR: ceil of a tiny positive is 1");
        assertEquals("fake-gcc@O0", d.wrong());
        assertEquals(1, d.operands().size());
        double arg = org.fparity.ir.HexFloat.parse(d.operands().getFirst());
        assertTrue(
                arg > 0 && arg < 0x1p-900, "the operand is the tiny positive that triggers the fault: " + d.operands());

        // build.sh in a fresh folder prints both recorded outcomes
        Path fresh = Files.createDirectories(tmp.resolve("fresh"));
        try (var files = Files.list(r.bundle())) {
            for (Path f : files.toList()) Files.copy(f, fresh.resolve(f.getFileName()));
        }
        Path log = tmp.resolve("build.log");
        Processes.Result br =
                Processes.run(List.of("sh", fresh.resolve("build.sh").toString()), Map.of(), fresh, log, 120);
        String printed = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(br.ok(), printed);
        String expected = Files.readString(fresh.resolve("expected.json"));
        assertTrue(printed.contains("gcc@O0 " + r.result().a().hex() + "\n"), printed);
        assertTrue(printed.contains("fake-gcc@O0 0x0p+0\n"), printed);
        assertTrue(expected.contains("\"result\" : \"" + r.result().a().hex() + "\""), expected);
        assertTrue(
                Files.readString(fresh.resolve("README.md")).contains("fake-gcc@O0 is wrong"),
                "README explains the call");
    }
}
