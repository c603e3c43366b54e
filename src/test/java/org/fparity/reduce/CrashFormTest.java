package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * What the minimal source of a run that ended differently did decides what the bundle ships (2c410701435e: recorded
 * as clang-19 -O3 -ffast-math SIGSEGV beside O0's {@code inf}). No compiler: the minimal source's outcomes are planted.
 */
class CrashFormTest {
    @TempDir
    Path tmp;

    static final Program P = BundleEndedDifferentlyTest.P;

    static Outcome ok(String opt, String hex) {
        return new Outcome(P.id(), 0, "clang-19", opt, Outcome.Status.OK, hex, null, "clang-19@" + opt, 0);
    }

    static Outcome crash(String opt, String detail) {
        return new Outcome(P.id(), 0, "clang-19", opt, Outcome.Status.CRASH, null, detail, "clang-19@" + opt, 0);
    }

    static Bundle.Contents contents() {
        DetectedToolchain clang = new DetectedToolchain(
                Toolchains.load(Path.of("runners", "toolchains")).get("clang-19"), "clang 19", true, null, true, null);
        return Bundle.Contents.of("2c410701435e", P, new Input(List.of("inf", "-0x1p-14")), null)
                .a(clang, "O0", ok("O0", "inf"))
                .b(clang, "O3_FM", crash("O3_FM", "exit 139: fparity-harness:"))
                .original(Size.of(P))
                .host(Map.of())
                .build();
    }

    @Test
    void theSameSignalAndTheSameValueEndAsRecorded() {
        CrashForm.Result r = CrashForm.judge(contents(), ok("O0", "inf"), crash("O3_FM", "exit 139: "));
        assertTrue(r.asRecorded());
        assertEquals(
                "Built and run here, the minimal source (`min.c`, no harness) ends as recorded: clang-19@O0 prints"
                        + " `inf`; clang-19@O3_FM exit 139 (SIGSEGV), no result.",
                r.sentence());
    }

    @Test
    void aValueWhereTheRunCrashedAnotherSignalOrAnotherValueIsNotTheRecordedEnd() {
        CrashForm.Result value = CrashForm.judge(contents(), ok("O0", "inf"), ok("O3_FM", "-0x1p-14"));
        assertFalse(value.asRecorded());
        assertTrue(
                value.sentence()
                        .startsWith("The minimal source (min.c, no harness) did not end as recorded when built and run"
                                + " here: clang-19@O3_FM prints `-0x1p-14` where the recorded run ended with exit 139"
                                + " (SIGSEGV), no result. "),
                value.sentence());
        assertFalse(CrashForm.judge(contents(), ok("O0", "inf"), crash("O3_FM", "exit 134: abort"))
                .asRecorded());
        CrashForm.Result other = CrashForm.judge(contents(), ok("O0", "-inf"), crash("O3_FM", "exit 139: "));
        assertFalse(other.asRecorded());
        assertTrue(
                other.sentence().contains("clang-19@O0 prints `-inf` where the recorded run printed `inf`"),
                other.sentence());
    }

    @Test
    void aMinimalSourceThatEndsAsRecordedShipsAloneWithAnOpaqueCallAndNoArguments() throws Exception {
        Bundle.Contents c = contents();
        CrashForm.Result r = CrashForm.judge(c, ok("O0", "inf"), crash("O3_FM", "exit 139: "));
        Path dir = Bundle.write(tmp, c.withCrashForm(r));
        assertFalse(Files.exists(dir.resolve("test.c")), "no harness form");
        String min = Files.readString(dir.resolve("min.c"));
        assertEquals(Bundle.minimalSource(c, 1), min, "the source CrashForm built is the one shipped");
        assertTrue(min.contains("double (*volatile fp_compute)(double, double) = compute_0;"), min);
        assertTrue(min.contains("printf(\"%a\\n\", (double) fp_compute(comp, var_3));"), min);
        assertFalse(min.contains("static double compute_0"), min);
        String sh = Files.readString(dir.resolve("build.sh"));
        assertTrue(sh.contains("clang-19 -O3 -ffast-math -o build/clang-19_O3_FM/bin min.c -lm"), sh);
        assertTrue(sh.contains("r1=$(build/clang-19_O3_FM/bin | tail -n 1"), "no arguments: " + sh);
        assertTrue(sh.contains("r1=no-result"), sh);
        assertTrue(Files.readString(dir.resolve("README.md")).contains(r.sentence()));
        assertTrue(Files.readString(dir.resolve("expected.json")).contains("\"endsAsRecorded\" : true"));
    }

    @Test
    void aMinimalSourceThatDidNotShipsTheHarnessFormAndSaysWhatItDid() throws Exception {
        Bundle.Contents c = contents();
        CrashForm.Result r = CrashForm.judge(c, ok("O0", "inf"), ok("O3_FM", "-0x1p-14"));
        Path dir = Bundle.write(tmp, c.withCrashForm(r));
        assertTrue(Files.isRegularFile(dir.resolve("test.c")));
        assertFalse(Files.exists(dir.resolve("min.c")));
        String readme = Files.readString(dir.resolve("README.md"));
        assertTrue(readme.contains(r.sentence()), readme);
        assertFalse(readme.contains("it was not built here to check"), readme);
        assertTrue(Files.readString(dir.resolve("expected.json")).contains("\"endsAsRecorded\" : false"));
    }
}
