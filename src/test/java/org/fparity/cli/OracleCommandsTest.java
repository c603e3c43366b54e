package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The eval, truth and exsum commands, end to end through Main.run. */
class OracleCommandsTest {
    @TempDir
    Path dir;

    static Cli.Run run(String... args) {
        return Cli.fparity(args);
    }

    static void oneLineError(Cli.Run r, int exit, String contains) {
        assertEquals(exit, r.exit(), r.toString());
        assertTrue(r.err().startsWith("fparity: ") && r.err().strip().lines().count() == 1, r.err());
        assertTrue(r.err().contains(contains), r.err());
    }

    @Test
    void evalPrintsTheCorrectlyRoundedValueAndTheOthersInUlps() {
        Cli.Run r = run("eval", "fmod(1.5917195493481116e+289, 1.5793E-307)");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("correctly rounded (MPFR 4."), r.out());
        assertTrue(r.out().contains("0x0.52bfcbe07f55cp-1022"), r.out()); // hipcc's value is the truth
        // fmod is exact in every conforming libm: this machine's answer is the truth, whatever libc it has
        if (org.fparity.util.Processes.which(System.getenv().getOrDefault("CC", "gcc")) != null) {
            assertTrue(
                    r.out().matches("(?s).*\\n  libm \\(gcc, [^)]+\\) +0x0\\.52bfcbe07f55cp-1022 +\\S+ +0 ulp\\n.*"),
                    r.out());
        } else {
            assertTrue(r.out().contains("n/a: gcc not found"), r.out());
        }
        assertTrue(r.out().contains("Java StrictMath"), r.out());
        Cli.Run s = run("eval", "--no-libm", "sinh(-0x1.65c4d9304f06p-1)");
        assertTrue(s.out().matches("(?s).*StrictMath\\s+-0x1.839a62455dc56p-1\\s+\\S+\\s+\\+2 ulp.*"), s.out());
        Cli.Run f = run("eval", "--no-libm", "--precision", "fp32", "sin(1e30)");
        assertTrue(f.out().contains("-0x1.95136p-1"), f.out());
    }

    @Test
    void evalRefusesBadInputInOneLine() {
        oneLineError(run("eval", "foo(1)"), 2, "unknown math function 'foo'");
        oneLineError(run("eval", "sin(1, 2)"), 2, "takes 1 argument");
        oneLineError(run("eval", "sin(abc)"), 2, "not a number");
        oneLineError(run("eval", "sin 1"), 2, "expected NAME(ARG");
        oneLineError(run("eval", "--precision", "fp16", "sin(1)"), 2, "eval supports fp32 or fp64, not fp16");
        oneLineError(run("eval", "--precision", "fp7", "sin(1)"), 2, "unknown precision 'fp7' (use fp32 or fp64)");
        oneLineError(run("eval", "--precision", "fp32", "sin(0x1.0000001p0)"), 2, "not a binary32 value");
    }

    @Test
    void missingLibmpfrIsOneClearLineWithExit3() throws Exception {
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Dfparity.libmpfr=/nonexistent/libmpfr.so.6",
                "-cp",
                System.getProperty("java.class.path"),
                "org.fparity.cli.Main",
                "eval",
                "--no-libm",
                "sin(1)"));
        Processes.Captured p = Processes.command(cmd).timeoutSeconds(120).capture();
        String out = p.stdout();
        String err = p.stderr();
        assertFalse(p.result().timedOut(), "fparity eval did not finish in 120 s");
        assertEquals(3, p.result().exitCode(), out + err);
        assertEquals(1, err.strip().lines().count(), err);
        assertTrue(err.startsWith("fparity: GNU MPFR not found (looked for /nonexistent/libmpfr.so.6)"), err);
        assertFalse(err.contains("Exception"), err);
    }

    @Test
    void truthPrintsIdealExactAndTrace() {
        Cli.Run r = run("truth", "corpora/ceil-tiny-positive/program.fp");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("ideal IEEE platform   comp = 0x1.e4f88aca309bcp-1017"), r.out());
        assertTrue(r.out().contains("exact real value      comp = 0x1.e4f88aca309bcp-1017"), r.out());
        assertTrue(r.out().contains("#1 ceil(0x1.599be3d31175dp-415) = 0x1p+0"), r.out());
        Cli.Run j = run("truth", "corpora/fmod-nvcc-vs-hipcc/program.fp", "--json");
        assertEquals(0, j.exit(), j.err());
        assertTrue(j.out().contains("\"result\" : \"0x0.52bfcbe07f55cp-1022\""), j.out());
    }

    /**
     * truth honours a time limit: two nested loops of 50,000 iterations each (2.5e9 additions, then again in MPFR)
     * end after --timeout in one line with exit 2, and the default is 60 s; a small input of the same program still
     * evaluates.
     */
    @Test
    void truthGivesUpAfterItsTimeoutInOneLine() throws Exception {
        Path p = Files.writeString(dir.resolve("loops.fp"), """
                program fp64 array 50000
                compute(double comp, double a, int n) {
                  for (int i_0 = 0; i_0 < n; ++i_0) {
                    for (int i_1 = 0; i_1 < n; ++i_1) {
                      comp += a;
                    }
                  }
                }
                """);
        Cli.Run slow = run("truth", p.toString(), "--input", "0 1 50000", "--timeout", "1");
        assertEquals(2, slow.exit(), slow.err());
        assertEquals(
                "fparity: program ee6595f91667d4cf with input '0 1 50000' took more than 1 s to evaluate (its loops run as often as their int inputs say); "
                        + "give it longer with --timeout SECONDS\n",
                slow.err());
        Cli.Run quick = run("truth", p.toString(), "--input", "0 1 3");
        assertEquals(0, quick.exit(), quick.err());
        assertTrue(quick.out().contains("ideal IEEE platform   comp = 0x1.2p+3"), quick.out());
        assertTrue(run("truth", "--help").out().contains("(default: 60)"));
    }

    @Test
    void truthReadsJsonProgramsAndReportsUnstableBranches() throws Exception {
        var p = org.fparity.ir.Program.parse(Files.readString(Path.of("corpora/ceil-tiny-positive/program.fp")));
        Path json = Files.writeString(dir.resolve("p.json"), org.fparity.ir.ProgramJson.toJson(p));
        Cli.Run r = run("truth", json.toString(), "--input", "1.2374E-306");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("#1 ceil(0x1.599be3d31175dp-415) = 0x1p+0"), r.out());
        Path u = Files.writeString(dir.resolve("u.fp"), """
                program fp64 array 1
                compute(double comp, double x) {
                  if (sin(x) * sin(x) + cos(x) * cos(x) == 1.0) {
                    comp = 1.0;
                  }
                }
                """);
        Cli.Run v = run("truth", u.toString(), "--input", "0 0.7", "--max-precision", "1024");
        assertEquals(0, v.exit(), v.err());
        assertTrue(v.out().contains("(unstable at 1024 bits"), v.out());
        assertTrue(v.out().contains("unstable branch: comparison #1"), v.out());
    }

    @Test
    void truthFlagsABranchTheIdealPlatformAndExactArithmeticTakeDifferently() throws Exception {
        // the product underflows to 0 on the ideal platform (0 >= 0 holds), while the exact product is positive
        Cli.Run t = run("truth", "corpora/fmod-nvcc-vs-hipcc/program.fp");
        assertEquals(0, t.exit(), t.err());
        assertTrue(
                t.out()
                        .contains(
                                "unstable branch: comparison #1 (0x0p+0 >= 0x0p+0 on the ideal IEEE platform) is true there but false in exact arithmetic"),
                t.out());
        Cli.Run j = run("truth", "corpora/fmod-nvcc-vs-hipcc/program.fp", "--json");
        var branches = org.fparity.ir.ProgramJson.MAPPER
                .readTree(j.out())
                .get(0)
                .path("exact")
                .path("unstableBranches");
        assertEquals(1, branches.size(), j.out());
        assertEquals(">=", branches.get(0).path("op").asText());
        assertEquals(
                "ideal IEEE platform goes true, exact arithmetic false",
                branches.get(0).path("why").asText());
    }

    @Test
    void truthRefusesBadInput() throws Exception {
        oneLineError(
                run("truth", "corpora/ceil-tiny-positive/program.fp", "--input", "1 2"),
                2,
                "the program has 1 parameters");
        oneLineError(run("truth", "corpora/ceil-tiny-positive/program.fp", "--input", "zz"), 2, "is not a number");
        oneLineError(run("truth", dir.resolve("none.fp").toString()), 2, "no such file");
        Path noInput = Files.writeString(
                dir.resolve("p.fp"), "program fp64 array 1\ncompute(double comp) {\n  comp += 1.0;\n}\n");
        oneLineError(run("truth", noInput.toString()), 2, "carries no input ('// input:' line or \"inputs\")");
        assertEquals(0, run("truth", noInput.toString(), "--input", "0x1p-2").exit());
    }

    @Test
    void exsumSumsDotsSavesAndMerges() throws Exception {
        Path a =
                Files.writeString(dir.resolve("a.txt"), "# JDK DoubleStream.sum gives 0 here\n1\n1e100\n\n1\n-1e100\n");
        Path b = Files.writeString(dir.resolve("b.txt"), "0.1\n0.2\n0x1.3333333333333p-2\n-0.6\n");
        Cli.Run r =
                run("exsum", a.toString(), "--save-acc", dir.resolve("a.json").toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().startsWith("0x1p+1 "), r.out());
        Cli.Run m = run("exsum", b.toString(), "--merge", dir.resolve("a.json").toString(), "--parallel", "2");
        assertEquals(0, m.exit(), m.err());
        assertTrue(m.out().startsWith("0x1p+1 "), m.out()); // 2 + 2^-55 rounds to 2
        assertTrue(m.out().contains("8 terms, 1 merged state"), m.out());
        Cli.Run d = run("exsum", a.toString(), "--dot", b.toString());
        assertTrue(d.out().startsWith("0x1.d42aea2879f2ep+331 "), d.out());
        Cli.Run b32 = run("exsum", b.toString(), "--precision", "fp32");
        assertEquals(0, b32.exit(), b32.err());
        assertTrue(
                b32.out()
                        .contains("input: 1 of 4 numbers were rounded to the nearest fp32 when read (first: " + b
                                + ":3 '0x1.3333333333333p-2')"),
                b32.out());
        assertTrue(b32.out().contains("(exact sum of the inputs as rounded to fp32 when read, fp32, RN"), b32.out());
        Path huge = Files.writeString(dir.resolve("huge.txt"), "1\n1e400\n");
        Cli.Run h = run("exsum", huge.toString());
        assertTrue(h.out().startsWith("inf  inf   (NOT the exact sum of the numbers written"), h.out());
        assertTrue(
                h.out()
                        .contains("input: 1 of 2 numbers overflowed to infinity when read (first: " + huge
                                + ":2 '1e400')"),
                h.out());
        Cli.Run tenth = run("exsum", b.toString());
        // 0.1, 0.2 and -0.6 are the shortest decimals of their doubles: no warning, said once in the headline
        assertTrue(!tenth.out().contains("input:"), tenth.out());
        assertTrue(
                tenth.out().contains("(exact sum of the fp64 values whose shortest decimals were written, fp64, RN"),
                tenth.out());
        Path c = Files.writeString(dir.resolve("c.txt"), "1\n0x1p-24\n0x1p-60\n");
        Cli.Run f = run("exsum", c.toString(), "--precision", "fp32", "--rounding", "RZ");
        assertEquals(0, f.exit(), f.err());
        assertTrue(f.out().startsWith("0x1p+0 "), f.out());
        assertTrue(run("exsum", c.toString(), "--precision", "fp32").out().startsWith("0x1.000002p+0 "));
    }

    @Test
    void exsumRefusesBadInputAndKeepsSavedState() throws Exception {
        Path good = Files.writeString(dir.resolve("g.txt"), "1\n2\n");
        Path bad = Files.writeString(dir.resolve("bad.txt"), "1\n2\nthree\n");
        Path acc = dir.resolve("acc.json");
        assertEquals(
                0, run("exsum", good.toString(), "--save-acc", acc.toString()).exit());
        String saved = Files.readString(acc);
        oneLineError(
                run("exsum", bad.toString(), "--save-acc", acc.toString()), 2, "bad.txt:3: 'three' is not a number");
        assertEquals(saved, Files.readString(acc)); // nothing lost
        oneLineError(run("exsum", good.toString(), "--dot", bad.toString()), 2, "is not a number");
        Path shortFile = Files.writeString(dir.resolve("s.txt"), "1\n");
        oneLineError(run("exsum", good.toString(), "--dot", shortFile.toString()), 2, "has 2 numbers");
        Path junk = Files.writeString(
                dir.resolve("junk.json"),
                "{\"format\": \"other\", \"version\": 1, \"count\": 0, \"exact\": \"0x0p+0\"}");
        oneLineError(run("exsum", "--merge", junk.toString()), 2, "not an exact-accumulator state");
        oneLineError(run("exsum"), 2, "give a FILE");
        oneLineError(run("exsum", good.toString(), "--parallel", "0"), 2, "--parallel");
    }

    @Test
    void boundsPrintsEachKernelAndRunsTheExperiments() throws Exception {
        Cli.Run d = run("bounds", "--kernel", "dot", "--n", "1000", "--precision", "fp32");
        assertEquals(0, d.exit(), d.err());
        assertTrue(d.out().contains("deterministic γ_n (Lemma 2.1; Higham eq. 3.5)              5.961e-05"), d.out());
        Cli.Run g = run("bounds", "--kernel", "gemm", "--n", "8", "--block", "4");
        assertTrue(g.out().contains("DBEA, inputs already low (Thm 3.7)                         5.364e-07"), g.out());
        assertTrue(run("bounds", "--kernel", "mac").out().contains("Lemma 3.6"));
        Path svg = dir.resolve("mac.svg");
        Cli.Run m = run("bounds", "--experiment", "mac", "--samples", "2000", "--svg", svg.toString());
        assertEquals(0, m.exit(), m.err());
        assertTrue(
                m.out().contains("error, MPFMA") && m.out().contains("samples above their bound: DBEA, no FMA 0;"),
                m.out());
        assertTrue(Files.readString(svg).startsWith("<svg"));
        Cli.Run e = run(
                "bounds",
                "--experiment",
                "gemm",
                "--m",
                "16",
                "--t",
                "256",
                "--svg",
                dir.resolve("g.svg").toString());
        assertEquals(0, e.exit(), e.err());
        assertTrue(e.out().contains("VIBEA (Thm 3.9)"), e.out());
    }

    @Test
    void boundsRefusesBadInput() {
        oneLineError(run("bounds"), 2, "give either --kernel");
        oneLineError(run("bounds", "--kernel", "fft"), 2, "not dot, gemm or mac");
        oneLineError(run("bounds", "--kernel", "dot", "--precision", "fp8"), 2, "unknown precision");
        oneLineError(run("bounds", "--kernel", "gemm", "--n", "10", "--block", "4"), 2, "multiple of --block");
        oneLineError(run("bounds", "--kernel", "dot", "--lambda", "-1"), 2, "--lambda");
        oneLineError(run("bounds", "--experiment", "gemm", "--t", "6", "--block", "4"), 2, "multiple of --block");
    }
}
