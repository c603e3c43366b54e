package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost check covers inputs per program and cases, not only programs, for run and generate: absurd sizes are one
 * line and exit 2 before anything is generated (they used to fill the heap and thrash).
 */
class CampaignCostTest {
    @TempDir
    Path tmp;

    private static void refused(Cli.Run r, String start, String limit, Path out) {
        assertEquals(2, r.exit(), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith(start), r.err());
        assertTrue(r.err().strip().endsWith(limit), r.err());
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void hugeInputsAndCasesAreRefusedBeforeAnythingIsGenerated() {
        Path out = tmp.resolve("c");
        refused(
                Cli.fparity("run", "--programs", "2", "--inputs", "1000000000", "--out", out.toString()),
                "fparity: --inputs 1000000000: 2 programs × 1,000,000,000 inputs = 2,000,000,000 cases",
                "the limit is 10,000 inputs per program, --force runs it anyway",
                out);
        refused(
                Cli.fparity("run", "--programs", "100000", "--inputs", "101", "--out", out.toString()),
                "fparity: --programs 100000 --inputs 101: 100,000 programs × 101 inputs = 10,100,000 cases",
                "the limit is 10,000,000 cases, --force runs it anyway",
                out);
    }

    @Test
    void generateIsBoundedToo() {
        Path out = tmp.resolve("g");
        refused(
                Cli.fparity("generate", "--count", "1000000000", "--out", out.toString()),
                "fparity: --count 1000000000: 1,000,000,000 programs × 3 inputs",
                "--force writes them anyway",
                out);
        refused(
                Cli.fparity("generate", "--count", "6000", "--precision", "both", "--out", out.toString()),
                "fparity: --count 6000: 12,000 programs × 3 inputs; the limit of generate is 10,000 programs",
                "--force writes them anyway",
                out);
        refused(
                Cli.fparity("generate", "--count", "2", "--inputs", "1000000000", "--out", out.toString()),
                "fparity: --inputs 1000000000: 2 programs × 1,000,000,000 inputs; the limit is 10,000 inputs per program",
                "--force writes them anyway",
                out);
        Cli.Run ok = Cli.fparity("generate", "--count", "2", "--inputs", "2", "--emit", "c", "--out", out.toString());
        assertEquals(0, ok.exit(), ok.err());
    }
}
