package org.fparity.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.fparity.ir.Input;
import org.fparity.ir.Program;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproducer's leading comment holds what came from a campaign (ids, platform labels, build commands): whatever
 * that is, it cannot close the comment, open one inside it or form a trigraph, so the source still builds under
 * {@code gcc -Wall -Wextra -Werror} and says what it said before.
 */
@Tag("tools")
class ReproducerCommentToolsTest {
    @TempDir
    Path dir;

    static final Program PLAIN = Program.parse("""
            program fp64 array 8
            compute(double comp) {
              comp += comp;
            }
            """);

    @Test
    void dataInTheHeaderCannotBreakTheBuild() {
        List<String> header = List.of(
                "fparity reproducer: program a/*b*/c (fp64)",
                "  gcc@O0: gcc -O0 '*/ int x = ' '/*' && ./repro ??/",
                "line\nbreak \u001b[31m ünï \\",
                "ends with a star *",
                "/");
        String c = Reproducer.c(
                PLAIN, new Input(List.of("0x1p+0")), List.of(Map.entry("gcc@O0 */ /* ??/", "0x1p+1")), header);
        Tools.write(dir, "repro.c", c);
        Tools.compile(dir, "gcc", "-Wall", "-Wextra", "-Werror", "-o", "repro", "repro.c", "-lm");
        Tools.Result r = Tools.run(dir, null, dir.resolve("repro").toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("0x1p+1 2\nrecorded gcc@O0 */ /* ??/ 0x1p+1\n", r.out());
        String comment = c.substring(0, c.indexOf(" */\n") + 4);
        assertTrue(comment.contains(" * fparity reproducer: program a/ *b* /c (fp64)\n"), comment);
        assertTrue(comment.contains(" *   gcc@O0: gcc -O0 '* / int x = ' '/ *' && ./repro ? ?/\n"), comment);
        assertTrue(comment.contains(" * line<U+000A>break <U+001B>[31m <U+00FC>n<U+00EF> \\\n"), comment);
    }
}
