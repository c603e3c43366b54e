package org.fparity.exec;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.fparity.ir.HexFloat;

/**
 * What one run of one (program, input) on one platform produced. Written as one JSON line to {@code outcomes.jsonl}.
 *
 * @param program   the program's stable id ({@link org.fparity.ir.Program#id()})
 * @param input     index of the input in the campaign's inputs for that program
 * @param toolchain toolchain name ({@code gcc}, {@code clang-19}, {@code nvcc-sm80} …)
 * @param opt       opt level label ({@code O0 O1 O2 O3 O3_FM}, or a toolchain's extra level such as {@code nofma})
 * @param site      where it ran: {@code local} or a cluster profile's name (a line without one, written before sites
 *                  existed, means {@code local})
 * @param node      the node's result-changing facts ({@link Platform#nodeLabel}), null on a node without any
 * @param status    how the run ended
 * @param hex       the result as glibc {@code %a} text when {@code status == OK}, else null
 * @param detail    compiler message, signal, timeout, harness error; null when OK
 * @param platform  id of the platform record (toolchain, exact compiler version string, flags, host) in campaign.json
 * @param micros    wall time of the run in microseconds (0 when not measured)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "program",
    "input",
    "toolchain",
    "opt",
    "site",
    "node",
    "status",
    "hex",
    "detail",
    "platform",
    "micros"
})
public record Outcome(
        String program,
        int input,
        String toolchain,
        String opt,
        String site,
        String node,
        Status status,
        String hex,
        String detail,
        String platform,
        long micros) {

    public Outcome {
        site = site == null || site.isBlank() ? Platform.LOCAL : site;
        node = node == null || node.isBlank() ? null : node;
    }

    /** An outcome on the local site, on a node without result-changing facts. */
    public Outcome(
            String program,
            int input,
            String toolchain,
            String opt,
            Status status,
            String hex,
            String detail,
            String platform,
            long micros) {
        this(program, input, toolchain, opt, Platform.LOCAL, null, status, hex, detail, platform, micros);
    }

    /** How a run ended. Everything is an outcome: nothing is silently dropped. */
    public enum Status {
        /** Printed a result. */
        OK,
        /** The batch source did not compile; {@code detail} has the compiler's message. */
        COMPILE_ERROR,
        /** Ran past the per-run timeout; its process tree was killed. */
        TIMEOUT,
        /** Died (signal or abnormal exit) on this input; {@code detail} names the signal. */
        CRASH,
        /** The harness rejected the input or failed ({@code index error …}). */
        HARNESS_ERROR,
        /** Compiled, but this machine cannot run it (no GPU, no driver, no OpenCL platform); {@code detail} says why. */
        CANNOT_RUN
    }

    /** The same result recorded as program {@code id}'s input {@code index} (what merge renames). */
    public Outcome at(String id, int index) {
        return new Outcome(id, index, toolchain, opt, site, node, status, hex, detail, platform, micros);
    }

    /** The result as a double (FP32 results are exact doubles); NaN when there is no result. */
    @JsonIgnore
    public double value() {
        return hex == null ? Double.NaN : HexFloat.parse(hex);
    }

    /** The platform it ran on, node facts included: what compare tells apart. */
    @JsonIgnore
    public Platform platformKey() {
        return new Platform(toolchain, opt, site, node);
    }

    /**
     * Identity of the run: one outcome per (program, input, toolchain, opt, site), spelled
     * {@code program/input/gcc@O2@local}. The node is left out: a run is planned (and resumed) before anyone knows which
     * node will take it.
     */
    @JsonIgnore
    public String key() {
        // key(program, input, platformKey()) without the two keys and the id made on the way (one per outcome read)
        Platform.requireNames(toolchain, opt);
        return program + "/" + input + "/" + Platform.key(toolchain, opt, site);
    }

    /** {@link #key()} of a run of {@code program} on {@code input} planned for {@code platform}. */
    public static String key(String program, int input, Platform platform) {
        // platform.planned().key(): the site always, the node never
        return program + "/" + input + "/" + Platform.key(platform.toolchain(), platform.opt(), platform.site());
    }
}
