package org.fparity.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.fparity.exec.Fixtures;
import org.fparity.exec.Job;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.WorkerLine;
import org.fparity.ir.Input;
import org.fparity.ir.Precision;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Test;

/** Runs at a site through the engine: one job document per call, one job per platform (or per run, alone), outcomes in order. */
class SiteRunsTest {
    /** Answers each line with its job's opt level and the line's program in its detail, in reverse order. */
    static final class Site implements SiteExecutor {
        final List<List<JobSpec>> calls = new ArrayList<>();
        /** The value printed for a line of a job. */
        final java.util.function.BiFunction<JobSpec, Job.Line, String> value;
        /** How a job's lines end (OK unless told), and their detail when set. */
        java.util.function.Function<JobSpec, Outcome.Status> ends = j -> Outcome.Status.OK;

        String detail;

        Site() {
            this((j, l) -> "0x1p+0");
        }

        Site(java.util.function.BiFunction<JobSpec, Job.Line, String> value) {
            this.value = value;
        }

        @Override
        public String site() {
            return "far";
        }

        @Override
        public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status) {
            calls.add(jobs);
            for (JobSpec j : jobs.reversed()) {
                for (Job.Line l : j.lines().reversed()) {
                    sink.accept(new WorkerLine.Result(new Outcome(
                            l.program(),
                            l.input(),
                            j.toolchain().name(),
                            j.opt(),
                            "far",
                            null,
                            ends.apply(j),
                            value.apply(j, l),
                            detail != null ? detail : j.opt() + " " + l.program() + " " + String.join(" ", l.args()),
                            j.toolchain().name() + "@" + j.opt(),
                            1)));
                }
            }
        }
    }

    @Test
    void aCallIsOneJobDocumentWithOneJobPerPlatformAndItsOutcomesComeBackInOrder() throws Exception {
        List<Program> ps = CampaignPlan.generate(
                        new CampaignPlan.Request(5, List.of(Precision.FP64), "fp64", 3, 1, 200, null))
                .entries()
                .stream()
                .map(e -> Program.parse(e.source()))
                .toList();
        Toolchain gcc = Fixtures.shipped().get("gcc");
        Toolchain contractOff = gcc.withLevel("O2", List.of("-O2", "-ffp-contract=off"));
        Input in = new Input(List.of("1"));
        List<SiteRuns.Run> runs = List.of(
                new SiteRuns.Run(ps.get(0), in, gcc, "O0"),
                new SiteRuns.Run(ps.get(1), in, contractOff, "O2"),
                new SiteRuns.Run(ps.get(2), in, gcc, "O0"),
                new SiteRuns.Run(ps.get(0), in, gcc, "O2"));
        Site site = new Site();
        List<Outcome> out = SiteRuns.run(site, "Reduce0001", runs);
        assertEquals(1, site.calls.size());
        // gcc O0, gcc with contraction off at O2, gcc O2: three platforms, the two O2s told apart by their descriptors
        assertEquals(
                List.of("O0", "O2", "O2"),
                site.calls.getFirst().stream().map(JobSpec::opt).toList());
        assertEquals(
                List.of(2, 1, 1),
                site.calls.getFirst().stream().map(j -> j.lines().size()).toList());
        assertEquals(
                List.of("O0 r0 1", "O2 r1 1", "O0 r2 1", "O2 r3 1"),
                out.stream().map(Outcome::detail).toList());

        Site alone = new Site();
        SiteRuns.run(alone, "Reduce0002", runs, true);
        assertEquals(1, alone.calls.size());
        assertEquals(4, alone.calls.getFirst().size());
    }

    @Test
    void aProgramAskedOnSeveralInputsIsInItsBatchOnceWithALinePerInput() throws Exception {
        Program p = CampaignPlan.generate(new CampaignPlan.Request(1, List.of(Precision.FP64), "fp64", 3, 1, 200, null))
                .entries()
                .stream()
                .map(e -> Program.parse(e.source()))
                .toList()
                .getFirst();
        Toolchain gcc = Fixtures.shipped().get("gcc");
        List<SiteRuns.Run> runs = List.of(
                new SiteRuns.Run(p, new Input(List.of("1")), gcc, "O2"),
                new SiteRuns.Run(p, new Input(List.of("2")), gcc, "O2"),
                new SiteRuns.Run(p, new Input(List.of("3")), gcc, "O0"));
        Site site = new Site();
        List<Outcome> out = SiteRuns.run(site, "Triage0001", runs);
        List<JobSpec> doc = site.calls.getFirst();
        assertEquals(2, doc.size());
        assertEquals(1, doc.getFirst().programs().size());
        assertEquals(
                List.of("r0 0 1", "r0 1 2"),
                doc.getFirst().lines().stream()
                        .map(l -> l.program() + " " + l.input() + " " + String.join(" ", l.args()))
                        .toList());
        assertEquals(
                List.of("O2 r0 1", "O2 r0 2", "O0 r2 3"),
                out.stream().map(Outcome::detail).toList());
    }
}
