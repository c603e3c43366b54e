package org.fparity.attribution;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.fparity.ExitCode;
import org.fparity.FparityError;
import org.fparity.confirm.Side;
import org.fparity.exec.Platform;
import org.fparity.exec.SiteExecutor;
import org.fparity.exec.Toolchain;

/**
 * Where a campaign's experiments run: a platform's experiments at the site that ran it, built with the flags the
 * campaign recorded there (the same toolchain name may be {@code -O2 -ffast-math} at one cluster and
 * {@code -O2 -ffp-contract=off} at another). This machine's platforms go to {@code here} ({@link LocalExperiments}); a
 * cluster's to its executor ({@link SiteExperiments}), opened when first needed and closed with this. A site that
 * cannot be opened is an error with exit 3, before any of its units is decided.
 */
final class ExperimentSites implements AutoCloseable {
    /** A platform the campaign recorded: its toolchain, opt level, site and compile command (placeholders kept). */
    record Recorded(String toolchain, String opt, String site, List<String> compile) {}

    private final ExperimentRunner here;
    private final Function<String, SiteExecutor> open;
    private final Function<String, Toolchain> local;
    private final Function<String, FlagModel> models;
    private final List<Recorded> recorded;
    private final Map<String, SiteExperiments> remote = new LinkedHashMap<>();
    private final List<SiteExecutor> executors = new ArrayList<>();
    private final Map<String, Toolchain> descriptors = new HashMap<>();

    /**
     * @param here     the runner for this machine's platforms
     * @param open     the executor of a site by name (a cluster profile's); may throw {@link FparityError}
     * @param local    this machine's descriptor of a toolchain name
     * @param recorded the platforms the campaign recorded (their compile commands give each site's flags)
     */
    ExperimentSites(
            ExperimentRunner here,
            Function<String, SiteExecutor> open,
            Function<String, Toolchain> local,
            Function<String, FlagModel> models,
            List<Recorded> recorded) {
        this.here = here;
        this.open = open;
        this.local = local;
        this.models = models;
        this.recorded = List.copyOf(recorded);
    }

    static boolean local(String site) {
        return site == null || site.equals(Platform.LOCAL);
    }

    /** The runner for a site's platforms. */
    ExperimentRunner runner(String site) {
        if (local(site)) return here;
        SiteExperiments r = remote.get(site);
        if (r == null) {
            SiteExecutor ex;
            try {
                ex = open.apply(site);
            } catch (FparityError e) {
                throw new FparityError(
                        "site " + site + " cannot be reached for triage's experiments: " + e.getMessage()
                                + "; a rerun resumes",
                        ExitCode.MISSING_TOOL);
            }
            executors.add(ex);
            r = new SiteExperiments(ex, n -> descriptor(site, n), models);
            remote.put(site, r);
        }
        return r;
    }

    /**
     * A toolchain as a site built it: this machine's descriptor with each opt level's flags as the campaign recorded
     * them at that site ({@link Side#descriptor}: a recorded command that differs in more than the opt flags is refused).
     */
    Toolchain descriptor(String site, String toolchain) {
        if (local(site)) return local.apply(toolchain);
        return descriptors.computeIfAbsent(site + "\u0000" + toolchain, k -> {
            Toolchain tc = local.apply(toolchain);
            for (Recorded p : recorded) {
                if (p.toolchain().equals(toolchain) && site.equals(p.site()) && p.compile() != null)
                    tc = new Side(new Platform(toolchain, p.opt(), site, null), p.compile()).descriptor(tc);
            }
            return tc;
        });
    }

    /** Batch builds at every site so far. */
    int builds() {
        return here.builds()
                + remote.values().stream().mapToInt(ExperimentRunner::builds).sum();
    }

    /** Experiments run at every site so far. */
    int runs() {
        return here.runs()
                + remote.values().stream().mapToInt(ExperimentRunner::runs).sum();
    }

    @Override
    public void close() {
        for (SiteExecutor ex : executors) ex.close();
    }
}
