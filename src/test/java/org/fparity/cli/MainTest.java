package org.fparity.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MainTest {
    @Test
    void versionNamesTheToolAndExitsZero() {
        assertEquals(0, Main.run("--version"));
    }

    @Test
    void unknownOptionIsAUsageError() {
        assertEquals(2, Main.run("--bogus-option"));
    }

    @Test
    void oneLineJoinsMultiLineMessages() {
        String s = Main.oneLine(new IllegalStateException("a\nb"));
        assertEquals("a b", s);
        assertTrue(Main.oneLine(new RuntimeException()).contains("RuntimeException"));
    }
}
