package org.fparity.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.exec.Worker;
import org.fparity.exec.WorkerLine;
import org.fparity.ir.Precision;

/**
 * Bytes of the job documents a cluster campaign sends (runners/README.md, remote runs): every job carrying its batch's
 * text and input lines (JobSpec schema 1) against each batch's text and lines once per document (schema 2). Not a test: run it as
 * {@code java -cp target/test-classes:target/classes:target/lib/* org.fparity.run.JobDocumentBench PROGRAMS INPUTS TOOLCHAINS}
 * (e.g. {@code 2000 5 gcc}), from the fparity folder.
 */
public final class JobDocumentBench {
    private JobDocumentBench() {}

    public static void main(String[] args) throws Exception {
        int programs = Integer.parseInt(args[0]);
        int inputs = Integer.parseInt(args[1]);
        Toolchains tcs = Toolchains.load(Path.of("runners/toolchains"));
        List<Toolchain> chosen = new ArrayList<>();
        for (String n : args[2].split(",")) chosen.add(tcs.get(n));
        CampaignPlan plan = CampaignPlan.generate(
                new CampaignPlan.Request(1, List.of(Precision.FP64), "fp64", programs, inputs, 200, null));
        List<CampaignMeta.ProgramEntry> entries = new ArrayList<>(plan.entries());
        CampaignRunner.Spec spec = new CampaignRunner.Spec(
                "bench", 1L, plan.grammar(), plan.settings(), entries, List.of(), Toolchain.STANDARD_OPTS, 200);
        List<JobSpec> jobs = JobPlan.jobs(
                CampaignRunner.batches(spec.programs(), spec.batchSize()),
                chosen,
                spec.opts(),
                "cluster",
                JobPlan.toDo(new HashSet<>()));
        long each = 0;
        for (JobSpec j : jobs) each += WorkerLine.COMPACT.writeValueAsBytes(j).length + 1;
        long once = Worker.document(jobs).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        System.out.printf(
                "%d programs x %d inputs x %s x %d opt levels: %d jobs; text in every job: %,d bytes; once per batch: %,d bytes (%.1fx smaller)%n",
                programs,
                inputs,
                args[2],
                Toolchain.STANDARD_OPTS.size(),
                jobs.size(),
                each,
                once,
                (double) each / once);
    }
}
