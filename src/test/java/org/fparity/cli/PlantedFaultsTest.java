package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.campaign.CampaignMeta;
import org.fparity.compare.Comparer;
import org.fparity.compare.Discrepancy;
import org.fparity.compare.Findings;
import org.fparity.compare.Pair;
import org.fparity.compare.PairSummary;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Fixtures;
import org.fparity.exec.OutcomeClass;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchains;
import org.fparity.ir.HexFloat;
import org.fparity.ir.Input;
import org.fparity.run.CampaignRunner;
import org.fparity.run.LocalSite;
import org.fparity.run.Progress;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FLiT's habit: a fake toolchain (gcc with planted libm faults) run as a campaign against real gcc must yield exactly
 * the planted discrepancy classes and adjacency-matrix cells, at every opt level, and nothing else.
 */
@Tag("tools")
class PlantedFaultsTest {
    @TempDir
    Path tmp;

    @Test
    void aFakeToolchainYieldsExactlyThePlantedClassesAndCells() throws Exception {
        Toolchains tcs = Toolchains.load(Fixtures.fakeGccToolchains(tmp));
        List<DetectedToolchain> dts =
                List.of(DetectedToolchain.detect(tcs.get("gcc")), DetectedToolchain.detect(tcs.get("fake-gcc")));

        // Input 0 of each program hits its fault; input 1 stays clear of it.
        Map<String, double[][]> inputs = Map.of(
                "ceil_tiny", new double[][] {{0x1p-1000, 0}, {2.5, 0}},
                "fmod_ulp", new double[][] {{5.5, 2}, {4.5, 2}},
                "log_nan", new double[][] {{-1, 1}, {Math.E, 1}},
                "add", new double[][] {{1, 2}, {0.5, 0.25}});
        List<CampaignMeta.ProgramEntry> programs = new ArrayList<>();
        for (String id : List.of("add", "ceil_tiny", "fmod_ulp", "log_nan")) {
            List<Input> ins = new ArrayList<>();
            for (double[] v : inputs.get(id)) ins.add(new Input(List.of(HexFloat.format(v[0]), HexFloat.format(v[1]))));
            programs.add(new CampaignMeta.ProgramEntry(id, id, null, Fixtures.resource("programs/" + id + ".c"), ins));
        }
        CampaignRunner.Spec spec =
                new CampaignRunner.Spec("test", null, null, Map.of(), programs, dts, List.of("O0", "O2", "O3"), 4);
        Path out = tmp.resolve("planted");
        CampaignRunner.run(
                out,
                spec,
                new LocalSite(Platform.LOCAL, new BinaryCache(out.resolve("build")), 2, s -> {}, job -> Fixtures.C),
                n -> new Progress(System.err, false, n),
                s -> {});

        Findings f = Comparer.compare(CliCampaigns.load(out));
        int toolchainPairs = 0;
        for (PairSummary s : f.pairs()) {
            Pair p = s.pair();
            if (p.kind() == Pair.Kind.OPT_LEVELS) {
                assertEquals(0, s.discrepancies(), "no planted fault depends on the opt level: " + p);
                continue;
            }
            toolchainPairs++;
            assertEquals(8, s.compared(), p.toString());
            assertEquals(3, s.discrepancies(), p.toString());
            assertEquals(1, s.count(DiscrepancyClass.ZERO_NUMBER), p.toString());
            assertEquals(1, s.count(DiscrepancyClass.NUMBER_NUMBER), p.toString());
            assertEquals(1, s.count(DiscrepancyClass.NAN_INF), p.toString());
            boolean fakeIsA = p.a().toolchain().equals("fake-gcc");
            OutcomeClass z = OutcomeClass.ZERO, n = OutcomeClass.NUMBER, nan = OutcomeClass.NAN, inf = OutcomeClass.INF;
            assertEquals(1, fakeIsA ? s.matrix().get(z, n) : s.matrix().get(n, z), p.toString());
            assertEquals(1, fakeIsA ? s.matrix().get(inf, nan) : s.matrix().get(nan, inf), p.toString());
            assertEquals(1, s.matrix().get(n, n), p.toString());
            assertEquals(3, s.matrix().total());
        }
        // Not O3_FM: -ffast-math lets gcc delete the planted isnan() test, and the NaN-to--Inf fault with it.
        assertEquals(3, toolchainPairs, "gcc vs fake-gcc at O0, O2 and O3");
        for (Discrepancy d : f.discrepancies()) {
            if (d.cls() == DiscrepancyClass.NUMBER_NUMBER) {
                assertEquals("fmod_ulp", d.program());
                assertEquals(java.math.BigInteger.ONE, d.ulps());
            }
            assertEquals(0, d.input(), "input 1 of every program is clear of its fault: " + d);
            assertTrue(List.of("ceil_tiny", "fmod_ulp", "log_nan").contains(d.program()), d.toString());
        }
    }
}
