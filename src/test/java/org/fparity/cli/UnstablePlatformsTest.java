package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.ProgramJson;
import org.fparity.util.Hashes;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nondeterministic platforms, for real: {@code run} reruns the cases that disagree with the same binaries, and a
 * platform whose result changes is its own category in every report, never a discrepancy; a second {@code run} reads
 * the recorded reruns back and gives the same verdict. Exercised with a deliberately nondeterministic toolchain (real
 * gcc whose harness adds random ULPs to what it prints) and, where PoCL runs, with PoCL at O3_FM.
 */
@Tag("tools")
class UnstablePlatformsTest {
    @TempDir
    Path tmp;

    /** Force-included into every translation unit: the harness's result lines get 0-15 random ULPs added. */
    static final String NOISY_H = """
            #include <stdio.h>
            #include <stdarg.h>
            #include <string.h>
            #include <math.h>
            #include <time.h>
            #include <unistd.h>
            static unsigned long long noisy_state;
            static int noisy_printf(const char *fmt, ...) {
              va_list ap;
              va_start(ap, fmt);
              int n;
              if (strncmp(fmt, "%d %a ", 6) == 0) {
                int k = va_arg(ap, int);
                double r = va_arg(ap, double);
                if (!noisy_state) {
                  struct timespec t;
                  clock_gettime(CLOCK_REALTIME, &t);
                  noisy_state = ((unsigned long long) t.tv_nsec << 20) ^ (unsigned long long) getpid() ^ (unsigned long long) t.tv_sec;
                  noisy_state |= 1;
                }
                noisy_state ^= noisy_state << 13; noisy_state ^= noisy_state >> 7; noisy_state ^= noisy_state << 17;
                if (isfinite(r) && r != 0) for (int i = (int) (noisy_state >> 60); i > 0; i--) r = nextafter(r, INFINITY);
                n = printf(fmt, k, r, r);
              } else {
                n = vprintf(fmt, ap);
              }
              va_end(ap);
              return n;
            }
            #define printf(...) noisy_printf(__VA_ARGS__)
            """;

