package org.fparity.nightly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;
import org.fparity.FparityError;
import org.fparity.exec.SiteExecutor;
import org.fparity.run.LocalSite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A night's triage runs a cluster's experiments at the cluster as the night's config names it: a profile of its
 * {@code clusters_dir} (or inline), which the default profiles folder does not hold; a site the config has not is exit
 * 3.
 */
class NightlyTriageSitesTest {
    @TempDir
    Path tmp;

    @Test
    void aClusterOfTheConfigsOwnProfilesFolderIsWhereItsExperimentsRun() throws Exception {
        Files.createDirectories(tmp.resolve("clusters"));
        Files.writeString(tmp.resolve("clusters/alpha.json"), """
                {"name": "alpha", "description": "this machine as site alpha", "executor": "local"}
                """);
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, """
                {"seed": 42, "programs": 3, "inputs": 2, "precision": "fp64", "opt": ["O0"], "toolchains": ["gcc"],
                 "clusters": ["alpha", {"name": "beta", "executor": "local"}], "clusters_dir": "clusters",
                 "history": "history", "jobs": 1}
                """);
        Function<String, SiteExecutor> sites =
                Nightly.triageSites(NightlyConfig.load(cfg), tmp.resolve("campaign"), s -> {});
        try (SiteExecutor alpha = sites.apply("alpha");
                SiteExecutor beta = sites.apply("beta")) {
            assertEquals("alpha", alpha.site());
            assertEquals(LocalSite.class, alpha.getClass());
            assertEquals("beta", beta.site());
        }
        FparityError e = assertThrows(FparityError.class, () -> sites.apply("gamma"));
        assertEquals(3, e.exitCode());
        assertEquals("no cluster 'gamma' in the night's config", e.getMessage());
    }
}
