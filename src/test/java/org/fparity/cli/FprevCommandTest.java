package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.fparity.util.Processes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FprevCommandTest {
    static Cli.Run run(String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "fprev";
        System.arraycopy(args, 0, full, 1, args.length);
        return Cli.fparity(full);
    }

    @Test
    void revealsAndPrintsTreeShapeProbesAndReplay() {
        Cli.Run r = run("--target", "java.seq", "--dtype", "float64", "--n", "6");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("tree:    (((((0 1) 2) 3) 4) 5)"), r.out());
        assertTrue(r.out().contains("shape:   sequential"), r.out());
        assertTrue(r.out().contains("probes:  5 ("), r.out());
        assertTrue(r.out().contains("replay:  replay matches bit for bit on 16 random inputs"), r.out());
    }

    @Test
    void jsonDotAndSvg() throws Exception {
        Cli.Run j = run("--target", "java.strided:4", "--n", "16", "--format", "json", "--check");
        assertEquals(0, j.exit(), j.err());
        JsonNode node = new ObjectMapper().readTree(j.out());
        assertEquals(
                "(((((0 4) 8) 12) (((1 5) 9) 13)) ((((2 6) 10) 14) (((3 7) 11) 15)))",
                node.get("tree").asText());
        assertEquals("4-lane strided + pairwise", node.get("shape").asText());
        assertEquals(64, node.get("replay").get("trials").asInt());
        assertTrue(node.get("replay").get("matches").asBoolean());
        Cli.Run d = run("--target", "java.pairwise", "--n", "4", "--format", "dot");
        assertEquals(
                "digraph {\n  0 [label=\"#0\"]\n  1 [label=\"#1\"]\n  2 [label=\"#2\"]\n  3 [label=\"#3\"]\n"
                        + "  4 [label=\"+\"]\n  5 [label=\"+\"]\n  6 [label=\"+\"]\n  0 -> 4\n  1 -> 4\n  2 -> 5\n  3 -> 5\n  4 -> 6\n  5 -> 6\n}\n",
                d.out());
        Cli.Run s = run("--target", "tc.volta", "--dtype", "float16", "--n", "16", "--format", "svg");
        assertTrue(s.out().startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), s.out());
        assertTrue(s.out().strip().endsWith("</svg>"));
        assertEquals(16 + 4, s.out().split("<circle", -1).length - 1);
    }

    @Test
    void outputFileIsWrittenWhole(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("tree.json");
        Cli.Run r =
                run("--target", "tc.hopper", "--dtype", "float16", "--n", "32", "--format", "json", "-o", f.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.out());
        JsonNode node = new ObjectMapper().readTree(Files.readString(f));
        assertEquals(17, node.get("maxArity").asInt());
        assertEquals("17-way fused blocks (16 per step)", node.get("shape").asText());
    }

    @Test
    void sweepPrintsOneRowPerSize() {
        Cli.Run r = run("--target", "java.pairwise", "--dtype", "float64", "--sweep", "4..64");
        assertEquals(0, r.exit(), r.err());
        String[] lines = r.out().strip().split("\n");
        assertEquals(2 + 5, lines.length, r.out());
        // the default (incremental) places each leaf of a pairwise sum with one probe: n-1; Algorithm 7 needs 4 at n =
        // 4
        assertTrue(lines[2].matches("4\\s+3\\s+\\d+\\.\\d+\\s+pairwise"), lines[2]);
        Cli.Run adv = run("--target", "java.pairwise", "--dtype", "float64", "--algo", "advanced", "--sweep", "4..4");
        assertTrue(adv.out().strip().split("\n")[2].matches("4\\s+4\\s+\\d+\\.\\d+\\s+pairwise"), adv.out());
        assertTrue(lines[6].matches("64\\s+\\d+\\s+\\d+\\.\\d+\\s+pairwise"), lines[6]);
        Cli.Run b = run("--target", "java.seq", "--algo", "basic", "--sweep", "8..16", "--format", "json");
        assertTrue(b.out().contains("\"probes\" : 120"), b.out());
    }

    @Test
    void compareSaysSameOrWhere() {
        Cli.Run same = run("--compare", "java.seq", "java.tree:(((0 1) 2) 3)", "--n", "4", "--dtype", "float64");
        assertEquals(0, same.exit(), same.err());
        assertTrue(same.out().startsWith("same order: java.seq and java.tree"), same.out());
        Cli.Run diff = run("--compare", "java.strided:4", "java.seq", "--n", "16");
        assertEquals(1, diff.exit(), diff.err());
        assertTrue(
                diff.out()
                        .contains(
                                "different orders: java.strided:4 (4-lane strided + pairwise) vs java.seq (sequential)"),
                diff.out());
        assertTrue(
                diff.out()
                        .contains(
                                "leaves 0\u201315: 4-lane strided + pairwise in java.strided:4, sequential in java.seq"),
                diff.out());
    }

    @Test
    void checkComparesBlasThreadCounts() throws Exception {
        String py = org.fparity.fprev.Runners.onPath("python3");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                py != null
                        && Processes.probe(java.util.List.of(py, "-c", "import numpy"), java.util.Map.of(), 60) != null,
                "python3 with numpy is not available");
        Cli.Run r = run("--target", "numpy.dot", "--dtype", "float64", "--n", "64", "--check");
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("threads: same order with 1 and 2 BLAS threads"), r.out());
        assertTrue(r.out().contains("replay:  replay matches bit for bit on 64 random inputs"), r.out());
    }

    @Test
    void findingsHaveTheirOwnExitCodes() {
        Cli.Run kahan = run("--target", "java.kahan", "--dtype", "float64", "--n", "32");
        assertEquals(
                org.fparity.ExitCode.FINDINGS.code(), kahan.exit(), "a finding about the target, not an I/O failure");
        assertTrue(kahan.err().startsWith("fparity: java.kahan is not an ordinary summation"), kahan.err());
        Cli.Run basic = run("--target", "tc.ampere", "--dtype", "float16", "--n", "32", "--algo", "basic");
        assertEquals(1, basic.exit());
        assertTrue(basic.err().contains("FPRev-basic builds binary trees only"), basic.err());
        Cli.Run cuda = run("--target", "cublas.gemm", "--dtype", "float16", "--n", "32");
        if (java.nio.file.Files.exists(Path.of("/dev/nvidiactl"))) {
            // an NVIDIA node: cuBLAS's tensor-core GEMM is revealed like any other target
            assertEquals(0, cuda.exit(), cuda.err());
            assertTrue(cuda.out().contains("tree:"), cuda.out());
        } else {
            assertEquals(3, cuda.exit(), cuda.err());
            assertTrue(cuda.err().contains("no CUDA"), cuda.err());
        }
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) {
        Path out = dir.resolve("never.json");
        String[][] cases = {
            {"--n", "8"},
            {"--target", "java.seq"},
            {"--target", "java.seq", "--n", "1"},
            {"--target", "java.seq", "--n", "8", "--dtype", "float8"},
            {"--target", "java.seq", "--n", "8", "--algo", "quantum"},
            {"--target", "java.seq", "--n", "8", "--format", "pdf"},
            {"--target", "java.seq", "--sweep", "4-8"},
            {"--target", "java.seq", "--sweep", "8..4"},
            {"--target", "java.seq", "--sweep", "4..8", "--format", "svg"},
            {"--target", "java.seq", "--n", "8", "--repeat", "0"},
            {"--target", "java.seq", "--n", "8", "--mask", "-1"},
            {"--target", "java.seq", "--n", "8", "--unit", "abc"},
            {"--target", "nope.sum", "--n", "8"},
            {"--target", "numpy.cumsum", "--n", "8"},
            {"--target", "java.seq", "--compare", "java.seq", "java.pairwise", "--n", "8"},
            {"--target", "java.seq", "--n", "12", "--algo", "naive"},
            {"--target", "tc.volta", "--n", "8"},
            {"--target", "java.seq", "--n", "abc"},
            {"--bench", "everything"},
            {"--target", "java.seq", "--n", "2000000000"},
            {"--target", "java.seq", "--sweep", "4..2000000000"},
            {"--target", "numpy.dot", "--n", "8", "--threads", "0"},
        };
        for (String[] c : cases) {
            String[] withOut = java.util.Arrays.copyOf(c, c.length + 2);
            withOut[c.length] = "-o";
            withOut[c.length + 1] = out.toString();
            Cli.Run r = run(withOut);
            assertEquals(2, r.exit(), String.join(" ", c) + " -> " + r.err());
            String err = r.err().strip();
            assertFalse(err.isEmpty(), String.join(" ", c));
            String[] lines = err.split("\n");
            assertTrue(err.startsWith("fparity: "), err);
            // one line, plus for a usage mistake picocli catches one hint line, never the usage text
            assertTrue(
                    lines.length == 1 || (lines.length == 2 && lines[1].equals("try 'fparity fprev --help'")),
                    String.join(" ", c) + " -> " + err);
            assertFalse(Files.exists(out), "nothing written for " + String.join(" ", c));
        }
    }
}
