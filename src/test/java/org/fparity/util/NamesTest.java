package org.fparity.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.fparity.FparityError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class NamesTest {
    @ParameterizedTest
    @ValueSource(
            strings = {
                "nightly-2026-11-22",
                "gcc@O3_FM",
                "clang-19",
                "6b7d807a15fd8ca7",
                "varity-lassen",
                "a.b",
                "with space"
            })
    void ordinaryNamesPass(String name) {
        assertNull(Names.problem(name, true));
        assertEquals(name, Names.check("f.json", "campaign", name));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ';',
            value = {
                "../../tmp/x; contains a path separator",
                "/etc; contains a path separator",
                "a\\b; contains a path separator",
                "..; contains '..' or is '.'",
                ".; contains '..' or is '.'",
                "a..b; contains '..' or is '.'",
            })
    void pathsAreRefused(String name, String why) {
        assertEquals(why, Names.problem(name, true));
    }

    @Test
    void controlAndInvisibleCharactersAndLengthAreRefused() {
        assertEquals("contains a control character", Names.problem("a\nb", true));
        assertEquals("contains a control character", Names.problem("a\u001b[31m", true));
        assertEquals("contains a control character", Names.problem("a\u0000", true));
        assertEquals("contains a control character", Names.problem("a\u009bx", true)); // C1 CSI
        assertEquals("contains a control character", Names.problem("abc\u202edcba", true)); // bidi override
        assertEquals("is empty", Names.problem("", true));
        assertEquals("is longer than 200 characters", Names.problem("x".repeat(201), true));
        assertNull(Names.problem("x".repeat(200), true));
    }

    @Test
    void aLabelMayHoldSlashesButNotControlCharacters() {
        assertNull(Names.problem("NVIDIA_A100 / MI250", false));
        assertEquals("contains a control character", Names.problem("a\u001b", false));
    }

    @Test
    void theRefusalIsOneLineNamingTheFileWithTheNameEscaped() {
        FparityError e =
                assertThrows(FparityError.class, () -> Names.check("x/export.json", "campaign", "a\u001b[2J\nb"));
        assertEquals(2, e.exitCode());
        assertEquals(
                "x/export.json: campaign name 'a\\u001b[2J\\nb' contains a control character (a name must be one path element: no '/', '\\', "
                        + "'..' or control characters, at most 200 characters)",
                e.getMessage());
    }

    @Test
    void printableShowsControlCharactersEscapedAndKeepsTheRest() {
        assertEquals("plain ünïcode 100%", Names.printable("plain ünïcode 100%"));
        assertEquals("a\\nb\\tc\\rd\\u001b[31m\\u202e", Names.printable("a\nb\tc\rd\u001b[31m\u202e"));
    }

    @Test
    void printableTextKeepsLinesAndTabsAndEscapesTheRest() {
        assertEquals("a\tb\nc\\u001b[2Jd\\r\n", Names.printableText("a\tb\nc\u001b[2Jd\r\n"));
        String plain = "table\n| a | b |\n";
        assertEquals(plain, Names.printableText(plain));
    }
}
