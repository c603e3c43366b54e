package org.fparity.run;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.fparity.exec.BatchEmitter;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.JobSpec;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Worker;
import org.fparity.exec.WorkerLine;

/**
 * This machine as a site ({@code run} without {@code --cluster}, or a profile with executor {@code local}): job
 * documents run by a worker inside this process. In-process rather than a child {@code fparity worker}: the same
 * worker without a second JVM's start, nor the job document written and read back (measured in the engine's commit).
 * The worker is kept, so toolchains and node facts are detected once however many windows of jobs it gets.
 */
public final class LocalSite implements SiteExecutor {
    private final String site;
    private final BinaryCache cache;
    private final Worker worker;

    public LocalSite(String site, BinaryCache cache, int workers, Consumer<String> log) {
        this.site = site;
        this.cache = cache;
        this.worker = new Worker(cache, Math.max(1, workers), Emitters::forToolchain, log);
    }

    /** A site whose batches {@code emitters} writes as is (fixture sources that are not fparity programs, a profile's own). */
    public LocalSite(
            String site,
            BinaryCache cache,
            int workers,
            Consumer<String> log,
            Function<JobSpec, BatchEmitter> emitters) {
        this.site = site;
        this.cache = cache;
        this.worker = new Worker(cache, Math.max(1, workers), emitters, log);
    }

    @Override
    public String site() {
        return site;
    }

    /**
     * This site with {@code here} as its toolchains' detection (made in this process, for this machine), so that its
     * worker does not probe them again.
     */
    public LocalSite detected(List<org.fparity.exec.DetectedToolchain> here) {
        here.forEach(worker::know);
        return this;
    }

    /** Its build cache (compiles counted there). */
    public BinaryCache cache() {
        return cache;
    }

    /** In-process: jobs are handed over a window at a time, so memory holds a few batches' jobs, not a campaign's. */
    @Override
    public boolean windowed() {
        return true;
    }

    @Override
    public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status)
            throws InterruptedException {
        if (jobs.isEmpty()) return;
        status.accept("running");
        worker.run(jobs, sink);
    }
}