    private Path toolchains() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        Path header = dir.resolve("noisy.h");
        Files.writeString(header, NOISY_H);
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(dir.resolve("gcc.json"), gcc);
        Files.writeString(
                dir.resolve("noisy.json"),
                gcc.replace("\"name\": \"gcc\"", "\"name\": \"noisy\"")
                        .replace("[\"gcc\", \"{opt}\"", "[\"gcc\", \"-include\", \"" + header + "\", \"{opt}\""));
        return dir;
    }

    @Test
    void aNondeterministicToolchainIsUnstableInEveryReportAndARerunGivesTheSameVerdict() throws Exception {
        Path tcs = toolchains();
        Path c = tmp.resolve("c");
        Path rep = tmp.resolve("r");
        String[] args = {
            "run",
            "--programs",
            "3",
            "--inputs",
            "4",
            "--toolchains",
            "gcc,noisy",
            "--opt",
            "O0,O2",
            "--seed",
            "5",
            "--toolchain-dir",
            tcs.toString(),
            "--out",
            c.toString(),
            "--report",
            rep.toString()
        };
        String[] r = ToolchainsCommandTest.cli(args);
        assertTrue(r[0].equals("0") || r[0].equals("1"), r[0] + "\n" + r[2]);
        assertTrue(
                Files.exists(c.resolve("reruns-1.jsonl")) && Files.exists(c.resolve("reruns-2.jsonl")),
                "reruns are recorded in the campaign");
        JsonNode json = ProgramJson.MAPPER.readTree(rep.resolve("report.json").toFile());
        JsonNode v = json.get("verdict");
        int unstable = v.get("unstable_cases").asInt();
        assertTrue(unstable > 0, "noisy never changed its answer: " + v);
        assertEquals(2, v.get("rerun_attempts").asInt());
        Set<String> unstableCases = new HashSet<>();
        for (JsonNode u : v.get("unstable")) {
            assertTrue(u.get("platform").asText().startsWith("noisy@"), u.toString());
            assertTrue(u.get("results").size() > 1, u.toString());
            unstableCases.add(u.get("program").asText() + "/" + u.get("input").asText());
        }
        assertEquals(unstable, unstableCases.size());
        // gcc is deterministic and is the only other platform: a case where noisy wobbled is not a discrepancy
        for (JsonNode d : v.get("discrepant_case_list")) {
            String k = d.get("program").asText() + "/" + d.get("input").asText();
            for (JsonNode a : d.get("answers")) {
                for (JsonNode p : a.get("platforms")) {
                    boolean unstableHere = false;
                    for (JsonNode u : v.get("unstable")) {
                        if ((u.get("program").asText() + "/" + u.get("input").asText()).equals(k)
                                && u.get("platform").asText().equals(p.asText())) unstableHere = true;
                    }
                    assertTrue(!unstableHere, "an unstable platform's answer counted in a discrepant case: " + d);
                }
            }
        }
        for (JsonNode d : json.get("discrepancies")) {
            String k = d.get("program").asText() + "/" + d.get("input").asText();
            for (String side : List.of("a", "b")) {
                String platform = d.get(side).get("platform").asText();
                boolean unstableHere = false;
                for (JsonNode u : v.get("unstable")) {
                    if ((u.get("program").asText() + "/" + u.get("input").asText()).equals(k)
                            && u.get("platform").asText().equals(platform)) unstableHere = true;
                }
                assertTrue(!unstableHere, "an unstable result counted as a discrepancy: " + d);
            }
        }
        assertTrue(Files.readString(rep.resolve("summary.md"))
                .contains("## Unstable platforms (" + unstable + (unstable == 1 ? " case)" : " cases)")));
        assertTrue(Files.readString(rep.resolve("report.html"))
                .contains("<section id=\"unstable\"><h2>Unstable platforms (" + unstable));
        String junit = Files.readString(rep.resolve("junit.xml"));
        assertTrue(junit.contains("<skipped message=\"unstable: noisy@O"), junit);
        String metrics = Files.readString(rep.resolve("metrics.txt"));
        int sum = 0;
        for (String line : metrics.lines().toList())
            if (line.startsWith("fparity_unstable_cases{campaign=\"c\",opt=\"O")
                    && line.contains("toolchain=\"noisy\"")) {
                sum += Integer.parseInt(line.substring(line.lastIndexOf(' ') + 1));
            }
        assertTrue(sum >= unstable, metrics);
        assertTrue(
                r[1].contains("\n  unstable: " + unstable + (unstable == 1 ? " case" : " cases")
                        + " gave different results on reruns of the same binary"),
                r[1]);

        // how to make it again: the command line, seed, grammar and its hash, version, toolchain versions, host
        JsonNode prov = json.get("session_info").get("provenance");
        assertEquals("fparity " + String.join(" ", args), prov.get("command").asText());
        assertEquals("5", prov.get("seed").asText());
        assertEquals(
                Hashes.sha256Hex(Files.readString(Path.of("grammar/varity.json"))),
                prov.get("grammar_sha256").asText());
        assertEquals(Main.VERSION, prov.get("fparity").asText());
        assertTrue(
                json.get("session_info").get("versions").get("noisy").asText().startsWith("gcc"));
        assertTrue(json.get("session_info").get("host").has("hostname"));

        // the same command again: nothing is rerun, the recorded reruns give the same verdict
        String[] again = ToolchainsCommandTest.cli(args);
        assertEquals(r[0], again[0], again[2]);
        assertTrue(again[1].contains("reruns: 0 runs repeated this time, "), again[1]);
        JsonNode v2 =
                ProgramJson.MAPPER.readTree(rep.resolve("report.json").toFile()).get("verdict");
        assertEquals(v, v2);
    }

    @Test
    void poclAtFastMathIsCheckedForStabilityAndARerunGivesTheSameVerdict() throws Exception {
        DetectedToolchain pocl = DetectedToolchain.detect(
                Toolchains.load(Toolchains.defaultDir()).get("pocl"));
        assumeTrue(pocl.canRun(), "PoCL cannot run here: " + pocl.runProblem() + " " + pocl.compileProblem());
        Path c = tmp.resolve("pocl");
        Path rep = tmp.resolve("pocl-report");
        String[] args = {
            "run",
            "--programs",
            "6",
            "--inputs",
            "10",
            "--toolchains",
            "gcc,pocl",
            "--opt",
            "O0,O3_FM",
            "--seed",
            "9",
            "--out",
            c.toString(),
            "--report",
            rep.toString(),
            "--no-triage" // about reruns, not causes
        };
        String[] r = ToolchainsCommandTest.cli(args);
        assertTrue(r[0].equals("0") || r[0].equals("1"), r[0] + "\n" + r[2]);
        JsonNode v =
                ProgramJson.MAPPER.readTree(rep.resolve("report.json").toFile()).get("verdict");
        assertTrue(
                v.get("discrepant_cases").asInt() > 0,
                "gcc and PoCL fast math should disagree somewhere: " + v.get("headline"));
        assertEquals(2, v.get("rerun_attempts").asInt());
        List<String> unstablePlatforms = new ArrayList<>();
        for (JsonNode u : v.get("unstable"))
            unstablePlatforms.add(u.get("platform").asText());
        // figures for the report of this change
        System.out.println(
                "PoCL campaign: " + v.get("headline").asText() + "; unstable platforms: " + unstablePlatforms);
        String[] again = ToolchainsCommandTest.cli(args);
        assertEquals(r[0], again[0], again[2]);
        assertTrue(again[1].contains("reruns: 0 runs repeated this time, "), again[1]);
        assertEquals(
                v,
                ProgramJson.MAPPER.readTree(rep.resolve("report.json").toFile()).get("verdict"));
    }
}
