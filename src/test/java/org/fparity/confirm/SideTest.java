package org.fparity.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.junit.jupiter.api.Test;

/** A side keeps its site and is built with the flags its site recorded, not this machine's. */
class SideTest {
    @Test
    void aSideKeepsItsSite() {
        Side s = Side.read("gcc@O2@lumi");
        assertEquals(new Platform("gcc", "O2", "lumi", null), s.platform());
        assertEquals("gcc@O2@lumi", s.label());
        assertFalse(s.here());
        Side here = Side.read(" gcc@O3_FM ");
        assertEquals(Platform.local("gcc", "O3_FM"), here.platform());
        assertEquals("gcc@O3_FM", here.label());
        assertTrue(here.here());
        // a campaign made here records site "local": that is this machine, printed without it
        Side local = Side.read("gcc@O2@local");
        assertTrue(local.here());
        assertEquals("gcc@O2", local.label());
    }

    /**
     * Side.parse split on '@' alone: {@code nvcc-sm80@O3_FM@local#NVIDIA_H100} (how a campaign prints a GPU platform)
     * became the site {@code local#NVIDIA_H100}, a cluster profile that does not exist, so the side was not "here".
     */
    @Test
    void aGpuPlatformAsACampaignPrintsItIsTheLocalSiteWithItsNodeFacts() {
        Side gpu = Side.read("nvcc-sm80@O3_FM@local#NVIDIA_H100_550.54");
        assertEquals(new Platform("nvcc-sm80", "O3_FM", "local", "NVIDIA_H100_550.54"), gpu.platform());
        assertTrue(gpu.here());
        assertEquals("nvcc-sm80@O3_FM@local#NVIDIA_H100_550.54", gpu.label());
        assertEquals(
                "NVIDIA_H100_550.54",
                Side.read("nvcc-sm80@O3_FM@jureca#NVIDIA_H100_550.54")
                        .platform()
                        .node());
    }

    @Test
    void whatIsNotAPlatformIsOneLineNamingTheForms() {
        for (String bad : List.of("gcc", "gcc@", "@O2", "a@b@c@d", "gcc@O2#node", "gcc@O2@")) {
            FparityError e = assertThrows(FparityError.class, () -> Side.read(bad), bad);
            assertEquals(
                    "platform '" + bad + "' is not toolchain@opt, toolchain@opt@site or toolchain@opt@site#node"
                            + " (e.g. gcc@O3_FM, gcc@O3_FM@lumi)",
                    e.getMessage());
            assertEquals(ExitCode.BAD_INPUT, e.code());
        }
    }

    @Test
    void aSideIsBuiltWithTheFlagsItsSiteRecorded() {
        Toolchain gcc = Fixtures.shipped().get("gcc");
        Platform beta = new Platform("gcc", "O2", "beta", null);
        assertSame(gcc, new Side(beta).descriptor(gcc));
        List<String> recorded = List.of("gcc", "-O2", "-ffast-math", "-o", "{bin}", "{src}", "-lm");
        Toolchain there = new Side(beta, recorded).descriptor(gcc);
        assertEquals(List.of("-O2", "-ffast-math"), there.opt().get("O2"));
        assertEquals(recorded, there.compileArgv("O2", "{src}", "{bin}", "{class}"));
        // a build this machine's descriptor cannot express by opt flags is refused, not guessed
        FparityError e =
                assertThrows(FparityError.class, () -> new Side(beta, List.of("cc", "-O2", "x.c")).descriptor(gcc));
        assertTrue(e.getMessage().startsWith("gcc@O2@beta was built with 'cc -O2 x.c'"), e.getMessage());
    }
}
