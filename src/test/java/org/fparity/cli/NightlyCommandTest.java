package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A broken nightly configuration is exit 2 with one line naming the file and the field, before anything runs. */
class NightlyCommandTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"seed\": \"tuesday\"}| seed: must be an integer or \"date\"",
                "{\"programs\": 0}| programs: must be a positive integer, is 0",
                "{\"reruns\": -1}| reruns: must be an integer from 0 to 100, is -1",
                "{\"clusters\": []}| clusters: must be a non-empty array of cluster profile names or inline profiles",
                "{\"clusters\": [{\"name\": \"gpu\", \"executor\": \"ssh\", \"workdir\": \"/w\"}]}| clusters: 'gpu': an ssh profile needs \"host\"",
                "{\"clusters\": [{\"name\": \"gpu\", \"executor\": \"ssh\", \"host\": \"h\"}]}| clusters: 'gpu': \"workdir\" (the remote work folder) is needed",
                "{\"clusters\": [{\"name\": \"gpu\", \"hosst\": \"h\"}]}| clusters: 'gpu': ",
                "{\"clusters\": [\"nosuch\"], \"clusters_dir\": \".\"}| clusters: unknown cluster 'nosuch' (profiles in ",
                "{\"clusters\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}| clusters: 'a' is listed twice",
                "{\"programz\": 3}| programz: unknown field (known: batch, clusters, clusters_dir, description, history, inputs, jobs, opt, policy, precision, programs, reruns, seed, toolchain_dir, toolchains, triage)",
                "{\"triage\": \"yes\"}| triage: must be true or false, is \"yes\"",
                "{\"policy\": \"no-policy.json\"}| policy: ",
                "{\"policy\": \"nightly.json\"}| policy: ",
                "{\"precision\": \"fp128\"}| precision: ",
                "[1, 2]| expected a JSON object",
                "{\"seed\": 1,| malformed JSON: ",
            })
    void aBrokenConfigIsExit2WithOneLine(String json, String expected) throws IOException {
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, json);
        Cli.Run r = Cli.fparity("nightly", "--config", cfg.toString());
        assertEquals(2, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertEquals(true, r.err().startsWith("fparity: " + cfg + ": " + expected.strip()), r.err());
        assertFalse(Files.exists(tmp.resolve("history")), "nothing ran");
    }

    @ParameterizedTest
    @CsvSource({"2026-13-01", "tomorrow"})
    void aBadDateIsExit2(String date) throws IOException {
        Path cfg = tmp.resolve("nightly.json");
        Files.writeString(cfg, "{}");
        Cli.Run r = Cli.fparity("nightly", "--config", cfg.toString(), "--date", date);
        assertEquals(2, r.exit());
        assertEquals("fparity: --date '" + date + "': expected YYYY-MM-DD\n", r.err());
    }

    @org.junit.jupiter.api.Test
    void aMissingConfigIsExit2() {
        Cli.Run r = Cli.fparity("nightly", "--config", tmp.resolve("none.json").toString());
        assertEquals(2, r.exit());
        assertEquals("fparity: " + tmp.resolve("none.json") + ": not found\n", r.err());
    }
}
