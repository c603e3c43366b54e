package org.fparity.exec;

import java.util.List;
import java.util.function.Consumer;

/**
 * Where builds and runs happen. The local executor runs processes on this machine; ssh and Slurm executors implement
 * the same contract: every line of every job yields exactly one outcome, delivered to {@code sink} as soon as it is
 * known (the sink persists it, so a killed campaign loses nothing that was delivered).
 */
public interface Executor extends AutoCloseable {
    /** Builds and runs every job; returns when all their outcomes were delivered. {@code sink} must be thread-safe. */
    void execute(List<Job> jobs, Consumer<Outcome> sink) throws InterruptedException;

    /** Short description for logs, e.g. {@code local (2 workers)}. */
    String describe();

    @Override
    default void close() {}
}
