package org.fparity.exec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.fparity.ir.ProgramJson;

/**
 * The platform record of a detected toolchain at an opt level on a node, as campaign.json stores it, made where the
 * toolchain was detected (by the worker on a cluster node, or here for a local run), so its version and node facts are
 * that node's.
 */
public final class PlatformRecords {
    private PlatformRecords() {}

    /**
     * Its id is the platform's short label and a hash of everything that makes results what they are; a local platform
     * without node facts hashes exactly as before sites existed, so older campaigns resume onto the same ids.
     */
    public static ObjectNode of(DetectedToolchain dt, String opt, String site, Map<String, String> facts) {
        Toolchain tc = dt.toolchain();
        List<String> compile = tc.compileArgv(opt, "{src}", "{bin}", "{class}");
        List<String> run = tc.runArgv(opt, "{bin}", "{class}");
        String version = dt.version() == null ? "(not found: " + dt.compileProblem() + ")" : dt.version();
        String hostname = facts.get("hostname");
        Platform key = new Platform(tc.name(), opt, site, Platform.nodeLabel(facts, tc.lang()));
        String hashed =
                tc.name() + "\0" + opt + "\0" + version + "\0" + compile + "\0" + run + "\0" + new TreeMap<>(tc.env())
                        + "\0" + hostname + (key.isPlain() ? "" : "\0" + key.site() + "\0" + key.node());
        ObjectNode n = ProgramJson.MAPPER.createObjectNode();
        n.put(
                "id",
                key.label() + "-" + org.fparity.util.Hashes.sha256Hex(hashed).substring(0, 8));
        n.put("toolchain", tc.name());
        n.put("opt", opt);
        n.put("site", key.site());
        if (key.node() != null) n.put("node", key.node());
        n.put("language", tc.language());
        n.put("version", version);
        compile.forEach(n.putArray("compile")::add);
        run.forEach(n.putArray("run")::add);
        if (tc.deviceOnly() != null) {
            // what really built the batches: kernels only, run by the cached loader. Not hashed: the kernels are the
            // executable form's instruction for instruction (GpuLoaderToolsTest), so the results are the same
            // platform's
            tc.deviceForm().compileArgv(opt, "{src}", "{bin}", "{class}").forEach(n.putArray("deviceCompile")::add);
            n.put(
                    "loader",
                    tc.deviceOnly().inProcess()
                            ? "jcuda: in process (JCuda driver API, one input per thread)"
                            : tc.deviceOnly().loader() + ": "
                                    + String.join(" ", tc.deviceOnly().loaderArgv()));
        }
        if (!tc.env().isEmpty()) new TreeMap<>(tc.env()).forEach(n.putObject("env")::put);
        if (hostname != null) n.put("host", hostname);
        new TreeMap<>(facts).forEach(n.putObject("facts")::put);
        return n;
    }
}
