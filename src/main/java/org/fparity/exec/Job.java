package org.fparity.exec;

import java.util.List;

/**
 * One unit of work for an executor: the programs of one batch, built by one toolchain at one opt level, fed these
 * input lines. The executor may split the batch (a program that does not compile must not take the others with it),
 * so the batch is a list of program ids plus an emitter that can write the source of any subset.
 *
 * @param name       batch name, a valid class name ({@code Batch0007}): Java needs one class per file
 * @param programs   program ids, in batch order
 * @param emitter    writes the source of a batch for {@code toolchain}
 * @param toolchain  the detected toolchain (its exact version is part of the binary's cache key)
 * @param opt        opt level label
 * @param platform   platform id recorded in every outcome of this job
 * @param lines      the runs to do
 * @param site       where it runs ({@code local} or a cluster profile's name), recorded in every outcome
 * @param node       the running node's result-changing facts ({@link Platform#nodeLabel}), or null
 */
public record Job(
        String name,
        List<String> programs,
        BatchEmitter emitter,
        DetectedToolchain toolchain,
        String opt,
        String platform,
        List<Line> lines,
        String site,
        String node) {
    public Job {
        programs = List.copyOf(programs);
        lines = List.copyOf(lines);
        site = site == null || site.isBlank() ? Platform.LOCAL : site;
    }

    /** A job on the local site, on a node without result-changing facts. */
    public Job(
            String name,
            List<String> programs,
            BatchEmitter emitter,
            DetectedToolchain toolchain,
            String opt,
            String platform,
            List<Line> lines) {
        this(name, programs, emitter, toolchain, opt, platform, lines, Platform.LOCAL, null);
    }

    /** One run: a program (by id) and one input (its index among the program's inputs, and its canonical tokens). */
    public record Line(String program, int input, List<String> args) {
        public Line {
            args = List.copyOf(args);
        }
    }

    /** An outcome of this job for one line. */
    public Outcome outcome(Line l, Outcome.Status status, String hex, String detail, long micros) {
        return new Outcome(
                l.program(), l.input(), toolchain.name(), opt, site, node, status, hex, detail, platform, micros);
    }
}
