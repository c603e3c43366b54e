package org.fparity.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.JobSpec;
import org.fparity.exec.ProgramBlobs;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.exec.Worker;
import org.fparity.exec.WorkerLine;
import org.fparity.ir.Precision;

/**
 * Bytes through the login node for a cluster campaign (runners/README.md, remote runs): job documents with every job
 * carrying its batch's text and input lines (JobSpec schema 1), each batch's text and lines once per document (schema
 * 2), and programs named by key in the site's program store (schema 3) with the store's blobs (raw, and as the one gzip
 * transfer ssh sends); given a campaign folder, its outcomes as a worker sends them back, as JSON objects (before) and
 * compact (now), bytes per run. Not a test: run it as {@code java -cp target/test-classes:target/classes:target/lib/*
 * org.fparity.run.JobDocumentBench PROGRAMS INPUTS TOOLCHAINS [CAMPAIGN]} (e.g. {@code 20000 5 gcc}), from the fparity
 * folder.
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
        for (JobSpec j : jobs) {
            // schema 1: every job its programs' text (its lines carrying the inputs), nothing of the store
            List<JobSpec.ProgramText> texts = j.programs().stream()
                    .map(p -> new JobSpec.ProgramText(p.id(), p.source()))
                    .toList();
            each += WorkerLine.COMPACT.writeValueAsBytes(new JobSpec(
                                    j.schema(), j.name(), j.site(), j.toolchain(), j.opt(), texts, j.lines()))
                            .length
                    + 1;
        }
        long once = Worker.document(jobs).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        // schema 3: programs by key, and the blobs the site's store receives once
        java.util.Map<JobSpec.ProgramText, String> keys = new java.util.IdentityHashMap<>();
        java.util.Map<String, byte[]> blobs = new java.util.LinkedHashMap<>();
        for (JobSpec j : jobs)
            for (JobSpec.ProgramText p : j.programs())
                keys.computeIfAbsent(p, q -> {
                    byte[] b = ProgramBlobs.bytes(q.source(), q.inputs());
                    String k = ProgramBlobs.key(b);
                    blobs.put(k, b);
                    return k;
                });
        long byKey = Worker.document(jobs, keys::get).getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        long raw = 0;
        for (byte[] b : blobs.values()) raw += b.length;
        java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
        ProgramBlobs.write(gz, blobs.values());
        System.out.printf(
                "%d programs x %d inputs x %s x %d opt levels: %d jobs; text in every job: %,d bytes; once per batch: %,d bytes (%.1fx smaller); by key: %,d bytes (%.1fx smaller than once per batch)%n",
                programs,
                inputs,
                args[2],
                Toolchain.STANDARD_OPTS.size(),
                jobs.size(),
                each,
                once,
                (double) each / once,
                byKey,
                (double) once / byKey);
        System.out.printf(
                "program store: %,d blobs, %,d bytes raw (written once per site on a shared file system), %,d bytes as one gzip transfer (ssh)%n",
                blobs.size(), raw, gz.size());
        if (args.length < 4) return;
        double[] perRun = outcomes(Path.of(args[3]));
        // the night: every run of every job once, its outcome line read from the workers and appended to the log
        long runs = 0;
        for (JobSpec j : jobs) runs += j.lines().size();
        double mb = 1e6;
        double before = once + 2 * runs * perRun[0];
        double now = once + runs * perRun[1] + runs * perRun[0];
        long question = (long) blobs.size() * 33;
        double after = byKey + runs * perRun[1] + runs * perRun[1];
        System.out.printf(
                "login node, %,d runs: before (documents once per batch, outcomes as JSON objects both ways) %.1f MB; compact log only %.1f MB;"
                        + " now (documents by key, compact both ways) %.1f MB, plus staging the store: over ssh %.1f MB (keys asked %.1f, gzip %.1f, missing keys read back %.1f), on a shared file system %.1f MB%n",
                runs,
                before / mb,
                now / mb,
                after / mb,
                (after + 2 * question + gz.size()) / mb,
                question / mb,
                gz.size() / mb,
                question / mb,
                (after + raw) / mb);
    }

    /** A campaign's outcomes as a worker would send them: JSON objects (before) and compact lines (now), per run. */
    private static double[] outcomes(Path campaign) {
        List<org.fparity.exec.Outcome> os =
                org.fparity.campaign.Campaign.load(campaign).outcomes();
        long objects = 0;
        long compact = 0;
        WorkerLine.Writer w = new WorkerLine.Writer();
        for (org.fparity.exec.Outcome o : os) {
            WorkerLine.Result r = new WorkerLine.Result(o);
            objects += WorkerLine.format(r).getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1;
            compact += w.bytes(r).length;
        }
        System.out.printf(
                "%s: %,d outcomes as a worker sends them: JSON objects %,d bytes (%.1f a run), compact %,d bytes (%.1f a run)%n",
                campaign, os.size(), objects, (double) objects / os.size(), compact, (double) compact / os.size());
        return new double[] {(double) objects / os.size(), (double) compact / os.size()};
    }
}
