package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code fparity reduce PROGRAM}: the bundle is what stays in --out; the work folder goes, whether the reduction succeeds or not. */
@Tag("tools")
class ReduceCommandTest {
    @TempDir
    Path tmp;

    /** A product that is subnormal at -O0 and flushed to zero by -ffast-math's FTZ: Zero–Number, after a statement to delete. */
    static final String PROGRAM = """
            program fp64 array 8
            compute(double comp, double var_1, double var_2) {
              double tmp_1 = var_2 + 0x1p+0;
              comp += var_1 * 0x1p-1000;
              comp *= tmp_1;
            }
            // input: 0x0p+0 0x1p-60 0x0p+0
            """;

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void leavesTheBundleAndNoWorkFolder() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Path prog = Files.writeString(tmp.resolve("p.fp"), PROGRAM);
        Path out = tmp.resolve("out");
        Cli.Run r = Cli.fparity("reduce", prog.toString(), "--platforms", "gcc@O0,gcc@O3_FM", "--out", out.toString());
        assertEquals(1, r.exit(), r.out() + r.err());
        List<String> left = names(out);
        assertEquals(1, left.size(), "only the bundle stays: " + left);
        assertTrue(Files.isRegularFile(out.resolve(left.getFirst()).resolve("build.sh")), r.out());
        assertTrue(r.out().contains("confirmed") && r.out().contains("shows the discrepancy standalone"), r.out());

        // the platforms agree on this input: no reduction, a clear line, and still nothing left behind
        Path out2 = tmp.resolve("out2");
        Cli.Run agree = Cli.fparity(
                "reduce",
                prog.toString(),
                "--platforms",
                "gcc@O0,gcc@O3_FM",
                "--input",
                "0x0p+0 0x1p+0 0x0p+0",
                "--out",
                out2.toString());
        assertEquals(2, agree.exit(), agree.out() + agree.err());
        assertTrue(agree.err().contains("agree"), agree.err());
        assertEquals(List.of(), names(out2));
    }
}
