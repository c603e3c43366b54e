package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.ir.Program;
import org.fparity.ir.ProgramJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShowCommandTest {
    static final String PROGRAM = """
            program fp32 array 4
            compute(float comp, int var_1, float var_2[4]) {
              for (int i_0 = 0; i_0 < var_1; ++i_0) {
                comp += sin(var_2[i_0]) / 0x1.8p+1f;
              }
            }
            """;

    @TempDir
    Path dir;

    static Cli.Run show(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = "show";
        System.arraycopy(args, 0, all, 1, args.length);
        return Cli.fparity(all);
    }

    @Test
    void printsEachLanguageFromCanonicalTextAndJson() throws Exception {
        Path fp = Files.writeString(dir.resolve("p.fp"), PROGRAM);
        Program p = Program.parse(PROGRAM);
        Path json = Files.writeString(dir.resolve("p.json"), ProgramJson.toJson(p));
        assertEquals(new Cli.Run(0, p.canonical(), ""), show(fp.toString()));
        assertEquals(new Cli.Run(0, p.canonical(), ""), show(json.toString(), "--as", "canonical"));
        assertEquals(p, ProgramJson.program(show(fp.toString(), "--as", "json").out()));
        Cli.Run c = show(json.toString(), "--as", "c");
        assertEquals(0, c.exit());
        assertTrue(c.out().contains("static float compute_0(float comp, int var_1, float *var_2) {"), c.out());
        assertTrue(c.out().contains("comp += sinf(var_2[i_0]) / 0x1.8p+1f;"), c.out());
        assertTrue(show(fp.toString(), "--as", "cuda").out().contains("fp_kernel_0<<<1, 1>>>("));
        assertTrue(show(fp.toString(), "--as", "hip")
                .out()
                .contains("hipLaunchKernelGGL(fp_kernel_0, dim3(1), dim3(1), 0, 0, "));
        assertTrue(show(fp.toString(), "--as", "hipify").out().contains("#include \"hip/hip_runtime.h\""));
        assertTrue(show(fp.toString(), "--as", "opencl")
                .out()
                .contains("\"float compute_0(float comp, int var_1, __global float *var_2) {\\n\""));
        Cli.Run java = show(fp.toString(), "--as", "java", "--java-math", "strict");
        assertTrue(java.out().contains("comp += (float) StrictMath.sin(var_2[i_0]) / 0x1.8p+1f;"), java.out());
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws Exception {
        Cli.Run missing = show(dir.resolve("nope.fp").toString());
        assertEquals(2, missing.exit());
        assertEquals("fparity: " + dir.resolve("nope.fp") + ": no such file\n", missing.err());
        Path bad = Files.writeString(dir.resolve("bad.fp"), PROGRAM.replace("sin(", "sine("));
        Cli.Run r = show(bad.toString(), "--as", "c");
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: " + bad + ": line 4, column "
                        + (PROGRAM.lines().toList().get(3).indexOf("sin(") + 1) + ": unknown math function 'sine'\n",
                r.err());
        Path badJson = Files.writeString(dir.resolve("bad.json"), "{\"precision\": \"fp64\", \"oops\": 1}");
        Cli.Run j = show(badJson.toString());
        assertEquals(2, j.exit());
        assertTrue(
                j.err().startsWith("fparity: " + badJson + ": ")
                        && j.err().lines().count() == 1,
                j.err());
        Cli.Run as = show(Files.writeString(dir.resolve("ok.fp"), PROGRAM).toString(), "--as", "fortran");
        assertEquals(2, as.exit());
        assertEquals(
                "fparity: --as 'fortran' is not one of c, cuda, hip, hipify, opencl, java, canonical, json\n",
                as.err());
        assertEquals("", as.out());
    }

    /** A file that is not a program ({@code 1e16}) is one line with line and column, exit 2 (it was "internal error: Index -1", exit 5). */
    @Test
    void aNumberIsNoProgram() throws Exception {
        Path t = Files.writeString(dir.resolve("t.fp"), "1e16\n");
        Cli.Run r = show(t.toString(), "--as", "c");
        assertEquals("fparity: " + t + ": line 1, column 1: expected 'program', found '1e16'\n", r.err());
        assertEquals(2, r.exit());
    }
}
