package org.fparity.attribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.confirm.Standalone;
import org.fparity.exec.DetectedToolchain;
import org.fparity.exec.Outcome;
import org.fparity.exec.Toolchain;
import org.fparity.exec.Toolchains;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.oracle.CorrectlyRounded;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 165ad8b267fd of the 100 × 10 campaign ({@code run --programs 100 --inputs 10 --toolchains
 * gcc,clang-14,clang-19,java}, seed 1), reduced: gcc -O0 evaluates {@code tanh(0x1.cp-1)} while compiling and prints
 * the correctly rounded value, clang-14 -O0 calls glibc's {@code tanh}, 1 ULP off. Triage used to name the cause
 * "clang: tanh of glibc is off the correctly rounded result", as if the two sides' libraries differed; both link the
 * same glibc, and what tells them apart is measured ({@code nm -D}): one build calls it, the other calls nothing.
 */
@Tag("tools")
class LibraryTriageToolsTest {
    @TempDir
    Path tmp;

    static final Program P = Program.parse("""
            program fp64 array 8
            compute(double comp) {
              comp = tanh(0x1.cp-1);
            }
            """);
    static final Input IN = new Input(List.of("0x0p+0"));

    private static DetectedToolchain need(Toolchains tcs, String name) {
        Assumptions.assumeTrue(CorrectlyRounded.available(), "libmpfr is not installed");
        Assumptions.assumeTrue(Executables.find("nm") != null, "nm (binutils) is not installed");
        Toolchain tc = tcs.get(name);
        DetectedToolchain dt = DetectedToolchain.detect(tc);
        Assumptions.assumeTrue(dt.canCompile() && dt.canRun(), name + " cannot build and run here");
        return dt;
    }

    /** Decides one library unit as triage does, the two sides' outcomes those of their real single-program builds. */
    private TriageState.Unit decide(Toolchains tcs, String a, String b) throws Exception {
        return decide(tcs, a, b, P);
    }

    private TriageState.Unit decide(Toolchains tcs, String a, String b, Program p) throws Exception {
        DetectedToolchain da = need(tcs, a);
        DetectedToolchain db = need(tcs, b);
        Standalone s = new Standalone(tmp.resolve("runs"));
        Outcome oa = s.run(da, "O0", p, IN);
        Outcome ob = s.run(db, "O0", p, IN);
        assertEquals(Outcome.Status.OK, oa.status(), oa.detail());
        assertEquals(Outcome.Status.OK, ob.status(), ob.detail());
        Assumptions.assumeTrue(
                !oa.hex().equals(ob.hex()),
                "this glibc's tanh(0x1.cp-1) is what gcc computes while compiling: nothing to attribute");
        String id = "library|" + a + "@O0|" + b + "@O0|p/0";
        LibraryTriage.Case c = new LibraryTriage.Case(id, p, IN, a, oa, b, ob);
        try (TriageState state = TriageState.open(tmp.resolve("campaign"), "test")) {
            new LibraryTriage(tmp.resolve("work"), tcs::get).decide(Map.of(id, c), state, n -> {});
            return state.get(id);
        }
    }

    /** A descriptor like gcc's, named {@code name}, with {@code extra} flags at every level. */
    private Toolchains withPlanted(String name, String extra) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("toolchains"));
        String gcc = Files.readString(Path.of("runners/toolchains/gcc.json"));
        Files.writeString(dir.resolve("gcc.json"), gcc);
        Files.writeString(
                dir.resolve(name + ".json"),
                gcc.replace("\"name\": \"gcc\"", "\"name\": \"" + name + "\"")
                        .replace("\"-O0\"]", "\"-O0\", \"" + extra + "\"]"));
        return Toolchains.load(dir);
    }

    @Test
    void gccFoldingTanhOfAConstantWhereClang14CallsGlibcIsNamedAsMeasuredNotAsAClangLibrary() throws Exception {
        Toolchains tcs = Toolchains.load(Path.of("runners", "toolchains"));
        TriageState.Unit u = decide(tcs, "gcc", "clang-14");
        assertEquals(
                RootCause.keyOf(
                        RootCause.Kind.OPERATION, "clang", List.of(), null, "math function folded by gcc", "tanh"),
                u.key(),
                u.why());
        assertEquals("glibc", u.library());
        assertEquals("glibc tanh (clang calls it at run time; gcc folds it at build time)", CampaignTriage.title(u));
        assertTrue(u.why().startsWith("clang-14 calls `tanh@GLIBC_"), u.why());
        assertTrue(
                u.why()
                        .contains("gcc's build calls no `tanh`: its compiler evaluated `tanh(0x1.cp-1)` while"
                                + " building, and it prints `0x1.686650b8c2015p-1`"),
                u.why());
    }

    /**
     * A planted compiler that calls glibc's tanh where gcc folds it: gcc itself with {@code -fno-builtin}, so the
     * difference is gcc's folding alone, whatever compiler calls the library.
     */
    @Test
    void aPlantedCompilerThatCallsTheLibraryAgainstGccThatFoldsItIsTheFoldingCause() throws Exception {
        Toolchains tcs = withPlanted("calls-gcc", "-fno-builtin");
        TriageState.Unit u = decide(tcs, "calls-gcc", "gcc");
        assertEquals(
                RootCause.keyOf(
                        RootCause.Kind.OPERATION, "calls-gcc", List.of(), null, "math function folded by gcc", "tanh"),
                u.key(),
                u.why());
        assertEquals(
                "glibc tanh (calls-gcc calls it at run time; gcc folds it at build time)", CampaignTriage.title(u));
        assertTrue(
                u.why()
                        .endsWith("as calls-gcc does: the two sides differ because one compiler evaluates the call"
                                + " while building, not because their libraries differ."),
                u.why());
    }

    /**
     * Where the call is not measured — here the program calls tanh twice, once of a constant, so one build's imports
     * cannot say which call they are — the cause stays the library's, under the key it always had.
     */
    @Test
    void aCallThatCannotBeMeasuredKeepsTheLibraryCauseAndItsKey() throws Exception {
        Toolchains tcs = withPlanted("calls-gcc", "-fno-builtin");
        Program twice = Program.parse("""
                program fp64 array 8
                compute(double comp) {
                  comp = tanh(0x1.cp-1) + tanh(comp);
                }
                """);
        TriageState.Unit u = decide(tcs, "calls-gcc", "gcc", twice);
        assertEquals(
                RootCause.keyOf(RootCause.Kind.OPERATION, "calls-gcc", List.of(), null, "math function", "tanh"),
                u.key(),
                u.why());
        assertEquals("calls-gcc: tanh of glibc is off the correctly rounded result", CampaignTriage.title(u));
    }
}
