package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlipCommandTest {
    @TempDir
    Path dir;

    @Test
    void stableBranchWritesFlipsJsonWithNoCandidateAndExitsZero() throws Exception {
        Cli.Run r = Cli.fparity(
                "flip",
                "corpora/flip/stable-integer.fp",
                "--budget",
                "20cells",
                "--verify",
                "none",
                "--out",
                dir.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("20 cells, 0 candidates, 0 verified flips"), r.out());
        // the progress line on stderr (not a terminal): at least the last state
        assertTrue(
                r.err()
                        .lines()
                        .anyMatch(
                                l -> l.startsWith(
                                        "fparity flip: 20 cells searched, 0 candidates, 0 run on the platforms, 0 verified flips, ")),
                r.err());
        assertTrue(!r.out().contains("best flipping input"), r.out());
        JsonNode j = new ObjectMapper().readTree(Files.readString(dir.resolve("flips.json")));
        assertEquals(0, j.get("summary").get("candidates").asInt());
        assertEquals(20, j.get("summary").get("cells").asInt());
        assertEquals("-100.0:100.0", j.get("domain").get("a").asText());
    }

    @Test
    void badArgumentsAreOneLineWithExitTwoAndWriteNothing() {
        String[][] cases = {
            {"--domain", "nosuch=1:2"},
            {"--domain", "a=5:1"},
            {"--domain", "a"},
            {"--branch", "4"},
            {"--budget", "soon"},
            {"--models", "gcc-fma,bogus"},
            {"--verify", "gcc"},
            {"--split", "-1"},
        };
        for (String[] c : cases) {
            boolean budget = c[0].equals("--budget");
            String[] args = new String[c.length + (budget ? 4 : 6)];
            args[0] = "flip";
            args[1] = "corpora/flip/stable-integer.fp";
            System.arraycopy(c, 0, args, 2, c.length);
            args[c.length + 2] = "--out";
            args[c.length + 3] = dir.resolve("x").toString();
            if (!budget) {
                args[c.length + 4] = "--budget";
                args[c.length + 5] = "5cells";
            }
            Cli.Run r = Cli.fparity(args);
            assertEquals(2, r.exit(), String.join(" ", c) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("fparity: "), r.err());
            assertFalse(Files.exists(dir.resolve("x").resolve("flips.json")));
        }
    }

    /** --verify reads platforms as Platform.read does; flip verifies on this machine, so a site is refused by name. */
    @Test
    void aVerifyPlatformAtASiteIsRefusedSayingFlipVerifiesHere() {
        Cli.Run r = Cli.fparity(
                "flip",
                "corpora/flip/stable-integer.fp",
                "--verify",
                "gcc@O0@lumi",
                "--budget",
                "5cells",
                "--out",
                dir.resolve("x").toString());
        assertEquals(2, r.exit(), r.err());
        assertEquals(
                "fparity: --verify gcc@O0@lumi: expected TOOLCHAIN@OPT of this machine (gcc@O0) or model:NAME\n",
                r.err());
    }

    @Test
    void missingProgramFileIsOneLine() {
        Cli.Run r = Cli.fparity("flip", dir.resolve("none.fp").toString());
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("no such file"), r.err());
    }
}
