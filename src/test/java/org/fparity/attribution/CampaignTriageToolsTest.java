package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.fparity.run.CampaignRunner;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny campaign with two planted causes, triaged whole: a vectorised sum that gcc reassociates under O3_FM (flags,
 * by experiment), and a cosh that Java's StrictMath rounds off the correctly rounded result where glibc does not
 * (operation and library, across toolchains with no flag relation). Exactly two causes, with their keys; every
 * discrepancy is in one of them; each flag set, rebuilt single-program, is sound and minimal; a second triage reads
 * everything back and builds nothing.
 */
@Tag("tools")
@Tag("slow")
public class CampaignTriageToolsTest {
    @TempDir
    Path tmp;

    /** A sum of 16 that gcc vectorises, and so reassociates, under O3_FM. */
    public static final String SUM = """
            program fp64 array 16
            compute(double comp, double a[16] each, int n) {
              for (int i = 0; i < n; ++i) {
                comp += a[i];
              }
            }
            """;

    static final String COSH = """
            program fp64 array 1
            compute(double comp, double x) {
              comp = cosh(x);
            }
            """;

    /** The key of SUM's cause: gcc's step from O3 to O3_FM, reassociation. */
    public static final String SUM_KEY = RootCause.keyOf(
            RootCause.Kind.FLAGS,
            "gcc O3_FM",
            List.of("-O3", "-fassociative-math", "-fno-signed-zeros", "-fno-trapping-math"),
            null,
            "reassociation",
            null);

    /** Triage with the checkout's toolchains and knob files, 2 builds at a time. */
    static final CampaignTriage.Options OPTIONS =
            new CampaignTriage.Options(Path.of("runners", "toolchains"), Path.of("runners", "knobs"), 2, System.err);

    /** A campaign of these programs on these toolchains at O0 and O3_FM, run here into {@code campaign}. */
    static Path planted(Path campaign, List<CampaignMeta.ProgramEntry> entries, List<DetectedToolchain> dts)
            throws InterruptedException {
        CampaignRunner.Spec spec = new CampaignRunner.Spec(
                "test", 1L, null, Map.of("kind", "planted"), entries, dts, List.of("O0", "O3_FM"), 10);
        CampaignRunner.run(
                campaign,
                spec,
                new LocalSite(Platform.LOCAL, new BinaryCache(campaign.resolve("build")), 2, s -> {}),
                n -> new Progress(System.err, false, n),
                s -> {});
        return campaign;
    }

    @Test
    void twoPlantedCausesAreTwoRootCauses() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        List<DetectedToolchain> dts = new ArrayList<>();
        for (String n : List.of("gcc", "java-strict")) {
            DetectedToolchain dt = DetectedToolchain.detect(tcs.get(n));
            assumeTrue(dt.canCompile() && dt.canRun(), n + " cannot build and run here");
            dts.add(dt);
        }
        Program sum = Program.parse(SUM);
        Program cosh = Program.parse(COSH);
        String zeros = ",0x0p+0".repeat(12);
        List<CampaignMeta.ProgramEntry> entries = List.of(
                new CampaignMeta.ProgramEntry(
                        sum.id(),
                        null,
                        Precision.FP64,
                        sum.canonical(),
                        List.of(
                                new Input(List.of("0x0p+0", "0x1p+53,0x1p+0,-0x1p+53,0x1p+0" + zeros, "16")),
                                new Input(List.of("0x0p+0", "0x1p+54,0x1p+1,-0x1p+54,0x1p+1" + zeros, "16")))),
                // StrictMath.cosh gives 0x1.2377218986745p+1, one ULP below the correctly rounded 0x1.2377218986746p+1
                // (glibc's)
                new CampaignMeta.ProgramEntry(
                        cosh.id(),
                        null,
                        Precision.FP64,
                        cosh.canonical(),
                        List.of(new Input(List.of("0x0p+0", "0x1.76c29a8eb94c8p+0")))));
        Path campaign = planted(tmp.resolve("c"), entries, dts);
        CampaignTriage.Options o = OPTIONS;
        CampaignTriage.Result r = CampaignTriage.run(campaign, o);
        CausesText.lines(r).forEach(System.out::println);
        List<String> keys = r.causes().causes().stream().map(RootCause::key).toList();
        String flags = SUM_KEY;
        String library =
                RootCause.keyOf(RootCause.Kind.OPERATION, "java-strict", List.of(), null, "math function", "cosh");
        assertEquals(List.of(flags, library), keys);
        RootCause strict = r.causes().byKey(library).orElseThrow();
        assertEquals("Java StrictMath", strict.library());
        assertEquals(1, strict.cases());
        RootCause reassoc = r.causes().byKey(flags).orElseThrow();
        assertEquals(2, reassoc.cases());
        assertEquals(0, r.causes().undecided());
        int all = r.causes().causes().stream()
                .mapToInt(c -> c.discrepancies().size())
                .sum();
        assertEquals(r.causes().triaged(), all, "every discrepancy is in one cause");
        assertTrue(reassoc.reduce().endsWith("--discrepancy " + reassoc.representative()));
        assertEquals(r.causes(), Causes.read(campaign).orElseThrow());

        // sound and minimal, rebuilt in the single-program form: A + S gives B's result, A + S minus any member does
        // not
        Soundness.Report sound =
                Soundness.check(campaign, Path.of("runners", "toolchains"), Path.of("runners", "knobs"), 1);
        assertEquals(List.of(), sound.failures());
        assertEquals(2, sound.checked());
        assertEquals(2, sound.minimal());

        CampaignTriage.Result again = CampaignTriage.run(campaign, o);
        assertEquals(0, again.builds());
        assertEquals(0, again.units());
        assertEquals(r.causes(), again.causes());
        assertTrue(Files.isRegularFile(campaign.resolve("triage").resolve("units.jsonl")));
    }
}
