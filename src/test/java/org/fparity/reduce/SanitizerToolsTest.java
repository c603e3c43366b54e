package org.fparity.reduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.fparity.util.Executables;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The sanitised build of a reduced program, in a work folder given as a relative path (reduce's default --out is). */
@Tag("tools")
class SanitizerToolsTest {
    @Test
    void aRelativeWorkFolderIsCheckedNotRefused() throws Exception {
        Assumptions.assumeTrue(Executables.find("gcc") != null, "gcc is not installed (the sanitised build needs it)");
        Program p = Program.parse("""
                program fp64 array 8
                compute(double comp) {
                  comp += comp;
                }
                """);
        Path work = Path.of("target", "sanitizer-relative-" + System.nanoTime());
        assertFalse(work.isAbsolute());
        try {
            Sanitizer.Check c = Sanitizer.check(p, new Input(List.of("0x1p+0")), work);
            assertTrue(c.clean(), c.detail());
            assertEquals("clean", c.detail());
        } finally {
            try (Stream<Path> all = Files.walk(work)) {
                for (Path f : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
            }
        }
    }
}
