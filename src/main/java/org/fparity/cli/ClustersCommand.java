package org.fparity.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.fparity.ExitCode;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.Clusters;
import org.fparity.exec.NodeCheck;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code fparity clusters [NAME…]}: lists the cluster profiles and checks each where it points. */
@Command(
        name = "clusters",
        mixinStandardHelpOptions = true,
        description =
                "List the cluster profiles (runners/clusters) and check each: reachable, which Java runs workers there (a JDK >= 25, or fparity's own runtime, staged), toolchains that compile and run there, Slurm partitions.")
public final class ClustersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "NAME", arity = "0..*", description = "Profiles to check (default: all).")
    List<String> names;

    @Override
    public Integer call() throws Exception {
        PrintWriter o = spec.commandLine().getOut();
        Clusters cs = Clusters.load(Clusters.defaultDir(), System.getenv());
        Toolchains tcs = Toolchains.load(Toolchains.defaultDir());
        List<String> which = names == null || names.isEmpty() ? new ArrayList<>(cs.names()) : names;
        if (names == null || names.isEmpty()) cs.problems().forEach((k, v) -> o.println(k + ": cannot load: " + v));
        boolean bad = !cs.problems().isEmpty() && (names == null || names.isEmpty());
        for (String n : which) {
            ClusterProfile p = cs.get(n);
            List<Toolchain> wanted = p.toolchains().isEmpty()
                    ? tcs.all()
                    : p.toolchains().stream().map(tcs::get).toList();
            NodeCheck.Result r = NodeCheck.check(p, wanted);
            o.println(r.name() + " (" + r.executor() + ", " + r.where()
                    + (p.workdir() == null ? "" : ", workdir " + p.workdir()) + ")");
            if (r.runtime() != null) o.println("  runtime: " + r.runtime());
            if (!r.partitions().isEmpty()) o.println("  partitions: " + String.join("; ", r.partitions()));
            if (r.problem() != null) {
                o.println("  problem: " + r.problem());
                bad = true;
                continue;
            }
            o.println("  node: " + r.facts().getOrDefault("hostname", "?") + ", "
                    + r.facts().getOrDefault("cpu", "?") + ", Java " + r.facts().getOrDefault("java", "?"));
            for (NodeCheck.Toolchain t : r.toolchains()) {
                o.printf(
                        "  %-14s %-9s %-9s %s%n",
                        t.name(),
                        t.canCompile() ? "compiles" : "-",
                        t.canRun() ? "runs" : "-",
                        t.canCompile() ? (t.canRun() ? t.version() : t.runProblem()) : t.compileProblem());
            }
        }
        o.flush();
        return bad ? ExitCode.MISSING_TOOL.code() : ExitCode.OK.code();
    }
}
