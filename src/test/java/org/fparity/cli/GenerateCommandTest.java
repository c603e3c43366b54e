package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GenerateCommandTest {
    @TempDir
    Path tmp;

    /** Runs the CLI, returning exit code, stdout and stderr. */
    static Cli.Run run(String... args) {
        return Cli.fparity(args);
    }

    static List<Path> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }

    @Test
    void sameArgumentsGiveByteIdenticalTrees() throws IOException {
        String[] common = {"generate", "--seed", "42", "--count", "30", "--precision", "both", "--batch", "16"};
        Cli.Run a = run(concat(common, "--out", tmp.resolve("a").toString()));
        Cli.Run b = run(concat(common, "--out", tmp.resolve("b").toString()));
        assertEquals(0, a.exit(), a.err());
        assertEquals(0, b.exit(), b.err());
        List<Path> ta = tree(tmp.resolve("a"));
        assertEquals(ta, tree(tmp.resolve("b")));
        // 60 program files + manifest + batches.txt + 4 batches x 6 languages
        assertEquals(60 + 2 + 24, ta.size(), ta.toString());
        for (Path p : ta) {
            assertArrayEquals(
                    Files.readAllBytes(tmp.resolve("a").resolve(p)),
                    Files.readAllBytes(tmp.resolve("b").resolve(p)),
                    p.toString());
        }
        Cli.Run c = run(
                "generate",
                "--seed",
                "43",
                "--count",
                "30",
                "--precision",
                "both",
                "--batch",
                "16",
                "--out",
                tmp.resolve("c").toString());
        assertEquals(0, c.exit());
        assertNotEquals(
                Files.readString(tmp.resolve("a/manifest.json")), Files.readString(tmp.resolve("c/manifest.json")));
        assertTrue(Files.readString(tmp.resolve("a/cuda/batch-000.cu")).contains("__global__"));
        assertTrue(Files.exists(tmp.resolve("a/java/batch-003/FparityHarness.java")));
    }

    @Test
    void badGrammarIsOneLineExit2AndLeavesNothing() throws IOException {
        String text = Files.readString(Path.of("grammar/varity.json"));
        Path bad = tmp.resolve("bad.json");
        for (String broken : List.of(
                text.replace("\"maxDepth\"", "\"maxDepht\""),
                text.replace("\"decl\": 2", "\"decl\": -2"),
                text.replace("\"erf\": 1", "\"erfc\": 1"),
                text.substring(0, 200))) {
            Files.writeString(bad, broken);
            Path out = tmp.resolve("out");
            Cli.Run r = run("generate", "--grammar", bad.toString(), "--out", out.toString());
            assertEquals(2, r.exit());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().startsWith("fparity: " + bad + ": "), r.err());
            assertFalse(Files.exists(out));
        }
    }

    @Test
    void uncreatableOutputFolderIsOneLineExit4AndLeavesNothing() throws IOException {
        // a regular file where a parent folder should be: no user, root included, can create the folder under it
        Path notADir = Files.writeString(tmp.resolve("not-a-dir"), "x");
        Path out = notADir.resolve("sample");
        Cli.Run r = run("generate", "--count", "3", "--out", out.toString());
        assertEquals(4, r.exit(), "an I/O failure (ExitCode.IO_FAILURE): " + r.err());
        assertTrue(
                r.err()
                        .startsWith("fparity: " + out + ": cannot create output folder (" + notADir
                                + " is a file in the way)"),
                r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertEquals("x", Files.readString(notADir), "nothing written over the file in the way");
    }

    @Test
    void outputUnderAFileIsOneLineExit4() throws IOException {
        Path file = tmp.resolve("plain-file");
        Files.writeString(file, "x");
        Path out = file.resolve("sample");
        Cli.Run r = run("generate", "--count", "3", "--out", out.toString());
        assertEquals(4, r.exit(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("fparity: " + out + ": cannot create output folder"), r.err());
        assertEquals(List.of(Path.of("plain-file")), tree(tmp));
    }

    @Test
    void nonEmptyOutputFolderIsRefusedAndKept() throws IOException {
        Path out = tmp.resolve("taken");
        Files.createDirectories(out);
        Files.writeString(out.resolve("keep.txt"), "mine");
        Cli.Run r = run("generate", "--count", "3", "--out", out.toString());
        assertEquals(2, r.exit());
        assertEquals(
                "fparity: " + out + ": output folder exists and is not empty",
                r.err().strip());
        assertEquals("mine", Files.readString(out.resolve("keep.txt")));
        Cli.Run l = run(
                "generate",
                "--count",
                "3",
                "--emit",
                "c,fortran",
                "--out",
                tmp.resolve("x").toString());
        assertEquals(2, l.exit());
        assertTrue(l.err().contains("unknown language 'fortran'"), l.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] r = new String[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
