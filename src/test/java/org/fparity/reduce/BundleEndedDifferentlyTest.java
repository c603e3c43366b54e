package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.ir.Size;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that ended differently (one side crashed) is bundled in the single-program form it was reduced and confirmed
 * in: on the 100 × 10 campaign, 2c410701435e's min.c (no harness) printed {@code -0x1p-14} on clang-19 -O3 -ffast-math
 * where the reduced program crashed, so its build.sh showed a value against a value, not the recorded crash.
 */
class BundleEndedDifferentlyTest {
    @TempDir
    Path tmp;

    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp, double var_3) {
              if (comp > var_3 / -0x0p+0) {
                comp = var_3;
              }
            }
            """);

    @Test
    void aRunThatEndedDifferentlyShipsTheSingleProgramFormItWasReducedIn() throws Exception {
        DetectedToolchain clang = new DetectedToolchain(
                Toolchains.load(Path.of("runners", "toolchains")).get("clang-19"), "clang 19", true, null, true, null);
        Outcome a = new Outcome(P.id(), 0, "clang-19", "O0", Outcome.Status.OK, "inf", null, "clang-19@O0", 0);
        Outcome b = new Outcome(
                P.id(), 0, "clang-19", "O3_FM", Outcome.Status.CRASH, null, "exit 139", "clang-19@O3_FM", 0);
        Input in = new Input(List.of("inf", "-0x1p-14"));
        Path dir = Bundle.write(
                tmp,
                Bundle.Contents.of("0123456789ab", P, in, null)
                        .a(clang, "O0", a)
                        .b(clang, "O3_FM", b)
                        .original(Size.of(P))
                        .host(Map.of())
                        .build());
        assertTrue(Files.isRegularFile(dir.resolve("test.c")), "the single-program form, harness and all");
        assertFalse(Files.exists(dir.resolve("min.c")), "no minimal form that is another binary");
        String sh = Files.readString(dir.resolve("build.sh"));
        assertTrue(sh.contains("clang-19 -O3 -ffast-math -o build/clang-19_O3_FM/bin test.c -lm"), sh);
        assertTrue(sh.contains("build/clang-19_O3_FM/bin $args"), "the input from input.txt: " + sh);
        assertTrue(sh.contains("r1=no-result"), sh);
        assertTrue(
                Files.readString(dir.resolve("README.md")).contains("The source is the single-program form the"),
                "the README says why");
    }
}
