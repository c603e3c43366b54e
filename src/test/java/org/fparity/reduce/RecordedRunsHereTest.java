package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.confirm.Side;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Size;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The other path of an imported campaign's discrepancy: where the mapped toolchain runs here (a GPU here for Varity's
 * nvcc), it is reduced for real with the recorded flags. Shown on the CPU with an imported gcc ({@code gcc-9.3} at
 * Varity's labels, as its upstream results.json records one), mapped onto this machine's gcc.
 */
@Tag("tools")
class RecordedRunsHereTest {
    @TempDir
    Path tmp;

    @Test
    void anImportedToolchainThatRunsHereIsReducedWithItsRecordedFlags() throws Exception {
        Assumptions.assumeTrue(org.fparity.oracle.CorrectlyRounded.available(), "libmpfr is not installed");
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        DetectedToolchain gcc = DetectedToolchain.detect(tcs.get("gcc"));
        Assumptions.assumeTrue(gcc.canCompile() && gcc.canRun(), "gcc cannot build and run here");
        Platform o0 = new Platform("gcc-9.3", "O0", "varity-vm_3801", null);
        Platform fast = new Platform("gcc-9.3", "O3_fast", "varity-vm_3801", null);
        Side a = new Side(o0, List.of("gcc-9.3", "-O0", "-std=c99"));
        Side b = new Side(fast, List.of("gcc-9.3", "-O3", "-std=c99", "-ffast-math"));
        String pid = FoldIntoInputTest.NAN_VS_ONE.id();
        ReduceSession.Recorded rec = new ReduceSession.Recorded(
                new Outcome(pid, 0, "gcc-9.3", "O0", o0.site(), null, Outcome.Status.OK, "-nan", null, o0.label(), 0),
                new Outcome(
                        pid,
                        0,
                        "gcc-9.3",
                        "O3_fast",
                        fast.site(),
                        null,
                        Outcome.Status.OK,
                        "0x1p+0",
                        null,
                        fast.label(),
                        0),
                "not recorded by Varity",
                "not recorded by Varity");
        ReduceSession s = new ReduceSession(tcs, tmp.resolve("work"), tmp.resolve("out"), m -> {});
        ReduceSession.Report r = s.run(new ReduceSession.Request(
                "0123456789ab",
                FoldIntoInputTest.NAN_VS_ONE,
                FoldIntoInputTest.IN,
                a,
                b,
                DiscrepancyClass.NAN_NUMBER,
                1,
                false,
                50,
                rec));
        assertEquals(ReduceSession.Kind.REDUCED, r.kind(), r.pairNote());
        assertTrue(r.confirmed());
        assertEquals(
                1,
                Size.of(r.result().program()).operations(),
                r.result().program().canonical());
        assertEquals("gcc@O3_fast", r.b().label(), "built here by gcc at the recorded label");
        assertEquals(
                "Recorded by an imported campaign as gcc-9.3@O0@varity-vm_3801 vs gcc-9.3@O3_fast@varity-vm_3801;"
                        + " reduced here with gcc-9.3 (recorded: not recorded by Varity) as gcc.",
                r.pairNote());
        String sh = Files.readString(r.bundle().resolve("build.sh"));
        assertTrue(sh.contains("gcc -O3 -std=c99 -ffast-math -o"), "the recorded flags: " + sh);
    }
}
