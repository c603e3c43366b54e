package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity import-varity} end to end on the sample data, and its one-line errors. */
class ImportVarityCommandTest {
    @TempDir
    Path tmp;

    @Test
    void importsTheSampleAndCompareReadsIt() {
        Path data = Path.of("..", "shared", "data", "varity", "cuda_examples")
                .toAbsolutePath()
                .normalize();
        Assumptions.assumeTrue(Files.isDirectory(data), "the sample Varity data is not at " + data);
        Path out = tmp.resolve("v");
        Cli.Run r = Cli.fparity("import-varity", data.toString(), "--out", out.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("cases:    30 named, 30 imported, 0 not imported"), r.out());
        assertTrue(r.out().contains("results:  210 recorded, 210 imported, 0 not imported"), r.out());
        assertTrue(r.out().contains("nvcc-9.2@O3_nostrict@varity-lassen"), r.out());
        Cli.Run c = Cli.fparity("compare", out.toString());
        assertEquals(Cli.compareExit(c.out()), c.exit(), c.err());
        assertTrue(c.out().contains("nvcc-9.2"), c.out());
    }

    @Test
    void aPathThatIsNotVarityIsOneLineAndExit2() {
        Cli.Run r = Cli.fparity(
                "import-varity", tmp.toString(), "--out", tmp.resolve("x").toString());
        assertEquals(2, r.exit());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("fparity: "), r.err());
        assertFalse(Files.exists(tmp.resolve("x")));
    }
}
