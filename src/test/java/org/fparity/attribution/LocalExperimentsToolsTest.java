package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Experiments of a C toolchain are built in two parts: the harness once, each flag set compiling only its programs;
 * they give the outcomes the one-file build gives, fast-math flags and the linked flush-to-zero object included.
 */
@Tag("tools")
class LocalExperimentsToolsTest {
    @TempDir
    Path tmp;

    static final Program SUM = Program.parse("""
            program fp64 array 16
            compute(double comp, double a[16] each, int n) {
              for (int i = 0; i < n; ++i) {
                comp += a[i];
              }
            }
            """);
    static final Program TINY = Program.parse("""
            program fp64 array 1
            compute(double comp, double x) {
              comp = x * 0x1p-1 + comp;
            }
            """);

    @Test
    void aFlagSetCompilesOnlyItsProgramsAndGivesTheOneFileBuildsOutcomes() throws Exception {
        DetectedToolchain gcc = PlantedCausesToolsTest.toolchain("gcc");
        FlagModel model = FlagModel.forToolchain(Path.of("runners", "knobs"), "gcc");
        String zeros = ",0x0p+0".repeat(12);
        List<Experiment> xs = new ArrayList<>();
        for (List<String> flags : List.of(
                List.of("-O0"),
                List.of("-O3", "-fno-signed-zeros", "-fno-trapping-math", "-fassociative-math"),
                List.of("-O0", "crtfastmath.o"))) {
            xs.add(new Experiment(
                    SUM, new Input(List.of("0x0p+0", "0x1p+53,0x1p+0,-0x1p+53,0x1p+0" + zeros, "16")), "gcc", flags));
            xs.add(new Experiment(TINY, new Input(List.of("0x0p+0", "0x1p-1022")), "gcc", flags));
        }
        LocalExperiments two = new LocalExperiments(n -> gcc, n -> model, tmp.resolve("two"), 2, true);
        LocalExperiments one = new LocalExperiments(n -> gcc, n -> model, tmp.resolve("one"), 2, false);
        List<String> got = two.run(xs).stream().map(Outcome::hex).toList();
        List<String> want = one.run(xs).stream().map(Outcome::hex).toList();
        // reassociation gives 2 where the sum in order gives 1; flush to zero loses the subnormal half of 2^-1022
        assertEquals(List.of("0x1p+0", "0x0.8p-1022", "0x1p+1", "0x0.8p-1022", "0x1p+0", "0x0p+0"), want);
        assertEquals(want, got);
        assertEquals(3, two.builds());
        // the harness was compiled once, and each flag set's source holds the programs only, linked with it
        try (Stream<Path> files = Files.walk(tmp.resolve("two"))) {
            List<Path> all = files.toList();
            assertEquals(
                    1,
                    all.stream()
                            .filter(p -> p.getFileName().toString().equals("harness.o"))
                            .count());
            List<Path> sources = all.stream()
                    .filter(p -> p.getFileName().toString().matches("Triage\\d+\\.c"))
                    .toList();
            assertEquals(3, sources.size());
            for (Path s : sources) {
                assertFalse(Files.readString(s).contains("int main("), s.toString());
                assertTrue(Files.readString(s.resolveSibling("build.log")).contains("harness.o"), s.toString());
            }
        }
    }
}
