package org.fparity.reduce;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.fparity.exec.Outcome;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.ir.Params;
import org.fparity.run.SiteRuns;

/**
 * Tests candidates at each side's own site (this machine, a host over ssh, a Slurm cluster) through the engine
 * ({@link SiteRuns}): a round is one job document per site — both sides' jobs in one when they share a site — and
 * the two sites work at the same time. A candidate alone ({@link #standalone}) is a batch of one program at its site.
 */
public final class SiteCandidateRunner implements CandidateRunner {
    private final SiteExecutor siteA;
    private final Toolchain a;
    private final String optA;
    private final SiteExecutor siteB;
    private final Toolchain b;
    private final String optB;
    private final boolean eachAlone;
    private int round;
    private int batches;

    /** {@code a}, {@code b}: the descriptors as each site should build them (flags, a candidate's short run limit). */
    public SiteCandidateRunner(
            SiteExecutor siteA, Toolchain a, String optA, SiteExecutor siteB, Toolchain b, String optB) {
        this(siteA, a, optA, siteB, b, optB, false);
    }

    private SiteCandidateRunner(
            SiteExecutor siteA,
            Toolchain a,
            String optA,
            SiteExecutor siteB,
            Toolchain b,
            String optB,
            boolean eachAlone) {
        this.siteA = siteA;
        this.a = a;
        this.optA = optA;
        this.siteB = siteB;
        this.b = b;
        this.optB = optB;
        this.eachAlone = eachAlone;
    }

    /**
     * This runner with every candidate in its own binary (a run that ends differently: a crash depends on the whole
     * binary), still one job document per site per round.
     */
    @Override
    public CandidateRunner eachAlone() {
        return new SiteCandidateRunner(siteA, a, optA, siteB, b, optB, true);
    }

    @Override
    public int batches() {
        return batches;
    }

    @Override
    public List<Outcome[]> run(List<Params.WithInput> candidates) throws InterruptedException {
        if (candidates.isEmpty()) return List.of();
        String name = String.format("Reduce%04d", ++round);
        List<SiteRuns.Run> runsA = new ArrayList<>();
        List<SiteRuns.Run> runsB = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            Params.WithInput c = candidates.get(i);
            runsA.add(new SiteRuns.Run(c.program(), c.input(), a, optA));
            runsB.add(new SiteRuns.Run(c.program(), c.input(), b, optB));
        }
        batches += eachAlone ? 2 * candidates.size() : 2;
        List<Outcome> outA;
        List<Outcome> outB;
        if (siteA == siteB) {
            List<SiteRuns.Run> both = new ArrayList<>(runsA);
            both.addAll(runsB);
            List<Outcome> all = SiteRuns.run(siteA, name, both, eachAlone);
            outA = all.subList(0, runsA.size());
            outB = all.subList(runsA.size(), all.size());
        } else {
            try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
                Future<List<Outcome>> fb = ex.submit(() -> SiteRuns.run(siteB, name, runsB, eachAlone));
                outA = SiteRuns.run(siteA, name, runsA, eachAlone);
                outB = get(fb);
            }
        }
        List<Outcome[]> out = new ArrayList<>(candidates.size());
        for (int i = 0; i < candidates.size(); i++) out.add(new Outcome[] {outA.get(i), outB.get(i)});
        return out;
    }

    private static List<Outcome> get(Future<List<Outcome>> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            if (e.getCause() instanceof Error er) throw er;
            throw new IllegalStateException(e.getCause());
        }
    }
}
