package org.fparity.nightly;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/** The CI examples in runners/ci work as written: valid YAML of the right shape, valid bash, real options and files. */
class CiExamplesTest {
    static final Path CI = Path.of("runners/ci/gitlab-ci.yml");

    @SuppressWarnings("unchecked")
    static Map<String, Object> job() throws IOException {
        Map<String, Object> doc = new Yaml().load(Files.readString(CI));
        assertEquals(List.of("nightly"), doc.get("stages"));
        return (Map<String, Object>) doc.get("fparity-nightly");
    }

    @Test
    @SuppressWarnings("unchecked")
    void theGitlabJobRunsNightlyOnAJacamarLoginRunnerAndPublishesJunitAlways() throws IOException {
        Map<String, Object> job = job();
        assertEquals("nightly", job.get("stage"));
        assertEquals(List.of("jacamar", "login", "shell"), job.get("tags"));
        List<Map<String, Object>> rules = (List<Map<String, Object>>) job.get("rules");
        assertEquals("$CI_PIPELINE_SOURCE == \"schedule\"", rules.getFirst().get("if"));
        Map<String, Object> artifacts = (Map<String, Object>) job.get("artifacts");
        assertEquals("always", artifacts.get("when"));
        Map<String, Object> reports = (Map<String, Object>) artifacts.get("reports");
        assertEquals("ci-report/junit.xml", reports.get("junit"));
        assertEquals("ci-report/metrics.txt", reports.get("metrics"));
        assertEquals(List.of("ci-report/"), artifacts.get("paths"));
        String script = String.join("\n", (List<String>) job.get("script"));
        assertTrue(
                script.contains(
                        "bin/fparity nightly --config \"$FPARITY_CONFIG\" --history \"$FPARITY_HISTORY\" --date \"$night\""),
                script);
        assertTrue(script.contains("exit $verdict"), "the job's status is the nightly's verdict");
        // the config it names exists and is a valid nightly config
        Map<String, Object> vars =
                (Map<String, Object>) ((Map<String, Object>) new Yaml().load(Files.readString(CI))).get("variables");
        NightlyConfig.load(Path.of((String) vars.get("FPARITY_CONFIG")));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theJobScriptIsValidBash() throws Exception {
        Assumptions.assumeTrue(Executables.find("bash") != null, "bash not installed");
        String script = String.join("\n", (List<String>) job().get("script"));
        Path f = Files.createTempFile("gitlab-script", ".sh");
        try {
            Files.writeString(f, script + "\n");
            Processes.Captured c = Processes.command("bash", "-n", f.toString())
                    .mergeStderr()
                    .timeoutSeconds(30)
                    .capture();
            assertEquals(0, c.result().exitCode(), c.stdout());
        } finally {
            Files.deleteIfExists(f);
        }
    }

    @Test
    void theCronLineHasFiveTimeFieldsAndNamesRealFiles() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("runners/ci/crontab")).stream()
                .filter(l -> !l.isBlank() && !l.startsWith("#") && !l.contains("="))
                .toList();
        assertEquals(1, lines.size(), lines.toString());
        String[] f = lines.getFirst().split("\\s+", 6);
        assertEquals("30 1 * * *", String.join(" ", f[0], f[1], f[2], f[3], f[4]));
        assertTrue(f[5].contains("bin/fparity nightly --config runners/nightly/nightly.json"), f[5]);
        assertTrue(Files.isRegularFile(Path.of("runners/nightly/nightly.json")));
        assertTrue(Files.isExecutable(Path.of("bin/fparity")));
    }
}
