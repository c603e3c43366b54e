package org.fparity.campaign;

import java.util.List;
import java.util.function.Consumer;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.JobSpec;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Worker;
import org.fparity.exec.WorkerLine;

/** A profile with executor {@code local}: job documents run by a worker inside this process, on this machine. */
public final class LocalSite implements SiteExecutor {
    private final String site;
    private final BinaryCache cache;
    private final int workers;
    private final Consumer<String> log;

    public LocalSite(String site, BinaryCache cache, int workers, Consumer<String> log) {
        this.site = site;
        this.cache = cache;
        this.workers = workers;
        this.log = log;
    }

    @Override
    public String site() {
        return site;
    }

    @Override
    public void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status) throws InterruptedException {
        if (jobs.isEmpty()) return;
        status.accept("running");
        new Worker(cache, workers, Emitters::forToolchain, log).run(jobs, sink);
    }
}
