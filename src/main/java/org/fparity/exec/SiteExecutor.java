package org.fparity.exec;

import java.util.List;
import java.util.function.Consumer;

/**
 * Runs job documents at one site (this machine, a host over ssh, a Slurm cluster) and delivers what its workers wrote:
 * platform records and outcomes, each outcome as soon as it arrives. A line may be delivered twice after a retry;
 * the caller keeps the first (one outcome per run). Every line of every job ends as an outcome.
 */
public interface SiteExecutor extends AutoCloseable {
    /** The site's name: what its outcomes record. */
    String site();

    /**
     * @param status one-line progress of this site ({@code queued 3 running 2 done 5}), called now and then
     */
    void execute(List<JobSpec> jobs, Consumer<WorkerLine> sink, Consumer<String> status) throws InterruptedException;

    /**
     * Whether this site takes a campaign's jobs a window of batches at a time (a site that runs them in this process,
     * whose memory holds them) rather than all at once (a remote site, whose queue spreads them over its nodes).
     */
    default boolean windowed() {
        return false;
    }

    @Override
    default void close() {}
}
