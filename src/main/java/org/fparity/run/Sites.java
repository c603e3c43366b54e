package org.fparity.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.function.Consumer;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.exec.BinaryCache;
import org.fparity.exec.ClusterProfile;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.SlurmExecutor;
import org.fparity.exec.SshExecutor;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;

/** The executors of a campaign's sites, from their cluster profiles. */
public final class Sites {
    private Sites() {}

    /**
     * The toolchains to use at a site: those its profile names, else those named on the command line. Nothing is
     * detected here: whether a toolchain can compile and run is the node's to say, in its outcomes.
     */
    public static List<Toolchain> toolchains(ClusterProfile p, Toolchains tcs, List<String> named) {
        boolean auto = named.size() == 1 && named.getFirst().equals("auto");
        List<String> names = !p.toolchains().isEmpty() ? p.toolchains() : auto ? List.of() : named;
        if (names.isEmpty()) {
            throw new FparityError("cluster " + p.name()
                    + ": name the toolchains to run there (--toolchains gcc,java, or \"toolchains\" in its profile); "
                    + "'auto' would detect them on this machine, not there");
        }
        List<Toolchain> out = new ArrayList<>();
        for (String n : new LinkedHashSet<>(names)) out.add(tcs.get(n.strip()));
        return out;
    }

    /** A toolchain not detected on this machine (a cluster's): only its descriptor counts, e.g. for its opt levels. */
    public static DetectedToolchain undetected(Toolchain tc) {
        return new DetectedToolchain(tc, null, true, null, true, null);
    }

    /** The executor for one profile; a Slurm one keeps its state in the campaign folder. */
    public static SiteExecutor open(ClusterProfile p, Path campaignDir, int workers, Consumer<String> log) {
        try {
            return switch (p.executor()) {
                case "local" ->
                    new LocalSite(
                            p.name(),
                            new BinaryCache(campaignDir.resolve("build")),
                            p.workers() != null ? p.workers() : workers,
                            log);
                case "ssh" -> new SshExecutor(p, log);
                case "slurm" ->
                    new SlurmExecutor(
                            p,
                            campaignDir.resolve("clusters").resolve(p.name()),
                            tag(campaignDir),
                            Toolchains.defaultDir().resolveSibling("slurm").resolve("array.sbatch"),
                            log);
                default -> throw new FparityError("cluster " + p.name() + ": unknown executor " + p.executor());
            };
        } catch (IOException e) {
            throw new FparityError(
                    "cluster " + p.name() + ": " + org.fparity.FparityError.reason(e), ExitCode.IO_FAILURE);
        }
    }

    /** A short tag naming a campaign's files and jobs in a shared work folder: a hash of its folder's absolute path. */
    static String tag(Path dir) {
        return "c"
                + org.fparity.util.Hashes.sha256Hex(
                                dir.toAbsolutePath().normalize().toString())
                        .substring(0, 10);
    }
}
