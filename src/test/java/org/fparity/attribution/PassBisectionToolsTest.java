package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("tools")
class PassBisectionToolsTest {
    /** The newest of clang-19, -16, -14 that builds and runs here, or null. */
    static DetectedToolchain clangThatRuns() {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        for (String n : List.of("clang-19", "clang-16", "clang-14")) {
            DetectedToolchain dt = DetectedToolchain.detect(tcs.get(n));
            if (dt.canCompile() && dt.canRun()) return dt;
        }
        return null;
    }

    /**
     * A plain `bin/fparity run` triages into campaigns/… , a relative folder: the pass list was built with the compiler
     * started in the work folder but given the source by its relative name, and the first screen said "triage failed,
     * the report counts cases: clang-16 did not build the program for the pass list: clang: error: no such file or
     * directory: 'campaigns/seed1-fp64-p50-i50/triage/passes/…/test.c'".
     */
    @Test
    void aRelativeWorkFolderStillListsThePasses() throws Exception {
        DetectedToolchain clang = clangThatRuns();
        assumeTrue(clang != null, "no clang (19, 16 or 14) builds and runs here");
        Path work =
                Path.of("target", "pass-bisection-" + ProcessHandle.current().pid());
        assertTrue(!work.isAbsolute());
        try {
            Program p = Program.parse(
                    "program fp64 array 1\ncompute(double comp, double x) {\n  comp = x / 0x1.8p+1;\n}\n");
            Outcome b = new Outcome(
                    p.id(), 0, clang.name(), "O3_FM", Outcome.Status.OK, "0x1.aaaaaaaaaaaaap+0", null, null, 0);
            PassBisection.Result r = new PassBisection(work)
                    .bisect(
                            clang,
                            clang.toolchain().opt().get("O3_FM"),
                            p,
                            new Input(List.of("0x0p+0", "0x1.4p+2")),
                            b);
            assertTrue(r.passes() > 0, r.toString());
        } finally {
            org.fparity.util.Leftovers.deleteTree(work);
            assertTrue(!Files.exists(work));
        }
    }
}
