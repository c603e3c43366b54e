package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.fparity.campaign.Campaign;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Job;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.PlatformRecords;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.WorkerLine;
import org.fparity.ir.Precision;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one engine: a run here and a run at named sites are the same job documents handed to a site's executor; an
 * in-process site gets them a window of batches at a time, a remote one all at once; each site's outcomes and platform
 * records land in the one campaign; a resumed run plans nothing already recorded, and a line a site delivers twice is
 * recorded once.
 */
class CampaignRunnerSitesTest {
    @TempDir
    Path tmp;

    /** A site that answers every line at once without building anything, and records the job documents it was given. */
    static final class Answering implements SiteExecutor {
        final String site;
        final boolean windowed;
        final List<List<JobSpec>> calls = new ArrayList<>();
        boolean twice;

        Answering(String site, boolean windowed) {
            this.site = site;
            this.windowed = windowed;
        }

        @Override
        public String site() {
            return site;
        }

        @Override
        public boolean windowed() {
            return windowed;
        }

        @Override
        public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status) {
            calls.add(jobs);
            for (JobSpec j : jobs) {
                var record = PlatformRecords.of(Sites.undetected(j.toolchain()), j.opt(), site, Map.of());
                sink.accept(new WorkerLine.PlatformRecord(record));
                for (Job.Line l : j.lines()) {
                    Outcome o = new Outcome(
                            l.program(),
                            l.input(),
                            j.toolchain().name(),
                            j.opt(),
                            site,
                            null,
                            Outcome.Status.OK,
                            "0x1p+0",
                            null,
                            record.get("id").asText(),
                            1);
                    sink.accept(new WorkerLine.Result(o));
                    if (twice) sink.accept(new WorkerLine.Result(o));
                }
            }
        }

        Set<String> batches(int call) {
            Set<String> names = new LinkedHashSet<>();
            for (JobSpec j : calls.get(call)) names.add(j.name());
            return names;
        }
    }

    private static CampaignRunner.Spec spec(int programs, int batch) {
        CampaignPlan plan = CampaignPlan.generate(
                new CampaignPlan.Request(3, List.of(Precision.FP64), "fp64", programs, 2, batch, null));
        return plan.spec("test", List.of(Sites.undetected(gcc())), List.of("O0", "O2"));
    }

    private static Toolchain gcc() {
        return Fixtures.shipped().get("gcc");
    }

    private static CampaignRunner.Result run(Path dir, CampaignRunner.Spec spec, List<CampaignRunner.Site> sites)
            throws InterruptedException {
        return CampaignRunner.run(dir, spec, sites, sites.size() > 1, n -> new Progress(System.err, false, n), s -> {});
    }

    @Test
    void anInProcessSiteGetsAWindowOfBatchesAtATimeARemoteOneAllAtOnce() throws Exception {
        CampaignRunner.Spec spec = spec(40, 1); // 40 batches of one program
        Answering here = new Answering("local", true);
        Answering remote = new Answering("far", false);
        CampaignRunner.Result r = run(
                tmp.resolve("c"),
                spec,
                List.of(
                        new CampaignRunner.Site(here, List.of(gcc())),
                        new CampaignRunner.Site(remote, List.of(gcc()))));

        assertEquals(
                List.of(16, 16, 8),
                here.calls.stream()
                        .map(c -> c.stream()
                                .map(JobSpec::name)
                                .distinct()
                                .toList()
                                .size())
                        .toList());
        assertEquals(1, remote.calls.size());
        assertEquals(40, remote.batches(0).size());
        // batch × toolchain × opt: two jobs per batch, each with the batch's two inputs
        assertEquals(80, remote.calls.getFirst().size());
        assertTrue(remote.calls.getFirst().stream()
                .allMatch(j -> j.lines().size() == 2 && j.programs().size() == 1));
        assertEquals(2 * 40 * 2 * 2, r.ran());
        assertEquals(320, r.campaign().outcomes().size());
        Set<String> platforms = new TreeSet<>();
        for (CampaignMeta.PlatformRecord p :
                Campaign.load(tmp.resolve("c")).meta().platforms())
            platforms.add(p.toolchain() + "@" + p.opt() + "@" + p.site());
        assertEquals(Set.of("gcc@O0@far", "gcc@O0@local", "gcc@O2@far", "gcc@O2@local"), platforms);
    }

    @Test
    void aResumedRunPlansNothingRecordedAndALineDeliveredTwiceIsRecordedOnce() throws Exception {
        CampaignRunner.Spec spec = spec(3, 2);
        Answering first = new Answering("local", true);
        first.twice = true;
        Path dir = tmp.resolve("c");
        CampaignRunner.Result r = run(dir, spec, List.of(new CampaignRunner.Site(first, List.of(gcc()))));
        assertEquals(3 * 2 * 2, r.campaign().outcomes().size());
        assertEquals(12, Campaign.load(dir).outcomes().size());

        Answering again = new Answering("local", true);
        CampaignRunner.Result resumed = run(dir, spec, List.of(new CampaignRunner.Site(again, List.of(gcc()))));
        assertEquals(List.of(), again.calls);
        assertEquals(12, resumed.alreadyDone());
        assertEquals(0, resumed.ran());
    }

    @Test
    void aRerunHandsEachSiteOnlyTheDisagreeingCasesItRanFirst() throws Exception {
        CampaignRunner.Spec spec = spec(3, 200);
        Path dir = tmp.resolve("c");
        Answering here = new Answering("local", true);
        List<CampaignRunner.Site> sites = List.of(new CampaignRunner.Site(here, List.of(gcc())));
        CampaignRunner.Result r = run(dir, spec, sites);
        String program = r.campaign().programEntries().get(1).id();

        Answering rerun = new Answering("local", true);
        Reruns.Result again = Reruns.run(
                r.campaign(),
                spec,
                List.of(new CampaignRunner.Site(rerun, List.of(gcc()))),
                false,
                Set.of(program + "/1"),
                2,
                s -> {});
        // two attempts, each one job per opt level with that one case
        assertEquals(2, rerun.calls.size());
        for (List<JobSpec> call : rerun.calls) {
            assertEquals(List.of("O0", "O2"), call.stream().map(JobSpec::opt).toList());
            assertTrue(call.stream()
                    .allMatch(j -> j.lines()
                            .equals(List.of(new Job.Line(
                                    program,
                                    1,
                                    r.campaign()
                                            .programEntries()
                                            .get(1)
                                            .inputs()
                                            .get(1)
                                            .args())))));
        }
        assertEquals(4, again.ran());
    }
}
