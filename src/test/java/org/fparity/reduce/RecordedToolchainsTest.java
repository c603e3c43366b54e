package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.confirm.Side;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.junit.jupiter.api.Test;

/** An imported campaign's platforms (Varity's nvcc-9.2 on a V100) mapped onto this machine's descriptors. */
class RecordedToolchainsTest {
    private static final Toolchains TCS = Toolchains.load(Path.of("runners", "toolchains"));

    private static Side recorded(String opt, String... compile) {
        return new Side(new Platform("nvcc-9.2", opt, "varity-lassen", "V100_CUDA_9.2"), List.of(compile));
    }

    /** Every descriptor compiles here, none runs (no GPU), without probing anything. */
    private static final Function<Toolchain, DetectedToolchain> NO_GPU =
            tc -> new DetectedToolchain(tc, "nvcc 13.0 (fake)", true, null, false, "no NVIDIA driver here");

    @Test
    void varitysNvccMapsOntoTheNvccDescriptorWithTheRecordedFlagsAndVersion() {
        RecordedToolchains.Mapped m = RecordedToolchains.map(
                recorded("O3_nostrict", "nvcc-9.2", "-O3", "-use_fast_math"), "CUDA 9.2", TCS, NO_GPU);
        assertEquals("nvcc-sm75", m.here().name(), "the family's first descriptor by name, none running here");
        assertEquals(List.of("-O3", "-use_fast_math"), m.flags());
        List<String> argv = m.here().toolchain().compileArgv("O3_nostrict", "min.cu", "bin", "x");
        assertEquals("nvcc", argv.getFirst());
        assertTrue(argv.containsAll(List.of("-O3", "-use_fast_math")), argv.toString());
        assertFalse(m.runsHere());
        assertEquals("no NVIDIA driver here", m.problem());
        // the bundle names what was recorded: Varity's toolchain and its version, built with this machine's command
        DetectedToolchain asRecorded = m.asRecorded();
        assertEquals("nvcc-9.2", asRecorded.name());
        assertEquals("CUDA 9.2", asRecorded.version());
        assertEquals(argv, asRecorded.toolchain().compileArgv("O3_nostrict", "min.cu", "bin", "x"));
        assertEquals("nvcc-9.2 (recorded: CUDA 9.2) as nvcc-sm75", m.describe());
    }

    @Test
    void aDescriptorOfTheFamilyThatRunsHereIsPreferred() {
        Function<Toolchain, DetectedToolchain> sm80Here =
                tc -> new DetectedToolchain(tc, "nvcc", true, null, tc.name().equals("nvcc-sm80"), "no sm_80 GPU");
        RecordedToolchains.Mapped m = RecordedToolchains.map(
                recorded("O0_nofma", "nvcc-9.2", "-O0", "--fmad=false"), "CUDA 9.2", TCS, sm80Here);
        assertEquals("nvcc-sm80", m.here().name());
        assertTrue(m.runsHere());
    }

    @Test
    void familiesDropATrailingVersion() {
        assertEquals("nvcc", RecordedToolchains.family("nvcc-9.2"));
        assertEquals("clang", RecordedToolchains.family("clang-14"));
        assertEquals("hipcc", RecordedToolchains.family("hipcc"));
        assertEquals("hipify-hipcc", RecordedToolchains.family("hipify-hipcc"));
    }

    @Test
    void undocumentedFlagsOrAnUnknownFamilyAreOneLineAndExit3() {
        FparityError e = assertThrows(
                FparityError.class,
                () -> RecordedToolchains.map(
                        recorded("O3_strict", "nvcc-9.2", "(flags of 'O3_strict' not documented by Varity)"),
                        "CUDA 9.2",
                        TCS,
                        NO_GPU));
        assertEquals(ExitCode.MISSING_TOOL.code(), e.exitCode());
        assertTrue(e.getMessage().contains("without its flags"), e.getMessage());
        Side xlc = new Side(new Platform("xlc-16.1", "O3", "varity-lassen", null), List.of("xlc-16.1", "-O3"));
        FparityError u =
                assertThrows(FparityError.class, () -> RecordedToolchains.map(xlc, "not recorded", TCS, NO_GPU));
        assertEquals(ExitCode.MISSING_TOOL.code(), u.exitCode());
        assertTrue(u.getMessage().contains("no descriptor of xlc"), u.getMessage());
        assertEquals(1, u.getMessage().lines().count());
    }
}
