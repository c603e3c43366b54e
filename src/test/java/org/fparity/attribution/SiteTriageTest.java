package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.JobSpec;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.exec.WorkerLine;
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
 * A campaign of two sites whose gcc differ by their O2 flags ({@code -O2 -mfma} at alpha: contraction;
 * {@code -O2 -ffast-math} at beta: reassociation) is triaged with each platform's experiments run at its own site,
 * through the engine, with the flags recorded there: each site here is this machine under the site's name (a
 * {@link LocalSite}, which builds what its job documents carry), so the test needs gcc but no cluster (the loopback
 * cluster's test is {@code cli.SiteTriageClusterTest}). A site that cannot be opened stops triage with exit 3, and a
 * second triage goes on from the units decided before.
 */
@Tag("tools")
class SiteTriageTest {
    @TempDir
    Path tmp;

    /** {@code a*b+c}: one ULP apart when the product is fused (1 + 2^-30 squared loses 2^-60 when rounded). */
    static final String FMA = """
            program fp64 array 1
            compute(double comp, double a, double b, double c) {
              comp = a * b + c;
            }
            """;

    /** {@code (a+b)-b}: 0 in IEEE arithmetic for a = 1, b = 2^53; {@code a} once reassociated. */
    static final String REASSOC = """
            program fp64 array 1
            compute(double comp, double a, double b) {
              comp = (a + b) - b;
            }
            """;

    /** A site that is this machine under another name, counting the job documents it gets. */
    static final class Named implements SiteExecutor {
        final LocalSite site;
        final List<List<JobSpec>> documents = new ArrayList<>();

        Named(String name, Path cache) {
            this.site = new LocalSite(name, new BinaryCache(cache), 2, s -> {});
        }

        @Override
        public String site() {
            return site.site();
        }

        @Override
        public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status)
                throws InterruptedException {
            documents.add(jobs);
            site.execute(jobs, sink, status);
        }
    }

    @Test
    void eachSitesExperimentsRunThereWithItsOwnFlagsAndAnUnreachableSiteLeavesTriageResumable() throws Exception {
        assumeTrue(
                Files.readString(Path.of("/proc/cpuinfo")).contains(" fma "), "this CPU has no FMA: -mfma cannot run");
        Toolchain gcc = Toolchains.load(Path.of("runners", "toolchains")).get("gcc");
        DetectedToolchain dt = DetectedToolchain.detect(gcc);
        assumeTrue(dt.canCompile() && dt.canRun(), "gcc cannot build and run here");
        Program fma = Program.parse(FMA);
        Program reassoc = Program.parse(REASSOC);
        List<CampaignMeta.ProgramEntry> entries = List.of(
                new CampaignMeta.ProgramEntry(
                        fma.id(),
                        null,
                        Precision.FP64,
                        fma.canonical(),
                        List.of(new Input(List.of("0x0p+0", "0x1.00000004p+0", "0x1.00000004p+0", "-0x1p+0")))),
                new CampaignMeta.ProgramEntry(
                        reassoc.id(),
                        null,
                        Precision.FP64,
                        reassoc.canonical(),
                        List.of(new Input(List.of("0x0p+0", "0x1p+0", "0x1p+53")))));
        Path campaign = tmp.resolve("c");
        CampaignRunner.Spec spec = new CampaignRunner.Spec(
                "test", 1L, null, Map.of("kind", "planted"), entries, List.of(dt), List.of("O0", "O2"), 10);
        Toolchain alpha = gcc.withLevel("O2", List.of("-O2", "-mfma"));
        Toolchain beta = gcc.withLevel("O2", List.of("-O2", "-ffast-math"));
        CampaignRunner.run(
                campaign,
                spec,
                List.of(
                        new CampaignRunner.Site(new Named("alpha", tmp.resolve("run-a")), List.of(alpha)),
                        new CampaignRunner.Site(new Named("beta", tmp.resolve("run-b")), List.of(beta))),
                false,
                n -> new Progress(System.err, false, n),
                s -> {});

        // beta cannot be opened: one error, exit 3; alpha's group (first) is decided and kept
        Map<String, Named> opened = new LinkedHashMap<>();
        Function<String, SiteExecutor> noBeta = s -> {
            if (s.equals("beta"))
                throw new FparityError(
                        "cluster beta: ssh: connect to host beta: No route to host", ExitCode.MISSING_TOOL);
            return opened.computeIfAbsent(s, k -> new Named(k, tmp.resolve("exp-" + k)));
        };
        Path toolchains = Path.of("runners", "toolchains");
        Path knobs = Path.of("runners", "knobs");
        FparityError e = assertThrows(
                FparityError.class,
                () -> CampaignTriage.run(
                        campaign, new CampaignTriage.Options(toolchains, knobs, 2, System.err, noBeta)));
        assertEquals(3, e.exitCode());
        assertEquals(
                "site beta cannot be reached for triage's experiments: cluster beta: ssh: connect to host beta: No route"
                        + " to host; a rerun resumes",
                e.getMessage());
        assertEquals(List.of("alpha"), List.copyOf(opened.keySet()));

        Function<String, SiteExecutor> both =
                s -> opened.computeIfAbsent(s, k -> new Named(k, tmp.resolve("exp-" + k)));
        CampaignTriage.Result r =
                CampaignTriage.run(campaign, new CampaignTriage.Options(toolchains, knobs, 2, System.err, both));
        CausesText.lines(r).forEach(System.out::println);
        assertEquals(1, r.resumed(), "alpha's unit, decided before beta failed, is read back");
        assertEquals(1, r.units());
        assertEquals(List.of("alpha", "beta"), List.copyOf(opened.keySet()));
        List<String> keys =
                r.causes().causes().stream().map(RootCause::key).sorted().toList();
        assertEquals(
                List.of(
                        RootCause.keyOf(
                                RootCause.Kind.FLAGS,
                                "gcc@alpha O2",
                                List.of("-O2", "-mfma"),
                                null,
                                "contraction",
                                null),
                        RootCause.keyOf(RootCause.Kind.FLAGS, "gcc@beta O2", List.of("-ffast-math"), null, null, null)),
                keys);
        assertEquals(0, r.causes().undecided());
        // each site built with the flags it recorded: every job it got is gcc with that site's O2
        for (Map.Entry<String, List<String>> site : Map.of(
                        "alpha", List.of("-O2", "-mfma"), "beta", List.of("-O2", "-ffast-math"))
                .entrySet()) {
            List<List<JobSpec>> docs = opened.get(site.getKey()).documents;
            assertTrue(!docs.isEmpty(), site.getKey() + " ran nothing");
            for (List<JobSpec> doc : docs) {
                for (JobSpec j : doc) {
                    assertEquals(site.getValue(), j.toolchain().opt().get("O2"), j.toString());
                    assertEquals(site.getKey(), j.site());
                }
                // one job per flag set in a document, not one per experiment
                assertEquals(
                        doc.size(),
                        doc.stream()
                                .map(j -> j.toolchain().opt().get(j.opt()))
                                .distinct()
                                .count());
            }
        }
    }

    /**
     * A campaign run here under a site name ({@code run --site alpha}) with no profile of that name is experimented on
     * here, as that site: before, its triage stopped with "site alpha cannot be reached".
     */
    @Test
    void aCampaignRunHereUnderASiteNameIsTriagedHere() throws Exception {
        Toolchain gcc = Toolchains.load(Path.of("runners", "toolchains")).get("gcc");
        DetectedToolchain dt = DetectedToolchain.detect(gcc);
        assumeTrue(dt.canCompile() && dt.canRun(), "gcc cannot build and run here");
        Program reassoc = Program.parse(REASSOC);
        List<CampaignMeta.ProgramEntry> entries = List.of(new CampaignMeta.ProgramEntry(
                reassoc.id(),
                null,
                Precision.FP64,
                reassoc.canonical(),
                List.of(new Input(List.of("0x0p+0", "0x1p+0", "0x1p+53")))));
        Path campaign = tmp.resolve("here");
        Toolchain fast = gcc.withLevel("O2", List.of("-O2", "-ffast-math"));
        CampaignRunner.run(
                campaign,
                new CampaignRunner.Spec(
                        "test", 1L, null, Map.of("kind", "planted"), entries, List.of(dt), List.of("O0", "O2"), 10),
                List.of(new CampaignRunner.Site(new Named("alpha", tmp.resolve("run-here")), List.of(fast))),
                false,
                n -> new Progress(System.err, false, n),
                s -> {});
        CampaignTriage.Result r = CampaignTriage.run(
                campaign,
                new CampaignTriage.Options(
                        Path.of("runners", "toolchains"), Path.of("runners", "knobs"), 2, System.err));
        assertEquals(
                List.of(RootCause.keyOf(
                        RootCause.Kind.FLAGS, "gcc@alpha O2", List.of("-ffast-math"), null, null, null)),
                r.causes().causes().stream().map(RootCause::key).toList());
        assertTrue(r.builds() > 0);
    }
}
