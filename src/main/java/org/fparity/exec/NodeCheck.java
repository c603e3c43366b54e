package org.fparity.exec;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fparity.FparityError;
import org.fparity.ir.ProgramJson;

/**
 * {@code fparity clusters}: each profile checked where it points: reachable, which Java runs workers there (a JDK >= 25, or
 * fparity's own runtime staged there), which toolchains can
 * compile and run there (detected by a worker there, on a compute node for Slurm), which Slurm partitions it sees.
 */
public final class NodeCheck {
    private NodeCheck() {}

    /** One toolchain as a node saw it. */
    public record Toolchain(
            String name,
            String version,
            boolean canCompile,
            String compileProblem,
            boolean canRun,
            String runProblem) {}

    /** What checking one profile found; {@code runtime} says which Java workers run with there (null when not known); {@code problem} is the first thing that stopped the check, or null. */
    public record Result(
            String name,
            String executor,
            String where,
            String runtime,
            List<String> partitions,
            List<Toolchain> toolchains,
            Map<String, String> facts,
            String problem) {}

    /** The worker side ({@code fparity worker --detect}): descriptors in, one JSON object out. */
    public static String detect(Reader in) throws IOException {
        List<org.fparity.exec.Toolchain> tcs =
                WorkerLine.COMPACT.readValue(in, new TypeReference<List<org.fparity.exec.Toolchain>>() {});
        ObjectNode root = WorkerLine.COMPACT.createObjectNode();
        NodeFacts.collect().forEach(root.putObject("facts")::put);
        ArrayNode arr = root.putArray("toolchains");
        for (org.fparity.exec.Toolchain tc : tcs) {
            DetectedToolchain d = DetectedToolchain.detect(tc);
            arr.addPOJO(new Toolchain(
                    d.name(), d.version(), d.canCompile(), d.compileProblem(), d.canRun(), d.runProblem()));
        }
        return WorkerLine.COMPACT.writeValueAsString(root);
    }

    /** Checks one profile with these toolchain descriptors. */
    public static Result check(ClusterProfile p, List<org.fparity.exec.Toolchain> toolchains)
            throws InterruptedException {
        String where = p.host() == null ? "this machine" : "ssh " + p.host();
        List<String> partitions = List.of();
        String runtime = null;
        if ("local".equals(p.executor())) {
            List<Toolchain> rows = new ArrayList<>();
            for (org.fparity.exec.Toolchain tc : toolchains) {
                DetectedToolchain d = DetectedToolchain.detect(tc);
                rows.add(new Toolchain(
                        d.name(), d.version(), d.canCompile(), d.compileProblem(), d.canRun(), d.runProblem()));
            }
            return new Result(
                    p.name(),
                    p.executor(),
                    where,
                    "this fparity's Java " + Runtime.version().feature() + " at " + System.getProperty("java.home"),
                    partitions,
                    rows,
                    NodeFacts.collect(),
                    null);
        }
        try (Shell shell = p.host() == null ? new LocalShell(p.setup()) : new SshShell(p.host(), p.ssh(), p.setup())) {
            if ("slurm".equals(p.executor())) {
                Shell.Result r = shell.run(List.of("sinfo", "-h", "-o", "%P %a %D %T"), null, 60);
                if (shell.connectionLost(r))
                    return new Result(
                            p.name(),
                            p.executor(),
                            where,
                            runtime,
                            partitions,
                            List.of(),
                            Map.of(),
                            "cannot reach it: " + Commands.firstLine(r));
                if (!r.ok())
                    return new Result(
                            p.name(),
                            p.executor(),
                            where,
                            runtime,
                            partitions,
                            List.of(),
                            Map.of(),
                            "Slurm does not answer: " + SlurmExecutor.slurmError(r));
                partitions = r.out()
                        .lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .toList();
            }
            Staging.NodeJava nodeJava = Staging.nodeJava(shell, p.name(), p.java(), p.workdir(), s -> {});
            runtime = nodeJava.description();
            List<String> cp = Staging.stage(shell, p.workdir(), s -> {});
            List<String> argv = new ArrayList<>();
            if ("slurm".equals(p.executor())) {
                // Detected on a compute node, where jobs will run, not on the login node.
                argv.addAll(List.of("srun", "--quiet", "--ntasks=1", "--time=0:10:00"));
                if (p.slurm().partition() != null)
                    argv.add("--partition=" + p.slurm().partition());
                if (p.slurm().account() != null)
                    argv.add("--account=" + p.slurm().account());
                if (p.slurm().qos() != null) argv.add("--qos=" + p.slurm().qos());
                if (p.slurm().gres() != null) argv.add("--gres=" + p.slurm().gres());
            }
            argv.addAll(Staging.workerArgv(nodeJava.command(), cp, List.of("-", "--detect")));
            Shell.Result r = shell.run(argv, ProgramJson.MAPPER.writeValueAsBytes(toolchains), 600);
            if (!r.ok())
                return new Result(
                        p.name(),
                        p.executor(),
                        where,
                        runtime,
                        partitions,
                        List.of(),
                        Map.of(),
                        "detection failed there: " + Commands.firstLine(r));
            String json = r.out()
                    .lines()
                    .filter(l -> l.startsWith("{"))
                    .reduce((a, b) -> b)
                    .orElse("{}");
            var node = WorkerLine.COMPACT.readTree(json);
            List<Toolchain> rows =
                    WorkerLine.COMPACT.convertValue(node.path("toolchains"), new TypeReference<List<Toolchain>>() {});
            Map<String, String> facts =
                    WorkerLine.COMPACT.convertValue(node.path("facts"), new TypeReference<Map<String, String>>() {});
            return new Result(
                    p.name(),
                    p.executor(),
                    where,
                    runtime,
                    partitions,
                    rows == null ? List.of() : rows,
                    facts == null ? Map.of() : facts,
                    null);
        } catch (FparityError e) {
            return new Result(
                    p.name(),
                    p.executor(),
                    where,
                    runtime,
                    partitions,
                    List.of(),
                    Map.of(),
                    e.getMessage().replaceFirst("^cluster " + java.util.regex.Pattern.quote(p.name()) + ": ", ""));
        } catch (IOException e) {
            return new Result(p.name(), p.executor(), where, runtime, partitions, List.of(), Map.of(), e.getMessage());
        }
    }
}
