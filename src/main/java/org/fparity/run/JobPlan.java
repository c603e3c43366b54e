package org.fparity.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.fparity.campaign.CampaignMeta;
import org.fparity.exec.Job;
import org.fparity.exec.JobSpec;
import org.fparity.exec.Outcome;
import org.fparity.exec.Platform;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Input;

/**
 * The one place where a campaign's runs become job documents for a site: batch × toolchain × opt level (those the
 * toolchain has), each with the lines a {@link Lines} rule picks (the runs not done yet for a first run, the runs to
 * repeat for a rerun); a job without lines is not made. Every site (this machine, ssh, Slurm) gets its jobs from here.
 */
final class JobPlan {
    private JobPlan() {}

    /** Which runs of a batch, on one platform as planned (toolchain, opt, site; no node), a job carries. */
    interface Lines {
        List<Job.Line> of(List<CampaignMeta.ProgramEntry> batch, Platform planned);

        /** How many: {@code of(…).size()}, which a rule may know without making the lines. */
        default int count(List<CampaignMeta.ProgramEntry> batch, Platform planned) {
            return of(batch, planned).size();
        }
    }

    /** The jobs for {@code site}: one per batch × toolchain × opt with lines, in that order; a batch's jobs share its text. */
    static List<JobSpec> jobs(
            List<CampaignRunner.Batch> batches,
            List<Toolchain> toolchains,
            List<String> opts,
            String site,
            Lines lines) {
        List<JobSpec> jobs = new ArrayList<>();
        for (CampaignRunner.Batch b : batches) {
            // the batch's entries read once (from the program store: a few chunks), not once per toolchain and opt
            // level
            List<CampaignMeta.ProgramEntry> entries = List.copyOf(b.programs());
            List<JobSpec.ProgramText> texts = null;
            for (Toolchain tc : toolchains) {
                for (String opt : opts) {
                    if (!tc.opt().containsKey(opt)) continue;
                    List<Job.Line> ls = lines.of(entries, new Platform(tc.name(), opt, site, null));
                    if (ls.isEmpty()) continue;
                    if (texts == null)
                        texts = entries.stream()
                                .map(p -> new JobSpec.ProgramText(
                                        p.id(),
                                        p.source(),
                                        p.inputs().stream().map(Input::args).toList()))
                                .toList();
                    jobs.add(new JobSpec(JobSpec.SCHEMA, b.name(), site, tc, opt, texts, ls));
                }
            }
        }
        return jobs;
    }

    /** How many lines {@link #jobs} would plan, without making them. */
    static int count(
            List<CampaignRunner.Batch> batches,
            List<Toolchain> toolchains,
            List<String> opts,
            String site,
            Lines lines) {
        int n = 0;
        for (CampaignRunner.Batch b : batches) {
            for (Toolchain tc : toolchains) {
                for (String opt : opts) {
                    if (tc.opt().containsKey(opt))
                        n += lines.count(b.programs(), new Platform(tc.name(), opt, site, null));
                }
            }
        }
        return n;
    }

    /** A first run: every run that has no outcome in {@code done} (run keys, {@link Outcome#key}). */
    static Lines toDo(Set<String> done) {
        return new Lines() {
            @Override
            public List<Job.Line> of(List<CampaignMeta.ProgramEntry> batch, Platform planned) {
                List<Job.Line> lines = new ArrayList<>();
                for (CampaignMeta.ProgramEntry p : batch) {
                    List<Input> ins = p.inputs();
                    for (int i = 0; i < ins.size(); i++) {
                        if (done.isEmpty() || !done.contains(Outcome.key(p.id(), i, planned)))
                            lines.add(new Job.Line(p.id(), i, ins.get(i).args()));
                    }
                }
                return lines;
            }

            @Override
            public int count(List<CampaignMeta.ProgramEntry> batch, Platform planned) {
                int n = 0;
                for (CampaignMeta.ProgramEntry p : batch) {
                    if (done.isEmpty()) { // a fresh campaign: every run is to do, no key to make
                        n += p.inputs().size();
                        continue;
                    }
                    for (int i = 0; i < p.inputs().size(); i++)
                        if (!done.contains(Outcome.key(p.id(), i, planned))) n++;
                }
                return n;
            }
        };
    }

    /**
     * A rerun attempt: the runs whose first run printed a result ({@code firsts}) and that the attempt lacks ({@code done}),
     * in program then input order.
     */
    static Lines toRerun(Reruns.Firsts firsts, Set<String> done) {
        return (batch, planned) -> {
            List<Job.Line> lines = new ArrayList<>();
            for (CampaignMeta.ProgramEntry p : batch) {
                java.util.BitSet ins = firsts.inputs().get(p.id());
                if (ins == null) continue;
                for (int i = ins.nextSetBit(0); i >= 0 && i < p.inputs().size(); i = ins.nextSetBit(i + 1)) {
                    String key = Outcome.key(p.id(), i, planned);
                    if (firsts.byKey().containsKey(key) && !done.contains(key))
                        lines.add(new Job.Line(p.id(), i, p.inputs().get(i).args()));
                }
            }
            return lines;
        };
    }
}
