package org.fparity.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.DiscrepancyClass;
import org.fparity.exec.Outcome;
import org.fparity.exec.Outcome.Status;
import org.fparity.exec.Platform;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two sites' gcc@O2 are two platforms: compare pairs them, --pair names them, nothing collapses. */
class SitesTest {
    @TempDir
    Path tmp;

    private static Outcome ok(String program, String tc, String opt, String site, String node, String hex) {
        return new Outcome(program, 0, tc, opt, site, node, Status.OK, hex, null, tc + "@" + opt + "@" + site, 1);
    }

    private static CampaignView view(List<Outcome> os) {
        return new CampaignView(
                "sites",
                Map.of(),
                Map.of(),
                Map.of("p", new ProgramInfo("p", Precision.FP64, "compute(x) { }\n", List.of())),
                os);
    }

    @Test
    void theSameToolchainAtTwoSitesIsComparedLikeTwoToolchains() {
        CampaignView v = view(List.of(
                ok("p", "gcc", "O2", "local", null, "0x1p+0"),
                ok("p", "gcc", "O2", "lumi", null, "0x1.0000000000001p+0")));
        Findings f = Comparer.compare(v);
        assertEquals(
                List.of("gcc@O2", "gcc@O2@lumi"),
                f.runs().keySet().stream().map(Platform::label).toList());
        assertEquals(1, f.discrepancies().size());
        Discrepancy d = f.discrepancies().getFirst();
        assertEquals("gcc@O2:gcc@O2@lumi", d.pair().id());
        assertEquals(Pair.Kind.TOOLCHAINS, d.pair().kind());
        assertEquals("gcc vs gcc@lumi", d.pair().series());
        assertEquals(DiscrepancyClass.NUMBER_NUMBER, d.cls());
    }

    @Test
    void twoKindsOfNodeAtOneSiteAreTwoPlatforms() {
        CampaignView v = view(List.of(
                ok("p", "nvcc", "O2", "c", "A100_535", "0x1p+0"), ok("p", "nvcc", "O2", "c", "V100_535", "0x1p+1")));
        Findings f = Comparer.compare(v);
        assertEquals(2, f.runs().size());
        assertEquals(
                List.of("nvcc@O2@c#A100_535:nvcc@O2@c#V100_535"),
                f.discrepancies().stream().map(x -> x.pair().id()).toList());
    }

    @Test
    void pairNamesSitesAsLanesOrPlatforms() {
        var present = java.util.Set.of(
                new Platform("gcc", "O2"),
                new Platform("gcc", "O3"),
                new Platform("gcc", "O2", "lumi", null),
                new Platform("gcc", "O3", "lumi", null));
        assertEquals(
                List.of("gcc@O2:gcc@O2@lumi", "gcc@O3:gcc@O3@lumi"),
                PairSelection.parse("gcc:gcc@lumi", present).stream()
                        .map(Pair::id)
                        .toList());
        assertEquals(
                List.of("gcc@O3@lumi:gcc@O2"),
                PairSelection.parse("gcc@O3@lumi:gcc@O2@local", present).stream()
                        .map(Pair::id)
                        .toList());
        FparityError e = assertThrows(FparityError.class, () -> PairSelection.parse("gcc:clang@lumi", present));
        assertEquals(
                "--pair 'gcc:clang@lumi': unknown toolchain 'clang' (this campaign has: gcc, gcc@lumi)",
                e.getMessage());
        e = assertThrows(FparityError.class, () -> PairSelection.parse("gcc@O2:gcc@O2@nowhere", present));
        assertEquals(
                "--pair 'gcc@O2:gcc@O2@nowhere': unknown toolchain 'gcc@nowhere' (this campaign has: gcc, gcc@lumi)",
                e.getMessage());
    }

    /**
     * Found on an H100: a GPU platform carries its node's facts ({@code nvcc-sm90@local#NVIDIA_H100…}), and
     * {@code --pair nvcc-sm90:nvcc-sm90-exe} was "unknown toolchain 'nvcc-sm90'". A name stands for the one lane that
     * is that name plus what its node added; two such lanes are ambiguous, said so.
     */
    @Test
    void pairNamesAGpuToolchainWithoutItsNodeFacts() {
        String h100 = "NVIDIA_H100_80GB_HBM3_580.159.04_CUDA_13.0";
        var present = java.util.Set.of(
                new Platform("gcc", "O0"),
                new Platform("nvcc-sm90", "O0", "local", h100),
                new Platform("nvcc-sm90-exe", "O0", "local", h100),
                new Platform("nvcc-sm90", "O3", "local", h100),
                new Platform("nvcc-sm90-exe", "O3", "local", h100));
        assertEquals(
                List.of(
                        "nvcc-sm90@O0@local#" + h100 + ":nvcc-sm90-exe@O0@local#" + h100,
                        "nvcc-sm90@O3@local#" + h100 + ":nvcc-sm90-exe@O3@local#" + h100),
                PairSelection.parse("nvcc-sm90:nvcc-sm90-exe", present).stream()
                        .map(Pair::id)
                        .toList());
        assertEquals(
                List.of("gcc@O0:nvcc-sm90@O0@local#" + h100),
                PairSelection.parse("gcc@O0:nvcc-sm90@O0", present).stream()
                        .map(Pair::id)
                        .toList());
        var twoNodes = java.util.Set.of(
                new Platform("gcc", "O0"),
                new Platform("nvcc", "O0", "local", "A100_535"),
                new Platform("nvcc", "O0", "local", "V100_535"));
        FparityError e = assertThrows(FparityError.class, () -> PairSelection.parse("gcc:nvcc", twoNodes));
        assertEquals(
                "--pair 'gcc:nvcc': 'nvcc' is ambiguous (this campaign has: nvcc@local#A100_535, nvcc@local#V100_535)",
                e.getMessage());
    }

    @Test
    void aCampaignWrittenBeforeSitesReadsAsLocal() throws Exception {
        Path dir = tmp.resolve("old");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("campaign.json"), """
                {"schema":1,"fparity":"0.1.0","host":{"hostname":"h"},
                 "platforms":[{"id":"gcc@O2-0123abcd","toolchain":"gcc","opt":"O2","language":"C","version":"gcc 12","host":"h"}],
                 "programs":[{"id":"p","precision":"fp64","inputs":[["0x1p+0"]],"source":"compute(x) { }\\n"}]}
                """);
        Files.writeString(
                dir.resolve("outcomes.jsonl"),
                "{\"program\":\"p\",\"input\":0,\"toolchain\":\"gcc\",\"opt\":\"O2\",\"status\":\"OK\",\"hex\":\"0x1p+0\",\"platform\":\"gcc@O2-0123abcd\",\"micros\":3}\n");
        Campaign c = Campaign.load(dir);
        CampaignMeta.PlatformRecord p = c.platforms().getFirst();
        assertEquals(Platform.local("gcc", "O2"), p.platform());
        assertEquals("p/0/gcc@O2@local", c.outcomes().getFirst().key());
        assertEquals(
                Map.of(new Platform("gcc", "O2"), Map.of(Status.OK, 1)),
                Comparer.compare(CampaignFiles.load(dir)).runs());
    }
}
