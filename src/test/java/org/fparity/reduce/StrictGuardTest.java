package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.emit.Emitter;
import org.fparity.emit.Language;
import org.fparity.util.Executables;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The strict interestingness guard on planted C files: each kind of undefined behaviour or new input C-Vise reached
 * last session (its ends on 5338485d9edd, 1514a20bc776 and 014d9373a224, with the declarations gcc's warnings ask for
 * put back) is rejected; fparity's own reduced file is accepted.
 */
@Tag("tools")
class StrictGuardTest {
    @TempDir
    Path tmp;

    private String guard;

    static final String HEAD = "#include <stdio.h>\n#include <stdlib.h>\n";

    @BeforeEach
    void needsGccAndPython() {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed");
        Assumptions.assumeTrue(Executables.find("python3") != null, "python3 is not installed");
        guard = StrictGuard.lines(StrictGuard.writeFiles(tmp), "0x1p+0");
    }

    /** 5338485d9edd's end: the result is a local nothing wrote, passed out through a pointer. */
    @Test
    void anUninitialisedLocalIsRejectedByThePatternBuildNotOnlyByWarnings() throws Exception {
        String c = HEAD + "static void fp_run_0(double *fp_r) { double t; double *p = &t; *fp_r = p[0]; }\n"
                + "int main(int argc, char **argv) { double r; fp_run_0(&r); printf(\"%a %.17g\\n\", r, r); return 0; }\n";
        rejectedEvenWithoutWarnings(c);
    }

    /** 1514a20bc776's end: malloc'd memory read before anything is written to it. */
    @Test
    void anUninitialisedHeapReadIsRejected() throws Exception {
        String c = HEAD + "int main(int argc, char **argv) { double *a = malloc(8 * sizeof(double));\n"
                + "  a[0] = strtod(argv[1], 0); double r = a[0] + a[3]; printf(\"%a %.17g\\n\", r, r); free(a); return 0; }\n";
        rejectedEvenWithoutWarnings(c);
    }

    /** 014d9373a224's end: {@code comp += 0 / var} on two globals nothing wrote, 0/0 as a new input. */
    @Test
    void zeroInitialisedGlobalsUsedAsInputsAreRejected() throws Exception {
        String c = HEAD + "double compute_0_var_7, fp_run_0_comp, main_fp_r;\n"
                + "static void fp_run_0(double *fp_r) { fp_run_0_comp += 0 / compute_0_var_7; *fp_r = fp_run_0_comp; }\n"
                + "int main(void) { fp_run_0(&main_fp_r); printf(\"%a %.17g\\n\", main_fp_r, main_fp_r); return 0; }\n";
        rejectedEvenWithoutWarnings(c);
        String local = HEAD + "static double f(double x) { static double s; return x / s; }\n"
                + "int main(int argc, char **argv) { double r = f(strtod(argv[1], 0)); printf(\"%a %.17g\\n\", r, r); return 0; }\n";
        assertEquals(1, check(local, guard), "a static local is zero-initialised too");
        String written = c.replace("int main(void) {", "int main(void) { compute_0_var_7 = 0x1p+0;");
        assertEquals(1, check(written, guard), "fp_run_0_comp is still read as zero");
        String bothWritten =
                written.replace("compute_0_var_7 = 0x1p+0;", "compute_0_var_7 = 0x1p+0; fp_run_0_comp = 0x1p+1;");
        assertEquals(0, check(bothWritten, guard), "globals written before they are read are fine");
    }

    /** 014d9373a224's printf read a second double that was not there; ASan and UBSan pass it. */
    @Test
    void aPrintfFormatItsArgumentsDoNotMatchIsRejected() throws Exception {
        String body = "int main(int argc, char **argv) { double r = strtod(argv[1], 0); %s return 0; }\n";
        assertEquals(1, check(HEAD + body.formatted("printf(\"%a %.17g\\n\", r);"), guard), "an argument missing");
        assertEquals(1, check(HEAD + body.formatted("printf(\"%d\\n\", r);"), guard), "a double for %d");
        assertEquals(
                1,
                check(HEAD + body.formatted("const char *f = argc > 5 ? \"%a\\n\" : \"%g\\n\"; printf(f, r);"), guard),
                "a format that is not a literal (-Wformat=2)");
        assertEquals(0, check(HEAD + body.formatted("printf(\"%a %.17g\\n\", r, r);"), guard), "the right arguments");
    }

    /** fparity's own end on the kept NaN-vs-1 case, as the single-program C file C-Vise starts from. */
    @Test
    void fparitysReducedFileIsAccepted() throws Exception {
        String c = Emitter.of(Language.C)
                .single(org.fparity.ir.Program.parse(
                        "program fp64 array 8\ncompute(double comp) {\n  comp /= comp;\n}\n"));
        assertEquals(0, check(c, StrictGuard.lines(tmp, "inf")));
        assertEquals(
                0,
                check(
                        Emitter.of(Language.C).single(FoldIntoInputTest.NAN_VS_ONE),
                        StrictGuard.lines(tmp, "0x1p+1023 0x0p+0 0x1p+2")),
                "and the original it came from");
    }

    /** Rejected by the whole guard, and by its two builds alone (not only by what gcc's warnings happen to see). */
    private void rejectedEvenWithoutWarnings(String c) throws Exception {
        assertEquals(1, check(c, guard), "the whole guard");
        String builds = guard.lines().skip(1).reduce("", (a, b) -> a + b + "\n");
        assertEquals(1, check(c, builds), "the pattern build against the zero build alone");
    }

    private int check(String c, String lines) throws Exception {
        Files.writeString(tmp.resolve("test.c"), c);
        Files.writeString(tmp.resolve("check.sh"), lines + "exit 0\n");
        return Processes.run(List.of("sh", "check.sh"), java.util.Map.of(), tmp, tmp.resolve("check.log"), 120)
                .exitCode();
    }
}
