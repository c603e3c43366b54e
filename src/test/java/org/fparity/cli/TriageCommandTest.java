package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity triage}: a planted flush-to-zero attributed end to end, and its one-line refusals. */
class TriageCommandTest {
    @TempDir
    Path tmp;

    @Test
    @Tag("tools")
    void aFlushedSubnormalIsAttributedToTheLinkedStartUp() throws Exception {
        DetectedToolchain gcc = DetectedToolchain.detect(
                Toolchains.load(Path.of("runners", "toolchains")).get("gcc"));
        assumeTrue(gcc.canCompile() && gcc.canRun(), "gcc cannot build and run here");
        Path fp = Files.writeString(tmp.resolve("ftz.fp"), """
                program fp64 array 1
                compute(double comp, double x, double y) {
                  comp = x * y;
                }
                // input: 0x0p+0 0x1p-1000 0x1p-40
                """);
        Cli.Run r = Cli.fparity(
                "triage",
                fp.toString(),
                "--platforms",
                "gcc@O0,gcc@O3_FM",
                "--work",
                tmp.resolve("w").toString());
        assertEquals("", r.err());
        String[] lines = r.out().split("\n");
        assertEquals("gcc@O0 0x0.00004p-1022 vs gcc@O3_FM 0x0p+0 (Zero–Number)", lines[0]);
        assertEquals("minimal sufficient flags:", lines[1]);
        assertEquals("  O0 + crtfastmath.o gives O3_FM's result; without it, it does not (flush to zero)", lines[2]);
        assertEquals("necessary: flush to zero (gcc@O3_FM without crtfastmath.o gives gcc@O0's result)", lines[3]);
        assertEquals(1, r.exit(), r.out());
    }

    @Test
    void twoToolchainsOrAMissingInputAreOneLineAndExitTwo() throws Exception {
        Path fp = Files.writeString(
                tmp.resolve("p.fp"), "program fp64 array 1\ncompute(double comp, double x) {\n  comp *= x;\n}\n");
        Cli.Run r = Cli.fparity("triage", fp.toString(), "--platforms", "gcc@O0,java@O3", "--input", "0x1p+0 0x1p+1");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: --platforms gcc@O0,java@O3: flag attribution needs two opt levels of one toolchain (gcc and java share no flags);"
                        + " give two levels of one, e.g. gcc@O0,gcc@O3_FM\n",
                r.err());
        r = Cli.fparity("triage", fp.toString(), "--platforms", "gcc@O0,gcc@O3_FM");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: " + fp + " carries no input ('// input:' line); give one with --input 'tok tok …'\n",
                r.err());
        r = Cli.fparity("triage", fp.toString(), "--platforms", "gcc", "--input", "1 2");
        assertEquals(2, r.exit());
        assertEquals("fparity: --platforms takes two platforms, e.g. gcc@O0,gcc@O3_FM; got 'gcc'\n", r.err());
        // each side is read by Platform.read, as everywhere a platform is written
        r = Cli.fparity("triage", fp.toString(), "--platforms", "gcc@O0,gcc", "--input", "1 2");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: platform 'gcc' is not toolchain@opt, toolchain@opt@site or toolchain@opt@site#node"
                        + " (e.g. gcc@O3_FM, gcc@O3_FM@lumi)\n",
                r.err());
        // a site is for campaigns: one program is triaged here
        r = Cli.fparity("triage", fp.toString(), "--platforms", "gcc@O0@lumi,gcc@O3_FM", "--input", "1 2");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: --platforms: 'gcc@O0@lumi' names a site; one program is triaged on this machine,"
                        + " give toolchain@opt (e.g. gcc@O3_FM)\n",
                r.err());
    }

    @Test
    void aFolderThatIsNoCampaignIsOneLineAndExitTwoAndLeftAsItWas() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Cli.Run r = Cli.fparity("triage", empty.toString());
        assertEquals(2, r.exit());
        assertEquals("fparity: " + empty + " is not a campaign folder (no campaign.json)\n", r.err());
        try (var files = Files.list(empty)) {
            assertEquals(0, files.count(), "nothing written into it");
        }
        r = Cli.fparity("triage", empty.toString(), "--platforms", "gcc@O0,gcc@O3");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: --platforms, --input and --work are for one program; a campaign is triaged whole\n", r.err());
        r = Cli.fparity("triage", tmp.resolve("p.fp").toString());
        assertEquals(2, r.exit());
    }
}
