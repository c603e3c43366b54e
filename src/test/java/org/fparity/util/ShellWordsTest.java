package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ShellWordsTest {
    @Test
    void safeWordsStayBareEverythingElseIsSingleQuoted() {
        assertEquals(
                "gcc -O0 '$(touch x)' '`id`' 'a b' 'it'\\''s' '' '*.c' 'a;b' -o repro repro.c -lm",
                ShellWords.join(List.of(
                        "gcc",
                        "-O0",
                        "$(touch x)",
                        "`id`",
                        "a b",
                        "it's",
                        "",
                        "*.c",
                        "a;b",
                        "-o",
                        "repro",
                        "repro.c",
                        "-lm")));
    }

    @Test
    void theShellReadsTheQuotedWordsBackUnchanged() throws Exception {
        List<String> words = List.of("$(touch x)", "it's", "a\"b", "\\n", "a\nb", "~", "!x");
        Process p = new ProcessBuilder("sh", "-c", "printf '%s\\0' " + ShellWords.join(words)).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor());
        assertEquals(words, List.of(out.substring(0, out.length() - 1).split("\0", -1)));
    }
}
