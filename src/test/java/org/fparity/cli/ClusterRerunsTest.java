package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fparity.campaign.Campaign;
import org.fparity.compare.DiscrepantCases;
import org.fparity.exec.Outcome;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run --cluster} checks platforms for run-to-run stability as a local run does: every case that disagrees is
 * rerun at the site that ran it, the reruns are kept in {@code reruns-K.jsonl}, and a platform whose answer changes is
 * unstable, not a discrepancy. Exercised through the built-in {@code local} cluster profile (the same cluster runner and
 * job documents as ssh and Slurm sites) with two harnesses that compile nothing: {@code one} answers 1 every time,
 * {@code noisy} one of eight values at random, drawn afresh in every process.
 */
class ClusterRerunsTest {
    @TempDir
    Path tmp;

    private Path toolchains() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        Files.copy(ProgramStoreCampaignTest.TOOLCHAINS.resolve("one.json"), dir.resolve("one.json"));
        Path awk = dir.resolve("noisy.awk");
        Files.writeString(awk, "BEGIN { srand(s) }\n{ printf \"%s 0x1.%xp+0 1\\n\", $1, int(rand() * 8); fflush() }\n");
        Path cc = dir.resolve("noisy-cc.sh");
        Files.writeString(cc, "cp '" + awk + "' \"$3\"\n");
        Files.writeString(dir.resolve("noisy.json"), """
                {
                  "name": "noisy",
                  "description": "a test toolchain: one of 1, 1 + 1/16 … 1 + 7/16 at random for every input line",
                  "language": "C",
                  "extension": "c",
                  "compile": ["sh", "%s", "{opt}", "{src}", "{bin}"],
                  "opt": {"O0": ["-O0"]},
                  "run": ["sh", "-c", "exec awk -v s=\\"$(od -An -N4 -tu4 /dev/urandom)\\" -f \\"$0\\"", "{bin}"],
                  "version": [["awk", "-W", "version"]]
                }
                """.formatted(cc));
        return dir;
    }

    @Test
    void clusterRunsRerunTheCasesThatDisagreeAtTheirSiteAndTellUnstablePlatformsApart() throws Exception {
        Path tcs = toolchains();
        Path dir = tmp.resolve("c");
        String[] args = {
            "run",
            "--cluster",
            "local",
            "--programs",
            "5",
            "--inputs",
            "2",
            "--seed",
            "5",
            "--toolchains",
            "one,noisy",
            "--opt",
            "O0",
            "--toolchain-dir",
            tcs.toString(),
            "--jobs",
            "1",
            "--no-report",
            "--out",
            dir.toString()
        };
        Cli.Run r = Cli.fparity(args);
        assertEquals(0, r.exit(), r.err());
        Campaign c = Campaign.load(dir);
        assertEquals(20, c.outcomes().size());
        Set<String> cases = DiscrepantCases.disagreeingCases(c.outcomes());
        assertTrue(!cases.isEmpty(), "noisy agreed with one on every case: " + c.outcomes());
        Map<String, String> first = new HashMap<>();
        for (Outcome o : c.outcomes()) first.put(o.key(), o.hex());

        List<List<Outcome>> reruns = c.reruns();
        assertEquals(2, reruns.size(), "reruns-1.jsonl and reruns-2.jsonl");
        for (List<Outcome> attempt : reruns) {
            // each disagreeing case once per platform (both printed a result), at the site that ran it
            assertEquals(2 * cases.size(), attempt.size(), attempt.toString());
            Set<String> keys = new HashSet<>();
            for (Outcome o : attempt) {
                assertTrue(cases.contains(o.program() + "/" + o.input()), o.toString());
                assertEquals("local", o.site());
                assertTrue(first.containsKey(o.key()), o.toString());
                if (o.toolchain().equals("one")) assertEquals(first.get(o.key()), o.hex(), "one is stable: " + o);
                keys.add(o.key());
            }
            assertEquals(attempt.size(), keys.size());
        }
        assertTrue(
                r.out().contains("reruns: " + 4 * cases.size() + " runs repeated this time, 0 recorded before"),
                r.out());

        // report: noisy is unstable where its reruns differ from its first answer, never a discrepancy there
        Cli.Run rep = Cli.fparity(
                "report", dir.toString(), "--out", tmp.resolve("rep").toString());
        JsonNode v = ProgramJson.MAPPER
                .readTree(tmp.resolve("rep/report.json").toFile())
                .get("verdict");
        Set<String> wobbled = new HashSet<>();
        for (String k : cases) {
            String[] pi = k.split("/");
            String key = Outcome.key(
                    pi[0], Integer.parseInt(pi[1]), new org.fparity.exec.Platform("noisy", "O0", "local", null));
            for (List<Outcome> attempt : reruns) {
                for (Outcome o : attempt) if (o.key().equals(key) && !o.hex().equals(first.get(key))) wobbled.add(k);
            }
        }
        assertEquals(wobbled.size(), v.get("unstable_cases").asInt(), v.toString());
        for (JsonNode u : v.get("unstable"))
            assertTrue(u.get("platform").asText().startsWith("noisy@"), u.toString());
        assertEquals(cases.size() - wobbled.size(), v.get("discrepant_cases").asInt(), v.toString());
        assertTrue(rep.exit() == 0 || rep.exit() == 1, rep.err());

        // run again: the reruns are read back, not redone
        Cli.Run again = Cli.fparity(args);
        assertEquals(0, again.exit(), again.err());
        assertTrue(
                again.out().contains("reruns: 0 runs repeated this time, " + 4 * cases.size() + " recorded before"),
                again.out());
        assertEquals(reruns, Campaign.load(dir).reruns());
    }
}
