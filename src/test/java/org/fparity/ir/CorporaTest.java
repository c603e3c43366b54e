package org.fparity.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CorporaTest {
    @Test
    void everyCorpusProgramParsesAndItsInputsFit() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(Path.of("corpora"))) {
            files = s.filter(p -> p.toString().endsWith(".fp")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            String text = Files.readString(f);
            Program p = Program.parse(text);
            assertEquals(p, Program.parse(p.canonical()), f.toString());
            List<String> inputs =
                    text.lines().filter(l -> l.startsWith("// input:")).toList();
            assertFalse(inputs.isEmpty(), f + " has no input line");
            for (String line : inputs) {
                String[] toks = line.substring("// input:".length()).strip().split("\\s+");
                assertEquals(p.params().size(), toks.length, f + ": input has " + toks.length + " tokens");
            }
        }
    }

    @Test
    void decimalLiteralsAreReadAsACompilerReadsThem() throws IOException {
        Program p = Program.parse(Files.readString(Path.of("corpora/ceil-tiny-positive/program.fp")));
        String canon = p.canonical();
        assertTrue(canon.contains("ceil(" + HexFloat.format(1.5955E-125) + ")"), canon);
    }
}
