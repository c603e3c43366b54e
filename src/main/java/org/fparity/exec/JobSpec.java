package org.fparity.exec;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * A job as data: everything a node needs to turn it into outcomes, with nothing of the machine that planned it (no
 * detected version, no closure, no local path). {@code fparity worker} reads these; the local, ssh and Slurm executors
 * only differ in how they get there.
 *
 * @param name      batch name, a valid class name ({@code Batch64_0007})
 * @param site      where it is meant to run ({@code local} or a cluster profile's name), recorded in every outcome
 * @param toolchain the toolchain descriptor itself (detection, can-compile and can-run happen on the node)
 * @param opt       opt level label
 * @param programs  the batch's programs in batch order, as canonical text; in a job document ({@link Worker#write}) only
 *                  the first job of each batch names them, the batch's other jobs (other toolchains and opt levels)
 *                  leave them out and get them from that one when read ({@link Worker#read}); a document for a site
 *                  names them by key in the site's program store ({@link ProgramBlobs}) instead of carrying their text
 * @param lines     the runs to do; in a job document, left out of a batch's later job when they are its first job's
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"schema", "name", "site", "opt", "toolchain", "lines", "programs"})
public record JobSpec(
        int schema,
        String name,
        String site,
        Toolchain toolchain,
        String opt,
        List<ProgramText> programs,
        List<Job.Line> lines) {
    /**
     * Layout version; a worker refuses a newer one. History: 1 = every job carries its programs' text; 2 = a job document
     * carries each batch's text (and input lines, where they are the same) once, in the batch's first job; 3 = a job
     * document may name its programs by key in the site's program store ({@code stored}) and its runs by input index
     * ({@code runs}), their inputs' tokens being in the store too.
     */
    public static final int SCHEMA = 3;

    public JobSpec {
        site = site == null || site.isBlank() ? Platform.LOCAL : site;
        programs = programs == null ? List.of() : List.copyOf(programs);
        lines = lines == null ? List.of() : List.copyOf(lines);
    }

    /**
     * One program of the batch: its id, its canonical form and, where known, its inputs' tokens by index (what a site's
     * program store keeps with the text, so that a job document names runs by input index alone).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record ProgramText(String id, String source, List<List<String>> inputs) {
        public ProgramText {
            inputs = inputs == null ? null : inputs.stream().map(List::copyOf).toList();
        }

        /** A program whose inputs the job's lines carry. */
        public ProgramText(String id, String source) {
            this(id, source, null);
        }
    }

    /** The same job with only {@code keep} of its lines (what is left after a node died). */
    public JobSpec withLines(List<Job.Line> keep) {
        return new JobSpec(schema, name, site, toolchain, opt, programs, keep);
    }

    /** The identity of a run of this job ({@link Outcome#key}). */
    public String key(Job.Line l) {
        return Outcome.key(l.program(), l.input(), new Platform(toolchain.name(), opt, site, null));
    }
}
