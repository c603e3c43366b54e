package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("tools")
class ToolchainsCommandTest {
    @TempDir
    Path tmp;

    /** Runs the CLI with stdout and stderr captured; returns {exit, out, err}. */
    static String[] cli(String... args) {
        Cli.Run r = Cli.fparity(args);
        return new String[] {Integer.toString(r.exit()), r.out(), r.err()};
    }

    @Test
    void listsEveryToolchainWithVersionAndWhatItCanDo() {
        String[] r = cli("toolchains", "--toolchain-dir", "runners/toolchains");
        assertEquals("0", r[0], r[2]);
        assertEquals("", r[2]);
        List<String> lines = r[1].lines().toList();
        // one row per shipped toolchain file, whatever files ship: adding a toolchain must not break this test
        List<String> shipped = new java.util.ArrayList<>();
        try (var files = Files.list(Path.of("runners/toolchains"))) {
            files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".json"))
                    .forEach(n -> shipped.add(n.substring(0, n.length() - 5)));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertEquals(shipped.size() + 1, lines.size(), r[1]);
        for (String name : shipped)
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(name + " ")), name + " missing from:\n" + r[1]);
        assertTrue(lines.getFirst().startsWith("name"), lines.getFirst());
        String gcc =
                lines.stream().filter(l -> l.startsWith("gcc ")).findFirst().orElseThrow();
        assertTrue(gcc.matches("gcc +c +yes +yes +gcc \\(.*"), gcc);
    }

    @Test
    void aMalformedToolchainFileIsOneLineExit2AndTheRestAreListed() throws Exception {
        Files.copy(Path.of("runners/toolchains/gcc.json"), tmp.resolve("gcc.json"));
        Files.writeString(tmp.resolve("oops.json"), "{\"name\": \"oops\", \"language\": \"C\"}");
        String[] r = cli("toolchains", "--toolchain-dir", tmp.toString());
        assertEquals(
                Integer.toString(org.fparity.ExitCode.BAD_INPUT.code()),
                r[0],
                "a broken descriptor is bad input, not success: " + r[2]);
        List<String> err = r[2].lines().toList();
        assertEquals(1, err.size(), r[2]);
        assertTrue(
                err.getFirst().startsWith("fparity: toolchain file " + tmp.resolve("oops.json") + ": "),
                err.getFirst());
        assertEquals(2, r[1].lines().count(), r[1]);
    }

    @Test
    void aMissingToolchainFolderIsOneLineWithExit3() {
        String[] r = cli("toolchains", "--toolchain-dir", tmp.resolve("nope").toString());
        assertEquals("3", r[0]);
        assertEquals(
                List.of("fparity: toolchain folder " + tmp.resolve("nope")
                        + " not found (set FPARITY_HOME or pass --toolchain-dir)"),
                r[2].lines().toList());
    }
}
